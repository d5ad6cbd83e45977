"""Models where convert-onnx-to-scf follows onnxruntime rather than the letter of the ONNX
spec, with onnxruntime's outputs as expected data (run with onnx and onnxruntime installed;
the files are committed, so the lit test needs neither):
- loop_m_computed_cond: Loop (M, "") whose body's condition output turns false; onnxruntime
  (and ONNX's reference evaluator) stop there, the spec's C code would run M trips.
- scan8_sequence_lens: Scan opset 8 with sequence_lens, a reversed input and a scan output that
  onnxruntime zero-fills past each sequence's length.
"""
import numpy as np, onnx, os
from onnx import helper as h, TensorProto as T, numpy_helper as nh
import onnxruntime as ort

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'ort-semantics')

def save(name, model, feeds):
    d = os.path.join(OUT, name); os.makedirs(os.path.join(d, 'test_data_set_0'), exist_ok=True)
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(d, 'model.onnx'))
    sess = ort.InferenceSession(model.SerializeToString(), providers=['CPUExecutionProvider'])
    outs = sess.run(None, feeds)
    for i, (k, v) in enumerate(feeds.items()):
        onnx.save_tensor(nh.from_array(v, k), os.path.join(d, 'test_data_set_0', f'input_{i}.pb'))
    for i, (o, v) in enumerate(zip(sess.get_outputs(), outs)):
        onnx.save_tensor(nh.from_array(v, o.name), os.path.join(d, 'test_data_set_0', f'output_{i}.pb'))
    print(name, [v.shape for v in outs])

# Loop (M, "") whose body's cond output turns false after 3 trips.
body = h.make_graph([
    h.make_node('Constant', [], ['one'], value=nh.from_array(np.array(1.0, np.float32))),
    h.make_node('Constant', [], ['lim'], value=nh.from_array(np.array(3.0, np.float32))),
    h.make_node('Add', ['v', 'one'], ['vo']),
    h.make_node('Less', ['vo', 'lim'], ['co']),
    h.make_node('Identity', ['vo'], ['so']),
], 'body',
    [h.make_tensor_value_info('i', T.INT64, []), h.make_tensor_value_info('c', T.BOOL, []), h.make_tensor_value_info('v', T.FLOAT, [])],
    [h.make_tensor_value_info('co', T.BOOL, []), h.make_tensor_value_info('vo', T.FLOAT, []), h.make_tensor_value_info('so', T.FLOAT, [])])
g = h.make_graph([h.make_node('Loop', ['m', '', 'x'], ['r', 's'], body=body)], 'main',
    [h.make_tensor_value_info('m', T.INT64, []), h.make_tensor_value_info('x', T.FLOAT, [])],
    [h.make_tensor_value_info('r', T.FLOAT, []), h.make_tensor_value_info('s', T.FLOAT, ['N'])])
m = h.make_model(g, opset_imports=[h.make_opsetid('', 13)]); m.ir_version = 8
save('loop_m_computed_cond', m, {'m': np.array(10, np.int64), 'x': np.array(0.0, np.float32)})

# Scan opset 8 with sequence_lens, a reversed input and a scan output.
sbody = h.make_graph([
    h.make_node('Add', ['acc', 'e'], ['acc_o']),
    h.make_node('Identity', ['acc_o'], ['y']),
], 'sbody',
    [h.make_tensor_value_info('acc', T.FLOAT, [2]), h.make_tensor_value_info('e', T.FLOAT, [2])],
    [h.make_tensor_value_info('acc_o', T.FLOAT, [2]), h.make_tensor_value_info('y', T.FLOAT, [2])])
g = h.make_graph([h.make_node('Scan', ['lens', 's', 'xs'], ['fs', 'ys'], body=sbody, num_scan_inputs=1, directions=[1])], 'main',
    [h.make_tensor_value_info('lens', T.INT64, [3]), h.make_tensor_value_info('s', T.FLOAT, [3, 2]), h.make_tensor_value_info('xs', T.FLOAT, [3, 4, 2])],
    [h.make_tensor_value_info('fs', T.FLOAT, [3, 2]), h.make_tensor_value_info('ys', T.FLOAT, [3, 4, 2])])
m = h.make_model(g, opset_imports=[h.make_opsetid('', 8)]); m.ir_version = 3
save('scan8_sequence_lens', m, {'lens': np.array([2, 4, 1], np.int64), 's': np.arange(6, dtype=np.float32).reshape(3, 2), 'xs': np.arange(24, dtype=np.float32).reshape(3, 4, 2)})
