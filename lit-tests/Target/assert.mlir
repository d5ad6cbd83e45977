// A failing cf.assert prints its message and aborts, as upstream's lowering (puts + abort);
// a passing one costs a branch.
// RUN: not --crash %onnx-run %s --allow-unregistered-dialect -e fails | FileCheck %s --check-prefix=FAIL
// RUN: %onnx-run %s --allow-unregistered-dialect -e passes | FileCheck %s --check-prefix=PASS

// FAIL: value must be positive
// FAIL-NOT: 7
"func.func"() <{function_type = () -> i64, sym_name = "fails"}> ({
  %f = "arith.constant"() <{value = false}> : () -> i1
  %c = "arith.constant"() <{value = 7 : i64}> : () -> i64
  "cf.assert"(%f) <{msg = "value must be positive"}> : (i1) -> ()
  "func.return"(%c) : (i64) -> ()
}) : () -> ()

// PASS: 7
"func.func"() <{function_type = () -> i64, sym_name = "passes"}> ({
  %t = "arith.constant"() <{value = true}> : () -> i1
  %c = "arith.constant"() <{value = 7 : i64}> : () -> i64
  "cf.assert"(%t) <{msg = "never printed"}> : (i1) -> ()
  "func.return"(%c) : (i64) -> ()
}) : () -> ()
