// A sequence a Loop carries and appends to once per trip, stacked after it by
// ConcatFromSequence(axis 0, new_axis 1), when the trip count is a graph input (known only when
// the loop starts): the result of max(M, 0) rows is made right before the loop
// (flowgate_rt_tensor_zeros, its shape written into a small buffer), each trip stores its row
// into a view of it, and the loop calls no runtime function. The model's run is checked by
// testdata/onnx-cf/seq_append_in_loop_stacked against onnxruntime.
// RUN: %onnx-opt %testdata/onnx-cf/seq_append_in_loop_stacked/model.onnx --convert-onnx-to-scf --convert-onnx-to-loops | FileCheck %s

// CHECK: %[[M:.*]] = call @flowgate_rt_unbox_i64
// CHECK: %[[UB:.*]] = arith.index_cast %[[M]] : i64 to index
// CHECK: %[[ROWS:.*]] = arith.maxsi %[[UB]], %{{.*}} : index
// CHECK: %[[ROWS64:.*]] = arith.index_cast %[[ROWS]] : index to i64
// CHECK: memref.store %[[ROWS64]], %[[DIMS:.*]][%{{.*}}] : memref<2xi64>
// CHECK: memref.store %{{.*}}, %[[DIMS]][%{{.*}}] : memref<2xi64>
// CHECK: %[[SHAPE:.*]] = call @flowgate_rt_from_buffer
// CHECK: %[[RESULT:.*]] = call @flowgate_rt_tensor_zeros(%{{.*}}, %{{.*}}, %[[SHAPE]])
// CHECK: %[[BYTES:.*]] = call @flowgate_rt_tensor_data(%{{.*}}, %[[RESULT]],
// CHECK: %[[VIEW:.*]] = memref.view %[[BYTES]][%{{.*}}][%[[ROWS]]] : memref<?xi8> to memref<?x3xf32>
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[UB]]
// CHECK-NOT: call @flowgate_rt
// CHECK: memref.store %{{.*}}, %[[VIEW]][%[[I]], %{{.*}}] : memref<?x3xf32>
// CHECK-NOT: call @flowgate_rt
// CHECK: scf.yield
// CHECK-NOT: flowgate_rt_concat_from_seq(
// CHECK: return %{{.*}}, %[[RESULT]]
