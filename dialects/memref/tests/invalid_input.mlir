func.func @m(%n: index, %i: index, %v: f32, %src: memref<?xf32>, %f: f32) {
  %0 = memref.alloc(%n, %n) : memref<?x4xf32>
  return
}
// -----
func.func @m(%n: index, %i: index, %v: f32, %src: memref<?xf32>, %f: f32) {
  %0 = memref.load %src[%i, %i] : memref<?xf32>
  return
}
// -----
func.func @m(%n: index, %i: index, %v: f32, %src: memref<?xf32>, %f: f32) {
  memref.store %v, %src[%i, %i] : memref<?xf32>
  return
}
// -----
func.func @m(%n: index, %i: index, %v: f32, %src: memref<?xf32>, %f: f32) {
  %0 = memref.cast %src : memref<?xf32> to memref<?xi32>
  return
}
// -----
func.func @m(%n: index, %i: index, %v: f32, %src: memref<?xf32>, %f: f32) {
  %0 = memref.cast %src : memref<?xf32> to memref<?x?xf32>
  return
}
// -----
func.func @m(%n: index, %i: index, %v: f32, %src: memref<4xf32>, %f: f32) {
  %0 = memref.cast %src : memref<4xf32> to memref<5xf32>
  return
}
// -----
func.func @m(%n: index, %i: index, %v: f32, %src: memref<?xf32>, %d: memref<?xi32>) {
  memref.copy %src, %d : memref<?xf32> to memref<?xi32>
  return
}
// -----
func.func @m(%n: index, %i: index, %v: f32, %src: memref<4xf32>, %d: memref<5xf32>) {
  memref.copy %src, %d : memref<4xf32> to memref<5xf32>
  return
}
// -----
func.func @m(%n: index, %i: index, %v: f32, %src: memref<8xf32>, %f: f32) {
  %0 = memref.reinterpret_cast %src to offset: [0], sizes: [2, 4], strides: [4, 1] : memref<8xf32> to memref<2x5xf32>
  return
}
// -----
func.func @m(%n: index, %i: index, %v: f32, %src: memref<8xf32>, %f: f32) {
  %0 = memref.reinterpret_cast %src to offset: [0], sizes: [2, 4], strides: [4, 1] : memref<8xf32> to memref<2x4xi32>
  return
}
// -----
func.func @m(%n: index, %i: index, %v: f32, %src: memref<8xf32>, %f: f32) {
  %0 = memref.reinterpret_cast %src to offset: [1], sizes: [2, 4], strides: [4, 1] : memref<8xf32> to memref<2x4xf32>
  return
}
// -----
func.func @m(%n: index, %i: index, %v: f32, %src: memref<8xf32>, %f: f32) {
  %0 = memref.reinterpret_cast %src to offset: [0], sizes: [2, 4], strides: [5, 1] : memref<8xf32> to memref<2x4xf32>
  return
}
// -----
func.func @m(%n: index, %i: index, %v: f32, %src: memref<8xf32>, %f: f32) {
  %0 = memref.reinterpret_cast %src to offset: [0], sizes: [8], strides: [1] : memref<8xf32> to memref<2x4xf32>
  return
}
// -----
func.func @m(%n: index, %i: index, %v: f32, %src: memref<8x4xf32>, %f: f32) {
  %0 = memref.subview %src[0, 0][2, 2][1, 1] : memref<8x4xf32> to memref<2x2xf32>
  return
}
// -----
func.func @m(%n: index, %i: index, %v: f32, %src: memref<8x4xf32>, %f: f32) {
  %0 = memref.subview %src[0][2, 2][1, 1] : memref<8x4xf32> to memref<2x2xf32, strided<[4, 1]>>
  return
}
// -----
func.func @m(%n: index, %i: index, %v: f32, %src: memref<8x4xf32>, %f: f32) {
  %0 = memref.subview %src[0, 0][2, 2][1, 1] : memref<8x4xf32> to memref<2x3xf32, strided<[4, 1]>>
  return
}
// -----
func.func @m(%n: index, %i: index, %v: f32, %src: memref<8x4xf32>, %f: f32) {
  %0 = memref.subview %src[0, 0][2, 2][1, 1] : memref<8x4xf32> to memref<2x2xi32, strided<[4, 1]>>
  return
}
// -----
memref.global @g : memref<?xf32>
// -----
memref.global @g : memref<2xf32> = dense<1.0> {alignment = 3 : i64}
// -----
memref.global @g : memref<2xf32>
func.func @m() {
  %0 = memref.get_global @g : memref<3xf32>
  return
}
// -----
func.func @m() {
  %0 = memref.get_global @nope : memref<3xf32>
  return
}
// -----
func.func @m(%src: f32) {
  memref.dealloc %src : f32
  return
}
// -----
func.func @m(%src: memref<4xf32>, %f: f64, %i: index) {
  memref.store %f, %src[%i] : memref<4xf32>
  return
}
// -----
func.func @m(%src: memref<4xf32>, %f: f64, %i: index) {
  %0 = "memref.load"(%src, %i) : (memref<4xf32>, index) -> f64
  return
}
// -----
func.func @m(%n: index) {
  %0 = memref.alloc() : memref<4x?xf32>
  return
}
// -----
func.func @m(%n: index) {
  %0 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> tensor<4xf32>
  return
}
// -----
func.func @m(%src: memref<8x4xf32>) {
  %0 = memref.subview %src[0][2][1] : memref<8x4xf32> to memref<2xf32>
  return
}
// -----
func.func @m(%src: memref<8xf32>) {
  %0 = memref.reinterpret_cast %src to offset: [0, 0], sizes: [8], strides: [1] : memref<8xf32> to memref<8xf32>
  return
}
// -----
func.func @m(%src: memref<8xf32>) {
  %0 = memref.reinterpret_cast %src to offset: [0], sizes: [8], strides: [1, 1] : memref<8xf32> to memref<8xf32>
  return
}
// -----
func.func @m(%src: memref<8xf32>, %i: index) {
  %0 = memref.reinterpret_cast %src to offset: [%i], sizes: [8], strides: [1] : memref<8xf32> to memref<8xf32>
  return
}
// -----
func.func @m(%src: memref<8xf32>, %i: index) {
  %0 = memref.reinterpret_cast %src to offset: [0], sizes: [%i], strides: [1] : memref<8xf32> to memref<8xf32>
  return
}
// -----
func.func @m(%src: memref<8x4xf32>) {
  %0 = memref.subview %src[0, 0][2, 2][1, 1] : memref<8x4xf32> to memref<2x2xf32, strided<[4, 1]>, 1>
  return
}
// -----
func.func @m(%src: memref<8xf32>, %s: memref<2x1xindex>) {
  %0 = memref.reshape %src(%s) : (memref<8xf32>, memref<2x1xindex>) -> memref<2x4xf32>
  return
}
// -----
func.func @m(%src: memref<8xf32>, %s: memref<2xindex>) {
  %0 = memref.reshape %src(%s) : (memref<8xf32>, memref<2xindex>) -> memref<2x4xi32>
  return
}
// -----
func.func @m(%src: memref<8xf32>, %s: memref<?xindex>) {
  %0 = memref.reshape %src(%s) : (memref<8xf32>, memref<?xindex>) -> memref<2x4xf32>
  return
}
// -----
func.func @m(%src: memref<8xf32>, %s: memref<3xindex>) {
  %0 = memref.reshape %src(%s) : (memref<8xf32>, memref<3xindex>) -> memref<2x4xf32>
  return
}
// -----
func.func @m(%src: memref<8xf32>) {
  %0 = "memref.rank"(%src) : (memref<8xf32>) -> i64
  return
}
// -----
func.func @m(%src: tensor<8xf32>) {
  %0 = "memref.rank"(%src) : (tensor<8xf32>) -> index
  return
}
