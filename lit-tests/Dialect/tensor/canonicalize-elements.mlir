// RUN: %onnx-opt %s --canonicalize --split-input-file | FileCheck %s

// Element and size folds of the tensor ops, as upstream's: extract, insert, from_elements,
// splat, gather, rank, dim, and the static-size patterns of empty and generate.

// CHECK-LABEL: func @extract_of_constants
//   CHECK-DAG:   %[[D:.*]] = arith.constant dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>
//   CHECK-DAG:   %[[S:.*]] = arith.constant 2.500000e+00 : f32
//   CHECK-DAG:   %[[E:.*]] = arith.constant 3 : i32
//       CHECK:   %[[OOB:.*]] = tensor.extract %[[D]][%c5, %c0]
//       CHECK:   %[[DYN:.*]] = tensor.extract %[[D]][%arg0, %c0]
//       CHECK:   return %[[S]], %[[E]], %[[OOB]], %[[DYN]]
func.func @extract_of_constants(%i: index) -> (f32, i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %s = arith.constant dense<2.5> : tensor<4xf32>
  %a = tensor.extract %s[%i] : tensor<4xf32>
  %d = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %b = tensor.extract %d[%c1, %c0] : tensor<2x2xi32>
  // Out of bounds: left alone.
  %c = tensor.extract %d[%c5, %c0] : tensor<2x2xi32>
  %e = tensor.extract %d[%i, %c0] : tensor<2x2xi32>
  return %a, %b, %c, %e : f32, i32, i32, i32
}

// -----

// CHECK-LABEL: func @extract_of_from_elements
//  CHECK-SAME:   (%[[X:.*]]: i8, %[[Y:.*]]: i8, %[[Z:.*]]: i8, %[[W:.*]]: i8, %[[I:.*]]: index)
//       CHECK:   %[[T:.*]] = tensor.from_elements
//       CHECK:   %[[B:.*]] = tensor.extract %[[T]][%[[I]], %c0]
//       CHECK:   %[[C:.*]] = tensor.extract %[[T]][%c0, %c-1]
//       CHECK:   return %[[Z]], %[[B]], %[[C]]
func.func @extract_of_from_elements(%x: i8, %y: i8, %z: i8, %w: i8, %i: index) -> (i8, i8, i8) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cm = arith.constant -1 : index
  %t = tensor.from_elements %x, %y, %z, %w : tensor<2x2xi8>
  %a = tensor.extract %t[%c1, %c0] : tensor<2x2xi8>
  %b = tensor.extract %t[%i, %c0] : tensor<2x2xi8>
  %c = tensor.extract %t[%c0, %cm] : tensor<2x2xi8>
  return %a, %b, %c : i8, i8, i8
}

// -----

// CHECK-LABEL: func @from_elements_of_constants
//   CHECK-DAG:   %[[A:.*]] = arith.constant dense<[true, false, true]> : tensor<3xi1>
//   CHECK-DAG:   %[[B:.*]] = arith.constant dense<1.500000e+00> : tensor<2xf64>
//   CHECK-DAG:   %[[C:.*]] = arith.constant dense<7> : tensor<2xindex>
//       CHECK:   return %[[A]], %[[B]], %[[C]]
func.func @from_elements_of_constants() -> (tensor<3xi1>, tensor<2xf64>, tensor<2xindex>) {
  %t = arith.constant true
  %f = arith.constant false
  %x = arith.constant 1.5 : f64
  %c = arith.constant 7 : index
  %0 = tensor.from_elements %t, %f, %t : tensor<3xi1>
  %1 = tensor.from_elements %x, %x : tensor<2xf64>
  %2 = tensor.from_elements %c, %c : tensor<2xindex>
  return %0, %1, %2 : tensor<3xi1>, tensor<2xf64>, tensor<2xindex>
}

// -----

// CHECK-LABEL: func @insert_into_splat
//   CHECK-DAG:   %[[S:.*]] = arith.constant dense<3> : tensor<4xi32>
//       CHECK:   %[[I:.*]] = tensor.insert %{{.*}} into %[[S]]
//       CHECK:   return %[[S]], %[[I]]
func.func @insert_into_splat(%i: index) -> (tensor<4xi32>, tensor<4xi32>) {
  %s = arith.constant dense<3> : tensor<4xi32>
  %v = arith.constant 3 : i32
  %w = arith.constant 4 : i32
  %0 = tensor.insert %v into %s[%i] : tensor<4xi32>
  %1 = tensor.insert %w into %s[%i] : tensor<4xi32>
  return %0, %1 : tensor<4xi32>, tensor<4xi32>
}

// -----

// CHECK-LABEL: func @splat_of_constant
//   CHECK-DAG:   %[[C:.*]] = arith.constant dense<1.000000e+00> : tensor<2x3xf32>
//   CHECK-DAG:   %[[D:.*]] = tensor.splat %{{.*}}[%arg0] : tensor<?xf32>
//   CHECK-DAG:   %[[E:.*]] = tensor.splat %arg1 : tensor<2xf32>
//       CHECK:   return %[[C]], %[[D]], %[[E]]
func.func @splat_of_constant(%n: index, %f: f32) -> (tensor<2x3xf32>, tensor<?xf32>, tensor<2xf32>) {
  %c = arith.constant 1.0 : f32
  %0 = tensor.splat %c : tensor<2x3xf32>
  %1 = tensor.splat %c[%n] : tensor<?xf32>
  %2 = tensor.splat %f : tensor<2xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<?xf32>, tensor<2xf32>
}

// -----

// CHECK-LABEL: func @rank
//       CHECK:   %[[C:.*]] = arith.constant 2 : index
//       CHECK:   %[[R:.*]] = tensor.rank %arg1 : tensor<*xf32>
//       CHECK:   return %[[C]], %[[R]]
func.func @rank(%a: tensor<2x?xf32>, %b: tensor<*xf32>) -> (index, index) {
  %0 = tensor.rank %a : tensor<2x?xf32>
  %1 = tensor.rank %b : tensor<*xf32>
  return %0, %1 : index, index
}

// -----

// CHECK-LABEL: func @gather_of_splat
//   CHECK-DAG:   %[[S:.*]] = arith.constant dense<5> : tensor<2x1x3xi8>
//       CHECK:   %[[G:.*]] = tensor.gather
//       CHECK:   return %[[S]], %[[G]]
func.func @gather_of_splat(%idx: tensor<2x1xindex>) -> (tensor<2x1x3xi8>, tensor<2x1x3xi8>) {
  %s = arith.constant dense<5> : tensor<4x3xi8>
  %d = arith.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9], [1, 1, 1]]> : tensor<4x3xi8>
  %0 = tensor.gather %s[%idx] gather_dims([0]) : (tensor<4x3xi8>, tensor<2x1xindex>) -> tensor<2x1x3xi8>
  %1 = tensor.gather %d[%idx] gather_dims([0]) : (tensor<4x3xi8>, tensor<2x1xindex>) -> tensor<2x1x3xi8>
  return %0, %1 : tensor<2x1x3xi8>, tensor<2x1x3xi8>
}

// -----

// Static sizes, generate extents, empty sizes, through casts and to an insert's destination;
// an out-of-range index stays.
// CHECK-LABEL: func @dims
//  CHECK-SAME:   (%[[A:.*]]: tensor<4x?xf32>, %[[N:.*]]: index, %[[I:.*]]: index)
//   CHECK-DAG:   %[[C4:.*]] = arith.constant 4 : index
//   CHECK-DAG:   %[[OOB:.*]] = tensor.dim %[[A]], %c7
//   CHECK-DAG:   %[[D0:.*]] = tensor.dim %[[A]], %c1
//   CHECK-DAG:   %[[D1:.*]] = tensor.dim %[[A]], %c1
//       CHECK:   return %[[C4]], %[[OOB]], %[[N]], %[[I]], %[[D0]], %[[D1]]
func.func @dims(%a: tensor<4x?xf32>, %n: index, %i: index) -> (index, index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %0 = tensor.dim %a, %c0 : tensor<4x?xf32>
  %1 = tensor.dim %a, %c7 : tensor<4x?xf32>
  %g = tensor.generate %n, %i {
  ^bb0(%x: index, %y: index):
    tensor.yield %x : index
  } : tensor<?x?xindex>
  %2 = tensor.dim %g, %c0 : tensor<?x?xindex>
  %e = tensor.empty(%n, %i) : tensor<?x3x?xf32>
  %3 = tensor.dim %e, %c2 : tensor<?x3x?xf32>
  %cast = tensor.cast %a : tensor<4x?xf32> to tensor<?x?xf32>
  %4 = tensor.dim %cast, %c1 : tensor<?x?xf32>
  %f = arith.constant 1.0 : f32
  %ins = tensor.insert %f into %a[%c0, %c0] : tensor<4x?xf32>
  %5 = tensor.dim %ins, %c1 : tensor<4x?xf32>
  return %0, %1, %2, %3, %4, %5 : index, index, index, index, index, index
}

// -----

// The dynamic size of a slice is its size operand, unless the slice drops dimensions.
// CHECK-LABEL: func @dim_of_slice
//  CHECK-SAME:   (%[[A:.*]]: tensor<?x?xf32>, %[[S:.*]]: index, %[[O:.*]]: index)
//       CHECK:   %[[X:.*]] = tensor.extract_slice
//       CHECK:   %[[D:.*]] = tensor.dim %[[X]]
//       CHECK:   return %[[S]], %[[D]]
func.func @dim_of_slice(%a: tensor<?x?xf32>, %s: index, %o: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %0 = tensor.extract_slice %a[%o, 0] [%s, 1] [1, 1] : tensor<?x?xf32> to tensor<?x1xf32>
  %1 = tensor.dim %0, %c0 : tensor<?x1xf32>
  %2 = tensor.extract_slice %a[%o, 0] [1, %s] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
  %3 = tensor.dim %2, %c0 : tensor<?xf32>
  return %1, %3 : index, index
}

// -----

// Constant sizes move into the type (not negative ones); a cast to a more static type is an
// empty of that type.
// CHECK-LABEL: func @empty_sizes
//       CHECK:   %[[E0:.*]] = tensor.empty(%arg0) : tensor<?x5xf32>
//  CHECK-NEXT:   %[[C0:.*]] = tensor.cast %[[E0]] : tensor<?x5xf32> to tensor<?x?xf32>
//  CHECK-NEXT:   %[[E1:.*]] = tensor.empty(%arg0, %c-2) : tensor<?x?xf32>
//  CHECK-NEXT:   %[[E2:.*]] = tensor.empty(%arg0) : tensor<2x?xf32>
//  CHECK-NEXT:   return %[[C0]], %[[E1]], %[[E2]]
func.func @empty_sizes(%n: index) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<2x?xf32>) {
  %c5 = arith.constant 5 : index
  %cm = arith.constant -2 : index
  %0 = tensor.empty(%n, %c5) : tensor<?x?xf32>
  %1 = tensor.empty(%n, %cm) : tensor<?x?xf32>
  %2 = tensor.empty(%n, %n) : tensor<?x?xf32>
  %3 = tensor.cast %2 : tensor<?x?xf32> to tensor<2x?xf32>
  return %0, %1, %3 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<2x?xf32>
}

// -----

// Extracts read through casts from ranked types and move index_casts after them.
// CHECK-LABEL: func @extract_through_casts
//  CHECK-SAME:   (%[[A:.*]]: tensor<4xf32>, %[[U:.*]]: tensor<*xf32>, %[[I:.*]]: index, %[[T:.*]]: tensor<3xi64>)
//       CHECK:   %[[X:.*]] = tensor.extract %[[A]][%[[I]]] : tensor<4xf32>
//       CHECK:   %[[C:.*]] = tensor.cast %[[U]]
//       CHECK:   %[[Y:.*]] = tensor.extract %[[C]][%[[I]]] : tensor<?xf32>
//       CHECK:   %[[Z:.*]] = tensor.extract %[[T]][%[[I]]] : tensor<3xi64>
//       CHECK:   %[[ZI:.*]] = arith.index_cast %[[Z]] : i64 to index
//       CHECK:   return %[[X]], %[[Y]], %[[ZI]]
func.func @extract_through_casts(%a: tensor<4xf32>, %u: tensor<*xf32>, %i: index, %t: tensor<3xi64>) -> (f32, f32, index) {
  %0 = tensor.cast %a : tensor<4xf32> to tensor<?xf32>
  %1 = tensor.extract %0[%i] : tensor<?xf32>
  %2 = tensor.cast %u : tensor<*xf32> to tensor<?xf32>
  %3 = tensor.extract %2[%i] : tensor<?xf32>
  %4 = arith.index_cast %t : tensor<3xi64> to tensor<3xindex>
  %5 = tensor.extract %4[%i] : tensor<3xindex>
  return %1, %3, %5 : f32, f32, index
}

// -----

// An extract of a pure generate is its body at the indices; a body with effects stays; a
// constant extent becomes static.
// CHECK-LABEL: func @generate
//  CHECK-SAME:   (%[[N:.*]]: index, %[[I:.*]]: index, %[[J:.*]]: index, %{{.*}}: memref<?xindex>)
//       CHECK:   %[[M:.*]] = arith.muli %[[I]], %[[J]] : index
//       CHECK:   %[[G:.*]] = tensor.generate %[[N]]
//       CHECK:     memref.store
//       CHECK:   %[[E:.*]] = tensor.extract %[[G]][%[[I]]]
//       CHECK:   %[[S:.*]] = tensor.generate %[[N]] {
//       CHECK:   } : tensor<?x4xindex>
//       CHECK:   %[[SC:.*]] = tensor.cast %[[S]] : tensor<?x4xindex> to tensor<?x?xindex>
//       CHECK:   return %[[M]], %[[E]], %[[SC]]
func.func @generate(%n: index, %i: index, %j: index, %m: memref<?xindex>) -> (index, index, tensor<?x?xindex>) {
  %c4 = arith.constant 4 : index
  %g = tensor.generate %n, %n {
  ^bb0(%x: index, %y: index):
    %s = arith.muli %x, %y : index
    tensor.yield %s : index
  } : tensor<?x?xindex>
  %0 = tensor.extract %g[%i, %j] : tensor<?x?xindex>
  %h = tensor.generate %n {
  ^bb0(%x: index):
    memref.store %x, %m[%x] : memref<?xindex>
    tensor.yield %x : index
  } : tensor<?xindex>
  %1 = tensor.extract %h[%i] : tensor<?xindex>
  %k = tensor.generate %n, %c4 {
  ^bb0(%x: index, %y: index):
    tensor.yield %y : index
  } : tensor<?x?xindex>
  return %0, %1, %k : index, index, tensor<?x?xindex>
}

// -----

// A static slice of a splat is a smaller splat; dynamic slices and dense sources stay.
// CHECK-LABEL: func @extract_slice_of_splat
//   CHECK-DAG:   %[[S:.*]] = arith.constant dense<42> : tensor<4x4xi32>
//   CHECK-DAG:   %[[F:.*]] = arith.constant dense<1.500000e+00> : tensor<2xf32>
//       CHECK:   %[[DYN:.*]] = tensor.extract_slice %{{.*}}[%arg0, 0] [%arg1, 4] [1, 1]
//       CHECK:   %[[DENSE:.*]] = tensor.extract_slice %{{.*}}[0] [2] [1]
//       CHECK:   return %[[S]], %[[DYN]], %[[F]], %[[DENSE]]
func.func @extract_slice_of_splat(%o: index, %n: index) -> (tensor<4x4xi32>, tensor<?x4xi32>, tensor<2xf32>, tensor<2xi32>) {
  %cst = arith.constant dense<42> : tensor<1024x1024xi32>
  %1 = tensor.extract_slice %cst[0, 0] [4, 4] [1, 1] : tensor<1024x1024xi32> to tensor<4x4xi32>
  %2 = tensor.extract_slice %cst[%o, 0] [%n, 4] [1, 1] : tensor<1024x1024xi32> to tensor<?x4xi32>
  %f = arith.constant dense<1.5> : tensor<8x8xf32>
  %3 = tensor.extract_slice %f[%o, 0] [1, 2] [1, 1] : tensor<8x8xf32> to tensor<2xf32>
  %d = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %4 = tensor.extract_slice %d[0] [2] [1] : tensor<4xi32> to tensor<2xi32>
  return %1, %2, %3, %4 : tensor<4x4xi32>, tensor<?x4xi32>, tensor<2xf32>, tensor<2xi32>
}
