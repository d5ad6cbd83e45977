// Integer and float semantics of the JIT, one entry point per RUN line. Ops are in generic form
// so the test does not depend on the arith dialect's custom syntax.
// RUN: %onnx-run %s --allow-unregistered-dialect -e wrap | FileCheck %s --check-prefix=WRAP
// RUN: %onnx-run %s --allow-unregistered-dialect -e wrap -O0 | FileCheck %s --check-prefix=WRAP
// RUN: %onnx-run %s --allow-unregistered-dialect -e div | FileCheck %s --check-prefix=DIV
// RUN: %onnx-run %s --allow-unregistered-dialect -e div_by_zero | FileCheck %s --check-prefix=DIVZ
// RUN: %onnx-run %s --allow-unregistered-dialect -e casts | FileCheck %s --check-prefix=CAST
// RUN: %onnx-run %s --allow-unregistered-dialect -e nan_compare | FileCheck %s --check-prefix=NAN
// RUN: %onnx-run %s --allow-unregistered-dialect -e floats | FileCheck %s --check-prefix=FLOAT

// WRAP: -128
// WRAP-NEXT: 0
// WRAP-NEXT: 9223372036854775807
"func.func"() <{function_type = () -> (i8, i32, i64), sym_name = "wrap"}> ({
  %a = "arith.constant"() <{value = 127 : i8}> : () -> i8
  %one8 = "arith.constant"() <{value = 1 : i8}> : () -> i8
  %r0 = "arith.addi"(%a, %one8) : (i8, i8) -> i8
  %b = "arith.constant"() <{value = 65536 : i32}> : () -> i32
  %r1 = "arith.muli"(%b, %b) : (i32, i32) -> i32
  %m = "arith.constant"() <{value = -9223372036854775808 : i64}> : () -> i64
  %one = "arith.constant"() <{value = 1 : i64}> : () -> i64
  %r2 = "arith.subi"(%m, %one) : (i64, i64) -> i64
  "func.return"(%r0, %r1, %r2) : (i8, i32, i64) -> ()
}) : () -> ()

// -7 / 2 in every flavour; -7 read unsigned as i16 is 65529.
// DIV: -3
// DIV-NEXT: -1
// DIV-NEXT: 32764
// DIV-NEXT: 1
// DIV-NEXT: -3
// DIV-NEXT: -4
// DIV-NEXT: 4
"func.func"() <{function_type = () -> (i16, i16, i16, i16, i16, i16, i16), sym_name = "div"}> ({
  %a = "arith.constant"() <{value = -7 : i16}> : () -> i16
  %b = "arith.constant"() <{value = 2 : i16}> : () -> i16
  %p = "arith.constant"() <{value = 7 : i16}> : () -> i16
  %r0 = "arith.divsi"(%a, %b) : (i16, i16) -> i16
  %r1 = "arith.remsi"(%a, %b) : (i16, i16) -> i16
  %r2 = "arith.divui"(%a, %b) : (i16, i16) -> i16
  %r3 = "arith.remui"(%a, %b) : (i16, i16) -> i16
  %r4 = "arith.ceildivsi"(%a, %b) : (i16, i16) -> i16
  %r5 = "arith.floordivsi"(%a, %b) : (i16, i16) -> i16
  %r6 = "arith.ceildivui"(%p, %b) : (i16, i16) -> i16
  "func.return"(%r0, %r1, %r2, %r3, %r4, %r5, %r6) : (i16, i16, i16, i16, i16, i16, i16) -> ()
}) : () -> ()

// Undefined upstream; defined here (see codegen-cranelift's arith.rs): x/0 = -1, x%0 = x,
// INT_MIN/-1 = INT_MIN.
// DIVZ: -1
// DIVZ-NEXT: 5
// DIVZ-NEXT: -2147483648
"func.func"() <{function_type = () -> (i32, i32, i32), sym_name = "div_by_zero"}> ({
  %a = "arith.constant"() <{value = 5 : i32}> : () -> i32
  %z = "arith.constant"() <{value = 0 : i32}> : () -> i32
  %min = "arith.constant"() <{value = -2147483648 : i32}> : () -> i32
  %m1 = "arith.constant"() <{value = -1 : i32}> : () -> i32
  %r0 = "arith.divui"(%a, %z) : (i32, i32) -> i32
  %r1 = "arith.remsi"(%a, %z) : (i32, i32) -> i32
  %r2 = "arith.divsi"(%min, %m1) : (i32, i32) -> i32
  "func.return"(%r0, %r1, %r2) : (i32, i32, i32) -> ()
}) : () -> ()

// fptosi saturates (out of range is poison upstream), NaN gives 0.
// CAST: -3
// CAST-NEXT: 2147483647
// CAST-NEXT: 0
// CAST-NEXT: -1
// CAST-NEXT: 1
// CAST-NEXT: 2.550000e+02
"func.func"() <{function_type = () -> (i32, i32, i32, i64, i1, f32), sym_name = "casts"}> ({
  %a = "arith.constant"() <{value = -3.9 : f32}> : () -> f32
  %big = "arith.constant"() <{value = 1.0e10 : f64}> : () -> f64
  %nan = "arith.constant"() <{value = 0x7FF8000000000000 : f64}> : () -> f64
  %t = "arith.constant"() <{value = true}> : () -> i1
  %m1 = "arith.constant"() <{value = -1 : i8}> : () -> i8
  %r0 = "arith.fptosi"(%a) : (f32) -> i32
  %r1 = "arith.fptosi"(%big) : (f64) -> i32
  %r2 = "arith.fptosi"(%nan) : (f64) -> i32
  %r3 = "arith.extsi"(%t) : (i1) -> i64
  %r4 = "arith.trunci"(%m1) : (i8) -> i1
  %r5 = "arith.uitofp"(%m1) : (i8) -> f32
  "func.return"(%r0, %r1, %r2, %r3, %r4, %r5) : (i32, i32, i32, i64, i1, f32) -> ()
}) : () -> ()

// Ordered predicates are false on NaN, unordered ones true.
// NAN: 0
// NAN-NEXT: 1
// NAN-NEXT: 0
// NAN-NEXT: 1
// NAN-NEXT: 0
// NAN-NEXT: 1
"func.func"() <{function_type = () -> (i1, i1, i1, i1, i1, i1), sym_name = "nan_compare"}> ({
  %nan = "arith.constant"() <{value = 0x7FC00000 : f32}> : () -> f32
  %one = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
  %oeq = "arith.cmpf"(%nan, %nan) <{predicate = 1 : i64}> : (f32, f32) -> i1
  %une = "arith.cmpf"(%nan, %nan) <{predicate = 13 : i64}> : (f32, f32) -> i1
  %olt = "arith.cmpf"(%nan, %one) <{predicate = 4 : i64}> : (f32, f32) -> i1
  %ult = "arith.cmpf"(%nan, %one) <{predicate = 11 : i64}> : (f32, f32) -> i1
  %ord = "arith.cmpf"(%one, %nan) <{predicate = 7 : i64}> : (f32, f32) -> i1
  %sel = "arith.select"(%une, %une, %oeq) : (i1, i1, i1) -> i1
  "func.return"(%oeq, %une, %olt, %ult, %ord, %sel) : (i1, i1, i1, i1, i1, i1) -> ()
}) : () -> ()

// FLOAT: 1.500000e+00
// FLOAT-NEXT: nan
// FLOAT-NEXT: 1.000000e+00
// FLOAT-NEXT: 1.414214e+00
// FLOAT-NEXT: -INF
"func.func"() <{function_type = () -> (f64, f32, f32, f64, f64), sym_name = "floats"}> ({
  %x = "arith.constant"() <{value = 7.5 : f64}> : () -> f64
  %y = "arith.constant"() <{value = 2.0 : f64}> : () -> f64
  %nan = "arith.constant"() <{value = 0x7FC00000 : f32}> : () -> f32
  %one = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
  %zero = "arith.constant"() <{value = 0.0 : f64}> : () -> f64
  %mone = "arith.constant"() <{value = -1.0 : f64}> : () -> f64
  %r0 = "arith.remf"(%x, %y) : (f64, f64) -> f64
  %r1 = "arith.maximumf"(%nan, %one) : (f32, f32) -> f32
  %r2 = "arith.maxnumf"(%nan, %one) : (f32, f32) -> f32
  %r3 = "math.sqrt"(%y) : (f64) -> f64
  %r4 = "arith.divf"(%mone, %zero) : (f64, f64) -> f64
  "func.return"(%r0, %r1, %r2, %r3, %r4) : (f64, f32, f32, f64, f64) -> ()
}) : () -> ()
