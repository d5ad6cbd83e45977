func.func @t(%n: index, %i: index, %f: f32, %t: tensor<?x4xf32>) {
  %0 = tensor.empty() : tensor<?x4xf32>
  return
}
// -----
func.func @t(%n: index, %i: index, %f: f32, %t: tensor<?x4xf32>) {
  %0 = tensor.extract %t[%i] : tensor<?x4xf32>
  return
}
// -----
func.func @t(%n: index, %i: index, %f: f32, %t: tensor<?x4xf32>) {
  %0 = tensor.insert %f into %t[%i] : tensor<?x4xf32>
  return
}
// -----
func.func @t(%n: index, %i: index, %f: f32, %t: tensor<?x4xf32>) {
  %0 = tensor.extract_slice %t[0, 0] [2, 2] [1, 1] : tensor<?x4xf32> to tensor<2x3xf32>
  return
}
// -----
func.func @t(%n: index, %i: index, %f: f32, %t: tensor<?x4xf32>) {
  %0 = tensor.extract_slice %t[0] [2] [1] : tensor<?x4xf32> to tensor<2xf32>
  return
}
// -----
func.func @t(%n: index, %i: index, %f: f32, %t: tensor<?x4xf32>, %s: tensor<2x3xf32>) {
  %0 = tensor.insert_slice %s into %t[0, 0] [2, 2] [1, 1] : tensor<2x3xf32> into tensor<?x4xf32>
  return
}
// -----
func.func @t(%n: index, %i: index, %f: f32, %t: tensor<?x4xf32>) {
  %0 = tensor.from_elements %f : tensor<2xf32>
  return
}
// -----
func.func @t(%n: index, %i: index, %f: f32, %t: tensor<?x4xf32>) {
  %0 = tensor.cast %t : tensor<?x4xf32> to tensor<?x5xf32>
  return
}
// -----
func.func @t(%n: index, %i: index, %f: f32, %t: tensor<?x4xf32>) {
  %0 = tensor.cast %t : tensor<?x4xf32> to tensor<?x4xi32>
  return
}
// -----
func.func @t(%n: index, %i: index, %f: f32, %t: tensor<?x4xf32>) {
  %0 = tensor.generate %n, %n {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f32
  } : tensor<?x4xf32>
  return
}
// -----
func.func @t(%n: index, %i: index, %f: f32, %t: tensor<?x4xf32>) {
  %0 = tensor.generate %n {
  ^bb0(%a: index):
    tensor.yield %f : f32
  } : tensor<?x4xf32>
  return
}
// -----
func.func @t(%n: index, %i: index, %f: f32, %t: tensor<?x4xf32>) {
  %0 = tensor.generate %n {
  ^bb0(%a: index, %b: index):
    tensor.yield %i : index
  } : tensor<?x4xf32>
  return
}
// -----
func.func @t(%n: index, %i: index, %f: f32, %t: tensor<?x4xf32>) {
  %0 = tensor.dim %f, %i : f32
  return
}
// -----
func.func @t(%n: index, %i: index, %f: f32, %t: tensor<?x4xf32>) {
  tensor.yield %f : f32
}
// -----
func.func @t(%n: index, %i: index, %f: f32, %t: tensor<?x4xf32>) {
  %0 = "tensor.extract"(%t, %i, %i) : (tensor<?x4xf32>, index, index) -> f64
  return
}
// -----
func.func @t(%n: index, %i: index, %f: f32, %t: tensor<?x4xf32>) {
  %0 = tensor.extract_slice %t[0, 0] [2, 2] [1, 1] : tensor<?x4xf32> to tensor<2x2xi32>
  return
}
// -----
func.func @t(%n: index, %i: index, %f: f32, %t: tensor<?x4xf32>) {
  %0 = tensor.extract_slice %t[0, 0] [%i, 2] [1, 1] : tensor<?x4xf32> to tensor<3x2xf32>
  return
}
// -----
func.func @t(%n: index, %i: index, %f: f32, %t: tensor<?x4xf32>) {
  %0 = "tensor.empty"() : () -> memref<4xf32>
  return
}
// -----
func.func @t(%src: tensor<8xf32>, %s: tensor<2x1xindex>) {
  %0 = tensor.reshape %src(%s) : (tensor<8xf32>, tensor<2x1xindex>) -> tensor<2x4xf32>
  return
}
// -----
func.func @t(%src: tensor<8xf32>, %s: tensor<2xindex>) {
  %0 = tensor.reshape %src(%s) : (tensor<8xf32>, tensor<2xindex>) -> tensor<2x4xi32>
  return
}
// -----
func.func @t(%src: tensor<?xf32>, %s: tensor<?xindex>) {
  %0 = tensor.reshape %src(%s) : (tensor<?xf32>, tensor<?xindex>) -> tensor<2x4xf32>
  return
}
// -----
func.func @t(%src: tensor<?xf32>, %s: tensor<3xindex>) {
  %0 = tensor.reshape %src(%s) : (tensor<?xf32>, tensor<3xindex>) -> tensor<2x4xf32>
  return
}
// -----
func.func @t(%src: tensor<8xf32>) {
  %0 = "tensor.rank"(%src) : (tensor<8xf32>) -> i64
  return
}
// -----
func.func @t(%src: memref<8xf32>) {
  %0 = "tensor.rank"(%src) : (memref<8xf32>) -> index
  return
}
