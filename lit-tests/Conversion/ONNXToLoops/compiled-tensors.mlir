// UNSUPPORTED: upstream-as-flowgate
// RUN: %onnx-opt %s -split-input-file -convert-onnx-to-loops | FileCheck %s
// RUN: %onnx-opt %s -split-input-file -convert-onnx-to-loops="compiled-tensors=false" | FileCheck %s --check-prefix=OFF

// The compiled-tensor tier: tensors of static shape are memrefs (buffers allocated once at
// function entry, freed before the return), their elementwise ops loop nests. A chain whose
// intermediates have one use is one nest with no intermediate buffer (fusion); a rank-0 operand
// is a register read once. Handles cross into buffers (flowgate_rt_read_buffer) and back
// (flowgate_rt_from_buffer) explicitly. With the tier off, every op is a runtime call.

// CHECK-LABEL: func.func @chain(
// CHECK-SAME:      %[[X:[^:]*]]: !llvm.ptr, %[[Y:[^:]*]]: !llvm.ptr, %[[S:[^:]*]]: !llvm.ptr)
// CHECK:         %[[OUT:.*]] = memref.alloc() : memref<4xf32>
// CHECK:         %[[BY:.*]] = memref.alloc() : memref<4xf32>
// CHECK:         %[[BX:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NOT:     memref.alloc
// CHECK:         %[[PY:.*]] = memref.extract_aligned_pointer_as_index %[[BY]]
// CHECK:         %[[AY:.*]] = arith.index_cast %[[PY]] : index to i64
// CHECK:         call @flowgate_rt_read_buffer(%{{.*}}, %[[Y]], %[[AY]], %c1_i32{{.*}}, %c4_i64{{.*}})
// CHECK:         call @flowgate_rt_read_buffer(%{{.*}}, %[[X]], %{{.*}}, %c1_i32{{.*}}, %c4_i64{{.*}})
// CHECK:         %[[SC:.*]] = call @flowgate_rt_unbox_f32(%{{.*}}, %[[S]])
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %c4 step
// CHECK-NEXT:      %[[A:.*]] = memref.load %[[BX]][%[[I]]] : memref<4xf32>
// CHECK-NEXT:      %[[B:.*]] = memref.load %[[BY]][%[[I]]] : memref<4xf32>
// CHECK-NEXT:      %[[SUM:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:      %[[T:.*]] = math.exp %[[SUM]] : f32
// CHECK-NEXT:      %[[M:.*]] = arith.mulf %[[T]], %[[SC]] : f32
// CHECK-NEXT:      memref.store %[[M]], %[[OUT]][%[[I]]] : memref<4xf32>
// CHECK-NEXT:    }
// CHECK:         %[[PO:.*]] = memref.extract_aligned_pointer_as_index %[[OUT]]
// CHECK:         %[[AO:.*]] = arith.index_cast %[[PO]] : index to i64
// CHECK:         %[[H:.*]] = call @flowgate_rt_from_buffer(%{{.*}}, %[[AO]], %c1_i32{{.*}}, %{{.*}})
// CHECK-DAG:     memref.dealloc %[[BX]]
// CHECK-DAG:     memref.dealloc %[[BY]]
// CHECK-DAG:     memref.dealloc %[[OUT]]
// CHECK:         return %[[H]] : !llvm.ptr

// OFF-LABEL:   func.func @chain(
// OFF-NOT:       memref.alloc
// OFF:           call @flowgate_rt_binary(
// OFF:           call @flowgate_rt_unary(
// OFF:           call @flowgate_rt_binary(
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @chain(%x: tensor<4xf32>, %y: tensor<4xf32>, %s: tensor<f32>) -> tensor<4xf32> {
    %a = "onnx.Add"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %t = "onnx.Exp"(%a) : (tensor<4xf32>) -> tensor<4xf32>
    %m = "onnx.Mul"(%t, %s) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    return %m : tensor<4xf32>
  }
}

// -----

// Broadcasting: one loop per result dimension; an operand's dimension of size 1 (or a missing
// leading one) is read at index 0.

// CHECK-LABEL: func.func @broadcast(
// CHECK:         %[[OUT:.*]] = memref.alloc() : memref<2x3xf32>
// CHECK:         %[[C:.*]] = memref.alloc() : memref<2x1xf32>
// CHECK:         %[[B:.*]] = memref.alloc() : memref<3xf32>
// CHECK:         %[[X:.*]] = memref.alloc() : memref<2x3xf32>
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         scf.for %[[I:.*]] = %[[C0]] to %c2 step
// CHECK:           scf.for %[[J:.*]] = %[[C0]] to %c3 step
// CHECK-NEXT:        %[[XV:.*]] = memref.load %[[X]][%[[I]], %[[J]]] : memref<2x3xf32>
// CHECK-NEXT:        %[[BV:.*]] = memref.load %[[B]][%[[J]]] : memref<3xf32>
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[XV]], %[[BV]] : f32
// CHECK-NEXT:        %[[CV:.*]] = memref.load %[[C]][%[[I]], %[[C0]]] : memref<2x1xf32>
// CHECK-NEXT:        %[[D:.*]] = arith.subf %[[S]], %[[CV]] : f32
// CHECK-NEXT:        memref.store %[[D]], %[[OUT]][%[[I]], %[[J]]] : memref<2x3xf32>
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @broadcast(%x: tensor<2x3xf32>, %b: tensor<3xf32>, %c: tensor<2x1xf32>) -> tensor<2x3xf32> {
    %a = "onnx.Add"(%x, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %m = "onnx.Sub"(%a, %c) : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
    return %m : tensor<2x3xf32>
  }
}

// -----

// Comparison, Where and Cast. The comparison has two uses, so it gets a buffer of its own
// (i1 elements) and its own nest; Where and Cast fuse. A dimension of size 1 has no loop.

// CHECK-LABEL: func.func @select(
// CHECK:         %[[OUT:.*]] = memref.alloc() : memref<1x8xi32>
// CHECK:         %[[CB:.*]] = memref.alloc() : memref<1x8xi1>
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         scf.for %[[I:.*]] = %[[C0]] to %c8 step
// CHECK:           %[[LT:.*]] = arith.cmpf olt, %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:      memref.store %[[LT]], %[[CB]][%[[C0]], %[[I]]] : memref<1x8xi1>
// CHECK:         call @flowgate_rt_from_buffer(%{{.*}}, %{{.*}}, %c9_i32, %{{.*}})
// CHECK:         scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT:      %[[CV:.*]] = memref.load %[[CB]][%{{.*}}, %[[J]]] : memref<1x8xi1>
// CHECK-NEXT:      %[[XV:.*]] = memref.load
// CHECK-NEXT:      %[[YV:.*]] = memref.load
// CHECK-NEXT:      %[[W:.*]] = arith.select %[[CV]], %[[XV]], %[[YV]] : f32
// CHECK-NEXT:      arith.fptosi %[[W]] : f32 to i32
// CHECK:           memref.store %{{.*}}, %[[OUT]][%{{.*}}, %[[J]]] : memref<1x8xi32>
// CHECK:         call @flowgate_rt_from_buffer(%{{.*}}, %{{.*}}, %c6_i32, %{{.*}})
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @select(%x: tensor<1x8xf32>, %y: tensor<1x8xf32>) -> (tensor<1x8xi32>, tensor<1x8xi1>) {
    %c = "onnx.Less"(%x, %y) : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xi1>
    %w = "onnx.Where"(%c, %x, %y) : (tensor<1x8xi1>, tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
    %i = "onnx.Cast"(%w) {to = 6 : i64} : (tensor<1x8xf32>) -> tensor<1x8xi32>
    return %i, %c : tensor<1x8xi32>, tensor<1x8xi1>
  }
}

// -----

// A loop-carried tensor of fixed shape: the body reads the iteration argument and writes the
// new value into the buffer of the op that makes it, then the yield copies it into the loop's
// own buffer (element by element: a memref.copy is a memmove call, which costs more than a
// few elements). Nothing allocates or calls inside the loop; the first trip reads the init in
// place. A single-element buffer is carried as its element (`promote.rs`): the loop carries an
// f32, each load of a value stored earlier in the block is that value, and the final value is
// stored into the loop's buffer after the loop, and only there: nothing in the loop reads that
// buffer any more, so the stores the yield made into it each trip are gone.

// CHECK-LABEL: func.func @carried(
// CHECK:         %[[LOOPBUF:.*]] = memref.alloc() : memref<1xf32>
// CHECK:         %[[NEW:.*]] = memref.alloc() : memref<1xf32>
// CHECK:         %[[INIT:.*]] = memref.alloc() : memref<1xf32>
// CHECK:         call @flowgate_rt_read_buffer(
// CHECK:         %[[FIRST:.*]] = memref.load %[[INIT]][
// CHECK-NEXT:    %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %[[FIRST]]) -> (f32) {
// CHECK-NOT:       memref.alloc
// CHECK-NOT:       call
// CHECK:           %[[SUM:.*]] = arith.addf %[[A]], %{{.*}} : f32
// CHECK-NEXT:      memref.store %[[SUM]], %[[NEW]][
// CHECK-NOT:       memref.load
// CHECK-NOT:       %[[LOOPBUF]]
// CHECK:           scf.yield %[[SUM]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.store %[[R]], %[[LOOPBUF]][
// CHECK:         memref.extract_aligned_pointer_as_index %[[LOOPBUF]]
// CHECK:         call @flowgate_rt_from_buffer(

// OFF-LABEL:   func.func @carried(
// OFF:           scf.for {{.*}} -> (!llvm.ptr) {
// OFF:             func.call @flowgate_rt_binary(
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @carried(%x: tensor<1xf32>, %n: tensor<i64>) -> tensor<1xf32> {
    %m = tensor.extract %n[] : tensor<i64>
    %ub = arith.index_cast %m : i64 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %ub step %c1 iter_args(%a = %x) -> (tensor<1xf32>) {
      %2 = "onnx.Add"(%a, %x) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
      scf.yield %2 : tensor<1xf32>
    }
    return %r : tensor<1xf32>
  }
}

// -----

// Two carried buffers where one position yields the other's iteration argument (a swap): the
// value that may alias a loop buffer goes through a temporary first, so no copy overwrites a
// value a later copy reads.

// CHECK-LABEL: func.func @swap(
// CHECK:         %[[BUF1:.*]] = memref.alloc() : memref<2xf32>
// CHECK:         %[[BUF0:.*]] = memref.alloc() : memref<2xf32>
// CHECK:         %[[TMP:.*]] = memref.alloc() : memref<2xf32>
// CHECK:         scf.for {{.*}} iter_args(%[[A:.*]] = %{{.*}}, %[[B:.*]] = %{{.*}}) -> (memref<2xf32>, memref<2xf32>) {
// CHECK:             memref.store %{{.*}}, %[[SUM:[a-z_0-9]*]][
// CHECK:             %[[X0:.*]] = memref.load %[[A]][
// CHECK-NEXT:        memref.store %[[X0]], %[[TMP]][
// CHECK:             %[[X1:.*]] = memref.load %[[SUM]][
// CHECK-NEXT:        memref.store %[[X1]], %[[BUF0]][
// CHECK:             %[[X2:.*]] = memref.load %[[TMP]][
// CHECK-NEXT:        memref.store %[[X2]], %[[BUF1]][
// CHECK:           scf.yield %[[BUF0]], %[[BUF1]] : memref<2xf32>, memref<2xf32>
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @swap(%x: tensor<2xf32>, %y: tensor<2xf32>, %n: tensor<i64>) -> (tensor<2xf32>, tensor<2xf32>) {
    %m = tensor.extract %n[] : tensor<i64>
    %ub = arith.index_cast %m : i64 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r:2 = scf.for %i = %c0 to %ub step %c1 iter_args(%a = %x, %b = %y) -> (tensor<2xf32>, tensor<2xf32>) {
      %s = "onnx.Add"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
      scf.yield %s, %a : tensor<2xf32>, tensor<2xf32>
    }
    return %r#0, %r#1 : tensor<2xf32>, tensor<2xf32>
  }
}

// -----

// A carried buffer written in place (`in_place.rs`): the body reads element k of the old value
// just before it writes element k of the new one, so the nest stores into the iteration
// argument's buffer and the loop yields it unchanged (no copy per trip). The init buffer is
// read in the body too (%x), so it is first copied, once, into a buffer of the loop's own.

// CHECK-LABEL: func.func @in_place(
// CHECK:         %[[OWN:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %[[XB:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NOT:     memref.alloc
// CHECK:         call @flowgate_rt_read_buffer(
// CHECK:         scf.for %[[K:.*]] =
// CHECK-NEXT:      %[[V:.*]] = memref.load %[[XB]][%[[K]]] : memref<4xf32>
// CHECK-NEXT:      memref.store %[[V]], %[[OWN]][%[[K]]] : memref<4xf32>
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %[[OWN]]) -> (memref<4xf32>) {
// CHECK:           scf.for %[[J:.*]] =
// CHECK-NEXT:        %[[OLD:.*]] = memref.load %[[A]][%[[J]]] : memref<4xf32>
// CHECK:             %[[NEW:.*]] = arith.addf
// CHECK-NEXT:        memref.store %[[NEW]], %[[A]][%[[J]]] : memref<4xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[A]] : memref<4xf32>
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @in_place(%x: tensor<4xf32>, %n: tensor<i64>) -> tensor<4xf32> {
    %m = tensor.extract %n[] : tensor<i64>
    %ub = arith.index_cast %m : i64 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %ub step %c1 iter_args(%a = %x) -> (tensor<4xf32>) {
      %h = "onnx.Mul"(%a, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %2 = "onnx.Add"(%h, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      scf.yield %2 : tensor<4xf32>
    }
    return %r : tensor<4xf32>
  }
}

// -----

// A carried value whose old value is read after the new one is written (here by a MatMul,
// which reads every element of the old value for each element it writes, after the Add
// that makes the new one) stays where it is made, and the yield copies it into the loop's
// buffer.

// CHECK-LABEL: func.func @not_in_place(
// CHECK:         scf.for %{{.*}} iter_args(%[[A:[a-z_0-9]*]] = %{{.*}}, %{{.*}} = %{{.*}}) -> (memref<2x2xf32>, memref<2x2xf32>) {
// CHECK:               memref.load %[[A]][
// CHECK:               memref.store %{{.*}}, %[[NEW:[a-z_0-9]*]][
// CHECK:             memref.load %[[A]][
// CHECK:               arith.mulf
// CHECK:             %[[X:.*]] = memref.load %[[NEW]][
// CHECK-NEXT:        memref.store %[[X]], %[[LOOPBUF:[a-z_0-9]*]][
// CHECK:           scf.yield %[[LOOPBUF]], %{{.*}} : memref<2x2xf32>, memref<2x2xf32>
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @not_in_place(%x: tensor<2x2xf32>, %n: tensor<i64>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
    %m = tensor.extract %n[] : tensor<i64>
    %ub = arith.index_cast %m : i64 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r:2 = scf.for %i = %c0 to %ub step %c1 iter_args(%a = %x, %p = %x) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
      %2 = "onnx.Add"(%a, %x) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
      %3 = "onnx.MatMul"(%a, %2) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
      scf.yield %2, %3 : tensor<2x2xf32>, tensor<2x2xf32>
    }
    return %r#0, %r#1 : tensor<2x2xf32>, tensor<2x2xf32>
  }
}

// -----

// The tier boundary: Softmax has no loop nest, so its operand crosses to a handle after the
// nest that makes it, and its result crosses back into a buffer for the next nest.

// CHECK-LABEL: func.func @boundary(
// CHECK:         scf.for
// CHECK:           arith.select
// CHECK:         %[[H:.*]] = call @flowgate_rt_from_buffer(
// CHECK:         %[[P:.*]] = call @flowgate_rt_softmax(%{{.*}}, %[[H]],
// CHECK-NEXT:    call @flowgate_rt_release(%[[H]])
// CHECK:         call @flowgate_rt_read_buffer(%{{.*}}, %[[P]],
// CHECK-NEXT:    call @flowgate_rt_release(%[[P]])
// CHECK:         scf.for
// CHECK:           math.exp
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @boundary(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
    %a = "onnx.Relu"(%x) : (tensor<1x4xf32>) -> tensor<1x4xf32>
    %p = "onnx.Softmax"(%a) {axis = 1 : i64} : (tensor<1x4xf32>) -> tensor<1x4xf32>
    %s = "onnx.Sigmoid"(%p) : (tensor<1x4xf32>) -> tensor<1x4xf32>
    return %s : tensor<1x4xf32>
  }
}

// -----

// A small MatMul is a nest in i, k, j order accumulating into its own buffer (zeroed first),
// k taken four rows of B at a time: the innermost loop's iterations are independent, where a
// reduction per element would wait on its add every step; each element is still summed from
// k = 0 up. It does not fuse into its
// user; its operand does not fuse into it (a MatMul reads each operand element many times), so
// Relu has a buffer. Add and Tanh fuse into one nest reading the MatMul's buffer; Tanh on f32
// is a rational approximation inline (scalar::tanh_f32), not a call.

// CHECK-LABEL: func.func @matmul(
// CHECK-DAG:     %[[OUT:.*]] = memref.alloc() : memref<1x4xf32>
// CHECK-DAG:     %[[MM:.*]] = memref.alloc() : memref<1x4xf32>
// CHECK-DAG:     %[[W:.*]] = memref.alloc() : memref<4x4xf32>
// CHECK:         scf.for
// CHECK:           arith.select
// CHECK:           memref.store %{{[0-9]+}}, %[[RELU:[a-z_0-9]+]][
// CHECK:         %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         scf.for %[[J0:[^ ]*]] = %[[C0:[^ ]*]] to %c4
// CHECK-NEXT:      memref.store %[[Z]], %[[MM]][%[[C0]], %[[J0]]]
// K = 4 is one block of four rows of B: the four elements of A are loaded once, and each
// output element is loaded, gets its four products added in k order, and is stored once.
// CHECK:         %[[A0:.*]] = memref.load %[[RELU]][%[[I:[0-9a-z_]+]], %[[K0:[0-9a-z_]+]]]
// CHECK-NEXT:    %[[A1:.*]] = memref.load %[[RELU]][%[[I]], %[[K1:[0-9a-z_]+]]]
// CHECK-NEXT:    %[[A2:.*]] = memref.load %[[RELU]][%[[I]], %[[K2:[0-9a-z_]+]]]
// CHECK-NEXT:    %[[A3:.*]] = memref.load %[[RELU]][%[[I]], %[[K3:[0-9a-z_]+]]]
// CHECK:         scf.for %[[J:[^ ]*]] = %{{.*}} to %c4
// CHECK-NEXT:      %[[ACC:.*]] = memref.load %[[MM]][%[[I]], %[[J]]]
// CHECK-NEXT:      %[[B0:.*]] = memref.load %[[W]][%[[K0]], %[[J]]]
// CHECK-NEXT:      %[[P0:.*]] = arith.mulf %[[A0]], %[[B0]] : f32
// CHECK-NEXT:      %[[N0:.*]] = arith.addf %[[ACC]], %[[P0]] : f32
// CHECK-NEXT:      %[[B1:.*]] = memref.load %[[W]][%[[K1]], %[[J]]]
// CHECK-NEXT:      %[[P1:.*]] = arith.mulf %[[A1]], %[[B1]] : f32
// CHECK-NEXT:      %[[N1:.*]] = arith.addf %[[N0]], %[[P1]] : f32
// CHECK-NEXT:      %[[B2:.*]] = memref.load %[[W]][%[[K2]], %[[J]]]
// CHECK-NEXT:      %[[P2:.*]] = arith.mulf %[[A2]], %[[B2]] : f32
// CHECK-NEXT:      %[[N2:.*]] = arith.addf %[[N1]], %[[P2]] : f32
// CHECK-NEXT:      %[[B3:.*]] = memref.load %[[W]][%[[K3]], %[[J]]]
// CHECK-NEXT:      %[[P3:.*]] = arith.mulf %[[A3]], %[[B3]] : f32
// CHECK-NEXT:      %[[N3:.*]] = arith.addf %[[N2]], %[[P3]] : f32
// CHECK-NEXT:      memref.store %[[N3]], %[[MM]][%[[I]], %[[J]]]
// CHECK:         scf.for %[[E:[^ ]*]] =
// CHECK:           memref.load %[[MM]][%{{.*}}, %[[E]]]
// CHECK-NOT:       math.tanh
// CHECK:           arith.divf
// CHECK:           arith.select
// CHECK:           memref.store %{{.*}}, %[[OUT]][%{{.*}}, %[[E]]]
// CHECK-NOT:     call @flowgate_rt_matmul
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @matmul(%x: tensor<1x4xf32>, %w: tensor<4x4xf32>, %b: tensor<4xf32>) -> tensor<1x4xf32> {
    %a = "onnx.Relu"(%x) : (tensor<1x4xf32>) -> tensor<1x4xf32>
    %p = "onnx.MatMul"(%a, %w) : (tensor<1x4xf32>, tensor<4x4xf32>) -> tensor<1x4xf32>
    %s = "onnx.Add"(%p, %b) : (tensor<1x4xf32>, tensor<4xf32>) -> tensor<1x4xf32>
    %t = "onnx.Tanh"(%s) : (tensor<1x4xf32>) -> tensor<1x4xf32>
    return %t : tensor<1x4xf32>
  }
}

// -----

// A Gather with a scalar index (a Scan input's slice) is copied by the runtime straight into a
// buffer: no tensor is allocated per step.

// CHECK-LABEL: func.func @slice(
// CHECK:         %[[BUF:.*]] = memref.alloc() : memref<1x8xf32>
// CHECK:         %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[BUF]]
// CHECK:         %[[A:.*]] = arith.index_cast %[[P]] : index to i64
// CHECK:         call @flowgate_rt_read_slice(%{{.*}}, %arg0, %c0_i64{{.*}}, %{{.*}}, %[[A]], %c1_i32{{.*}}, %c8_i64{{.*}})
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @slice(%x: tensor<100000x1x8xf32>, %i: tensor<i64>) -> tensor<1x8xf32> {
    %g = "onnx.Gather"(%x, %i) {axis = 0 : i64} : (tensor<100000x1x8xf32>, tensor<i64>) -> tensor<1x8xf32>
    %t = "onnx.Tanh"(%g) : (tensor<1x8xf32>) -> tensor<1x8xf32>
    return %t : tensor<1x8xf32>
  }
}

// -----

// Outside the tier: a dynamic dimension, or more elements than the tier holds, stays a handle.

// CHECK-LABEL: func.func @outside(
// CHECK-NOT:     memref.alloc
// CHECK:         call @flowgate_rt_binary(
// CHECK:         call @flowgate_rt_unary(
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @outside(%x: tensor<?x4xf32>, %y: tensor<300x300xf32>) -> (tensor<?x4xf32>, tensor<300x300xf32>) {
    %a = "onnx.Add"(%x, %x) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
    %b = "onnx.Neg"(%y) : (tensor<300x300xf32>) -> tensor<300x300xf32>
    return %a, %b : tensor<?x4xf32>, tensor<300x300xf32>
  }
}

// -----

// A stacked loop output (a Scan's, as convert-onnx-to-scf gives it: a sequence appended to
// once per trip of a loop of known trip count, stacked after it) is one buffer written in
// place: the op that makes the step's value stores it straight into row %i (its own buffer and
// the insert's copy are gone), the sequence passes through the loop untouched, and the stack
// crosses to a handle once, after the loop. A Gather along axis 0
// from a tensor defined outside the loop reads that tensor whole and copies each step's row
// with loads. Its index is the induction variable of a loop from 0 to 5, the tensor's length,
// so it is always in range: no check (the next case has one). Here the tensor is a function
// argument, alive for the whole call, so it is read in place: flowgate_rt_tensor_data lends
// its elements and memref.view types them, no copy.

// CHECK-LABEL: func.func @stack(
// CHECK-SAME:      %[[X:[^:]*]]: !llvm.ptr)
// CHECK-NEXT:    %[[STEP:.*]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT:    %[[STACK:.*]] = memref.alloc() : memref<5x2xf32>
// CHECK-NOT:     flowgate_rt_read_buffer
// CHECK:         %[[BYTES:.*]] = call @flowgate_rt_tensor_data(%{{.*}}, %[[X]], %c1_i32{{.*}}, %c10_i64) : (i32, !llvm.ptr, i32, i64) -> memref<?xi8>
// CHECK:         %[[WHOLE:.*]] = memref.view %[[BYTES]][%{{.*}}][] : memref<?xi8> to memref<5x2xf32>
// CHECK:         %[[SEQ:.*]] = call @flowgate_rt_seq_empty(
// CHECK:         %[[R:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[S:.*]] = %[[SEQ]]) -> (!llvm.ptr) {
// CHECK-NEXT:      %[[II:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NOT:       arith.cmpi
// CHECK-NOT:       scf.if
// CHECK:           %[[ROW:.*]] = arith.index_cast %[[II]] : i64 to index
// CHECK-NOT:       scf.if
// CHECK:           scf.for %[[J:.*]] =
// CHECK-NEXT:        %[[V:.*]] = memref.load %[[WHOLE]][%[[ROW]], %[[J]]] : memref<5x2xf32>
// CHECK-NEXT:        memref.store %[[V]], %[[STEP]][%[[J]]] : memref<2xf32>
// CHECK-NEXT:      }
// CHECK-NOT:       flowgate_rt_read_slice
// CHECK:           scf.for %[[K:.*]] =
// CHECK:             %[[W:.*]] = arith.addf
// CHECK-NEXT:        memref.store %[[W]], %[[STACK]][%[[I]], %[[K]]] : memref<5x2xf32>
// CHECK-NOT:         memref.load
// CHECK:           scf.yield %[[S]] : !llvm.ptr
// CHECK-NEXT:    }
// CHECK-NEXT:    call @flowgate_rt_release(%[[R]])
// CHECK:         %[[PS:.*]] = memref.extract_aligned_pointer_as_index %[[STACK]]
// CHECK:         %[[AS:.*]] = arith.index_cast %[[PS]] : index to i64
// CHECK:         %[[H:.*]] = call @flowgate_rt_from_buffer(%{{.*}}, %[[AS]], %{{.*}}, %{{.*}})
// CHECK:         return %[[H]] : !llvm.ptr

// OFF-LABEL:   func.func @stack(
// OFF-NOT:       memref.alloc
// OFF:           func.call @flowgate_rt_gather(
// OFF:           func.call @flowgate_rt_seq_insert_consume(
// OFF:           call @flowgate_rt_concat_from_seq(
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @stack(%x: tensor<5x2xf32>) -> tensor<5x2xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %e = "onnx.SequenceEmpty"() {dtype = 1 : i64} : () -> !onnx.seq<tensor<2xf32>>
    %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%s = %e) -> (!onnx.seq<tensor<2xf32>>) {
      %ii = arith.index_cast %i : index to i64
      %t = tensor.from_elements %ii : tensor<i64>
      %g = "onnx.Gather"(%x, %t) {axis = 0 : i64} : (tensor<5x2xf32>, tensor<i64>) -> tensor<2xf32>
      %a = "onnx.Add"(%g, %g) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
      %s2 = "onnx.SequenceInsert"(%s, %a) : (!onnx.seq<tensor<2xf32>>, tensor<2xf32>) -> !onnx.seq<tensor<2xf32>>
      scf.yield %s2 : !onnx.seq<tensor<2xf32>>
    }
    %y = "onnx.ConcatFromSequence"(%r) {axis = 0 : i64, new_axis = 1 : i64} : (!onnx.seq<tensor<2xf32>>) -> tensor<?x2xf32>
    %c = tensor.cast %y : tensor<?x2xf32> to tensor<5x2xf32>
    return %c : tensor<5x2xf32>
  }
}

// -----

// A Scan's Gather whose index is an induction variable from 0 but whose trip count is computed
// (here an argument): the index is never negative, so no wrap; one out of range takes the cold
// branch, whose flowgate_rt_read_slice reports it, and the copy reads through an index clamped
// into range. The copy follows the branch in the loop's block, so the row's load after it is
// the stored value (store-to-load forwarding), not a reload.

// CHECK-LABEL: func.func @gather_bounded(
// CHECK:         %[[BYTES:.*]] = call @flowgate_rt_tensor_data(
// CHECK:         %[[WHOLE:.*]] = memref.view %[[BYTES]][%{{.*}}][] : memref<?xi8> to memref<5x1xf32>
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[S:.*]] = %{{.*}}) -> (f32) {
// CHECK-NEXT:      %[[II:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NOT:       arith.addi
// CHECK-NOT:       arith.select
// CHECK:           %[[OUT:.*]] = arith.cmpi uge, %[[II]], %[[LEN:.*]] : i64
// CHECK-NEXT:      scf.if %[[OUT]] {
// CHECK:             func.call @flowgate_rt_read_slice(
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[IN:.*]] = arith.cmpi ult, %[[II]], %[[LEN]] : i64
// CHECK-NEXT:      %[[SAFE:.*]] = arith.select %[[IN]], %[[II]], %{{.*}} : i64
// CHECK-NEXT:      %[[ROW:.*]] = arith.index_cast %[[SAFE]] : i64 to index
// CHECK:           %[[V:.*]] = memref.load %[[WHOLE]][%[[ROW]], %{{.*}}] : memref<5x1xf32>
// CHECK-NEXT:      memref.store %[[V]], %{{.*}}[%{{.*}}] : memref<1xf32>
// CHECK-NOT:       memref.load
// CHECK:           %{{.*}} = arith.addf %[[S]], %[[V]] : f32
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @gather_bounded(%x: tensor<5x1xf32>, %s0: tensor<1xf32>, %n: tensor<i64>) -> tensor<1xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ne = tensor.extract %n[] : tensor<i64>
    %ub = arith.index_cast %ne : i64 to index
    %r = scf.for %i = %c0 to %ub step %c1 iter_args(%s = %s0) -> (tensor<1xf32>) {
      %ii = arith.index_cast %i : index to i64
      %t = tensor.from_elements %ii : tensor<i64>
      %g = "onnx.Gather"(%x, %t) {axis = 0 : i64} : (tensor<5x1xf32>, tensor<i64>) -> tensor<1xf32>
      %a = "onnx.Add"(%s, %g) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
      scf.yield %a : tensor<1xf32>
    }
    return %r : tensor<1xf32>
  }
}

// -----

// A stack too large for the tier (70000 x 1 > 65536 elements: its concat is a handle anyway)
// is written in place: flowgate_rt_tensor_zeros makes the result tensor right before the loop,
// the loop stores each row into a view of its elements, and the concat is that handle (no
// flowgate_rt_from_buffer copy, no buffer of the function). A function argument gathered from
// is viewed in place (one flowgate_rt_tensor_data, no flowgate_rt_read_buffer).

// CHECK-LABEL: func.func @stack_in_place(
// CHECK-SAME:      %[[X:[^:]*]]: !llvm.ptr)
// CHECK-NOT:     memref<70000x1xf32> = memref.alloc
// CHECK:         %[[XB:.*]] = call @flowgate_rt_tensor_data(%{{.*}}, %[[X]], %c1_i32{{.*}}, %c70000_i64{{.*}}) : (i32, !llvm.ptr, i32, i64) -> memref<?xi8>
// CHECK:         %[[XV:.*]] = memref.view %[[XB]][%{{.*}}][] : memref<?xi8> to memref<70000x1xf32>
// CHECK:         %[[H:.*]] = call @flowgate_rt_tensor_zeros(%{{.*}}, %c1_i32{{.*}}, %{{.*}}) : (i32, i32, !llvm.ptr) -> !llvm.ptr
// CHECK:         %[[HB:.*]] = call @flowgate_rt_tensor_data(%{{.*}}, %[[H]], %c1_i32{{.*}}, %c70000_i64{{.*}})
// CHECK:         %[[HV:.*]] = memref.view %[[HB]][%{{.*}}][] : memref<?xi8> to memref<70000x1xf32>
// CHECK:         scf.for %[[I:[^ ]*]] =
// CHECK:           memref.load %[[XV]][
// CHECK:           memref.store %{{.*}}, %[[HV]][%[[I]], %{{.*}}] : memref<70000x1xf32>
// CHECK:         }
// CHECK-NOT:     flowgate_rt_from_buffer
// CHECK-NOT:     flowgate_rt_read_buffer
// CHECK:         return %[[H]] : !llvm.ptr

// OFF-LABEL:   func.func @stack_in_place(
// OFF-NOT:       flowgate_rt_tensor_
// OFF:           call @flowgate_rt_concat_from_seq(
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @stack_in_place(%x: tensor<70000x1xf32>) -> tensor<70000x1xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cn = arith.constant 70000 : index
    %e = "onnx.SequenceEmpty"() {dtype = 1 : i64} : () -> !onnx.seq<tensor<1xf32>>
    %r = scf.for %i = %c0 to %cn step %c1 iter_args(%s = %e) -> (!onnx.seq<tensor<1xf32>>) {
      %ii = arith.index_cast %i : index to i64
      %t = tensor.from_elements %ii : tensor<i64>
      %g = "onnx.Gather"(%x, %t) {axis = 0 : i64} : (tensor<70000x1xf32>, tensor<i64>) -> tensor<1xf32>
      %a = "onnx.Add"(%g, %g) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
      %s2 = "onnx.SequenceInsert"(%s, %a) : (!onnx.seq<tensor<1xf32>>, tensor<1xf32>) -> !onnx.seq<tensor<1xf32>>
      scf.yield %s2 : !onnx.seq<tensor<1xf32>>
    }
    %y = "onnx.ConcatFromSequence"(%r) {axis = 0 : i64, new_axis = 1 : i64} : (!onnx.seq<tensor<1xf32>>) -> tensor<?x1xf32>
    %c = tensor.cast %y : tensor<?x1xf32> to tensor<70000x1xf32>
    return %c : tensor<70000x1xf32>
  }
}

// -----

// A stack of a loop whose trip count is given at run time is written in place: the result
// of max(n, 0) rows is made before the loop and each trip stores into a view of it
// (Conversion/ONNXToLoops/stack-unknown-trips.mlir checks an imported model).

// CHECK-LABEL: func.func @stack_unknown_trips(
// CHECK:         %[[RESULT:.*]] = call @flowgate_rt_tensor_zeros(
// CHECK:         memref.view {{.*}} to memref<?x2xf32>
// CHECK:         scf.for
// CHECK-NOT:       flowgate_rt_seq_insert
// CHECK:         return %[[RESULT]]
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @stack_unknown_trips(%x: tensor<2xf32>, %n: tensor<i64>) -> tensor<?x2xf32> {
    %m = tensor.extract %n[] : tensor<i64>
    %ub = arith.index_cast %m : i64 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %e = "onnx.SequenceEmpty"() {dtype = 1 : i64} : () -> !onnx.seq<tensor<2xf32>>
    %r = scf.for %i = %c0 to %ub step %c1 iter_args(%s = %e) -> (!onnx.seq<tensor<2xf32>>) {
      %a = "onnx.Add"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
      %s2 = "onnx.SequenceInsert"(%s, %a) : (!onnx.seq<tensor<2xf32>>, tensor<2xf32>) -> !onnx.seq<tensor<2xf32>>
      scf.yield %s2 : !onnx.seq<tensor<2xf32>>
    }
    %y = "onnx.ConcatFromSequence"(%r) {axis = 0 : i64, new_axis = 1 : i64} : (!onnx.seq<tensor<2xf32>>) -> tensor<?x2xf32>
    return %y : tensor<?x2xf32>
  }
}

// -----

// With a trip count given at run time and a result of unknown rank, stacking nothing gives
// `[0]`, not `[0, 2]`: the sequence stays a runtime value and the concat decides.

// CHECK-LABEL: func.func @stack_unknown_trips_unranked(
// CHECK-NOT:     flowgate_rt_tensor_zeros
// CHECK:         scf.for
// CHECK:           func.call @flowgate_rt_seq_insert_consume(
// CHECK:         call @flowgate_rt_concat_from_seq(
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @stack_unknown_trips_unranked(%x: tensor<2xf32>, %n: tensor<i64>) -> tensor<*xf32> {
    %m = tensor.extract %n[] : tensor<i64>
    %ub = arith.index_cast %m : i64 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %e = "onnx.SequenceEmpty"() {dtype = 1 : i64} : () -> !onnx.seq<tensor<2xf32>>
    %r = scf.for %i = %c0 to %ub step %c1 iter_args(%s = %e) -> (!onnx.seq<tensor<2xf32>>) {
      %a = "onnx.Add"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
      %s2 = "onnx.SequenceInsert"(%s, %a) : (!onnx.seq<tensor<2xf32>>, tensor<2xf32>) -> !onnx.seq<tensor<2xf32>>
      scf.yield %s2 : !onnx.seq<tensor<2xf32>>
    }
    %y = "onnx.ConcatFromSequence"(%r) {axis = 0 : i64, new_axis = 1 : i64} : (!onnx.seq<tensor<2xf32>>) -> tensor<*xf32>
    return %y : tensor<*xf32>
  }
}

// -----

// A reshape that only adds or drops dimensions of size 1 (Unsqueeze here) whose users are all
// nests is no op of its own: the nest reads the reshaped buffer through it, at the indices of
// its dimensions larger than 1 (Mamba's selective scan broadcasts its [1,256] slices so).

// CHECK-LABEL: func.func @view(
// CHECK:         %[[OUT:.*]] = memref.alloc() : memref<1x3x2xf32>
// CHECK:         %[[A:.*]] = memref.alloc() : memref<3x2xf32>
// CHECK:         %[[X:.*]] = memref.alloc() : memref<1x3xf32>
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     flowgate_rt_unsqueeze
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %c3 step
// CHECK:           scf.for %[[J:.*]] = %{{.*}} to %c2 step
// CHECK-NEXT:        %[[XV:.*]] = memref.load %[[X]][%{{.*}}, %[[I]]] : memref<1x3xf32>
// CHECK-NEXT:        %[[AV:.*]] = memref.load %[[A]][%[[I]], %[[J]]] : memref<3x2xf32>
// CHECK-NEXT:        %[[P:.*]] = arith.mulf %[[XV]], %[[AV]] : f32
// CHECK-NEXT:        memref.store %[[P]], %[[OUT]][%{{.*}}, %[[I]], %[[J]]] : memref<1x3x2xf32>

// OFF-LABEL:   func.func @view(
// OFF:           call @flowgate_rt_unsqueeze(
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @view(%x: tensor<1x3xf32>, %a: tensor<3x2xf32>) -> tensor<1x3x2xf32> {
    %ax = "onnx.Constant"() {value = dense<2> : tensor<1xi64>} : () -> tensor<1xi64>
    %u = "onnx.Unsqueeze"(%x, %ax) : (tensor<1x3xf32>, tensor<1xi64>) -> tensor<1x3x1xf32>
    %m = "onnx.Mul"(%u, %a) : (tensor<1x3x1xf32>, tensor<3x2xf32>) -> tensor<1x3x2xf32>
    return %m : tensor<1x3x2xf32>
  }
}

// -----

// ReduceSum over one axis of a static float tensor: a nest over the result, each element an
// scf.for over the axis carrying the sum, with the elementwise op that makes its only input
// computed inside (no buffer of its own: the [2,3] one is the argument's).

// CHECK-LABEL: func.func @reduce_sum(
// CHECK:         %[[OUT:.*]] = memref.alloc() : memref<2xf32>
// CHECK-NOT:     flowgate_rt_reduce
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %c2 step
// CHECK:           %[[SUM:.*]] = scf.for %[[K:.*]] = %{{.*}} to %c3 step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) {
// CHECK-NEXT:        %[[A:.*]] = memref.load %{{.*}}[%[[I]], %[[K]]] : memref<2x3xf32>
// CHECK-NEXT:        %[[B:.*]] = memref.load %{{.*}}[%{{.*}}, %[[K]]] : memref<1x3xf32>
// CHECK-NEXT:        %[[P:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[ACC]], %[[P]] : f32
// CHECK-NEXT:        scf.yield %[[S]] : f32
// CHECK:           memref.store %[[SUM]], %[[OUT]][%[[I]]] : memref<2xf32>

// OFF-LABEL:   func.func @reduce_sum(
// OFF:           call @flowgate_rt_reduce
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @reduce_sum(%s: tensor<2x3xf32>, %c: tensor<1x3xf32>) -> tensor<2xf32> {
    %ax = "onnx.Constant"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
    %m = "onnx.Mul"(%s, %c) : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
    %r = "onnx.ReduceSum"(%m, %ax) {keepdims = 0 : i64} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2xf32>
    return %r : tensor<2xf32>
  }
}

// -----

// A static dimension of a function argument is a constant (inputs are checked against their
// declared shapes before every run), so a Scan over a static input has a constant trip count
// and the Gather of each step, whose index then stays below the tensor's length, no check.

// CHECK-LABEL: func.func @static_dim(
// CHECK-NOT:     flowgate_rt_dim
// CHECK:         %[[N:.*]] = arith.constant 7 : index
// CHECK-NOT:     flowgate_rt_dim
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[N]] step
// CHECK-NOT:       scf.if
// CHECK-NOT:       flowgate_rt_read_slice
// CHECK:           arith.addf
// CHECK:         return
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @static_dim(%x: tensor<7x1xf32>, %s0: tensor<1xf32>) -> tensor<1xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = tensor.dim %x, %c0 : tensor<7x1xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %s0) -> (tensor<1xf32>) {
      %ii = arith.index_cast %i : index to i64
      %t = tensor.from_elements %ii : tensor<i64>
      %g = "onnx.Gather"(%x, %t) {axis = 0 : i64} : (tensor<7x1xf32>, tensor<i64>) -> tensor<1xf32>
      %a = "onnx.Add"(%s, %g) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
      scf.yield %a : tensor<1xf32>
    }
    return %r : tensor<1xf32>
  }
}

// -----

// A `[1]` state carried as its element is stored back into its buffer right after the loop,
// before the release of the sequence handle the loop passed through: a release is a call, and a
// register live across it is one Cranelift keeps on the stack for the whole loop (a store and a
// reload on every trip of the state's dependency chain).

// CHECK-LABEL: func.func @store_before_release(
// CHECK:         %[[SEQ:.*]] = call @flowgate_rt_seq_empty(
// CHECK:         %[[R:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %[[SEQ]]) -> (f32, !llvm.ptr) {
// CHECK:         }
// CHECK-NEXT:    memref.store %[[R]]#0, %{{.*}}[%{{.*}}] : memref<1xf32>
// CHECK-NEXT:    call @flowgate_rt_release(%[[R]]#1)
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @store_before_release(%x: tensor<7x1xf32>, %s0: tensor<1xf32>) -> (tensor<1xf32>, tensor<7x1xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = tensor.dim %x, %c0 : tensor<7x1xf32>
    %e = "onnx.SequenceEmpty"() {dtype = 1 : i64} : () -> !onnx.seq<tensor<1xf32>>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%s = %s0, %q = %e) -> (tensor<1xf32>, !onnx.seq<tensor<1xf32>>) {
      %ii = arith.index_cast %i : index to i64
      %t = tensor.from_elements %ii : tensor<i64>
      %g = "onnx.Gather"(%x, %t) {axis = 0 : i64} : (tensor<7x1xf32>, tensor<i64>) -> tensor<1xf32>
      %a = "onnx.Add"(%s, %g) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
      %q2 = "onnx.SequenceInsert"(%q, %a) : (!onnx.seq<tensor<1xf32>>, tensor<1xf32>) -> !onnx.seq<tensor<1xf32>>
      scf.yield %a, %q2 : tensor<1xf32>, !onnx.seq<tensor<1xf32>>
    }
    %y = "onnx.ConcatFromSequence"(%r#1) {axis = 0 : i64, new_axis = 1 : i64} : (!onnx.seq<tensor<1xf32>>) -> tensor<?x1xf32>
    %c = tensor.cast %y : tensor<?x1xf32> to tensor<7x1xf32>
    return %r#0, %c : tensor<1xf32>, tensor<7x1xf32>
  }
}
