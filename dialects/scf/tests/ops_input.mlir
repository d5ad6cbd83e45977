func.func @f(%lb: index, %ub: index, %st: index, %c: i1, %x: f32, %i32: i32) -> f32 {
  scf.for %i = %lb to %ub step %st {
  }
  scf.for unsigned %i = %i32 to %i32 step %i32 : i32 {
  }
  %r = scf.for %i = %lb to %ub step %st iter_args(%a = %x) -> (f32) {
    scf.yield %a : f32
  }
  %r2:2 = scf.for %i = %lb to %ub step %st iter_args(%a = %x, %b = %i32) -> (f32, i32) {
    scf.yield %a, %b : f32, i32
  }
  scf.if %c {
  }
  scf.if %c {
  } else {
  }
  %y = scf.if %c -> f32 {
    scf.yield %x : f32
  } else {
    scf.yield %x : f32
  }
  %w = scf.while (%a = %x) : (f32) -> f32 {
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%a: f32):
    scf.yield %a : f32
  }
  %p = scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %rr: f32):
      scf.reduce.return %l : f32
    }
  }
  scf.parallel (%i) = (%lb) to (%ub) step (%st) {
  }
  %e = scf.execute_region -> f32 {
    scf.yield %x : f32
  }
  %s = scf.index_switch %lb -> f32
  case 2 {
    scf.yield %x : f32
  }
  case 5 {
    scf.yield %x : f32
  }
  default {
    scf.yield %x : f32
  }
  scf.index_switch %lb
  default {
  }
  return %r : f32
}
