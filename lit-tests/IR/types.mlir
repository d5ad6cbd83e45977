// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %s --mlir-print-op-generic | %onnx-opt | FileCheck %s

// The builtin types, as arguments of function declarations. A strided layout with offset 0
// prints without `offset: 0`; `-> ()` is dropped from a signature.


// CHECK-LABEL: func.func private @integers(
// CHECK-SAME: i1, i8, i16, i32, i64, i128, i7, i1024){{$}}
func.func private @integers(i1, i8, i16, i32, i64, i128, i7, i1024) -> ()

// CHECK-LABEL: func.func private @signedness(
// CHECK-SAME: si8, si32, ui8, ui64, si1, ui1){{$}}
func.func private @signedness(si8, si32, ui8, ui64, si1, ui1) -> ()

// CHECK-LABEL: func.func private @index_and_none(
// CHECK-SAME: index, none){{$}}
func.func private @index_and_none(index, none) -> ()

// CHECK-LABEL: func.func private @floats(
// CHECK-SAME: f16, bf16, f32, f64){{$}}
func.func private @floats(f16, bf16, f32, f64) -> ()

// CHECK-LABEL: func.func private @function_types(
// CHECK-SAME: (i32) -> i32, () -> (), (i32, f32) -> (i64, f64), (() -> ()) -> ((i1) -> i1)){{$}}
func.func private @function_types((i32) -> i32, () -> (), (i32, f32) -> (i64, f64), (() -> ()) -> ((i1) -> i1)) -> ()

// CHECK-LABEL: func.func private @ranked_tensors(
// CHECK-SAME: tensor<f32>, tensor<4xf32>, tensor<2x3x4xi8>, tensor<0xi32>, tensor<1x1x1xindex>){{$}}
func.func private @ranked_tensors(tensor<f32>, tensor<4xf32>, tensor<2x3x4xi8>, tensor<0xi32>, tensor<1x1x1xindex>) -> ()

// CHECK-LABEL: func.func private @dynamic_tensors(
// CHECK-SAME: tensor<?xf32>, tensor<?x4x?xi64>, tensor<4x?xbf16>){{$}}
func.func private @dynamic_tensors(tensor<?xf32>, tensor<?x4x?xi64>, tensor<4x?xbf16>) -> ()

// CHECK-LABEL: func.func private @unranked_tensors(
// CHECK-SAME: tensor<*xf32>, tensor<*xi1>){{$}}
func.func private @unranked_tensors(tensor<*xf32>, tensor<*xi1>) -> ()

// CHECK-LABEL: func.func private @memrefs(
// CHECK-SAME: memref<f32>, memref<4xf32>, memref<2x3xi8>, memref<?xf64>, memref<?x?xindex>, memref<*xf32>){{$}}
func.func private @memrefs(memref<f32>, memref<4xf32>, memref<2x3xi8>, memref<?xf64>, memref<?x?xindex>, memref<*xf32>) -> ()

// CHECK-LABEL: func.func private @memref_strided(
// CHECK-SAME: memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<4x4xf32, strided<[4, 1]>>, memref<4xf32, strided<[2], offset: 8>>, memref<2x3xf32, strided<[3, 1]>>){{$}}
func.func private @memref_strided(memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<4x4xf32, strided<[4, 1]>>, memref<4xf32, strided<[2], offset: 8>>, memref<2x3xf32, strided<[3, 1], offset: 0>>) -> ()

// CHECK-LABEL: func.func private @memref_memory_space(
// CHECK-SAME: memref<4xf32, 1>, memref<?xi8, strided<[1], offset: ?>, 3>, memref<*xf32, 2>){{$}}
func.func private @memref_memory_space(memref<4xf32, 1>, memref<?xi8, strided<[1], offset: ?>, 3>, memref<*xf32, 2>) -> ()

// CHECK-LABEL: func.func private @vectors(
// CHECK-SAME: vector<4xf32>, vector<2x3xi8>, vector<1xindex>, vector<f32>){{$}}
func.func private @vectors(vector<4xf32>, vector<2x3xi8>, vector<1xindex>, vector<f32>) -> ()

// CHECK-LABEL: func.func private @tuples(
// CHECK-SAME: tuple<>, tuple<i32>, tuple<i32, f32>, tuple<tuple<i1>, tensor<4xf32>>){{$}}
func.func private @tuples(tuple<>, tuple<i32>, tuple<i32, f32>, tuple<tuple<i1>, tensor<4xf32>>) -> ()

// CHECK-LABEL: func.func private @results(
// CHECK-SAME: ) -> (i32, tensor<?xf32>, memref<4xi8>){{$}}
func.func private @results() -> (i32, tensor<?xf32>, memref<4xi8>)

// CHECK-LABEL: func.func private @single_function_result(
// CHECK-SAME: ) -> ((i32) -> i32){{$}}
func.func private @single_function_result() -> ((i32) -> i32)
