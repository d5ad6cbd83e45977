"""One backend-test case on disk: NAME/model.onnx and test_data_set_K/{input,output}_I.pb."""
import os
import shutil

from onnx import TensorProto, numpy_helper


def write_case(out, name, model, data_sets):
    """Writes `model` and its data sets (lists of (inputs, outputs)) under out/name, each value
    serialized as the graph declares it: a sequence, an optional or a tensor."""
    d = os.path.join(out, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    with open(os.path.join(d, "model.onnx"), "wb") as f:
        f.write(model.SerializeToString())
    for i, (ins, outs) in enumerate(data_sets):
        dd = os.path.join(d, f"test_data_set_{i}")
        os.makedirs(dd)
        for kind, vals, decl in (("input", ins, model.graph.input), ("output", outs, model.graph.output)):
            for j, v in enumerate(vals):
                t = decl[j].type
                if t.HasField("sequence_type"):
                    p = numpy_helper.from_list(v, decl[j].name)
                elif t.HasField("optional_type"):
                    p = numpy_helper.from_optional(v, decl[j].name)
                elif t.HasField("map_type"):
                    p = numpy_helper.from_dict(v, decl[j].name)
                elif isinstance(v, TensorProto):
                    p = v
                else:
                    p = numpy_helper.from_array(v, decl[j].name)
                with open(os.path.join(dd, f"{kind}_{j}.pb"), "wb") as f:
                    f.write(p.SerializeToString())
