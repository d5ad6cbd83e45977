// An object file whose public functions are C symbols, linked with a C driver through the
// generated header: scalars, a struct of several results, and a memref descriptor argument.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %onnx-compile %s --allow-unregistered-dialect -o %t/lib.o --emit-header %t/lib.h
// RUN: %cc -std=c11 -Wall -Werror -I %t %S/Inputs/aot_driver.c %t/lib.o -lm -o %t/driver
// RUN: %t/driver | FileCheck %s
// RUN: %onnx-compile %s --allow-unregistered-dialect -O0 -o %t/lib0.o --emit-header %t/lib.h
// RUN: %cc -std=c11 -I %t %S/Inputs/aot_driver.c %t/lib0.o -lm -o %t/driver0
// RUN: %t/driver0 | FileCheck %s
// RUN: FileCheck %s --check-prefix=HEADER < %t/lib.h

// CHECK: 111
// CHECK-NEXT: -4.5 3 1
// CHECK-NEXT: 50 30

// HEADER: typedef struct {
// HEADER-NEXT:   int64_t *allocated;
// HEADER-NEXT:   int64_t *aligned;
// HEADER-NEXT:   int64_t offset;
// HEADER-NEXT:   int64_t sizes[1];
// HEADER-NEXT:   int64_t strides[1];
// HEADER-NEXT: } flowgate_memref_i64_1d;
// HEADER: int64_t collatz_steps(int64_t arg0);
// HEADER: typedef struct {
// HEADER-NEXT:   double r0;
// HEADER-NEXT:   double r1;
// HEADER-NEXT:   bool r2;
// HEADER-NEXT: } minmax_result;
// HEADER: minmax_result minmax(double arg0, float arg1);
// HEADER: void scale(flowgate_memref_i64_1d *arg0, int64_t arg1);
// HEADER-NOT: helper

"func.func"() <{function_type = (i64) -> i64, sym_name = "collatz_steps"}> ({
^bb0(%start: i64):
  %zero = "arith.constant"() <{value = 0 : i64}> : () -> i64
  %one = "arith.constant"() <{value = 1 : i64}> : () -> i64
  "cf.br"(%start, %zero)[^head] : (i64, i64) -> ()
^head(%x: i64, %steps: i64):
  %done = "arith.cmpi"(%x, %one) <{predicate = 0 : i64}> : (i64, i64) -> i1
  "cf.cond_br"(%done, %steps)[^exit, ^body] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i64) -> ()
^body:
  %next = "func.call"(%x) <{callee = @helper}> : (i64) -> i64
  %s2 = "arith.addi"(%steps, %one) : (i64, i64) -> i64
  "cf.br"(%next, %s2)[^head] : (i64, i64) -> ()
^exit(%r: i64):
  "func.return"(%r) : (i64) -> ()
}) : () -> ()

// Private: not in the header, not exported.
"func.func"() <{function_type = (i64) -> i64, sym_name = "helper", sym_visibility = "private"}> ({
^bb0(%x: i64):
  %one = "arith.constant"() <{value = 1 : i64}> : () -> i64
  %two = "arith.constant"() <{value = 2 : i64}> : () -> i64
  %three = "arith.constant"() <{value = 3 : i64}> : () -> i64
  %odd = "arith.andi"(%x, %one) : (i64, i64) -> i64
  %is_odd = "arith.cmpi"(%odd, %one) <{predicate = 0 : i64}> : (i64, i64) -> i1
  %half = "arith.divui"(%x, %two) : (i64, i64) -> i64
  %t = "arith.muli"(%x, %three) : (i64, i64) -> i64
  %up = "arith.addi"(%t, %one) : (i64, i64) -> i64
  %next = "arith.select"(%is_odd, %up, %half) : (i1, i64, i64) -> i64
  "func.return"(%next) : (i64) -> ()
}) : () -> ()

"func.func"() <{function_type = (f64, f32) -> (f64, f64, i1), sym_name = "minmax"}> ({
^bb0(%a: f64, %b: f32):
  %bd = "arith.extf"(%b) : (f32) -> f64
  %lo = "arith.minimumf"(%a, %bd) : (f64, f64) -> f64
  %hi = "arith.maximumf"(%a, %bd) : (f64, f64) -> f64
  %lt = "arith.cmpf"(%a, %bd) <{predicate = 4 : i64}> : (f64, f64) -> i1
  "func.return"(%lo, %hi, %lt) : (f64, f64, i1) -> ()
}) : () -> ()

"func.func"() <{function_type = (memref<?xi64>, i64) -> (), sym_name = "scale"}> ({
^bb0(%m: memref<?xi64>, %k: i64):
  %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
  %c1 = "arith.constant"() <{value = 1 : index}> : () -> index
  %n = "memref.dim"(%m, %c0) : (memref<?xi64>, index) -> index
  "cf.br"(%c0)[^head] : (index) -> ()
^head(%i: index):
  %c = "arith.cmpi"(%i, %n) <{predicate = 2 : i64}> : (index, index) -> i1
  "cf.cond_br"(%c)[^body, ^exit] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^body:
  %x = "memref.load"(%m, %i) : (memref<?xi64>, index) -> i64
  %y = "arith.muli"(%x, %k) : (i64, i64) -> i64
  "memref.store"(%y, %m, %i) : (i64, memref<?xi64>, index) -> ()
  %i2 = "arith.addi"(%i, %c1) : (index, index) -> index
  "cf.br"(%i2)[^head] : (index) -> ()
^exit:
  "func.return"() : () -> ()
}) : () -> ()
