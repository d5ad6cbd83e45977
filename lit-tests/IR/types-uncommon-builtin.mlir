// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %s --mlir-print-op-generic | %onnx-opt | FileCheck %s

// Less common builtin types: wide and small floats, complex, tensor encodings, element types
// that are themselves shaped, scalable vectors.


// CHECK-LABEL: func.func private @more_floats(
// CHECK-SAME: f80, f128, tf32){{$}}
func.func private @more_floats(f80, f128, tf32) -> ()

// CHECK-LABEL: func.func private @small_floats(
// CHECK-SAME: f8E4M3FN, f8E5M2, f8E4M3, f8E8M0FNU, f4E2M1FN, f6E2M3FN){{$}}
func.func private @small_floats(f8E4M3FN, f8E5M2, f8E4M3, f8E8M0FNU, f4E2M1FN, f6E2M3FN) -> ()

// CHECK-LABEL: func.func private @tensor_encoding(
// CHECK-SAME: tensor<4xf32, "enc">){{$}}
func.func private @tensor_encoding(tensor<4xf32, "enc">) -> ()

// CHECK-LABEL: func.func private @complex(
// CHECK-SAME: complex<f32>, complex<f64>){{$}}
func.func private @complex(complex<f32>, complex<f64>) -> ()

// CHECK-LABEL: func.func private @nested_shaped(
// CHECK-SAME: tensor<4xvector<2xf32>>, memref<2xvector<4xi8>>, tensor<2xcomplex<f32>>){{$}}
func.func private @nested_shaped(tensor<4xvector<2xf32>>, memref<2xvector<4xi8>>, tensor<2xcomplex<f32>>) -> ()

// CHECK-LABEL: func.func private @scalable_vectors(
// CHECK-SAME: vector<[4]xf32>, vector<2x[4]xi32>, vector<[2]x[2]xi8>){{$}}
func.func private @scalable_vectors(vector<[4]xf32>, vector<2x[4]xi32>, vector<[2]x[2]xi8>) -> ()
