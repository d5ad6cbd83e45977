// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

// Verifier messages of the memref reshaping and reallocation ops, as upstream's.

func.func @groups(%m: memref<4x5xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op invalid number of reassociation groups: found 1, expected 2}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x5xf32> into memref<4x5xf32>
  return
}

// -----

func.func @group_size(%m: memref<4x5xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op collapsed dim size (21) must equal reassociation group size (20)}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x5xf32> into memref<21xf32>
  return
}

// -----

func.func @non_contiguous(%m: memref<4x5xf32, strided<[10, 1]>>) {
  // expected-error@+1 {{invalid source layout map or collapsing non-contiguous dims}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x5xf32, strided<[10, 1]>> into memref<20xf32, strided<[1]>>
  return
}

// -----

func.func @expanded_layout(%m: memref<20xf32, strided<[3]>>) {
  // expected-error@+1 {{expected expanded type to be 'memref<4x5xf32, strided<[15, 3]>>' but found 'memref<4x5xf32>'}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [4, 5] : memref<20xf32, strided<[3]>> into memref<4x5xf32>
  return
}

// -----

func.func @output_shape(%m: memref<20xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op invalid output shape provided at pos 1}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [4, 6] : memref<20xf32> into memref<4x5xf32>
  return
}

// -----

func.func @reshape_layout(%m: memref<4x4xf32, strided<[8, 1]>>, %s: memref<1xindex>) {
  // expected-error@+1 {{'memref.reshape' op source memref type should have identity affine map}}
  %0 = memref.reshape %m(%s) : (memref<4x4xf32, strided<[8, 1]>>, memref<1xindex>) -> memref<16xf32>
  return
}

// -----

func.func @view_sizes(%b: memref<64xi8>, %o: index) {
  // expected-error@+1 {{'memref.view' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = memref.view %b[%o][] : memref<64xi8> to memref<?xf32>
  return
}

// -----

func.func @realloc_size(%m: memref<4xf32>) {
  // expected-error@+1 {{missing dimension operand for result type 'memref<?xf32>'}}
  %0 = memref.realloc %m : memref<4xf32> to memref<?xf32>
  return
}

// -----

func.func @realloc_alignment(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.realloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = memref.realloc %m {alignment = 6} : memref<4xf32> to memref<8xf32>
  return
}

// -----

func.func @load_alignment(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.load' op attribute 'alignment' failed to satisfy constraint}}
  %0 = memref.load %m[%i] {alignment = 3} : memref<4xf32>
  return
}

// -----

func.func @assume(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.assume_alignment' op alignment must be power of 2}}
  %0 = memref.assume_alignment %m, 6 : memref<4xf32>
  return
}

// -----

func.func @rank_of_scalar(%v: f32) {
  // expected-error@+1 {{'memref.rank' op operand #0 must be ranked or unranked memref of any type values, but got 'f32'}}
  %0 = "memref.rank"(%v) : (f32) -> index
  return
}

// -----

func.func @distinct(%a: memref<?xf32>) {
  // expected-error@+1 {{'memref.distinct_objects' op operand types and result types must match}}
  %0 = "memref.distinct_objects"(%a) : (memref<?xf32>) -> memref<?xi32>
  return
}
