// cf block arguments, switches and calls through the JIT.
// RUN: %onnx-run %s --allow-unregistered-dialect | FileCheck %s
// RUN: %onnx-run %s --allow-unregistered-dialect -O0 | FileCheck %s
// RUN: %onnx-run %s --allow-unregistered-dialect -e collatz_27 | FileCheck %s --check-prefix=COLLATZ

// CHECK: 4950
// CHECK-NEXT: 6765
// CHECK-NEXT: -3
// CHECK-NEXT: -2
// CHECK-NEXT: 16
// CHECK-NEXT: 21
// CHECK-NOT: {{.}}
"func.func"() <{function_type = () -> (i64, i64, i32, i32, i32, i32), sym_name = "main"}> ({
  %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
  %c1 = "arith.constant"() <{value = 1 : index}> : () -> index
  %n = "arith.constant"() <{value = 100 : index}> : () -> index
  %s0 = "arith.constant"() <{value = 0 : i64}> : () -> i64
  "cf.br"(%c0, %s0)[^bb1] : (index, i64) -> ()
^bb1(%i: index, %s: i64):
  %c = "arith.cmpi"(%i, %n) <{predicate = 2 : i64}> : (index, index) -> i1
  "cf.cond_br"(%c, %i, %s)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, index, i64) -> ()
^bb2(%j: index, %t: i64):
  %ji = "arith.index_cast"(%j) : (index) -> i64
  %t2 = "arith.addi"(%t, %ji) : (i64, i64) -> i64
  %j2 = "arith.addi"(%j, %c1) : (index, index) -> index
  "cf.br"(%j2, %t2)[^bb1] : (index, i64) -> ()
^bb3:
  %twenty = "arith.constant"() <{value = 20 : i64}> : () -> i64
  %f = "func.call"(%twenty) <{callee = @fib}> : (i64) -> i64
  %a = "arith.constant"() <{value = -17 : i32}> : () -> i32
  %b = "arith.constant"() <{value = 5 : i32}> : () -> i32
  %q, %r = "func.call"(%a, %b) <{callee = @divmod}> : (i32, i32) -> (i32, i32)
  %four = "arith.constant"() <{value = 4 : i32}> : () -> i32
  %sw1 = "func.call"(%four) <{callee = @switch}> : (i32) -> i32
  %nine = "arith.constant"() <{value = 9 : i32}> : () -> i32
  %sw2 = "func.call"(%nine) <{callee = @switch}> : (i32) -> i32
  "func.return"(%s, %f, %q, %r, %sw1, %sw2) : (i64, i64, i32, i32, i32, i32) -> ()
}) : () -> ()

"func.func"() <{function_type = (i64) -> i64, sym_name = "fib", sym_visibility = "private"}> ({
^bb0(%n: i64):
  %two = "arith.constant"() <{value = 2 : i64}> : () -> i64
  %one = "arith.constant"() <{value = 1 : i64}> : () -> i64
  %small = "arith.cmpi"(%n, %two) <{predicate = 2 : i64}> : (i64, i64) -> i1
  "cf.cond_br"(%small)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  "func.return"(%n) : (i64) -> ()
^bb2:
  %n1 = "arith.subi"(%n, %one) : (i64, i64) -> i64
  %n2 = "arith.subi"(%n, %two) : (i64, i64) -> i64
  %f1 = "func.call"(%n1) <{callee = @fib}> : (i64) -> i64
  %f2 = "func.call"(%n2) <{callee = @fib}> : (i64) -> i64
  %f = "arith.addi"(%f1, %f2) : (i64, i64) -> i64
  "func.return"(%f) : (i64) -> ()
}) : () -> ()

"func.func"() <{function_type = (i32, i32) -> (i32, i32), sym_name = "divmod"}> ({
^bb0(%a: i32, %b: i32):
  %q = "arith.divsi"(%a, %b) : (i32, i32) -> i32
  %r = "arith.remsi"(%a, %b) : (i32, i32) -> i32
  "func.return"(%q, %r) : (i32, i32) -> ()
}) : () -> ()

// Case 4 squares its argument, case -1 doubles it, the default adds 12.
"func.func"() <{function_type = (i32) -> i32, sym_name = "switch"}> ({
^bb0(%f: i32):
  %twelve = "arith.constant"() <{value = 12 : i32}> : () -> i32
  "cf.switch"(%f, %f, %f, %f)[^bb1, ^bb2, ^bb3] <{case_operand_segments = array<i32: 1, 1>, case_values = dense<[-1, 4]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i32, i32, i32, i32) -> ()
^bb1(%x: i32):
  %x2 = "arith.addi"(%x, %twelve) : (i32, i32) -> i32
  "func.return"(%x2) : (i32) -> ()
^bb2(%y: i32):
  %y2 = "arith.addi"(%y, %y) : (i32, i32) -> i32
  "func.return"(%y2) : (i32) -> ()
^bb3(%z: i32):
  %z2 = "arith.muli"(%z, %z) : (i32, i32) -> i32
  "func.return"(%z2) : (i32) -> ()
}) : () -> ()

// A while loop with two carried values: steps of the Collatz sequence from 27.
// COLLATZ: 111
"func.func"() <{function_type = () -> i64, sym_name = "collatz_27"}> ({
  %start = "arith.constant"() <{value = 27 : i64}> : () -> i64
  %zero = "arith.constant"() <{value = 0 : i64}> : () -> i64
  %one = "arith.constant"() <{value = 1 : i64}> : () -> i64
  %two = "arith.constant"() <{value = 2 : i64}> : () -> i64
  %three = "arith.constant"() <{value = 3 : i64}> : () -> i64
  "cf.br"(%start, %zero)[^head] : (i64, i64) -> ()
^head(%x: i64, %steps: i64):
  %done = "arith.cmpi"(%x, %one) <{predicate = 0 : i64}> : (i64, i64) -> i1
  "cf.cond_br"(%done, %steps)[^exit, ^body] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i64) -> ()
^body:
  %odd = "arith.andi"(%x, %one) : (i64, i64) -> i64
  %is_odd = "arith.cmpi"(%odd, %one) <{predicate = 0 : i64}> : (i64, i64) -> i1
  %half = "arith.divui"(%x, %two) : (i64, i64) -> i64
  %t = "arith.muli"(%x, %three) : (i64, i64) -> i64
  %up = "arith.addi"(%t, %one) : (i64, i64) -> i64
  %next = "arith.select"(%is_odd, %up, %half) : (i1, i64, i64) -> i64
  %s2 = "arith.addi"(%steps, %one) : (i64, i64) -> i64
  "cf.br"(%next, %s2)[^head] : (i64, i64) -> ()
^exit(%r: i64):
  "func.return"(%r) : (i64) -> ()
}) : () -> ()
