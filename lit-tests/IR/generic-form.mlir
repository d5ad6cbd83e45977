// RUN: %onnx-opt %s -split-input-file --mlir-print-op-generic | FileCheck %s
// RUN: %onnx-opt %s -split-input-file --mlir-print-op-generic | %onnx-opt -split-input-file --mlir-print-op-generic | FileCheck %s

// The generic form as upstream prints it: `"name"(operands)[successors] <{properties}>
// ({regions}, {...}) {discardable attributes} : (operand types) -> result types`. Inherent
// attributes are properties, sorted by name, and defaulted ones (overflowFlags, fastmath)
// are printed; `operandSegmentSizes` is a property. A region's entry block is labelled when
// it has arguments or no operations; a declaration's body is an empty region `({\n})`.
// Values are captured: the generic form numbers them across isolated regions.

// CHECK-LABEL: "builtin.module"() <{sym_name = "m"}> ({
// CHECK-NEXT:    "func.func"() <{function_type = (i32) -> i32, sym_name = "decl", sym_visibility = "private"}> ({
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    "func.func"() <{function_type = (i32, f32, i1) -> i32, sym_name = "body"}> ({
// CHECK-NEXT:    ^bb0(%[[A:.*]]: i32, %[[X:.*]]: f32, %[[C:.*]]: i1):
// CHECK-NEXT:      %[[C1:.*]] = "arith.constant"() <{value = 1 : i32}> : () -> i32
// CHECK-NEXT:      %[[ADD:.*]] = "arith.addi"(%[[A]], %[[C1]]) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT:      %[[CMP:.*]] = "arith.cmpf"(%[[X]], %[[X]]) <{fastmath = #arith.fastmath<nnan>, predicate = 4 : i64}> : (f32, f32) -> i1
// CHECK-NEXT:      %[[CALL:.*]] = "func.call"(%[[ADD]]) <{callee = @decl}> {fg.tag = "t"} : (i32) -> i32
// CHECK-NEXT:      %[[IF:.*]] = "scf.if"(%[[C]]) ({
// CHECK-NEXT:        "scf.yield"(%[[CALL]]) : (i32) -> ()
// CHECK-NEXT:      }, {
// CHECK-NEXT:        "scf.yield"(%[[ADD]]) : (i32) -> ()
// CHECK-NEXT:      }) : (i1) -> i32
// CHECK-NEXT:      "cf.cond_br"(%[[CMP]], %[[IF]], %[[A]])[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32, i32) -> ()
// CHECK-NEXT:    ^bb1(%[[R:.*]]: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:      "func.return"(%[[R]]) : (i32) -> ()
// CHECK-NEXT:    }) {fg.entry} : () -> ()
// CHECK-NEXT:    "builtin.module"() <{sym_name = "empty"}> ({
// CHECK-NEXT:    ^bb0:
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:  }) {fg.flag} : () -> ()
module @m attributes {fg.flag} {
  func.func private @decl(i32) -> i32
  func.func @body(%a: i32, %x: f32, %c: i1) -> i32 attributes {fg.entry} {
    %c1 = arith.constant 1 : i32
    %0 = arith.addi %a, %c1 : i32
    %1 = arith.cmpf olt, %x, %x fastmath<nnan> : f32
    %2 = func.call @decl(%0) {fg.tag = "t"} : (i32) -> i32
    %3 = scf.if %c -> (i32) {
      scf.yield %2 : i32
    } else {
      scf.yield %0 : i32
    }
    cf.cond_br %1, ^bb1(%3 : i32), ^bb1(%a : i32)
  ^bb1(%r: i32):
    return %r : i32
  }
  module @empty {
  }
}

// -----

// Generic input is accepted for every op, including ones with custom syntax, and mixes with it.
// RUN: %onnx-opt %s -split-input-file | FileCheck %s --check-prefix=MIXED
// MIXED-LABEL: func.func @generic_input(
// MIXED-SAME:    %[[A:.*]]: i32) -> i32 {
// MIXED-NEXT:    %[[S:.*]] = arith.addi %[[A]], %[[A]] : i32
// MIXED-NEXT:    %[[T:.*]] = arith.muli %[[S]], %[[A]] overflow<nsw> : i32
// MIXED-NEXT:    return %[[T]] : i32
"func.func"() <{function_type = (i32) -> i32, sym_name = "generic_input"}> ({
^bb0(%a: i32):
  %s = "arith.addi"(%a, %a) : (i32, i32) -> i32
  %t = arith.muli %s, %a overflow<nsw> : i32
  "func.return"(%t) : (i32) -> ()
}) : () -> ()
