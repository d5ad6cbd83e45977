func.func @t(%n: index, %i: index, %f: f32, %t: tensor<?x4xf32>, %s: tensor<2x2xf32>) {
  %0 = tensor.empty(%n) : tensor<?x4xf32>
  %1 = tensor.empty() : tensor<2x3xf32>
  %2 = tensor.extract %t[%i, %i] : tensor<?x4xf32>
  %3 = tensor.insert %f into %t[%i, %i] : tensor<?x4xf32>
  %4 = tensor.extract_slice %t[0, 1] [2, 2] [1, 1] : tensor<?x4xf32> to tensor<2x2xf32>
  %5 = tensor.extract_slice %t[%i, 0] [1, 4] [1, 1] : tensor<?x4xf32> to tensor<4xf32>
  %6 = tensor.insert_slice %s into %t[0, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<?x4xf32>
  %7 = tensor.dim %t, %i : tensor<?x4xf32>
  %8 = tensor.from_elements %f, %f : tensor<2xf32>
  %9 = tensor.cast %t : tensor<?x4xf32> to tensor<?x?xf32>
  %10 = tensor.generate %n {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f32
  } : tensor<?x4xf32>
  %11 = tensor.from_elements %f : tensor<f32>
  %12 = tensor.extract %11[] : tensor<f32>
  %13 = tensor.cast %t : tensor<?x4xf32> to tensor<*xf32>
  return
}
