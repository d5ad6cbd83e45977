"""scikit-learn estimators converted by skl2onnx whose graphs carry control flow.

skl2onnx computes pairwise distances (`onnx_cdist`) with a `Scan` over the rows of the input
unless the `optim="cdist"` option replaces it by a com.microsoft `CDist`; we keep the default,
so every neighbours and kernel model here has a `Scan` (checked: the build fails otherwise).
KNNImputer is the exception: skl2onnx 1.20 writes it as model-local functions
(`local_domain`) with nested `If`s and no Scan, so for it the check asks for those instead.

Estimators are trained on scikit-learn's bundled datasets; the inputs are held-out rows (rows
the estimator never saw). float32 and, where skl2onnx converts it, float64.
"""

import collections

import numpy as np
import onnx

from .common import RealCase

OPSET = 18
HELD_OUT = 40  # rows per data set; two data sets per case


def _versions():
    import sklearn
    import skl2onnx

    return f"scikit-learn {sklearn.__version__}, skl2onnx {skl2onnx.__version__}"


def _op_counts(model):
    counts = collections.Counter()

    def walk(nodes):
        for n in nodes:
            counts[n.op_type] += 1
            for a in n.attribute:
                if a.type == onnx.AttributeProto.GRAPH:
                    walk(a.g.node)

    walk(model.graph.node)
    for f in model.functions:
        walk(f.node)
    return counts


def _require(model, name, ops):
    counts = _op_counts(model)
    missing = [op for op in ops if counts.get(op, 0) == 0]
    if missing:
        raise RuntimeError(f"{name}: the converted graph has no {', '.join(missing)} ({dict(counts)})")


def _split(X, seed, held_out=2 * HELD_OUT):
    """Train rows and two held-out batches, from one seeded permutation."""
    order = np.random.default_rng(seed).permutation(len(X))
    test, train = order[:held_out], order[held_out:]
    half = held_out // 2
    return train, [test[:half], test[half:]]


def _convert(est, sample, options=None):
    from skl2onnx import to_onnx

    return to_onnx(est, sample, target_opset={"": OPSET, "ai.onnx.ml": 1},
                   options={id(est): options} if options else None)


# Tolerances measured with Flowgate against onnxruntime on this corpus (max differences in
# the reasons); f64 models agree to rounding, f32 ones to a few ulp of the distance sums.
F64_TOL = (1e-7, 1e-12, "f64 distances and kernel sums in another summation order than "
           "onnxruntime's; max abs diff 8e-15, max rel diff 4e-14")
F32_TOL = (1e-4, 1e-6, "f32 distance sums (ReduceSumSquare over the features) in another "
           "summation order than onnxruntime's; max abs diff 3e-5 on values ~200 (rel 2e-7), "
           "max rel diff 1e-5 on LOF scores; labels and neighbours exact")


def _case(name, est, X, y, dtype, *, options=None, require=("Scan",), seed=0, note="",
          tol=None):
    rtol, atol, reason = tol or (F64_TOL if dtype == np.float64 else F32_TOL)
    X = np.asarray(X, dtype=np.float64)
    train, tests = _split(X, seed)
    if y is None:
        est.fit(X[train].astype(dtype))
    else:
        est.fit(X[train].astype(dtype), y[train])
    model = _convert(est, X[:1].astype(dtype), options)
    _require(model, name, require)
    datasets = [[X[t].astype(dtype)] for t in tests]
    source = (f"{_versions()}: {type(est).__name__} ({est.get_params()}) trained on "
              f"{len(train)} rows, converted with skl2onnx.to_onnx (opset {OPSET}"
              f"{', options ' + str(options) if options else ''}); inputs: two batches of "
              f"{len(tests[0])} held-out rows. {note}")
    return RealCase(name=name, model=model, datasets=datasets, rtol=rtol, atol=atol,
                    reason=reason, source=source)


def _iris():
    from sklearn.datasets import load_iris

    return load_iris(return_X_y=True)


def _diabetes():
    from sklearn.datasets import load_diabetes

    return load_diabetes(return_X_y=True)


def _breast_cancer():
    from sklearn.datasets import load_breast_cancer

    return load_breast_cancer(return_X_y=True)


def _digits():
    from sklearn.datasets import load_digits

    return load_digits(return_X_y=True)


def knn_classifier(dtype, tag):
    def build():
        from sklearn.neighbors import KNeighborsClassifier

        X, y = _iris()
        return _case(f"skl_knn_classifier_iris_{tag}", KNeighborsClassifier(n_neighbors=5), X, y,
                     dtype, options={"zipmap": False}, seed=1, note="iris dataset.")
    return build


def knn_regressor(dtype, tag):
    def build():
        from sklearn.neighbors import KNeighborsRegressor

        X, y = _diabetes()
        return _case(f"skl_knn_regressor_diabetes_{tag}", KNeighborsRegressor(n_neighbors=7,
                     weights="distance"), X, y, dtype, seed=2, note="diabetes dataset.")
    return build


def lof(dtype, tag):
    def build():
        from sklearn.neighbors import LocalOutlierFactor

        X, _ = _breast_cancer()
        # Standardized so the 30 features weigh alike, as one would use LOF.
        X = (X - X.mean(0)) / X.std(0)
        return _case(f"skl_lof_breast_cancer_{tag}", LocalOutlierFactor(n_neighbors=10, novelty=True),
                     X, None, dtype, options={"score_samples": True}, seed=3,
                     note="breast_cancer dataset, standardized; outputs label, decision "
                          "function and score_samples.")
    return build


def gpr(dtype, tag):
    def build():
        from sklearn.gaussian_process import GaussianProcessRegressor
        from sklearn.gaussian_process.kernels import RBF, ConstantKernel, WhiteKernel

        X, y = _diabetes()
        y = (y - y.mean()) / y.std()
        kernel = ConstantKernel(1.0) * RBF(length_scale=0.2) + WhiteKernel(0.5)
        est = GaussianProcessRegressor(kernel=kernel, optimizer=None)
        tol = None if dtype == np.float64 else (
            2e-4, 1e-6, "f32 GaussianProcessRegressor: the [40, 402] kernel matrix times "
            "alpha (402-long f32 dot products, MatMul) and the variance sums in another order "
            "than onnxruntime's; max rel diff 5.7e-5, max abs diff 5e-6")
        return _case(f"skl_gpr_diabetes_{tag}", est, X, y, dtype, options={"return_std": True},
                     seed=4, tol=tol, note="diabetes dataset, standardized target; fixed kernel "
                                  "(no optimizer run, so the build is quick and deterministic); "
                                  "outputs mean and standard deviation.")
    return build


def kernel_pca(dtype, tag):
    def build():
        from sklearn.decomposition import KernelPCA

        X, _ = _digits()
        X = X / 16.0
        est = KernelPCA(n_components=8, kernel="rbf", gamma=0.05, eigen_solver="dense")
        return _case(f"skl_kernel_pca_digits_{tag}", est, X[:600], None, dtype, seed=6,
                     note="first 600 rows of the digits dataset, scaled to [0, 1].")
    return build


def knn_imputer():
    def build():
        from sklearn.impute import KNNImputer

        X, _ = _digits()
        X = X[:500].astype(np.float64) / 16.0
        # Missing values: a seeded 10% of the entries (train and held-out rows alike); pixels
        # of the digits' border columns are constant, so some are missing in whole columns too.
        mask = np.random.default_rng(7).random(X.shape) < 0.1
        X = np.where(mask, np.nan, X)
        return _case("skl_knn_imputer_digits_f32", KNNImputer(n_neighbors=4), X, None, np.float32,
                     require=("If",), seed=7,
                     note="first 500 rows of the digits dataset scaled to [0, 1], a seeded 10% "
                          "of the entries set to NaN. skl2onnx writes this estimator as "
                          "model-local functions with nested Ifs (no Scan); float64 is not "
                          "supported by its converter.")
    return build


CASES = [
    ("skl_knn_classifier_iris_f32", knn_classifier(np.float32, "f32")),
    ("skl_knn_classifier_iris_f64", knn_classifier(np.float64, "f64")),
    ("skl_knn_regressor_diabetes_f32", knn_regressor(np.float32, "f32")),
    ("skl_knn_regressor_diabetes_f64", knn_regressor(np.float64, "f64")),
    ("skl_lof_breast_cancer_f32", lof(np.float32, "f32")),
    ("skl_lof_breast_cancer_f64", lof(np.float64, "f64")),
    ("skl_gpr_diabetes_f32", gpr(np.float32, "f32")),
    ("skl_gpr_diabetes_f64", gpr(np.float64, "f64")),
    ("skl_kernel_pca_digits_f32", kernel_pca(np.float32, "f32")),
    ("skl_knn_imputer_digits_f32", knn_imputer()),
]
