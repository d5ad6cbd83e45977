"""Small models built with onnx.helper for the interface, error and thread tests."""

import onnx
from onnx import TensorProto as T
from onnx import helper as h


def model(nodes, inputs, outputs, initializers=(), opset=18, **kw):
    g = h.make_graph(nodes, "g", inputs, outputs, initializer=list(initializers))
    m = h.make_model(g, opset_imports=[h.make_opsetid("", opset)], **kw)
    m.ir_version = 8
    return m


def add_model():
    """y = x + b over symbolic `N`; b has an initializer, so it may be left out."""
    import numpy as np

    b = onnx.numpy_helper.from_array(np.ones((1, 3), np.float32), "b")
    return model(
        [h.make_node("Add", ["x", "b"], ["y"], name="add0")],
        [h.make_tensor_value_info("x", T.FLOAT, ["N", 3]), h.make_tensor_value_info("b", T.FLOAT, [1, 3])],
        [h.make_tensor_value_info("y", T.FLOAT, ["N", 3])],
        initializers=[b],
        producer_name="flowgate-tests",
        doc_string="adds b",
        model_version=7,
    )


def two_inputs_model():
    """z = x * y, both float[N, K]: a symbolic dimension shared by two inputs."""
    return model(
        [h.make_node("Mul", ["x", "y"], ["z"], name="mul0")],
        [h.make_tensor_value_info("x", T.FLOAT, ["N", "K"]), h.make_tensor_value_info("y", T.FLOAT, ["N", "K"])],
        [h.make_tensor_value_info("z", T.FLOAT, ["N", "K"])],
    )


def reshape_model():
    """y = Reshape(x, shape): a shape that does not fit fails at run time, in node 'reshape0'."""
    return model(
        [h.make_node("Reshape", ["x", "shape"], ["y"], name="reshape0")],
        [h.make_tensor_value_info("x", T.FLOAT, [None]), h.make_tensor_value_info("shape", T.INT64, [2])],
        [h.make_tensor_value_info("y", T.FLOAT, None)],
    )


def loop_sum_model():
    """A Loop of `n` trips (input) adding `step` to an accumulator: a run as long as asked for,
    and a control-flow model for the thread tests. Outputs the sum and the trip count."""
    body = h.make_graph(
        [
            h.make_node("Identity", ["cond_in"], ["cond_out"], name="keep"),
            h.make_node("Add", ["acc_in", "step"], ["acc_out"], name="accumulate"),
        ],
        "body",
        [
            h.make_tensor_value_info("i", T.INT64, []),
            h.make_tensor_value_info("cond_in", T.BOOL, []),
            h.make_tensor_value_info("acc_in", T.DOUBLE, []),
        ],
        [h.make_tensor_value_info("cond_out", T.BOOL, []), h.make_tensor_value_info("acc_out", T.DOUBLE, [])],
    )
    return model(
        [
            h.make_node("Constant", [], ["true"], name="t", value=h.make_tensor("tv", T.BOOL, [], [True])),
            h.make_node("Loop", ["n", "true", "init"], ["sum"], name="loop0", body=body),
        ],
        [
            h.make_tensor_value_info("n", T.INT64, []),
            h.make_tensor_value_info("init", T.DOUBLE, []),
            h.make_tensor_value_info("step", T.DOUBLE, []),
        ],
        [h.make_tensor_value_info("sum", T.DOUBLE, [])],
    )


def sequence_model():
    """s = SequenceConstruct(a, b); n = SequenceLength(s); o = Optional(a); e = empty optional."""
    return model(
        [
            h.make_node("SequenceConstruct", ["a", "b"], ["s"], name="seq0"),
            h.make_node("SequenceLength", ["s"], ["n"], name="len0"),
            h.make_node("Optional", ["a"], ["o"], name="opt0"),
            h.make_node(
                "Optional", [], ["e"], name="none0", type=h.make_tensor_type_proto(T.FLOAT, None)
            ),
        ],
        [h.make_tensor_value_info("a", T.FLOAT, [2]), h.make_tensor_value_info("b", T.FLOAT, [3])],
        [
            h.make_tensor_sequence_value_info("s", T.FLOAT, None),
            h.make_tensor_value_info("n", T.INT64, []),
            h.make_value_info("o", h.make_optional_type_proto(h.make_tensor_type_proto(T.FLOAT, [2]))),
            h.make_value_info("e", h.make_optional_type_proto(h.make_tensor_type_proto(T.FLOAT, None))),
        ],
    )


def sequence_input_model():
    """c = ConcatFromSequence(s, axis 0) of a seq(tensor(float)) input; v = the optional input's
    value or zeros when it is empty (If on OptionalHasElement)."""
    then = h.make_graph(
        [h.make_node("OptionalGetElement", ["p"], ["pv"], name="get0")],
        "then",
        [],
        [h.make_tensor_value_info("pv", T.FLOAT, None)],
    )
    other = h.make_graph(
        [h.make_node("Constant", [], ["z"], name="zero", value=h.make_tensor("zv", T.FLOAT, [1], [0.0]))],
        "else",
        [],
        [h.make_tensor_value_info("z", T.FLOAT, None)],
    )
    return model(
        [
            h.make_node("ConcatFromSequence", ["s"], ["c"], name="concat0", axis=0),
            h.make_node("OptionalHasElement", ["p"], ["has"], name="has0"),
            h.make_node("If", ["has"], ["v"], name="if0", then_branch=then, else_branch=other),
        ],
        [
            h.make_tensor_sequence_value_info("s", T.FLOAT, None),
            h.make_value_info("p", h.make_optional_type_proto(h.make_tensor_type_proto(T.FLOAT, [None]))),
        ],
        [h.make_tensor_value_info("c", T.FLOAT, None), h.make_tensor_value_info("v", T.FLOAT, None)],
    )
