"""The layering rules of the package: imports point down, and importing is cheap."""

import subprocess
import sys

import pytest

ALGORITHMS = ["perceptron", "perceptron_variants", "calibration", "losses", "probability", "information", "information.discrete", "information.normal",
              "information.densities", "information.kl_fits", "mle", "mle.likelihoods", "mle.numerical",
              "mle.simulation", "decision", "decision.rules", "decision.risk", "decision.monte_carlo", "discriminant",
              "discriminant.gaussian", "discriminant.bayes_error", "discriminant.estimates", "discriminant.classifiers",
              "discriminant.rda_grid", "discriminant.fisher", "naive_bayes.estimates", "naive_bayes.categorical",
              "naive_bayes.bernoulli", "naive_bayes.gaussian", "naive_bayes.mixed",
              "naive_bayes", "optimization", "optimization.objective", "optimization.loop", "optimization.steps",
              "optimization.line_search", "optimization.singular", "optimization.finite_differences",
              "optimization.curvature", "logistic", "logistic.links", "logistic.objectives", "logistic.classifiers",
              "logistic.newton", "logistic.paths", "logistic.glm", "logistic.laplace", "multiclass", "preprocessing",
              "model_selection", "datasets", "optimization.stopping",
              "exercises.perceptron", "exercises.information", "exercises.mle",
              "exercises.mle.likelihoods_and_estimates", "exercises.mle.properties_and_priors", "exercises.newton",
              "exercises.newton.convexity_and_newton", "exercises.newton.irls_and_variants",
              "exercises.newton.beyond_newton",
              "exercises.discriminant", "exercises.naive_bayes", "exercises.naive_bayes.tables_and_smoothing",
              "exercises.naive_bayes.words_and_numbers", "exercises.logistic",
              "exercises.logistic.descent", "exercises.logistic.penalties"]


@pytest.mark.parametrize("module", ["lecture_utils"] + [f"lecture_utils.{name}" for name in ALGORITHMS])
def test_algorithms_load_neither_matplotlib_nor_ipywidgets(module):
    code = (f"import sys, {module}; "
            "print(sorted(m for m in ('matplotlib', 'ipywidgets') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
