module {
  memref.global "private" constant @cst : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]>
  memref.global @g : memref<4xi32> = uninitialized
  memref.global "private" @h : memref<f32> = dense<0.000000e+00> {alignment = 64 : i64}
  memref.global @ext : memref<3xf32>
  func.func @m(%arg0: index, %arg1: index, %arg2: f32, %arg3: memref<?xf32>) {
    %alloc = memref.alloc(%arg0) : memref<?x4xf32>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    %alloca = memref.alloca(%arg0) : memref<?xf32>
    %0 = memref.load %alloc[%arg1, %arg1] : memref<?x4xf32>
    memref.store %arg2, %alloc[%arg1, %arg1] : memref<?x4xf32>
    memref.store %arg2, %alloc[%arg1, %arg1] {nontemporal = true} : memref<?x4xf32>
    memref.copy %alloca, %arg3 : memref<?xf32> to memref<?xf32>
    %dim = memref.dim %alloc, %arg1 : memref<?x4xf32>
    %cast = memref.cast %alloc : memref<?x4xf32> to memref<?x?xf32>
    %cast_1 = memref.cast %alloc : memref<?x4xf32> to memref<*xf32>
    %subview = memref.subview %alloc[0, 1] [2, 2] [1, 1] : memref<?x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 1>>
    %subview_2 = memref.subview %alloc_0[%arg1] [4] [2] : memref<8xf32> to memref<4xf32, strided<[2], offset: ?>>
    %reinterpret_cast = memref.reinterpret_cast %alloc_0 to offset: [0], sizes: [2, 4], strides: [4, 1] : memref<8xf32> to memref<2x4xf32>
    %reinterpret_cast_3 = memref.reinterpret_cast %arg3 to offset: [%arg1], sizes: [%arg0], strides: [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
    %1 = memref.get_global @cst : memref<2xf32>
    memref.dealloc %alloc : memref<?x4xf32>
    %alloca_4 = memref.alloca() : memref<f32>
    %2 = memref.load %alloca_4[] : memref<f32>
    return
  }
  func.func @more(%arg0: memref<8x4xf32, strided<[4, 1], offset: ?>>, %arg1: memref<*xf32>, %arg2: index, %arg3: memref<4xf32, 1>) {
    %subview = memref.subview %arg0[%arg2, 0] [1, 4] [1, 1] : memref<8x4xf32, strided<[4, 1], offset: ?>> to memref<4xf32, strided<[1], offset: ?>>
    %cast = memref.cast %arg1 : memref<*xf32> to memref<4xf32>
    %subview_0 = memref.subview %arg3[1] [2] [1] : memref<4xf32, 1> to memref<2xf32, strided<[1], offset: 1>, 1>
    %0 = memref.load %arg0[%arg2, %arg2] {nontemporal = true} : memref<8x4xf32, strided<[4, 1], offset: ?>>
    return
  }
}

