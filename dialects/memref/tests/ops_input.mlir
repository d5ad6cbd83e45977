memref.global "private" constant @cst : memref<2xf32> = dense<[1.0, 2.0]>
memref.global @g : memref<4xi32> = uninitialized
memref.global "private" @h : memref<f32> = dense<0.0> {alignment = 64 : i64}
memref.global @ext : memref<3xf32>
func.func @m(%n: index, %i: index, %v: f32, %src: memref<?xf32>) {
  %0 = memref.alloc(%n) : memref<?x4xf32>
  %1 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
  %2 = memref.alloca(%n) : memref<?xf32>
  %3 = memref.load %0[%i, %i] : memref<?x4xf32>
  memref.store %v, %0[%i, %i] : memref<?x4xf32>
  memref.store %v, %0[%i, %i] {nontemporal = true} : memref<?x4xf32>
  memref.copy %2, %src : memref<?xf32> to memref<?xf32>
  %4 = memref.dim %0, %i : memref<?x4xf32>
  %5 = memref.cast %0 : memref<?x4xf32> to memref<?x?xf32>
  %6 = memref.cast %0 : memref<?x4xf32> to memref<*xf32>
  %7 = memref.subview %0[0, 1][2, 2][1, 1] : memref<?x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 1>>
  %8 = memref.subview %1[%i][4][2] : memref<8xf32> to memref<4xf32, strided<[2], offset: ?>>
  %9 = memref.reinterpret_cast %1 to offset: [0], sizes: [2, 4], strides: [4, 1] : memref<8xf32> to memref<2x4xf32>
  %10 = memref.reinterpret_cast %src to offset: [%i], sizes: [%n], strides: [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
  %11 = memref.get_global @cst : memref<2xf32>
  memref.dealloc %0 : memref<?x4xf32>
  %12 = memref.alloca() : memref<f32>
  %13 = memref.load %12[] : memref<f32>
  return
}
func.func @more(%m: memref<8x4xf32, strided<[4, 1], offset: ?>>, %u: memref<*xf32>, %i: index, %sp: memref<4xf32, 1>) {
  %0 = memref.subview %m[%i, 0] [1, 4] [1, 1] : memref<8x4xf32, strided<[4, 1], offset: ?>> to memref<4xf32, strided<[1], offset: ?>>
  %1 = memref.cast %u : memref<*xf32> to memref<4xf32>
  %2 = memref.subview %sp[1] [2] [1] : memref<4xf32, 1> to memref<2xf32, strided<[1], offset: 1>, 1>
  %3 = memref.load %m[%i, %i] {nontemporal = true} : memref<8x4xf32, strided<[4, 1], offset: ?>>
  return
}
