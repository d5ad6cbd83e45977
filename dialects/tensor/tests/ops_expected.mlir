module {
  func.func @t(%arg0: index, %arg1: index, %arg2: f32, %arg3: tensor<?x4xf32>, %arg4: tensor<2x2xf32>) {
    %0 = tensor.empty(%arg0) : tensor<?x4xf32>
    %1 = tensor.empty() : tensor<2x3xf32>
    %extracted = tensor.extract %arg3[%arg1, %arg1] : tensor<?x4xf32>
    %inserted = tensor.insert %arg2 into %arg3[%arg1, %arg1] : tensor<?x4xf32>
    %extracted_slice = tensor.extract_slice %arg3[0, 1] [2, 2] [1, 1] : tensor<?x4xf32> to tensor<2x2xf32>
    %extracted_slice_0 = tensor.extract_slice %arg3[%arg1, 0] [1, 4] [1, 1] : tensor<?x4xf32> to tensor<4xf32>
    %inserted_slice = tensor.insert_slice %arg4 into %arg3[0, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<?x4xf32>
    %dim = tensor.dim %arg3, %arg1 : tensor<?x4xf32>
    %from_elements = tensor.from_elements %arg2, %arg2 : tensor<2xf32>
    %cast = tensor.cast %arg3 : tensor<?x4xf32> to tensor<?x?xf32>
    %generated = tensor.generate %arg0 {
    ^bb0(%arg5: index, %arg6: index):
      tensor.yield %arg2 : f32
    } : tensor<?x4xf32>
    %from_elements_1 = tensor.from_elements %arg2 : tensor<f32>
    %extracted_2 = tensor.extract %from_elements_1[] : tensor<f32>
    %cast_3 = tensor.cast %arg3 : tensor<?x4xf32> to tensor<*xf32>
    return
  }
}

