// RUN: %onnx-opt %s --mlir-print-debuginfo | FileCheck %s
// RUN: %onnx-opt %s --mlir-print-debuginfo | %onnx-opt --mlir-print-debuginfo | FileCheck %s
// RUN: %onnx-opt %s | FileCheck %s --check-prefix=NODEBUG

// Locations: file:line:col (and a range), name, name(child), fused (with metadata), callsite,
// unknown, and aliases. Without --mlir-print-debuginfo no location is printed. With it, op
// locations print as aliases `loc(#locN)` defined after the module as `#locN = loc(...)`
// (block argument locations inline); the checks capture the alias numbers rather than pin
// them. An op without a written location gets the file:line:col of its first token, and the
// implicit top-level module gets "file":0:0.

// NODEBUG-NOT: loc(
// NODEBUG-NOT: #loc

// CHECK-LABEL: func.func @locations(
// CHECK-SAME:    %{{.*}}: i32 loc({{"arg_a"|#loc[0-9]*}}),
// CHECK-SAME:    %{{.*}}: i32 loc({{.*}})) -> i32 {
// CHECK-NEXT:    arith.addi {{.*}} loc(#[[L_FILE:loc[0-9]*]])
// CHECK-NEXT:    arith.muli {{.*}} loc(#[[L_NAME:loc[0-9]*]])
// CHECK-NEXT:    arith.subi {{.*}} loc(#[[L_NAME_CHILD:loc[0-9]*]])
// CHECK-NEXT:    arith.addi {{.*}} loc(#[[L_FUSED:loc[0-9]*]])
// CHECK-NEXT:    arith.addi {{.*}} loc(#[[L_FUSED_META:loc[0-9]*]])
// CHECK-NEXT:    arith.addi {{.*}} loc(#[[L_CALLSITE:loc[0-9]*]])
// CHECK-NEXT:    arith.addi {{.*}} loc(#[[L_UNKNOWN:loc[0-9]*]])
// CHECK-NEXT:    arith.addi {{.*}} loc(#[[L_ALIASED:loc[0-9]*]])
// CHECK-NEXT:    arith.addi {{.*}} loc(#[[L_RANGE:loc[0-9]*]])
// CHECK-NEXT:    arith.addi {{.*}} loc(#[[L_IMPLICIT:loc[0-9]*]])
// CHECK-NEXT:    return {{.*}} loc(#[[L_RETURN:loc[0-9]*]])
// CHECK-NEXT:  } loc(#[[L_FUNC:loc[0-9]*]])
// CHECK-NEXT:  } loc(#[[L_MODULE:loc[0-9]*]])
func.func @locations(%a: i32 loc("arg_a"), %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32 loc("model.onnx":3:7)
  %1 = arith.muli %0, %0 : i32 loc("node_name")
  %2 = arith.subi %1, %0 : i32 loc("node"("file.mlir":1:2))
  %3 = arith.addi %2, %2 : i32 loc(fused["a.mlir":1:1, "b.mlir":2:2])
  %4 = arith.addi %3, %3 : i32 loc(fused<"onnx">["a.mlir":1:1, "Loop_0"])
  %5 = arith.addi %4, %4 : i32 loc(callsite("callee.mlir":10:3 at "caller.mlir":20:5))
  %6 = arith.addi %5, %5 : i32 loc(unknown)
  %7 = arith.addi %6, %6 : i32 loc(#named)
  %8 = arith.addi %7, %7 : i32 loc("range.mlir":1:2 to 3:4)
  %9 = arith.addi %8, %8 : i32
  return %9 : i32 loc("ret.mlir":9:9)
} loc("func.mlir":1:1)

#named = loc("aliased")

// CHECK-DAG: #[[L_MODULE]] = loc("{{.*}}locations.mlir":0:0)
// CHECK-DAG: #[[L_FUNC]] = loc("func.mlir":1:1)
// CHECK-DAG: #[[L_FILE]] = loc("model.onnx":3:7)
// CHECK-DAG: #[[L_NAME]] = loc("node_name")
// CHECK-DAG: #[[L_NAME_CHILD]] = loc("node"(#[[L_CHILD:loc[0-9]*]]))
// CHECK-DAG: #[[L_CHILD]] = loc("file.mlir":1:2)
// CHECK-DAG: #[[L_FUSED]] = loc(fused[#[[L_A:loc[0-9]*]], #[[L_B:loc[0-9]*]]])
// CHECK-DAG: #[[L_A]] = loc("a.mlir":1:1)
// CHECK-DAG: #[[L_B]] = loc("b.mlir":2:2)
// CHECK-DAG: #[[L_FUSED_META]] = loc(fused<"onnx">[#[[L_A]], #[[L_LOOP:loc[0-9]*]]])
// CHECK-DAG: #[[L_LOOP]] = loc("Loop_0")
// CHECK-DAG: #[[L_CALLSITE]] = loc(callsite(#[[L_CALLEE:loc[0-9]*]] at #[[L_CALLER:loc[0-9]*]]))
// CHECK-DAG: #[[L_CALLEE]] = loc("callee.mlir":10:3)
// CHECK-DAG: #[[L_CALLER]] = loc("caller.mlir":20:5)
// CHECK-DAG: #[[L_UNKNOWN]] = loc(unknown)
// CHECK-DAG: #[[L_ALIASED]] = loc("aliased")
// CHECK-DAG: #[[L_RANGE]] = loc("range.mlir":1:2 to 3:4)
// CHECK-DAG: #[[L_IMPLICIT]] = loc("{{.*}}locations.mlir":[[# @LINE - 23]]:8)
// CHECK-DAG: #[[L_RETURN]] = loc("ret.mlir":9:9)
