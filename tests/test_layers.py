"""The layering rules of the package: imports point down, and importing is cheap."""

import subprocess
import sys

import pytest

ALGORITHMS = ["perceptron", "perceptron_variants", "calibration", "losses", "probability", "information", "mle", "decision", "discriminant",
              "naive_bayes", "optimization", "logistic", "multiclass", "preprocessing", "model_selection",
              "datasets",
              "exercises.perceptron", "exercises.information", "exercises.mle", "exercises.newton",
              "exercises.discriminant", "exercises.naive_bayes", "exercises.logistic"]


@pytest.mark.parametrize("module", ["lecture_utils"] + [f"lecture_utils.{name}" for name in ALGORITHMS])
def test_algorithms_load_neither_matplotlib_nor_ipywidgets(module):
    code = (f"import sys, {module}; "
            "print(sorted(m for m in ('matplotlib', 'ipywidgets') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
