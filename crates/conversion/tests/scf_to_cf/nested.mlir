func.func @n(%lb: index, %ub: index, %st: index, %c: i1) -> index {
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %lb) -> (index) {
    %inner = scf.for %j = %i to %ub step %st iter_args(%a2 = %acc) -> (index) {
      scf.if %c {
        "test.side"(%j) : (index) -> ()
      }
      %e = scf.execute_region -> index {
        "test.br"()[^bb1] : () -> ()
      ^bb1:
        scf.yield %a2 : index
      }
      scf.yield %e : index
    }
    scf.yield %inner : index
  }
  scf.index_switch %r
  case 0 {
    "test.zero"() : () -> ()
    scf.yield
  }
  case 7 {
    scf.yield
  }
  default {
  }
  return %r : index
}
