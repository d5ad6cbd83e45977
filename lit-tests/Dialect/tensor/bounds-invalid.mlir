// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

// Static slice offsets must lie inside the source, even for an empty slice; collapse groups
// must not be empty. Upstream MLIR 22's messages.

func.func @extract_slice_offset_at_end(%a: tensor<10xf32>) {
  // expected-error @+1 {{offset 0 is out-of-bounds: 10 >= 10}}
  %0 = tensor.extract_slice %a [10][1][1] : tensor<10xf32> to tensor<1xf32>
  return
}

// -----

func.func @empty_slice_offset_at_end(%a: tensor<4x10xf32>) {
  // expected-error @+1 {{offset 1 is out-of-bounds: 10 >= 10}}
  %0 = tensor.extract_slice %a [0, 10][4, 0][1, 1] : tensor<4x10xf32> to tensor<4x0xf32>
  return
}

// -----

func.func @insert_slice_offset_at_end(%a: tensor<1xf32>, %b: tensor<10xf32>) {
  // expected-error @+1 {{offset 0 is out-of-bounds: 10 >= 10}}
  %0 = tensor.insert_slice %a into %b [10][1][1] : tensor<1xf32> into tensor<10xf32>
  return
}

// -----

// In bounds: an empty slice inside the source, and dynamic offsets.
func.func @slices_in_bounds(%a: tensor<10xf32>, %o: index) {
  %0 = tensor.extract_slice %a [9][0][1] : tensor<10xf32> to tensor<0xf32>
  %1 = tensor.extract_slice %a [%o][4][1] : tensor<10xf32> to tensor<4xf32>
  %2 = tensor.extract_slice %a [9][1][1] : tensor<10xf32> to tensor<1xf32>
  return
}

// -----

func.func @collapse_empty_group(%a: tensor<1x?xf32>) -> tensor<?x10xf32> {
  // expected-error @+1 {{'tensor.collapse_shape' op reassociation indices must not be empty}}
  %0 = tensor.collapse_shape %a [[0, 1], []] : tensor<1x?xf32> into tensor<?x10xf32>
  return %0 : tensor<?x10xf32>
}
