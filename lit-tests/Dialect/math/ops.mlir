// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %s --mlir-print-op-generic | %onnx-opt | FileCheck %s
// RUN: %if mlir-upstream %{ %onnx-opt %s | %mlir-opt | FileCheck %s %}
// RUN: %if mlir-upstream %{ %mlir-opt %s | %onnx-opt | FileCheck %s %}

// Every float, integer and classification op of upstream MLIR 22's math
// dialect (there is no `math.pow`; the float power is `math.powf`).

// CHECK-LABEL: func.func @unary_f32(
// CHECK-SAME:      %[[A:.*]]: f32)
// CHECK-NEXT:    %[[ABSF:.*]] = math.absf %[[A]] : f32
// CHECK-NEXT:    %[[ACOS:.*]] = math.acos %[[A]] : f32
// CHECK-NEXT:    %[[ACOSH:.*]] = math.acosh %[[A]] : f32
// CHECK-NEXT:    %[[ASIN:.*]] = math.asin %[[A]] : f32
// CHECK-NEXT:    %[[ASINH:.*]] = math.asinh %[[A]] : f32
// CHECK-NEXT:    %[[ATAN:.*]] = math.atan %[[A]] : f32
// CHECK-NEXT:    %[[ATANH:.*]] = math.atanh %[[A]] : f32
// CHECK-NEXT:    %[[CBRT:.*]] = math.cbrt %[[A]] : f32
// CHECK-NEXT:    %[[CEIL:.*]] = math.ceil %[[A]] : f32
// CHECK-NEXT:    %[[COS:.*]] = math.cos %[[A]] : f32
// CHECK-NEXT:    %[[COSH:.*]] = math.cosh %[[A]] : f32
// CHECK-NEXT:    %[[ERF:.*]] = math.erf %[[A]] : f32
// CHECK-NEXT:    %[[ERFC:.*]] = math.erfc %[[A]] : f32
// CHECK-NEXT:    %[[EXP:.*]] = math.exp %[[A]] : f32
// CHECK-NEXT:    %[[EXP2:.*]] = math.exp2 %[[A]] : f32
// CHECK-NEXT:    %[[EXPM1:.*]] = math.expm1 %[[A]] : f32
// CHECK-NEXT:    %[[FLOOR:.*]] = math.floor %[[A]] : f32
// CHECK-NEXT:    %[[LOG:.*]] = math.log %[[A]] : f32
// CHECK-NEXT:    %[[LOG10:.*]] = math.log10 %[[A]] : f32
// CHECK-NEXT:    %[[LOG1P:.*]] = math.log1p %[[A]] : f32
// CHECK-NEXT:    %[[LOG2:.*]] = math.log2 %[[A]] : f32
// CHECK-NEXT:    %[[ROUND:.*]] = math.round %[[A]] : f32
// CHECK-NEXT:    %[[ROUNDEVEN:.*]] = math.roundeven %[[A]] : f32
// CHECK-NEXT:    %[[RSQRT:.*]] = math.rsqrt %[[A]] : f32
// CHECK-NEXT:    %[[SIN:.*]] = math.sin %[[A]] : f32
// CHECK-NEXT:    %[[SINH:.*]] = math.sinh %[[A]] : f32
// CHECK-NEXT:    %[[SQRT:.*]] = math.sqrt %[[A]] : f32
// CHECK-NEXT:    %[[TAN:.*]] = math.tan %[[A]] : f32
// CHECK-NEXT:    %[[TANH:.*]] = math.tanh %[[A]] : f32
// CHECK-NEXT:    %[[TRUNC:.*]] = math.trunc %[[A]] : f32
// CHECK-NEXT:    return
func.func @unary_f32(%a: f32) {
  %absf = math.absf %a : f32
  %acos = math.acos %a : f32
  %acosh = math.acosh %a : f32
  %asin = math.asin %a : f32
  %asinh = math.asinh %a : f32
  %atan = math.atan %a : f32
  %atanh = math.atanh %a : f32
  %cbrt = math.cbrt %a : f32
  %ceil = math.ceil %a : f32
  %cos = math.cos %a : f32
  %cosh = math.cosh %a : f32
  %erf = math.erf %a : f32
  %erfc = math.erfc %a : f32
  %exp = math.exp %a : f32
  %exp2 = math.exp2 %a : f32
  %expm1 = math.expm1 %a : f32
  %floor = math.floor %a : f32
  %log = math.log %a : f32
  %log10 = math.log10 %a : f32
  %log1p = math.log1p %a : f32
  %log2 = math.log2 %a : f32
  %round = math.round %a : f32
  %roundeven = math.roundeven %a : f32
  %rsqrt = math.rsqrt %a : f32
  %sin = math.sin %a : f32
  %sinh = math.sinh %a : f32
  %sqrt = math.sqrt %a : f32
  %tan = math.tan %a : f32
  %tanh = math.tanh %a : f32
  %trunc = math.trunc %a : f32
  return
}

// CHECK-LABEL: func.func @unary_f64(
// CHECK-SAME:      %[[A:.*]]: f64)
// CHECK-NEXT:    %[[ABSF:.*]] = math.absf %[[A]] : f64
// CHECK-NEXT:    %[[ACOS:.*]] = math.acos %[[A]] : f64
// CHECK-NEXT:    %[[ACOSH:.*]] = math.acosh %[[A]] : f64
// CHECK-NEXT:    %[[ASIN:.*]] = math.asin %[[A]] : f64
// CHECK-NEXT:    %[[ASINH:.*]] = math.asinh %[[A]] : f64
// CHECK-NEXT:    %[[ATAN:.*]] = math.atan %[[A]] : f64
// CHECK-NEXT:    %[[ATANH:.*]] = math.atanh %[[A]] : f64
// CHECK-NEXT:    %[[CBRT:.*]] = math.cbrt %[[A]] : f64
// CHECK-NEXT:    %[[CEIL:.*]] = math.ceil %[[A]] : f64
// CHECK-NEXT:    %[[COS:.*]] = math.cos %[[A]] : f64
// CHECK-NEXT:    %[[COSH:.*]] = math.cosh %[[A]] : f64
// CHECK-NEXT:    %[[ERF:.*]] = math.erf %[[A]] : f64
// CHECK-NEXT:    %[[ERFC:.*]] = math.erfc %[[A]] : f64
// CHECK-NEXT:    %[[EXP:.*]] = math.exp %[[A]] : f64
// CHECK-NEXT:    %[[EXP2:.*]] = math.exp2 %[[A]] : f64
// CHECK-NEXT:    %[[EXPM1:.*]] = math.expm1 %[[A]] : f64
// CHECK-NEXT:    %[[FLOOR:.*]] = math.floor %[[A]] : f64
// CHECK-NEXT:    %[[LOG:.*]] = math.log %[[A]] : f64
// CHECK-NEXT:    %[[LOG10:.*]] = math.log10 %[[A]] : f64
// CHECK-NEXT:    %[[LOG1P:.*]] = math.log1p %[[A]] : f64
// CHECK-NEXT:    %[[LOG2:.*]] = math.log2 %[[A]] : f64
// CHECK-NEXT:    %[[ROUND:.*]] = math.round %[[A]] : f64
// CHECK-NEXT:    %[[ROUNDEVEN:.*]] = math.roundeven %[[A]] : f64
// CHECK-NEXT:    %[[RSQRT:.*]] = math.rsqrt %[[A]] : f64
// CHECK-NEXT:    %[[SIN:.*]] = math.sin %[[A]] : f64
// CHECK-NEXT:    %[[SINH:.*]] = math.sinh %[[A]] : f64
// CHECK-NEXT:    %[[SQRT:.*]] = math.sqrt %[[A]] : f64
// CHECK-NEXT:    %[[TAN:.*]] = math.tan %[[A]] : f64
// CHECK-NEXT:    %[[TANH:.*]] = math.tanh %[[A]] : f64
// CHECK-NEXT:    %[[TRUNC:.*]] = math.trunc %[[A]] : f64
// CHECK-NEXT:    return
func.func @unary_f64(%a: f64) {
  %absf = math.absf %a : f64
  %acos = math.acos %a : f64
  %acosh = math.acosh %a : f64
  %asin = math.asin %a : f64
  %asinh = math.asinh %a : f64
  %atan = math.atan %a : f64
  %atanh = math.atanh %a : f64
  %cbrt = math.cbrt %a : f64
  %ceil = math.ceil %a : f64
  %cos = math.cos %a : f64
  %cosh = math.cosh %a : f64
  %erf = math.erf %a : f64
  %erfc = math.erfc %a : f64
  %exp = math.exp %a : f64
  %exp2 = math.exp2 %a : f64
  %expm1 = math.expm1 %a : f64
  %floor = math.floor %a : f64
  %log = math.log %a : f64
  %log10 = math.log10 %a : f64
  %log1p = math.log1p %a : f64
  %log2 = math.log2 %a : f64
  %round = math.round %a : f64
  %roundeven = math.roundeven %a : f64
  %rsqrt = math.rsqrt %a : f64
  %sin = math.sin %a : f64
  %sinh = math.sinh %a : f64
  %sqrt = math.sqrt %a : f64
  %tan = math.tan %a : f64
  %tanh = math.tanh %a : f64
  %trunc = math.trunc %a : f64
  return
}

// CHECK-LABEL: func.func @binary_float(
// CHECK-SAME:      %[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f64, %[[D:.*]]: f64)
// CHECK-NEXT:    %{{.*}} = math.atan2 %[[A]], %[[B]] : f32
// CHECK-NEXT:    %{{.*}} = math.atan2 %[[C]], %[[D]] : f64
// CHECK-NEXT:    %{{.*}} = math.copysign %[[A]], %[[B]] : f32
// CHECK-NEXT:    %{{.*}} = math.copysign %[[C]], %[[D]] : f64
// CHECK-NEXT:    %{{.*}} = math.powf %[[A]], %[[B]] : f32
// CHECK-NEXT:    %{{.*}} = math.powf %[[C]], %[[D]] : f64
// CHECK-NEXT:    return
func.func @binary_float(%a: f32, %b: f32, %c: f64, %d: f64) {
  %atan232 = math.atan2 %a, %b : f32
  %atan264 = math.atan2 %c, %d : f64
  %copysign32 = math.copysign %a, %b : f32
  %copysign64 = math.copysign %c, %d : f64
  %powf32 = math.powf %a, %b : f32
  %powf64 = math.powf %c, %d : f64
  return
}

// CHECK-LABEL: func.func @ternary_and_mixed(
// CHECK-SAME:      %[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32, %[[N:.*]]: i32, %[[X:.*]]: f64, %[[K:.*]]: i64)
// CHECK-NEXT:    %[[FMA:.*]] = math.fma %[[A]], %[[B]], %[[C]] : f32
// CHECK-NEXT:    %[[FPOWI:.*]] = math.fpowi %[[A]], %[[N]] : f32, i32
// CHECK-NEXT:    %[[FPOWI64:.*]] = math.fpowi %[[X]], %[[K]] : f64, i64
// CHECK-NEXT:    %[[IPOWI:.*]] = math.ipowi %[[N]], %[[N]] : i32
// CHECK-NEXT:    %[[IPOWI64:.*]] = math.ipowi %[[K]], %[[K]] : i64
// CHECK-NEXT:    %[[CLAMP:.*]] = math.clampf %[[A]] to [%[[B]], %[[C]]] : f32
// CHECK-NEXT:    %[[SIN:.*]], %[[COS:.*]] = math.sincos %[[X]] : f64
// CHECK-NEXT:    return
func.func @ternary_and_mixed(%a: f32, %b: f32, %c: f32, %n: i32, %x: f64, %k: i64) {
  %fma = math.fma %a, %b, %c : f32
  %fpowi = math.fpowi %a, %n : f32, i32
  %fpowi64 = math.fpowi %x, %k : f64, i64
  %ipowi = math.ipowi %n, %n : i32
  %ipowi64 = math.ipowi %k, %k : i64
  %clamp = math.clampf %a to [%b, %c] : f32
  %sin, %cos = math.sincos %x : f64
  return
}

// CHECK-LABEL: func.func @integer_i32(
// CHECK-SAME:      %[[A:.*]]: i32)
// CHECK-NEXT:    %{{.*}} = math.absi %[[A]] : i32
// CHECK-NEXT:    %{{.*}} = math.ctlz %[[A]] : i32
// CHECK-NEXT:    %{{.*}} = math.cttz %[[A]] : i32
// CHECK-NEXT:    %{{.*}} = math.ctpop %[[A]] : i32
// CHECK-NEXT:    return
func.func @integer_i32(%a: i32) {
  %absi = math.absi %a : i32
  %ctlz = math.ctlz %a : i32
  %cttz = math.cttz %a : i32
  %ctpop = math.ctpop %a : i32
  return
}

// CHECK-LABEL: func.func @integer_i64(
// CHECK-SAME:      %[[A:.*]]: i64)
// CHECK-NEXT:    %{{.*}} = math.absi %[[A]] : i64
// CHECK-NEXT:    %{{.*}} = math.ctlz %[[A]] : i64
// CHECK-NEXT:    %{{.*}} = math.cttz %[[A]] : i64
// CHECK-NEXT:    %{{.*}} = math.ctpop %[[A]] : i64
// CHECK-NEXT:    return
func.func @integer_i64(%a: i64) {
  %absi = math.absi %a : i64
  %ctlz = math.ctlz %a : i64
  %cttz = math.cttz %a : i64
  %ctpop = math.ctpop %a : i64
  return
}

// Classification ops return i1 (the type is printed once, the operand's).
// CHECK-LABEL: func.func @classify(
// CHECK-SAME:      %[[A:.*]]: f32, %[[B:.*]]: f64) -> (i1, i1, i1, i1, i1, i1, i1, i1)
// CHECK-NEXT:    %[[ISNAN32:.*]] = math.isnan %[[A]] : f32
// CHECK-NEXT:    %[[ISNAN64:.*]] = math.isnan %[[B]] : f64
// CHECK-NEXT:    %[[ISINF32:.*]] = math.isinf %[[A]] : f32
// CHECK-NEXT:    %[[ISINF64:.*]] = math.isinf %[[B]] : f64
// CHECK-NEXT:    %[[ISFINITE32:.*]] = math.isfinite %[[A]] : f32
// CHECK-NEXT:    %[[ISFINITE64:.*]] = math.isfinite %[[B]] : f64
// CHECK-NEXT:    %[[ISNORMAL32:.*]] = math.isnormal %[[A]] : f32
// CHECK-NEXT:    %[[ISNORMAL64:.*]] = math.isnormal %[[B]] : f64
// CHECK-NEXT:    return %[[ISNAN32]], %[[ISNAN64]], %[[ISINF32]], %[[ISINF64]], %[[ISFINITE32]], %[[ISFINITE64]], %[[ISNORMAL32]], %[[ISNORMAL64]] : i1, i1, i1, i1, i1, i1, i1, i1
func.func @classify(%a: f32, %b: f64) -> (i1, i1, i1, i1, i1, i1, i1, i1) {
  %isnan32 = math.isnan %a : f32
  %isnan64 = math.isnan %b : f64
  %isinf32 = math.isinf %a : f32
  %isinf64 = math.isinf %b : f64
  %isfinite32 = math.isfinite %a : f32
  %isfinite64 = math.isfinite %b : f64
  %isnormal32 = math.isnormal %a : f32
  %isnormal64 = math.isnormal %b : f64
  return %isnan32, %isnan64, %isinf32, %isinf64, %isfinite32, %isfinite64, %isnormal32, %isnormal64 : i1, i1, i1, i1, i1, i1, i1, i1
}

// Fast-math flags print between the operands and the type.
// CHECK-LABEL: func.func @fastmath(
// CHECK-SAME:      %[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32)
// CHECK-NEXT:    %{{.*}} = math.sin %[[A]] fastmath<fast> : f32
// CHECK-NEXT:    %{{.*}} = math.powf %[[A]], %[[B]] fastmath<nnan,ninf> : f32
// CHECK-NEXT:    %{{.*}} = math.fma %[[A]], %[[B]], %[[C]] fastmath<contract> : f32
// CHECK-NEXT:    %{{.*}} = math.sqrt %[[A]] : f32
// CHECK-NEXT:    return
func.func @fastmath(%a: f32, %b: f32, %c: f32) {
  %0 = math.sin %a fastmath<fast> : f32
  %1 = math.powf %a, %b fastmath<nnan,ninf> : f32
  %2 = math.fma %a, %b, %c fastmath<contract> : f32
  %3 = math.sqrt %a fastmath<none> : f32
  return
}

// Shaped operands are allowed; the classification result is then i1-shaped.
// CHECK-LABEL: func.func @tensors(
// CHECK-SAME:      %[[T:.*]]: tensor<4xf32>, %[[U:.*]]: tensor<2x?xi32>) -> (tensor<4xf32>, tensor<4xi1>, tensor<2x?xi32>)
// CHECK-NEXT:    %[[E:.*]] = math.exp %[[T]] : tensor<4xf32>
// CHECK-NEXT:    %[[N:.*]] = math.isnan %[[T]] : tensor<4xf32>
// CHECK-NEXT:    %[[P:.*]] = math.ctpop %[[U]] : tensor<2x?xi32>
// CHECK-NEXT:    return %[[E]], %[[N]], %[[P]] : tensor<4xf32>, tensor<4xi1>, tensor<2x?xi32>
func.func @tensors(%t: tensor<4xf32>, %u: tensor<2x?xi32>) -> (tensor<4xf32>, tensor<4xi1>, tensor<2x?xi32>) {
  %e = math.exp %t : tensor<4xf32>
  %n = math.isnan %t : tensor<4xf32>
  %p = math.ctpop %u : tensor<2x?xi32>
  return %e, %n, %p : tensor<4xf32>, tensor<4xi1>, tensor<2x?xi32>
}

// Half and bfloat operands.
// CHECK-LABEL: func.func @small_floats(
// CHECK-SAME:      %[[H:.*]]: f16, %[[B:.*]]: bf16)
// CHECK-NEXT:    %{{.*}} = math.tanh %[[H]] : f16
// CHECK-NEXT:    %{{.*}} = math.floor %[[B]] : bf16
func.func @small_floats(%h: f16, %b: bf16) {
  %0 = math.tanh %h : f16
  %1 = math.floor %b : bf16
  return
}
