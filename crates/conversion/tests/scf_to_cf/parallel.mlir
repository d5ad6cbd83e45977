func.func @sum(%lb: index, %ub: index, %st: index, %x: f32, %i: i32) -> (f32, i32) {
  %p:2 = scf.parallel (%a, %b) = (%lb, %lb) to (%ub, %ub) step (%st, %st) init (%x, %i) -> (f32, i32) {
    %v = "test.value"(%a, %b) : (index, index) -> f32
    scf.reduce(%v, %i : f32, i32) {
    ^bb0(%l: f32, %r: f32):
      %s = "test.add"(%l, %r) : (f32, f32) -> f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%l: i32, %r: i32):
      scf.reduce.return %r : i32
    }
  }
  scf.parallel (%a, %b, %c) = (%lb, %lb, %lb) to (%ub, %ub, %ub) step (%st, %st, %st) {
    "test.use"(%a, %b, %c) : (index, index, index) -> ()
  }
  return %p#0, %p#1 : f32, i32
}
