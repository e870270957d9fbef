"""Bad and extreme calls of lecture_utils.naive_bayes."""

import numpy as np
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.naive_bayes import BernoulliNB as SklearnBernoulliNB
from sklearn.naive_bayes import CategoricalNB as SklearnCategoricalNB
from sklearn.naive_bayes import GaussianNB as SklearnGaussianNB
from sklearn.naive_bayes import MultinomialNB as SklearnMultinomialNB
from sklearn.preprocessing import KBinsDiscretizer

from lecture_utils import naive_bayes as NB
from lecture_utils.datasets import load_play_tennis, make_gaussian_classes

from . import answers, bad_arrays, bad_counts, bad_numbers, case, classifier_cases, close, equal, refuses, satisfies

TENNIS = load_play_tennis()
GAUSS = make_gaussian_classes([[0.0, 0.0], [2.0, 1.0]], [np.eye(2), np.eye(2) * 0.5], n_per_class=20, random_state=1)
BINARY = (np.random.default_rng(2).random((40, 5)) < 0.4).astype(int)
BINARY_T = np.r_[np.zeros(20, int), np.ones(20, int)]
COUNTS = np.random.default_rng(3).poisson([[2, 1, 0.5, 0.2]] * 20 + [[0.2, 0.5, 1, 2]] * 20)
NOT_ALPHA = {"-1": -1.0, "nan": float("nan"), "inf": float("inf"), "text": "1", "None": None}
NOT_FLAG = {"text": "True", "1": 1, "None": None, "an array": np.array([True])}
# a Gaussian feature and a categorical one (rounded, as integers)
MIXED = np.column_stack([GAUSS.X[:, 0], GAUSS.X[:, 1].round()])


def _mixed():
    return NB.MixedNB([(NB.GaussianNB(), [0]), (NB.CategoricalNB(alpha=1), [1])])


class _DiagonalCovariance:
    """For scikit-learn's LDA: the maximum-likelihood variances of the features, no covariances."""

    def fit(self, X):
        self.covariance_ = np.diag(X.var(axis=0))
        return self


def _sklearn_mixed_log_posterior():
    """scikit-learn's GaussianNB and CategoricalNB on their columns: joint log-likelihoods added, one log-prior."""
    gaussian = SklearnGaussianNB(var_smoothing=0).fit(MIXED[:, :1], GAUSS.y)
    codes = MIXED[:, 1] - MIXED[:, 1].min()                          # the categories as 0, 1, 2, ...
    categorical = SklearnCategoricalNB(alpha=1).fit(codes[:, None], GAUSS.y)
    joint = (gaussian.predict_joint_log_proba(MIXED[:, :1]) + categorical.predict_joint_log_proba(codes[:, None])
             - categorical.class_log_prior_)
    return joint - np.logaddexp.reduce(joint, axis=1, keepdims=True)


def _cases():
    cases = [
        *classifier_cases("naive_bayes.GaussianNB", NB.GaussianNB, GAUSS.X, GAUSS.y, scales=(1e100, 1e-100)),
        *[case("naive_bayes.GaussianNB.fit", f"X at scale {scale:g}", lambda scale=scale: NB.GaussianNB().fit(
            GAUSS.X * scale, GAUSS.y), refuses("X", match="Rescale")) for scale in (1e300, 1e-300)],
        case("naive_bayes.GaussianNB.fit", "as scikit-learn", lambda: NB.GaussianNB(var_smoothing=1e-9).fit(
            GAUSS.X, GAUSS.y).predict_proba(GAUSS.X),
             answers(close(lambda: SklearnGaussianNB().fit(GAUSS.X, GAUSS.y).predict_proba(GAUSS.X), rtol=1e-8,
                           atol=1e-12))),
        case("naive_bayes.GaussianNB.fit", "a constant feature", lambda: NB.GaussianNB().fit(
            np.c_[GAUSS.X, np.ones(40)], GAUSS.y), refuses("var_smoothing")),
        *bad_numbers("naive_bayes.GaussianNB.fit", "var_smoothing",
                     lambda value: NB.GaussianNB(var_smoothing=value).fit(GAUSS.X, GAUSS.y), NOT_ALPHA),
        case("naive_bayes.GaussianNB.predict_proba", "a point 1e100 away (every density 0)",
             lambda: NB.GaussianNB().fit(GAUSS.X, GAUSS.y).predict_proba([[1e100, 1e100]]),
             answers(satisfies(lambda p: np.allclose(p.sum(), 1), "a distribution"))),
        case("naive_bayes.GaussianNB.feature_factors", "x of 3 features",
             lambda: NB.GaussianNB().fit(GAUSS.X, GAUSS.y).feature_factors([0.0, 0.0, 0.0]), refuses("X")),
        case("naive_bayes.GaussianNB.feature_factors", "x 2-D",
             lambda: NB.GaussianNB().fit(GAUSS.X, GAUSS.y).feature_factors(GAUSS.X), refuses("x")),
        case("naive_bayes.GaussianNB.feature_factors", "x nan",
             lambda: NB.GaussianNB().fit(GAUSS.X, GAUSS.y).feature_factors([np.nan, 0.0]), refuses("X")),
        case("naive_bayes.GaussianNB.feature_factors", "unfitted", lambda: NB.GaussianNB().feature_factors([0.0, 0.0]),
             refuses("fit")),
        *bad_numbers("naive_bayes.GaussianNB.fit", "shared_variance",
                     lambda value: NB.GaussianNB(shared_variance=value).fit(GAUSS.X, GAUSS.y), NOT_FLAG),
        case("naive_bayes.GaussianNB.fit", "shared variances as scikit-learn's diagonal LDA",
             lambda: NB.GaussianNB(shared_variance=True).fit(GAUSS.X, GAUSS.y).predict_proba(GAUSS.X),
             answers(close(lambda: LinearDiscriminantAnalysis(solver="lsqr", covariance_estimator=_DiagonalCovariance())
                           .fit(GAUSS.X, GAUSS.y).predict_proba(GAUSS.X), rtol=1e-9, atol=1e-14))),
        case("naive_bayes.GaussianNB.fit", "shared variances of a feature constant in every class",
             lambda: NB.GaussianNB(shared_variance=True).fit(np.c_[GAUSS.X, GAUSS.y], GAUSS.y),
             refuses("var_smoothing", match="within every class")),
        case("naive_bayes.GaussianNB.fit", "shared variances at scale 1e100", lambda: NB.GaussianNB(
            shared_variance=True).fit(GAUSS.X * 1e100, GAUSS.y).predict_proba(GAUSS.X * 1e100),
             answers(close(lambda: NB.GaussianNB(shared_variance=True).fit(GAUSS.X, GAUSS.y).predict_proba(GAUSS.X),
                           rtol=1e-9, atol=1e-14))),
        *classifier_cases("naive_bayes.BernoulliNB", NB.BernoulliNB, BINARY, BINARY_T, scales=()),
        case("naive_bayes.BernoulliNB.fit", "X of 0/2", lambda: NB.BernoulliNB().fit(BINARY * 2, BINARY_T),
             refuses("X")),
        *bad_numbers("naive_bayes.BernoulliNB.fit", "alpha", lambda value: NB.BernoulliNB(alpha=value).fit(
            BINARY, BINARY_T), NOT_ALPHA),
        case("naive_bayes.BernoulliNB.fit", "as scikit-learn", lambda: NB.BernoulliNB().fit(
            BINARY, BINARY_T).predict_proba(BINARY),
             answers(close(lambda: SklearnBernoulliNB(binarize=None).fit(BINARY, BINARY_T).predict_proba(BINARY),
                           rtol=1e-10))),
        case("naive_bayes.BernoulliNB.fit", "alpha 1e300", lambda: NB.BernoulliNB(alpha=1e300).fit(
            BINARY, BINARY_T).predict_proba(BINARY[:2]), answers(close(0.5, rtol=1e-12))),
        case("naive_bayes.BernoulliNB.fit", "alpha 1e-300", lambda: NB.BernoulliNB(alpha=1e-300).fit(
            BINARY, BINARY_T).predict_proba(BINARY),
             answers(close(lambda: NB.BernoulliNB(alpha=1e-12).fit(BINARY, BINARY_T).predict_proba(BINARY), atol=1e-6))),
        case("naive_bayes.BernoulliNB.feature_factors", "x of 0/2",
             lambda: NB.BernoulliNB().fit(BINARY, BINARY_T).feature_factors([2, 0, 0, 0, 0]), refuses("X")),
        case("naive_bayes.BernoulliNB.feature_factors", "x of 4 features",
             lambda: NB.BernoulliNB().fit(BINARY, BINARY_T).feature_factors([1, 0, 0, 0]), refuses("X")),
        case("naive_bayes.BernoulliNB.feature_factors", "x 2-D",
             lambda: NB.BernoulliNB().fit(BINARY, BINARY_T).feature_factors(BINARY), refuses("x")),
        *classifier_cases("naive_bayes.MultinomialNB", NB.MultinomialNB, COUNTS, BINARY_T, scales=()),
        case("naive_bayes.MultinomialNB.fit", "a negative count", lambda: NB.MultinomialNB().fit(
            COUNTS - 1, BINARY_T), refuses("X", match=">= 0")),
        *bad_numbers("naive_bayes.MultinomialNB.fit", "alpha", lambda value: NB.MultinomialNB(alpha=value).fit(
            COUNTS, BINARY_T), NOT_ALPHA),
        case("naive_bayes.MultinomialNB.fit", "as scikit-learn", lambda: NB.MultinomialNB().fit(
            COUNTS, BINARY_T).predict_proba(COUNTS),
             answers(close(lambda: SklearnMultinomialNB().fit(COUNTS, BINARY_T).predict_proba(COUNTS), rtol=1e-10))),
        case("naive_bayes.MultinomialNB.fit", "counts of 1e300", lambda: NB.MultinomialNB().fit(
            COUNTS * 1e300, BINARY_T), refuses("X", match="Rescale")),
        case("naive_bayes.MultinomialNB.fit", "counts of 1e100: one word decides",
             lambda: NB.MultinomialNB().fit(COUNTS * 1e100, BINARY_T).predict(COUNTS * 1e100),
             answers(satisfies(lambda p: set(np.unique(p)) <= {0, 1}, "labels 0 and 1"))),
        case("naive_bayes.MultinomialNB.fit", "alpha 0 and a class without a word",
             lambda: NB.MultinomialNB(alpha=0).fit([[1, 2], [0, 0]], [0, 1]), refuses("alpha")),
        case("naive_bayes.MultinomialNB.fit", "alpha 1e300", lambda: NB.MultinomialNB(alpha=1e300).fit(
            COUNTS, BINARY_T).predict_proba(COUNTS[:2]), answers(close(0.5, rtol=1e-12))),
        case("naive_bayes.MultinomialNB.predict_proba", "alpha = 0 vetoes every class",
             lambda: NB.MultinomialNB(alpha=0).fit([[1, 0], [0, 1]], [0, 1]).predict_proba([[1, 1]]),
             refuses("alpha")),
        case("naive_bayes.MultinomialNB.predict_proba", "an empty document gets the prior",
             lambda: NB.MultinomialNB().fit(COUNTS, BINARY_T).predict_proba([[0, 0, 0, 0]]),
             answers(close([[0.5, 0.5]], rtol=1e-14))),
        case("naive_bayes.MultinomialNB.feature_factors", "x of 3 words",
             lambda: NB.MultinomialNB().fit(COUNTS, BINARY_T).feature_factors([1, 0, 0]), refuses("X")),
        case("naive_bayes.MultinomialNB.feature_factors", "x 2-D",
             lambda: NB.MultinomialNB().fit(COUNTS, BINARY_T).feature_factors(COUNTS), refuses("x")),
        case("naive_bayes.MultinomialNB.feature_factors", "a negative count",
             lambda: NB.MultinomialNB().fit(COUNTS, BINARY_T).feature_factors([1, -1, 0, 0]), refuses("X")),
        *classifier_cases("naive_bayes.CategoricalNB", NB.CategoricalNB, TENNIS.X, TENNIS.y, scales=(), numeric=False),
        case("naive_bayes.CategoricalNB.fit", "nan in X", lambda: NB.CategoricalNB().fit(
            np.where(np.arange(56).reshape(14, 4) == 0, np.nan, 1.0), TENNIS.y), refuses("X")),
        case("naive_bayes.CategoricalNB.fit", "numbers at scale 1e300 are categories",
             lambda: NB.CategoricalNB().fit(GAUSS.X.round() * 1e300, GAUSS.y).predict(GAUSS.X.round() * 1e300),
             answers(equal(lambda: NB.CategoricalNB().fit(GAUSS.X.round(), GAUSS.y).predict(GAUSS.X.round())))),
        *bad_numbers("naive_bayes.CategoricalNB.fit", "alpha", lambda value: NB.CategoricalNB(alpha=value).fit(
            TENNIS.X, TENNIS.y), NOT_ALPHA),
        case("naive_bayes.CategoricalNB.predict", "an unseen value", lambda: NB.CategoricalNB().fit(
            TENNIS.X, TENNIS.y).predict([["Foggy", "Hot", "High", "Weak"]]), refuses("X", match="Foggy")),
        case("naive_bayes.CategoricalNB.predict_proba", "alpha = 0 vetoes every class", lambda: NB.CategoricalNB(
            alpha=0).fit([["a", "x"], ["b", "y"]], [0, 1]).predict_proba([["a", "y"]]), refuses("alpha")),
        case("naive_bayes.CategoricalNB.feature_factors", "x of 3 features", lambda: NB.CategoricalNB().fit(
            TENNIS.X, TENNIS.y).feature_factors(["Sunny", "Hot", "High"]), refuses("X")),
        case("naive_bayes.CategoricalNB.feature_factors", "x a string", lambda: NB.CategoricalNB().fit(
            TENNIS.X, TENNIS.y).feature_factors("Sunny"), refuses("x")),
        case("naive_bayes.CategoricalNB.feature_factors", "one day", lambda: NB.CategoricalNB(alpha=0).fit(
            TENNIS.X, TENNIS.y).feature_factors(["Sunny", "Cool", "High", "Strong"]),
             answers(close([[3 / 5, 1 / 5, 4 / 5, 3 / 5], [2 / 9, 3 / 9, 3 / 9, 3 / 9]], rtol=1e-14))),
        *bad_arrays("naive_bayes.laplace_estimate", "counts", NB.laplace_estimate, [[3, 1], [0, 2]],
                    kinds=("nan", "inf", "string", "none", "ragged")),
        case("naive_bayes.laplace_estimate", "negative counts", lambda: NB.laplace_estimate([3, -1]), refuses("counts")),
        case("naive_bayes.laplace_estimate", "empty", lambda: NB.laplace_estimate([]), refuses("counts")),
        case("naive_bayes.laplace_estimate", "a row of zeros, alpha 0", lambda: NB.laplace_estimate([[0, 0]], alpha=0),
             refuses("alpha")),
        *bad_numbers("naive_bayes.laplace_estimate", "alpha", lambda value: NB.laplace_estimate([3, 1], value),
                     NOT_ALPHA),
        case("naive_bayes.laplace_estimate", "counts of 1e300", lambda: NB.laplace_estimate([3e300, 1e300]),
             answers(close([0.75, 0.25], rtol=1e-14))),
        case("naive_bayes.laplace_estimate", "counts near the largest float",
             lambda: NB.laplace_estimate([1.7e308, 1.7e308]), answers(close([0.5, 0.5], rtol=1e-14))),
        case("naive_bayes.laplace_estimate", "alpha 1e300 on small counts", lambda: NB.laplace_estimate([3, 1], 1e300),
             answers(close([0.5, 0.5], rtol=1e-14))),
        *bad_counts("naive_bayes.QuantileBins.fit", "n_bins", lambda value: NB.QuantileBins(value).fit(GAUSS.X)),
        case("naive_bayes.QuantileBins.fit", "n_bins=1", lambda: NB.QuantileBins(1).fit(GAUSS.X), refuses("n_bins")),
        *bad_arrays("naive_bayes.QuantileBins.fit", "X", lambda value: NB.QuantileBins().fit(value), GAUSS.X),
        case("naive_bayes.QuantileBins.fit", "1-D X", lambda: NB.QuantileBins().fit(GAUSS.X[:, 0]), refuses("X")),
        case("naive_bayes.QuantileBins.fit", "as scikit-learn on 40 distinct values in 4 bins",
             lambda: NB.QuantileBins(4).fit(GAUSS.X).transform(GAUSS.X),
             answers(equal(lambda: KBinsDiscretizer(4, encode="ordinal", strategy="quantile").fit_transform(GAUSS.X)))),
        case("naive_bayes.QuantileBins.fit", "values at scale 1e300 and 1e-300",
             lambda: NB.QuantileBins(5).fit(GAUSS.X * [1e300, 1e-300]).transform(GAUSS.X * [1e300, 1e-300]),
             answers(equal(lambda: NB.QuantileBins(5).fit(GAUSS.X).transform(GAUSS.X)))),
        case("naive_bayes.QuantileBins.fit", "one value repeated", lambda: NB.QuantileBins(5).fit(np.ones((10, 1))),
             answers(satisfies(lambda bins: bins.n_bins_.tolist() == [1] and bins.transform([[0.0], [2.0]]).tolist()
                               == [[0], [0]], "a single bin holding every value"))),
        case("naive_bayes.QuantileBins.transform", "unfitted", lambda: NB.QuantileBins().transform(GAUSS.X),
             refuses("fit")),
        case("naive_bayes.QuantileBins.transform", "one feature more",
             lambda: NB.QuantileBins().fit(GAUSS.X).transform(np.c_[GAUSS.X, GAUSS.X[:, :1]]), refuses("X")),
        *bad_arrays("naive_bayes.QuantileBins.transform", "X",
                    lambda value: NB.QuantileBins().fit(GAUSS.X).transform(value), GAUSS.X),
        case("naive_bayes.QuantileBins.transform", "values far beyond the training range",
             lambda: NB.QuantileBins(5).fit(GAUSS.X).transform([[-1e308, 1e308]]),
             answers(equal([[0, 4]]))),
        *bad_counts("naive_bayes.QuantileBins.fit_transform", "n_bins",
                    lambda value: NB.QuantileBins(value).fit_transform(GAUSS.X)),
        *bad_arrays("naive_bayes.QuantileBins.fit_transform", "X", lambda value: NB.QuantileBins().fit_transform(value),
                    GAUSS.X),
        *classifier_cases("naive_bayes.MixedNB", _mixed, MIXED, GAUSS.y, scales=(1e100, 1e-100)),
        case("naive_bayes.MixedNB.fit", "as scikit-learn's GaussianNB and CategoricalNB added",
             lambda: _mixed().fit(MIXED, GAUSS.y).predict_log_proba(MIXED),
             answers(close(_sklearn_mixed_log_posterior, rtol=1e-10, atol=1e-12))),
        case("naive_bayes.MixedNB.fit", "parts None", lambda: NB.MixedNB(None).fit(MIXED, GAUSS.y), refuses("parts")),
        case("naive_bayes.MixedNB.fit", "parts a model, not pairs",
             lambda: NB.MixedNB([NB.GaussianNB()]).fit(MIXED, GAUSS.y), refuses("parts")),
        case("naive_bayes.MixedNB.fit", "a model that is no Naive Bayes", lambda: NB.MixedNB(
            [(NB.QuantileBins(), [0]), (NB.CategoricalNB(), [1])]).fit(MIXED, GAUSS.y), refuses("parts")),
        case("naive_bayes.MixedNB.fit", "ragged columns", lambda: NB.MixedNB(
            [(NB.GaussianNB(), [[0], [1, 1]])]).fit(MIXED, GAUSS.y), refuses("parts")),
        case("naive_bayes.MixedNB.fit", "columns as floats", lambda: NB.MixedNB(
            [(NB.GaussianNB(), [0.0]), (NB.CategoricalNB(), [1])]).fit(MIXED, GAUSS.y), refuses("parts")),
        case("naive_bayes.MixedNB.fit", "a column in two parts", lambda: NB.MixedNB(
            [(NB.GaussianNB(), [0, 1]), (NB.CategoricalNB(), [1])]).fit(MIXED, GAUSS.y), refuses("parts")),
        case("naive_bayes.MixedNB.fit", "a column beyond X", lambda: NB.MixedNB(
            [(NB.GaussianNB(), [0]), (NB.CategoricalNB(), [1, 2])]).fit(MIXED, GAUSS.y), refuses("parts")),
        case("naive_bayes.MixedNB.fit", "a bad parameter of a part", lambda: NB.MixedNB(
            [(NB.GaussianNB(), [0]), (NB.CategoricalNB(alpha=-1), [1])]).fit(MIXED, GAUSS.y), refuses("alpha")),
        case("naive_bayes.MixedNB.predict", "an unseen category",
             lambda: _mixed().fit(MIXED, GAUSS.y).predict([[0.0, 99.0]]), refuses("X", match="columns \\[1\\]")),
        case("naive_bayes.MixedNB.feature_factors", "x 2-D",
             lambda: _mixed().fit(MIXED, GAUSS.y).feature_factors(MIXED), refuses("x")),
        case("naive_bayes.MixedNB.feature_factors", "unfitted", lambda: _mixed().feature_factors(MIXED[0]),
             refuses("fit")),
        case("naive_bayes.MixedNB.feature_factors", "in the order of the columns",
             lambda: _mixed().fit(MIXED, GAUSS.y).feature_factors(MIXED[0]),
             answers(close(lambda: np.c_[NB.GaussianNB().fit(MIXED[:, :1], GAUSS.y).feature_factors(MIXED[0, :1]),
                                         NB.CategoricalNB(alpha=1).fit(MIXED[:, 1:], GAUSS.y)
                                         .feature_factors(MIXED[0, 1:])], rtol=1e-13))),
    ]
    return cases


def _letters(i):
    """A distinct word of letters for each number: 0 -> "a", 12 -> "bc"."""
    return "".join(chr(97 + int(digit)) for digit in str(i))


def _word_cases():
    from sklearn.feature_extraction.text import CountVectorizer
    documents = ["Free money, free!", "See you at lunch", "don't miss the free lunch"]
    pattern = r"[a-z]+(?:'[a-z]+)*"
    return [
        case("naive_bayes.parameter_counts", "a number for n_values", lambda: NB.parameter_counts(3, 2),
             refuses("n_values")),
        case("naive_bayes.parameter_counts", "n_values None", lambda: NB.parameter_counts(None, 2),
             refuses("n_values")),
        case("naive_bayes.parameter_counts", "a zero count of values", lambda: NB.parameter_counts([0], 2),
             refuses("n_values")),
        case("naive_bayes.parameter_counts", "n_classes 0", lambda: NB.parameter_counts([2], 0), refuses("n_classes")),
        case("naive_bayes.parameter_counts", "100 features of 10**6 values: exact integers",
             lambda: NB.parameter_counts([10 ** 6] * 100, 2),
             answers(satisfies(lambda counts: counts == {"joint": 2 * (10 ** 600 - 1) + 1,
                                                         "naive": 2 * 100 * (10 ** 6 - 1) + 1},
                               "K (prod V - 1) + K - 1 and K sum (V - 1) + K - 1"))),
        case("naive_bayes.word_presence", "as scikit-learn's binary CountVectorizer",
             lambda: NB.word_presence(documents),
             answers(satisfies(lambda result: (result[0].tolist() == CountVectorizer(
                 binary=True, token_pattern=pattern).fit_transform(documents).toarray().tolist()
                 and list(result[1]) == sorted(CountVectorizer(token_pattern=pattern).fit(documents).vocabulary_)),
                 "the same table and vocabulary"))),
        case("naive_bayes.word_counts", "as scikit-learn's CountVectorizer", lambda: NB.word_counts(documents),
             answers(satisfies(lambda result: (result[0].tolist() == CountVectorizer(
                 token_pattern=pattern).fit_transform(documents).toarray().tolist()
                 and list(result[1]) == sorted(CountVectorizer(token_pattern=pattern).fit(documents).vocabulary_)),
                 "the same table and vocabulary"))),
        case("naive_bayes.word_counts", "one string for documents", lambda: NB.word_counts("free money"),
             refuses("documents")),
        case("naive_bayes.word_counts", "a word twice in the vocabulary",
             lambda: NB.word_counts(documents, ["free", "free"]), refuses("vocabulary")),
        case("naive_bayes.word_counts", "numbers for the vocabulary", lambda: NB.word_counts(documents, [1, 2]),
             refuses("vocabulary")),
        case("naive_bayes.word_counts", "a table too large to fit",
             lambda: NB.word_counts(["a"] * 10 ** 5, [_letters(i) for i in range(10 ** 4)]),
             refuses("vocabulary", match="GiB")),
        case("naive_bayes.word_presence", "one string for documents", lambda: NB.word_presence("free money"),
             refuses("documents")),
        case("naive_bayes.word_presence", "numbers for documents", lambda: NB.word_presence([1, 2]),
             refuses("documents")),
        case("naive_bayes.word_presence", "one string for vocabulary", lambda: NB.word_presence(documents, "free"),
             refuses("vocabulary")),
        case("naive_bayes.word_presence", "a capitalised word never found", lambda: NB.word_presence(documents,
                                                                                                      ["Free"]),
             refuses("vocabulary")),
        case("naive_bayes.word_presence", "a word twice", lambda: NB.word_presence(documents, ["free", "free"]),
             refuses("vocabulary")),
        case("naive_bayes.word_presence", "a table too large to fit",
             lambda: NB.word_presence(["a"] * 10 ** 5, [_letters(i) for i in range(10 ** 4)]),
             refuses("vocabulary", match="GiB")),
    ]


CASES = [*_cases(), *_word_cases()]
