// RUN: %onnx-opt %s -split-input-file -convert-onnx-to-loops -verify-diagnostics | FileCheck %s
// UNSUPPORTED: upstream-as-flowgate

// The scalar tier: every op family on rank-0 tensors of native types is arith/math in
// registers, with onnxruntime's semantics where ONNX leaves them open (scalar.rs). Nothing
// calls the runtime but the unboxing of arguments and boxing of results, except the cold
// branch of an integer division whose divisor is zero (onnxruntime reports it as an error).

// Mod (fmod = 0) takes the divisor's sign: remsi, then + b when the signs differ. A divisor
// that may be zero takes the runtime's kernel in an scf.if, which reports the error by node.
// CHECK-LABEL: func.func @mod_div(
// CHECK:         %[[B:.*]] = call @flowgate_rt_unbox_i64(%{{.*}}, %arg1)
// CHECK:         %[[A:.*]] = call @flowgate_rt_unbox_i64(%{{.*}}, %arg0)
// CHECK:         %[[Z:.*]] = arith.cmpi eq, %[[B]], %{{.*}} : i64
// CHECK:         %[[M:.*]] = scf.if %[[Z]] -> (i64) {
// CHECK:           func.call @flowgate_rt_binary(
// CHECK:           func.call @flowgate_rt_unbox_i64(
// A divisor of -1 never reaches remsi/divsi (INT_MIN / -1 overflows: x86 traps, upstream leaves
// it undefined): it divides by 1, and a quotient is negated (0 - INT_MIN wraps to INT_MIN).
// CHECK:         } else {
// CHECK:           %[[M1:.*]] = arith.constant -1 : i64
// CHECK:           %[[ISM1:.*]] = arith.cmpi eq, %[[B]], %[[M1]] : i64
// CHECK:           %[[ONE:.*]] = arith.constant 1 : i64
// CHECK:           %[[BS:.*]] = arith.select %[[ISM1]], %[[ONE]], %[[B]] : i64
// CHECK:           %[[R:.*]] = arith.remsi %[[A]], %[[BS]] : i64
// CHECK:           %[[RNZ:.*]] = arith.cmpi ne, %[[R]], %[[C0:.*]] : i64
// CHECK:           %[[RN:.*]] = arith.cmpi slt, %[[R]], %[[C0]] : i64
// CHECK:           %[[BN:.*]] = arith.cmpi slt, %[[BS]], %[[C0]] : i64
// CHECK:           %[[D:.*]] = arith.xori %[[RN]], %[[BN]] : i1
// CHECK:           %[[ADJ:.*]] = arith.andi %[[RNZ]], %[[D]] : i1
// CHECK:           %[[SUM:.*]] = arith.addi %[[R]], %[[BS]] : i64
// CHECK:           %[[SEL:.*]] = arith.select %[[ADJ]], %[[SUM]], %[[R]] : i64
// CHECK:           scf.yield %[[SEL]] : i64
// CHECK:         scf.if %{{.*}} -> (i64) {
// CHECK:         } else {
// CHECK:           %[[ISM1D:.*]] = arith.cmpi eq, %[[B]], %{{.*}} : i64
// CHECK:           %[[BSD:.*]] = arith.select %[[ISM1D]], %{{.*}}, %[[B]] : i64
// CHECK:           %[[Q:.*]] = arith.divsi %[[A]], %[[BSD]] : i64
// CHECK:           %[[NEG:.*]] = arith.subi %{{.*}}, %[[Q]] : i64
// CHECK:           arith.select %[[ISM1D]], %[[NEG]], %[[Q]] : i64
// CHECK:         arith.remui
// CHECK-NOT:     scf.if
// CHECK:         return
module attributes {onnx.opset_import = {ai.onnx = 18 : i64}} {
  func.func @mod_div(%a: tensor<i64>, %b: tensor<i64>, %u: tensor<ui16>) -> (tensor<i64>, tensor<i64>, tensor<ui16>) {
    %0 = "onnx.Mod"(%a, %b) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %1 = "onnx.Div"(%a, %b) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %c = "onnx.Constant"() {value = dense<7> : tensor<ui16>} : () -> tensor<ui16>
    %2 = "onnx.Mod"(%u, %c) {fmod = 1 : i64} : (tensor<ui16>, tensor<ui16>) -> tensor<ui16>
    return %0, %1, %2 : tensor<i64>, tensor<i64>, tensor<ui16>
  }
}

// -----

// Float Max/Min: `a > b ? a : b`, NaN when a is NaN. Clip: `x < lo ? lo : x`, then
// `hi < m ? hi : m`. IsInf compares with the infinities its attributes select. Cast to i32:
// fptosi, and INT32_MIN when the value is NaN or too large (x86's cvttss2si, as onnxruntime).
// Sign keeps NaN and makes -0 +0.
// CHECK-LABEL: func.func @float_ops(
// CHECK:         %[[B:.*]] = call @flowgate_rt_unbox_f32(%{{.*}}, %arg1)
// CHECK:         %[[A:.*]] = call @flowgate_rt_unbox_f32(%{{.*}}, %arg0)
// CHECK:         %[[GT:.*]] = arith.cmpf ogt, %[[A]], %[[B]] : f32
// CHECK:         %[[S:.*]] = arith.select %[[GT]], %[[A]], %[[B]] : f32
// CHECK:         %[[NAN:.*]] = arith.cmpf uno, %[[A]], %[[A]] : f32
// CHECK:         %[[MAX:.*]] = arith.select %[[NAN]], %[[A]], %[[S]] : f32
// CHECK:         %[[LO:.*]] = arith.cmpf olt, %[[A]], %[[B]] : f32
// CHECK:         %[[M:.*]] = arith.select %[[LO]], %[[B]], %[[A]] : f32
// CHECK:         %[[HI:.*]] = arith.cmpf olt, %[[MAX]], %[[M]] : f32
// CHECK:         %[[CL:.*]] = arith.select %[[HI]], %[[MAX]], %[[M]] : f32
// CHECK:         %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK:         arith.cmpf oeq, %[[CL]], %[[INF]] : f32
// CHECK-NOT:     0xFF800000
// CHECK:         %[[T:.*]] = arith.fptosi %[[CL]] : f32 to i32
// CHECK:         %[[OK:.*]] = arith.cmpf olt, %[[CL]], %{{.*}} : f32
// CHECK:         %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK:         arith.select %[[OK]], %[[T]], %[[MIN]] : i32
// CHECK:         arith.cmpf ogt, %[[A]]
// CHECK:         arith.cmpf olt, %[[A]]
// CHECK:         arith.cmpf uno, %[[A]], %[[A]]
// CHECK-NOT:     call @flowgate_rt_{{(unary|binary|clip|cast)}}
// CHECK:         return
module attributes {onnx.opset_import = {ai.onnx = 18 : i64}} {
  func.func @float_ops(%a: tensor<f32>, %b: tensor<f32>) -> (tensor<f32>, tensor<f32>, tensor<i1>, tensor<i32>, tensor<f32>) {
    %0 = "onnx.Max"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %1 = "onnx.Clip"(%a, %b, %0) : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<f32>
    %2 = "onnx.IsInf"(%1) {detect_negative = 0 : i64} : (tensor<f32>) -> tensor<i1>
    %3 = "onnx.Cast"(%1) {to = 6 : i64} : (tensor<f32>) -> tensor<i32>
    %4 = "onnx.Sign"(%a) : (tensor<f32>) -> tensor<f32>
    return %0, %1, %2, %3, %4 : tensor<f32>, tensor<f32>, tensor<i1>, tensor<i32>, tensor<f32>
  }
}

// -----

// Bit ops on unsigned registers. Shifts of the width or more give 0, as in onnxruntime, guarded
// in the IR (arith leaves them undefined): the count is clamped and the result selected.
// Integer Pow is pow in double precision, converted back as Cast does.
// CHECK-LABEL: func.func @bits_pow(
// CHECK:         %[[W:.*]] = arith.constant 8 : i8
// CHECK:         %[[Z:.*]] = arith.constant 0 : i8
// CHECK:         %[[FAR:.*]] = arith.cmpi uge, %[[N:.*]], %[[W]] : i8
// CHECK:         %[[CNT:.*]] = arith.select %[[FAR]], %[[Z]], %[[N]] : i8
// CHECK:         %[[SH0:.*]] = arith.shli %{{.*}}, %[[CNT]] : i8
// CHECK:         %[[SH:.*]] = arith.select %[[FAR]], %[[Z]], %[[SH0]] : i8
// CHECK:         %[[ONES:.*]] = arith.constant -1 : i8
// CHECK:         %[[NOT:.*]] = arith.xori %[[SH]], %[[ONES]] : i8
// CHECK:         arith.xori %[[NOT]], %[[N]] : i8
// CHECK:         arith.shrui
// CHECK:         arith.andi %{{.*}}, %{{.*}} : i8
// CHECK:         arith.ori %{{.*}}, %{{.*}} : i8
// CHECK:         %[[X:.*]] = arith.sitofp %{{.*}} : i32 to f64
// CHECK:         %[[Y:.*]] = arith.sitofp %{{.*}} : i32 to f64
// CHECK:         %[[P:.*]] = math.powf %[[X]], %[[Y]] : f64
// CHECK:         arith.fptosi %[[P]] : f64 to i32
// CHECK:         %[[E:.*]] = arith.sitofp %{{.*}} : i64 to f32
// CHECK:         math.powf %{{.*}}, %[[E]] : f32
// CHECK-NOT:     call @flowgate_rt_{{(unary|binary)}}
// CHECK:         return
module attributes {onnx.opset_import = {ai.onnx = 18 : i64}} {
  func.func @bits_pow(%a: tensor<ui8>, %b: tensor<ui8>, %p: tensor<i32>, %f: tensor<f32>, %e: tensor<i64>) -> (tensor<ui8>, tensor<ui8>, tensor<i32>, tensor<f32>) {
    %0 = "onnx.BitShift"(%a, %b) {direction = "LEFT"} : (tensor<ui8>, tensor<ui8>) -> tensor<ui8>
    %1 = "onnx.BitwiseNot"(%0) : (tensor<ui8>) -> tensor<ui8>
    %2 = "onnx.BitwiseXor"(%1, %b) : (tensor<ui8>, tensor<ui8>) -> tensor<ui8>
    %3 = "onnx.BitShift"(%2, %b) {direction = "RIGHT"} : (tensor<ui8>, tensor<ui8>) -> tensor<ui8>
    %4 = "onnx.BitwiseAnd"(%3, %a) : (tensor<ui8>, tensor<ui8>) -> tensor<ui8>
    %5 = "onnx.BitwiseOr"(%4, %a) : (tensor<ui8>, tensor<ui8>) -> tensor<ui8>
    %6 = "onnx.Pow"(%p, %p) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %7 = "onnx.Pow"(%f, %e) : (tensor<f32>, tensor<i64>) -> tensor<f32>
    return %5, %0, %6, %7 : tensor<ui8>, tensor<ui8>, tensor<i32>, tensor<f32>
  }
}

// -----

// Variadic Sum and Min fold left; Round is half to even; the trigonometric ops are libm calls
// in generated code; unsigned Sign is `x != 0`.
// CHECK-LABEL: func.func @misc(
// CHECK:         %[[S1:.*]] = arith.addf
// CHECK:         arith.addf %[[S1]],
// CHECK:         math.roundeven
// CHECK:         math.tan
// CHECK:         math.atanh
// CHECK:         arith.minsi
// CHECK:         arith.minsi
// CHECK:         %[[NZ:.*]] = arith.cmpi ne, %{{.*}}, %{{.*}} : i32
// CHECK:         arith.extui %[[NZ]] : i1 to i32
// CHECK-NOT:     call @flowgate_rt_{{(unary|binary)}}
// CHECK:         return
module attributes {onnx.opset_import = {ai.onnx = 18 : i64}} {
  func.func @misc(%a: tensor<f64>, %i: tensor<i16>, %u: tensor<ui32>) -> (tensor<f64>, tensor<i16>, tensor<ui32>) {
    %0 = "onnx.Sum"(%a, %a, %a) : (tensor<f64>, tensor<f64>, tensor<f64>) -> tensor<f64>
    %1 = "onnx.Round"(%0) : (tensor<f64>) -> tensor<f64>
    %2 = "onnx.Tan"(%1) : (tensor<f64>) -> tensor<f64>
    %3 = "onnx.Atanh"(%2) : (tensor<f64>) -> tensor<f64>
    %4 = "onnx.Min"(%i, %i, %i) : (tensor<i16>, tensor<i16>, tensor<i16>) -> tensor<i16>
    %5 = "onnx.Sign"(%u) : (tensor<ui32>) -> tensor<ui32>
    return %3, %4, %5 : tensor<f64>, tensor<i16>, tensor<ui32>
  }
}

// -----

// Ops that only the scalar tier has are an error on runtime tensors (here of dynamic shape;
// a static one is a compiled-tier loop nest), naming the op.
module attributes {onnx.opset_import = {ai.onnx = 18 : i64}} {
  func.func @shift_tensor(%a: tensor<?xui8>, %b: tensor<?xui8>) -> tensor<?xui8> {
    // expected-error @+1 {{'BitShift' is supported by convert-onnx-to-loops on rank-0 tensors of native element types only}}
    %0 = "onnx.BitShift"(%a, %b) {direction = "LEFT"} : (tensor<?xui8>, tensor<?xui8>) -> tensor<?xui8>
    return %0 : tensor<?xui8>
  }
}

// -----

// float16 and bfloat16 registers are f32 values of their precision: the op runs in f32 and its
// result is rounded on the bits (round to nearest even; float16 overflows to infinity and
// has subnormals). Boxing and unboxing go through the f32 entry points with the narrow dtype.
// CHECK-LABEL: func.func @narrow(
// CHECK:         %[[Y:.*]] = call @flowgate_rt_unbox_f32(%{{.*}}, %arg1) : (i32, !llvm.ptr) -> f32
// CHECK:         %[[X:.*]] = call @flowgate_rt_unbox_f32(%{{.*}}, %arg0) : (i32, !llvm.ptr) -> f32
// CHECK:         %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK:         %[[B:.*]] = arith.bitcast %[[S]] : f32 to i32
// CHECK:         arith.cmpi uge
// CHECK:         arith.cmpf olt
// CHECK:         %[[H:.*]] = arith.select %{{.*}}, %[[S]], %{{.*}} : f32
// CHECK:         %[[M:.*]] = arith.mulf %[[H]], %[[H]] : f32
// CHECK:         arith.bitcast %[[M]] : f32 to i32
// CHECK:         %[[C:.*]] = arith.constant -65536 : i32
// CHECK-NOT:     call @flowgate_rt_{{(unary|binary|cast)}}
// CHECK:         %[[DT:.*]] = arith.constant 16 : i32
// CHECK:         call @flowgate_rt_box_f32(%{{.*}}, %[[DT]]) : (f32, i32) -> !llvm.ptr
module attributes {onnx.opset_import = {ai.onnx = 18 : i64}} {
  func.func @narrow(%a: tensor<f16>, %b: tensor<f16>) -> tensor<bf16> {
    %0 = "onnx.Add"(%a, %b) : (tensor<f16>, tensor<f16>) -> tensor<f16>
    %1 = "onnx.Mul"(%0, %0) : (tensor<f16>, tensor<f16>) -> tensor<f16>
    %2 = "onnx.Cast"(%1) {to = 16 : i64} : (tensor<f16>) -> tensor<bf16>
    return %2 : tensor<bf16>
  }
}
