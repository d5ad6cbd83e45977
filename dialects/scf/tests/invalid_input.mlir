func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %r = scf.for %iv = %lb to %lb step %lb iter_args(%a = %x) -> (f32) {
    scf.yield %i : i32
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %r = scf.for %iv = %lb to %lb step %lb iter_args(%a = %x) -> (f32) {
    scf.yield
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %r = scf.if %c -> f32 {
    scf.yield %x : f32
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %r = scf.if %c -> f32 {
    scf.yield %i : i32
  } else {
    scf.yield %x : f32
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %r = scf.if %c -> f32 {
    scf.yield %x, %x : f32, f32
  } else {
    scf.yield %x : f32
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %w = scf.while (%a = %x) : (f32) -> f32 {
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%a: f32):
    scf.yield %a : f32
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %w = scf.while (%a = %x) : (f32) -> f32 {
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%a: i32):
    scf.yield %x : f32
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %w = scf.while (%a = %x) : (f32) -> f32 {
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%a: f32):
    scf.yield %i : i32
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %p = scf.parallel (%iv) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    scf.reduce
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %p = scf.parallel (%iv) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    scf.reduce(%i : i32) {
    ^bb0(%l: i32, %r: i32):
      scf.reduce.return %l : i32
    }
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %p = scf.parallel (%iv) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %i : i32
    }
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %p = scf.parallel (%iv) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %p = scf.index_switch %lb -> f32
  case 2 {
    scf.yield %x : f32
  }
  case 2 {
    scf.yield %x : f32
  }
  default {
    scf.yield %x : f32
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %p = scf.index_switch %lb -> f32
  case 2 {
    scf.yield %i : i32
  }
  default {
    scf.yield %x : f32
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %p = scf.index_switch %lb -> f32
  case 2 {
    scf.yield %x, %x : f32, f32
  }
  default {
    scf.yield %x : f32
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %r = scf.for %iv = %lb to %lb step %lb iter_args(%a = %x) -> (i32) {
    scf.yield %i : i32
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  scf.for %iv = %lb to %i step %lb {
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  "scf.for"(%lb, %lb, %lb) ({
    ^bb0(%iv: i32):
      scf.yield
  }) : (index, index, index) -> ()
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  "scf.for"(%lb, %lb, %lb) ({
    ^bb0(%iv: index, %j: index):
      scf.yield
  }) : (index, index, index) -> ()
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %r = "scf.execute_region"() ({
      scf.yield %i : i32
  }) : () -> f32
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  "scf.execute_region"() ({
  }) : () -> ()
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %p = scf.parallel (%iv) = (%lb) to (%lb) step (%lb) {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  "scf.parallel"(%lb, %lb, %lb, %lb) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>}> ({
    ^bb0(%iv: index):
      scf.reduce
  }) : (index, index, index, index) -> ()
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  "scf.parallel"(%lb, %lb, %lb) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
    ^bb0(%iv: index, %j: index):
      scf.reduce
  }) : (index, index, index) -> ()
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %w = scf.while (%a = %x) : (f32) -> i32 {
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%a: f32):
    scf.yield %a : f32
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %w = scf.while (%a = %x) : (f32) -> f32 {
  ^bb0(%q: f32):
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%a: f32):
    scf.yield %a : f32
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  scf.if %c {
    scf.yield %x : f32
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  scf.for %iv = %lb to %lb step %lb {
    scf.yield %x : f32
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  scf.for %iv = %lb to %lb step %lb {
    scf.reduce.return %x : f32
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  scf.for %iv = %lb to %lb step %lb {
    scf.condition(%c) 
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  scf.for %iv = %lb to %lb step %lb {
    scf.reduce
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  scf.for %iv = %lb to %lb step %lb {
    "scf.yield"() : () -> ()
    "scf.yield"() : () -> ()
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %p = scf.index_switch %i -> f32
  default {
    scf.yield %x : f32
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %w = "scf.while"(%x) ({
    ^bb0(%a: i32):
    scf.condition(%c) %a : i32
  }, {
  ^bb0(%a: i32):
    scf.yield %a : i32
  }) : (f32) -> i32
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %w = "scf.for"(%lb, %lb, %lb, %x) ({
    ^bb0(%iv: index, %a: i32):
    scf.yield %a : i32
  }) : (index, index, index, f32) -> i32
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %w = "scf.for"(%lb, %lb, %lb, %x) ({
    ^bb0(%iv: index, %a: f32):
    scf.yield %a : f32
  }) : (index, index, index, f32) -> i32
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %w = "scf.for"(%lb, %lb, %lb, %x) ({
    ^bb0(%iv: index, %a: f32):
    scf.yield %a : f32
  }) : (index, index, index, f32) -> (f32, f32)
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %w = "scf.for"(%lb, %lb, %lb, %x) ({
    ^bb0(%iv: index, %a: f32, %b: f32):
    scf.yield %a : f32
  }) : (index, index, index, f32) -> (f32)
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %w = scf.while (%a = %x) : (f32) -> (f32, f32) {
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%a: f32):
    scf.yield %a : f32
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %w = scf.while (%a = %x) : (f32) -> (f32) {
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%a: f32, %b: f32):
    scf.yield %a : f32
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %w = scf.while (%a = %x) : (f32) -> (f32) {
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%a: f32):
    scf.yield %a, %a : f32, f32
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %w = scf.while (%a = %x) : (f32) -> (f32) {
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%a: f32):
    "test.foo"() : () -> ()
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %w = scf.while (%a = %x) : (f32) -> (f32) {
    "test.foo"() : () -> ()
  } do {
  ^bb0(%a: f32):
    scf.yield %a : f32
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %p = scf.parallel (%iv) = (%lb) to (%lb) step (%lb) init (%x, %x) -> (f32, f32) {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %p = "scf.parallel"(%lb, %lb, %lb) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
    ^bb0(%iv: index):
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }
  }) : (index, index, index) -> f32
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %p = scf.parallel (%iv) = (%lb) to (%lb) step (%lb) {
    scf.reduce
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  scf.parallel (%iv) = (%lb) to (%lb) step (%lb) {
    scf.yield
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  scf.parallel (%iv) = (%i) to (%i) step (%i) {
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  scf.for %iv = %i to %i step %i {
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %f = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
  scf.for %iv = %f to %f step %f : f32 {
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  "scf.if"(%c) ({
      "scf.yield"() : () -> ()
    }, {
      "scf.yield"() : () -> ()
    ^bb1:
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  "scf.if"(%c) ({
    }, {
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  "scf.if"(%c) ({
      ^bb0(%q: i32):
      "scf.yield"() : () -> ()
    }, {
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  "scf.index_switch"(%lb) <{cases = array<i64: 1>}> ({
      "scf.yield"() : () -> ()
    }) : (index) -> ()
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  "scf.if"(%c) ({
      "test.foo"() : () -> ()
    }, {
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  scf.yield
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  "scf.for"(%lb, %lb, %lb) ({
  }) : (index, index, index) -> ()
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%iv: index):
    "test.foo"() : () -> ()
  }) : (index, index, index) -> ()
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  "scf.if"(%i) ({
    "scf.yield"() : () -> ()
  }, {
  }) : (i32) -> ()
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  "scf.while"() ({
    "scf.condition"(%i) : (i32) -> ()
  }, {
    "scf.yield"() : () -> ()
  }) : () -> ()
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  "scf.parallel"(%lb, %lb, %lb) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
    ^bb0(%iv: i32):
      scf.reduce
  }) : (index, index, index) -> ()
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  "scf.parallel"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
      scf.reduce
  }) : () -> ()
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %p = scf.parallel (%iv) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    "scf.reduce"(%x) ({
    ^bb0(%l: f32, %r: f32):
      "test.foo"() : () -> ()
    }) : (f32) -> ()
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %p = scf.parallel (%iv) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    "scf.reduce"(%x) ({
    }) : (f32) -> ()
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %p = scf.parallel (%iv) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    "scf.reduce"(%x) : (f32) -> ()
  }
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  "scf.index_switch"(%i) <{cases = array<i64>}> ({
      "scf.yield"() : () -> ()
    }) : (i32) -> ()
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  "scf.index_switch"(%lb) <{cases = array<i64>}> ({
      "test.foo"() : () -> ()
    }) : (index) -> ()
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%iv: index):
    "scf.yield"() : () -> ()
  ^bb1:
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  %r = "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%iv: index):
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> f32
  return
}
// -----
func.func @f(%lb: index, %c: i1, %x: f32, %i: i32) {
  "scf.while"() ({
    "scf.condition"() : () -> ()
  }, {
    "scf.yield"() : () -> ()
  }) : () -> ()
  return
}
