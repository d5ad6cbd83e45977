func.func @f(%lb: index, %ub: index, %st: index, %c: i1, %x: f32, %i: i32) -> f32 {
  %r = scf.for %iv = %lb to %ub step %st iter_args(%a = %x) -> (f32) {
    %y = scf.if %c -> (f32) {
      scf.yield %a : f32
    } else {
      scf.yield %x : f32
    }
    scf.yield %y : f32
  }
  scf.for unsigned %iv = %i to %i step %i : i32 {
  }
  %w = scf.while (%a = %x) : (f32) -> f32 {
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%a: f32):
    scf.yield %a : f32
  }
  %s = scf.index_switch %lb -> f32
  case 2 {
    scf.yield %x : f32
  }
  default {
    scf.yield %w : f32
  }
  %e = scf.execute_region -> f32 {
    scf.yield %s : f32
  }
  return %e : f32
}
