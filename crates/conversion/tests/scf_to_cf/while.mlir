func.func @w(%x: i32, %n: i32) -> i32 {
  %r:2 = scf.while (%a = %x, %b = %n) : (i32, i32) -> (i32, i32) {
    %c = "test.cmp"(%a, %b) : (i32, i32) -> i1
    scf.condition(%c) %a, %b : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    %s = "test.next"(%p) : (i32) -> i32
    scf.yield %s, %q : i32, i32
  }
  scf.while : () -> () {
    %c = "test.cond"() : () -> i1
    scf.condition(%c)
  } do {
    scf.yield
  }
  return %r#0 : i32
}
