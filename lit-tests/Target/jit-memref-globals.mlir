// memref.global/get_global, copy across layouts, reinterpret_cast and realloc (generic form,
// printed by upstream mlir-opt from the custom form).
// RUN: %onnx-run %s --allow-unregistered-dialect | FileCheck %s
// RUN: %onnx-run %s --allow-unregistered-dialect -O0 | FileCheck %s

// CHECK: 6
// CHECK-NEXT: 0.000000e+00
// CHECK-NEXT: 2.500000e+00
// CHECK-NEXT: 5
// CHECK-NEXT: 6
// CHECK-NEXT: 6
// CHECK-NOT: {{.}}

"builtin.module"() ({
  "memref.global"() <{constant, initial_value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>, sym_name = "tbl", sym_visibility = "private", type = memref<2x3xi32>}> : () -> ()
  "memref.global"() <{initial_value, sym_name = "buf", type = memref<4xf64>}> : () -> ()
  "memref.global"() <{constant, initial_value = dense<2.500000e+00> : tensor<3xf32>, sym_name = "splat", sym_visibility = "private", type = memref<3xf32>}> : () -> ()
  "func.func"() <{function_type = () -> (i32, f64, f32, i32, index, i32), sym_name = "main"}> ({
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 2 : index}> : () -> index
    %3 = "memref.get_global"() <{name = @tbl}> : () -> memref<2x3xi32>
    %4 = "memref.load"(%3, %1, %2) : (memref<2x3xi32>, index, index) -> i32
    %5 = "memref.get_global"() <{name = @buf}> : () -> memref<4xf64>
    %6 = "memref.load"(%5, %2) : (memref<4xf64>, index) -> f64
    %7 = "memref.get_global"() <{name = @splat}> : () -> memref<3xf32>
    %8 = "memref.load"(%7, %2) : (memref<3xf32>, index) -> f32
    %9 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<2x3xi32>
    "memref.copy"(%3, %9) : (memref<2x3xi32>, memref<2x3xi32>) -> ()
    %10 = "memref.subview"(%3) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 1>, static_sizes = array<i64: 2, 1>, static_strides = array<i64: 1, 1>}> : (memref<2x3xi32>) -> memref<2xi32, strided<[3], offset: 1>>
    %11 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<2xi32>
    "memref.copy"(%10, %11) : (memref<2xi32, strided<[3], offset: 1>>, memref<2xi32>) -> ()
    %12 = "memref.load"(%11, %1) : (memref<2xi32>, index) -> i32
    %13 = "memref.reinterpret_cast"(%9) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 6>, static_strides = array<i64: 1>}> : (memref<2x3xi32>) -> memref<6xi32>
    %14 = "memref.dim"(%13, %0) : (memref<6xi32>, index) -> index
    %15 = "arith.constant"() <{value = 5 : index}> : () -> index
    %16 = "memref.load"(%13, %15) : (memref<6xi32>, index) -> i32
    %17 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<2xi32>
    "memref.store"(%16, %17, %1) : (i32, memref<2xi32>, index) -> ()
    %18 = "memref.realloc"(%17) : (memref<2xi32>) -> memref<10xi32>
    %19 = "memref.load"(%18, %1) : (memref<10xi32>, index) -> i32
    "func.return"(%4, %6, %8, %12, %14, %19) : (i32, f64, f32, i32, index, i32) -> ()
  }) : () -> ()
}) : () -> ()

