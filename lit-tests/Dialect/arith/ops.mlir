// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %s --mlir-print-op-generic | %onnx-opt | FileCheck %s

// Round trip of every arith op in custom syntax; the second RUN line goes through the generic
// form. The printed names (%0, %arg0, %c0_i32, %cst, %sum/%overflow) are upstream's.


// CHECK-LABEL: func.func @int_binary(
// CHECK-SAME: %[[A:.*]]: i32, %[[B:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[ADD:.*]] = arith.addi %[[A]], %[[B]] : i32
// CHECK-NEXT: %[[SUB:.*]] = arith.subi %[[ADD]], %[[B]] : i32
// CHECK-NEXT: %[[MUL:.*]] = arith.muli %[[SUB]], %[[B]] : i32
// CHECK-NEXT: %[[DIVSI:.*]] = arith.divsi %[[MUL]], %[[B]] : i32
// CHECK-NEXT: %[[DIVUI:.*]] = arith.divui %[[DIVSI]], %[[B]] : i32
// CHECK-NEXT: %[[CEILDIVSI:.*]] = arith.ceildivsi %[[DIVUI]], %[[B]] : i32
// CHECK-NEXT: %[[CEILDIVUI:.*]] = arith.ceildivui %[[CEILDIVSI]], %[[B]] : i32
// CHECK-NEXT: %[[FLOORDIVSI:.*]] = arith.floordivsi %[[CEILDIVUI]], %[[B]] : i32
// CHECK-NEXT: %[[REMSI:.*]] = arith.remsi %[[FLOORDIVSI]], %[[B]] : i32
// CHECK-NEXT: %[[REMUI:.*]] = arith.remui %[[REMSI]], %[[B]] : i32
// CHECK-NEXT: %[[AND:.*]] = arith.andi %[[REMUI]], %[[B]] : i32
// CHECK-NEXT: %[[OR:.*]] = arith.ori %[[AND]], %[[B]] : i32
// CHECK-NEXT: %[[XOR:.*]] = arith.xori %[[OR]], %[[B]] : i32
// CHECK-NEXT: %[[SHL:.*]] = arith.shli %[[XOR]], %[[B]] : i32
// CHECK-NEXT: %[[SHRSI:.*]] = arith.shrsi %[[SHL]], %[[B]] : i32
// CHECK-NEXT: %[[SHRUI:.*]] = arith.shrui %[[SHRSI]], %[[B]] : i32
// CHECK-NEXT: %[[MAXSI:.*]] = arith.maxsi %[[SHRUI]], %[[B]] : i32
// CHECK-NEXT: %[[MAXUI:.*]] = arith.maxui %[[MAXSI]], %[[B]] : i32
// CHECK-NEXT: %[[MINSI:.*]] = arith.minsi %[[MAXUI]], %[[B]] : i32
// CHECK-NEXT: %[[MINUI:.*]] = arith.minui %[[MINSI]], %[[B]] : i32
// CHECK-NEXT: return %[[MINUI]] : i32
// CHECK-NEXT: }
func.func @int_binary(%a: i32, %b: i32) -> i32 {
  %add = arith.addi %a, %b : i32
  %sub = arith.subi %add, %b : i32
  %mul = arith.muli %sub, %b : i32
  %divsi = arith.divsi %mul, %b : i32
  %divui = arith.divui %divsi, %b : i32
  %ceildivsi = arith.ceildivsi %divui, %b : i32
  %ceildivui = arith.ceildivui %ceildivsi, %b : i32
  %floordivsi = arith.floordivsi %ceildivui, %b : i32
  %remsi = arith.remsi %floordivsi, %b : i32
  %remui = arith.remui %remsi, %b : i32
  %and = arith.andi %remui, %b : i32
  %or = arith.ori %and, %b : i32
  %xor = arith.xori %or, %b : i32
  %shl = arith.shli %xor, %b : i32
  %shrsi = arith.shrsi %shl, %b : i32
  %shrui = arith.shrui %shrsi, %b : i32
  %maxsi = arith.maxsi %shrui, %b : i32
  %maxui = arith.maxui %maxsi, %b : i32
  %minsi = arith.minsi %maxui, %b : i32
  %minui = arith.minui %minsi, %b : i32
  return %minui : i32
}

// CHECK-LABEL: func.func @int_binary_index(
// CHECK-SAME: %[[A:.*]]: index, %[[B:.*]]: index) -> index {
// CHECK-NEXT: %[[ADD:.*]] = arith.addi %[[A]], %[[B]] : index
// CHECK-NEXT: %[[MUL:.*]] = arith.muli %[[ADD]], %[[B]] : index
// CHECK-NEXT: %[[DIV:.*]] = arith.floordivsi %[[MUL]], %[[B]] : index
// CHECK-NEXT: %[[REM:.*]] = arith.remui %[[DIV]], %[[B]] : index
// CHECK-NEXT: return %[[REM]] : index
// CHECK-NEXT: }
func.func @int_binary_index(%a: index, %b: index) -> index {
  %add = arith.addi %a, %b : index
  %mul = arith.muli %add, %b : index
  %div = arith.floordivsi %mul, %b : index
  %rem = arith.remui %div, %b : index
  return %rem : index
}

// CHECK-LABEL: func.func @int_binary_vector(
// CHECK-SAME: %[[A:.*]]: vector<4xi32>, %[[B:.*]]: vector<4xi32>) -> vector<4xi32> {
// CHECK-NEXT: %[[ADD:.*]] = arith.addi %[[A]], %[[B]] : vector<4xi32>
// CHECK-NEXT: %[[DIV:.*]] = arith.divsi %[[ADD]], %[[B]] : vector<4xi32>
// CHECK-NEXT: %[[MAX:.*]] = arith.maxui %[[DIV]], %[[B]] : vector<4xi32>
// CHECK-NEXT: return %[[MAX]] : vector<4xi32>
// CHECK-NEXT: }
func.func @int_binary_vector(%a: vector<4xi32>, %b: vector<4xi32>) -> vector<4xi32> {
  %add = arith.addi %a, %b : vector<4xi32>
  %div = arith.divsi %add, %b : vector<4xi32>
  %max = arith.maxui %div, %b : vector<4xi32>
  return %max : vector<4xi32>
}

// CHECK-LABEL: func.func @int_binary_tensor(
// CHECK-SAME: %[[A:.*]]: tensor<4x?xi64>, %[[B:.*]]: tensor<4x?xi64>) -> tensor<4x?xi64> {
// CHECK-NEXT: %[[SUB:.*]] = arith.subi %[[A]], %[[B]] : tensor<4x?xi64>
// CHECK-NEXT: %[[XOR:.*]] = arith.xori %[[SUB]], %[[B]] : tensor<4x?xi64>
// CHECK-NEXT: return %[[XOR]] : tensor<4x?xi64>
// CHECK-NEXT: }
func.func @int_binary_tensor(%a: tensor<4x?xi64>, %b: tensor<4x?xi64>) -> tensor<4x?xi64> {
  %sub = arith.subi %a, %b : tensor<4x?xi64>
  %xor = arith.xori %sub, %b : tensor<4x?xi64>
  return %xor : tensor<4x?xi64>
}

// CHECK-LABEL: func.func @int_binary_i1(
// CHECK-SAME: %[[A:.*]]: i1, %[[B:.*]]: i1) -> i1 {
// CHECK-NEXT: %[[AND:.*]] = arith.andi %[[A]], %[[B]] : i1
// CHECK-NEXT: %[[OR:.*]] = arith.ori %[[AND]], %[[B]] : i1
// CHECK-NEXT: %[[XOR:.*]] = arith.xori %[[OR]], %[[B]] : i1
// CHECK-NEXT: return %[[XOR]] : i1
// CHECK-NEXT: }
func.func @int_binary_i1(%a: i1, %b: i1) -> i1 {
  %and = arith.andi %a, %b : i1
  %or = arith.ori %and, %b : i1
  %xor = arith.xori %or, %b : i1
  return %xor : i1
}

// CHECK-LABEL: func.func @overflow_flags(
// CHECK-SAME: %[[A:.*]]: i64, %[[B:.*]]: i64) -> i64 {
// CHECK-NEXT: %[[ADD:.*]] = arith.addi %[[A]], %[[B]] overflow<nsw> : i64
// CHECK-NEXT: %[[SUB:.*]] = arith.subi %[[ADD]], %[[B]] overflow<nuw> : i64
// CHECK-NEXT: %[[MUL:.*]] = arith.muli %[[SUB]], %[[B]] overflow<nsw, nuw> : i64
// CHECK-NEXT: %[[SHL:.*]] = arith.shli %[[MUL]], %[[B]] overflow<nsw> : i64
// CHECK-NEXT: %[[NONE:.*]] = arith.addi %[[SHL]], %[[B]] : i64
// CHECK-NEXT: return %[[NONE]] : i64
// CHECK-NEXT: }
func.func @overflow_flags(%a: i64, %b: i64) -> i64 {
  %add = arith.addi %a, %b overflow<nsw> : i64
  %sub = arith.subi %add, %b overflow<nuw> : i64
  %mul = arith.muli %sub, %b overflow<nsw, nuw> : i64
  %shl = arith.shli %mul, %b overflow<nsw> : i64
  %none = arith.addi %shl, %b overflow<none> : i64
  return %none : i64
}

// CHECK-LABEL: func.func @exact_flags(
// CHECK-SAME: %[[A:.*]]: i32, %[[B:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[DIVSI:.*]] = arith.divsi %[[A]], %[[B]] exact : i32
// CHECK-NEXT: %[[DIVUI:.*]] = arith.divui %[[DIVSI]], %[[B]] exact : i32
// CHECK-NEXT: %[[SHRSI:.*]] = arith.shrsi %[[DIVUI]], %[[B]] exact : i32
// CHECK-NEXT: %[[SHRUI:.*]] = arith.shrui %[[SHRSI]], %[[B]] exact : i32
// CHECK-NEXT: return %[[SHRUI]] : i32
// CHECK-NEXT: }
func.func @exact_flags(%a: i32, %b: i32) -> i32 {
  %divsi = arith.divsi %a, %b exact : i32
  %divui = arith.divui %divsi, %b exact : i32
  %shrsi = arith.shrsi %divui, %b exact : i32
  %shrui = arith.shrui %shrsi, %b exact : i32
  return %shrui : i32
}

// CHECK-LABEL: func.func @extended(
// CHECK-SAME: %[[A:.*]]: i32, %[[B:.*]]: i32, %[[V:.*]]: vector<3xi64>, %[[W:.*]]: vector<3xi64>) -> (i32, i1, i32, i32, vector<3xi64>, vector<3xi1>) {
// CHECK-NEXT: %[[SUM:.*]], %[[OVERFLOW:.*]] = arith.addui_extended %[[A]], %[[B]] : i32, i1
// CHECK-NEXT: %[[LOW:.*]], %[[HIGH:.*]] = arith.mulsi_extended %[[A]], %[[B]] : i32
// CHECK-NEXT: %[[VSUM:.*]], %[[VOVERFLOW:.*]] = arith.addui_extended %[[V]], %[[W]] : vector<3xi64>, vector<3xi1>
// CHECK-NEXT: %[[ULOW:.*]], %[[UHIGH:.*]] = arith.mului_extended %[[V]], %[[W]] : vector<3xi64>
// CHECK-NEXT: return %[[SUM]], %[[OVERFLOW]], %[[LOW]], %[[HIGH]], %[[VSUM]], %[[VOVERFLOW]] : i32, i1, i32, i32, vector<3xi64>, vector<3xi1>
// CHECK-NEXT: }
func.func @extended(%a: i32, %b: i32, %v: vector<3xi64>, %w: vector<3xi64>) -> (i32, i1, i32, i32, vector<3xi64>, vector<3xi1>) {
  %sum, %overflow = arith.addui_extended %a, %b : i32, i1
  %low, %high = arith.mulsi_extended %a, %b : i32
  %vsum, %voverflow = arith.addui_extended %v, %w : vector<3xi64>, vector<3xi1>
  %ulow, %uhigh = arith.mului_extended %v, %w : vector<3xi64>
  return %sum, %overflow, %low, %high, %vsum, %voverflow : i32, i1, i32, i32, vector<3xi64>, vector<3xi1>
}

// CHECK-LABEL: func.func @float_binary(
// CHECK-SAME: %[[X:.*]]: f32, %[[Y:.*]]: f32) -> f32 {
// CHECK-NEXT: %[[ADD:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[SUB:.*]] = arith.subf %[[ADD]], %[[Y]] : f32
// CHECK-NEXT: %[[MUL:.*]] = arith.mulf %[[SUB]], %[[Y]] : f32
// CHECK-NEXT: %[[DIV:.*]] = arith.divf %[[MUL]], %[[Y]] : f32
// CHECK-NEXT: %[[REM:.*]] = arith.remf %[[DIV]], %[[Y]] : f32
// CHECK-NEXT: %[[MAXIMUM:.*]] = arith.maximumf %[[REM]], %[[Y]] : f32
// CHECK-NEXT: %[[MINIMUM:.*]] = arith.minimumf %[[MAXIMUM]], %[[Y]] : f32
// CHECK-NEXT: %[[MAXNUM:.*]] = arith.maxnumf %[[MINIMUM]], %[[Y]] : f32
// CHECK-NEXT: %[[MINNUM:.*]] = arith.minnumf %[[MAXNUM]], %[[Y]] : f32
// CHECK-NEXT: %[[NEG:.*]] = arith.negf %[[MINNUM]] : f32
// CHECK-NEXT: return %[[NEG]] : f32
// CHECK-NEXT: }
func.func @float_binary(%x: f32, %y: f32) -> f32 {
  %add = arith.addf %x, %y : f32
  %sub = arith.subf %add, %y : f32
  %mul = arith.mulf %sub, %y : f32
  %div = arith.divf %mul, %y : f32
  %rem = arith.remf %div, %y : f32
  %maximum = arith.maximumf %rem, %y : f32
  %minimum = arith.minimumf %maximum, %y : f32
  %maxnum = arith.maxnumf %minimum, %y : f32
  %minnum = arith.minnumf %maxnum, %y : f32
  %neg = arith.negf %minnum : f32
  return %neg : f32
}

// CHECK-LABEL: func.func @float_types(
// CHECK-SAME: %[[H:.*]]: f16, %[[B:.*]]: bf16, %[[D:.*]]: f64, %[[V:.*]]: vector<2xf64>, %[[T:.*]]: tensor<?xbf16>) {
// CHECK-NEXT: %[[V0:.*]] = arith.addf %[[H]], %[[H]] : f16
// CHECK-NEXT: %[[V1:.*]] = arith.mulf %[[B]], %[[B]] : bf16
// CHECK-NEXT: %[[V2:.*]] = arith.divf %[[D]], %[[D]] : f64
// CHECK-NEXT: %[[V3:.*]] = arith.subf %[[V]], %[[V]] : vector<2xf64>
// CHECK-NEXT: %[[V4:.*]] = arith.negf %[[T]] : tensor<?xbf16>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @float_types(%h: f16, %b: bf16, %d: f64, %v: vector<2xf64>, %t: tensor<?xbf16>) {
  %0 = arith.addf %h, %h : f16
  %1 = arith.mulf %b, %b : bf16
  %2 = arith.divf %d, %d : f64
  %3 = arith.subf %v, %v : vector<2xf64>
  %4 = arith.negf %t : tensor<?xbf16>
  return
}

// CHECK-LABEL: func.func @fastmath(
// CHECK-SAME: %[[X:.*]]: f32, %[[Y:.*]]: f32) -> f32 {
// CHECK-NEXT: %[[FAST:.*]] = arith.addf %[[X]], %[[Y]] fastmath<fast> : f32
// CHECK-NEXT: %[[SOME:.*]] = arith.mulf %[[FAST]], %[[Y]] fastmath<nnan,ninf> : f32
// CHECK-NEXT: %[[ALL:.*]] = arith.divf %[[SOME]], %[[Y]] fastmath<fast> : f32
// CHECK-NEXT: %[[NONE:.*]] = arith.subf %[[ALL]], %[[Y]] : f32
// CHECK-NEXT: %[[NEG:.*]] = arith.negf %[[NONE]] fastmath<nsz> : f32
// CHECK-NEXT: %[[MAX:.*]] = arith.maximumf %[[NEG]], %[[Y]] fastmath<nnan> : f32
// CHECK-NEXT: return %[[MAX]] : f32
// CHECK-NEXT: }
func.func @fastmath(%x: f32, %y: f32) -> f32 {
  %fast = arith.addf %x, %y fastmath<fast> : f32
  %some = arith.mulf %fast, %y fastmath<nnan, ninf> : f32
  %all = arith.divf %some, %y fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  %none = arith.subf %all, %y fastmath<none> : f32
  %neg = arith.negf %none fastmath<nsz> : f32
  %max = arith.maximumf %neg, %y fastmath<nnan> : f32
  return %max : f32
}

// CHECK-LABEL: func.func @cmpi(
// CHECK-SAME: %[[A:.*]]: i32, %[[B:.*]]: i32) {
// CHECK-NEXT: %[[EQ:.*]] = arith.cmpi eq, %[[A]], %[[B]] : i32
// CHECK-NEXT: %[[NE:.*]] = arith.cmpi ne, %[[A]], %[[B]] : i32
// CHECK-NEXT: %[[SLT:.*]] = arith.cmpi slt, %[[A]], %[[B]] : i32
// CHECK-NEXT: %[[SLE:.*]] = arith.cmpi sle, %[[A]], %[[B]] : i32
// CHECK-NEXT: %[[SGT:.*]] = arith.cmpi sgt, %[[A]], %[[B]] : i32
// CHECK-NEXT: %[[SGE:.*]] = arith.cmpi sge, %[[A]], %[[B]] : i32
// CHECK-NEXT: %[[ULT:.*]] = arith.cmpi ult, %[[A]], %[[B]] : i32
// CHECK-NEXT: %[[ULE:.*]] = arith.cmpi ule, %[[A]], %[[B]] : i32
// CHECK-NEXT: %[[UGT:.*]] = arith.cmpi ugt, %[[A]], %[[B]] : i32
// CHECK-NEXT: %[[UGE:.*]] = arith.cmpi uge, %[[A]], %[[B]] : i32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @cmpi(%a: i32, %b: i32) {
  %eq = arith.cmpi eq, %a, %b : i32
  %ne = arith.cmpi ne, %a, %b : i32
  %slt = arith.cmpi slt, %a, %b : i32
  %sle = arith.cmpi sle, %a, %b : i32
  %sgt = arith.cmpi sgt, %a, %b : i32
  %sge = arith.cmpi sge, %a, %b : i32
  %ult = arith.cmpi ult, %a, %b : i32
  %ule = arith.cmpi ule, %a, %b : i32
  %ugt = arith.cmpi ugt, %a, %b : i32
  %uge = arith.cmpi uge, %a, %b : i32
  return
}

// CHECK-LABEL: func.func @cmpi_shaped(
// CHECK-SAME: %[[I:.*]]: index, %[[J:.*]]: index, %[[V:.*]]: vector<4xi8>, %[[T:.*]]: tensor<?xi64>) -> (i1, vector<4xi1>, tensor<?xi1>) {
// CHECK-NEXT: %[[V0:.*]] = arith.cmpi ult, %[[I]], %[[J]] : index
// CHECK-NEXT: %[[V1:.*]] = arith.cmpi sge, %[[V]], %[[V]] : vector<4xi8>
// CHECK-NEXT: %[[V2:.*]] = arith.cmpi ne, %[[T]], %[[T]] : tensor<?xi64>
// CHECK-NEXT: return %[[V0]], %[[V1]], %[[V2]] : i1, vector<4xi1>, tensor<?xi1>
// CHECK-NEXT: }
func.func @cmpi_shaped(%i: index, %j: index, %v: vector<4xi8>, %t: tensor<?xi64>) -> (i1, vector<4xi1>, tensor<?xi1>) {
  %0 = arith.cmpi ult, %i, %j : index
  %1 = arith.cmpi sge, %v, %v : vector<4xi8>
  %2 = arith.cmpi ne, %t, %t : tensor<?xi64>
  return %0, %1, %2 : i1, vector<4xi1>, tensor<?xi1>
}

// CHECK-LABEL: func.func @cmpf(
// CHECK-SAME: %[[X:.*]]: f32, %[[Y:.*]]: f32) {
// CHECK-NEXT: %[[FALSE:.*]] = arith.cmpf false, %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[OEQ:.*]] = arith.cmpf oeq, %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[OGT:.*]] = arith.cmpf ogt, %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[OGE:.*]] = arith.cmpf oge, %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[OLT:.*]] = arith.cmpf olt, %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[OLE:.*]] = arith.cmpf ole, %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[ONE:.*]] = arith.cmpf one, %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[ORD:.*]] = arith.cmpf ord, %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[UEQ:.*]] = arith.cmpf ueq, %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[UGT:.*]] = arith.cmpf ugt, %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[UGE:.*]] = arith.cmpf uge, %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[ULT:.*]] = arith.cmpf ult, %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[ULE:.*]] = arith.cmpf ule, %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[UNE:.*]] = arith.cmpf une, %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[UNO:.*]] = arith.cmpf uno, %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[TRUE:.*]] = arith.cmpf true, %[[X]], %[[Y]] : f32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @cmpf(%x: f32, %y: f32) {
  %false = arith.cmpf false, %x, %y : f32
  %oeq = arith.cmpf oeq, %x, %y : f32
  %ogt = arith.cmpf ogt, %x, %y : f32
  %oge = arith.cmpf oge, %x, %y : f32
  %olt = arith.cmpf olt, %x, %y : f32
  %ole = arith.cmpf ole, %x, %y : f32
  %one = arith.cmpf one, %x, %y : f32
  %ord = arith.cmpf ord, %x, %y : f32
  %ueq = arith.cmpf ueq, %x, %y : f32
  %ugt = arith.cmpf ugt, %x, %y : f32
  %uge = arith.cmpf uge, %x, %y : f32
  %ult = arith.cmpf ult, %x, %y : f32
  %ule = arith.cmpf ule, %x, %y : f32
  %une = arith.cmpf une, %x, %y : f32
  %uno = arith.cmpf uno, %x, %y : f32
  %true = arith.cmpf true, %x, %y : f32
  return
}

// CHECK-LABEL: func.func @cmpf_shaped(
// CHECK-SAME: %[[X:.*]]: f64, %[[V:.*]]: vector<2xf16>) -> (i1, vector<2xi1>) {
// CHECK-NEXT: %[[V0:.*]] = arith.cmpf olt, %[[X]], %[[X]] fastmath<nnan> : f64
// CHECK-NEXT: %[[V1:.*]] = arith.cmpf uno, %[[V]], %[[V]] : vector<2xf16>
// CHECK-NEXT: return %[[V0]], %[[V1]] : i1, vector<2xi1>
// CHECK-NEXT: }
func.func @cmpf_shaped(%x: f64, %v: vector<2xf16>) -> (i1, vector<2xi1>) {
  %0 = arith.cmpf olt, %x, %x fastmath<nnan> : f64
  %1 = arith.cmpf uno, %v, %v : vector<2xf16>
  return %0, %1 : i1, vector<2xi1>
}

// CHECK-LABEL: func.func @select(
// CHECK-SAME: %[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32, %[[VC:.*]]: vector<4xi1>, %[[VA:.*]]: vector<4xf32>, %[[VB:.*]]: vector<4xf32>, %[[T:.*]]: tensor<?xindex>) -> (i32, vector<4xf32>, vector<4xf32>, tensor<?xindex>) {
// CHECK-NEXT: %[[V0:.*]] = arith.select %[[C]], %[[A]], %[[B]] : i32
// CHECK-NEXT: %[[V1:.*]] = arith.select %[[VC]], %[[VA]], %[[VB]] : vector<4xi1>, vector<4xf32>
// CHECK-NEXT: %[[V2:.*]] = arith.select %[[C]], %[[VA]], %[[VB]] : vector<4xf32>
// CHECK-NEXT: %[[V3:.*]] = arith.select %[[C]], %[[T]], %[[T]] : tensor<?xindex>
// CHECK-NEXT: return %[[V0]], %[[V1]], %[[V2]], %[[V3]] : i32, vector<4xf32>, vector<4xf32>, tensor<?xindex>
// CHECK-NEXT: }
func.func @select(%c: i1, %a: i32, %b: i32, %vc: vector<4xi1>, %va: vector<4xf32>, %vb: vector<4xf32>, %t: tensor<?xindex>) -> (i32, vector<4xf32>, vector<4xf32>, tensor<?xindex>) {
  %0 = arith.select %c, %a, %b : i32
  %1 = arith.select %vc, %va, %vb : vector<4xi1>, vector<4xf32>
  %2 = arith.select %c, %va, %vb : vector<4xf32>
  %3 = arith.select %c, %t, %t : tensor<?xindex>
  return %0, %1, %2, %3 : i32, vector<4xf32>, vector<4xf32>, tensor<?xindex>
}

// CHECK-LABEL: func.func @int_constants(
// CHECK-SAME: ) {
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[C42:.*]] = arith.constant 42 : i64
// CHECK-NEXT: %[[CM1:.*]] = arith.constant -1 : i8
// CHECK-NEXT: %[[C255:.*]] = arith.constant -1 : i8
// CHECK-NEXT: %[[CIDX:.*]] = arith.constant 7 : index
// CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT: %[[FALSE:.*]] = arith.constant false
// CHECK-NEXT: %[[C1_I1:.*]] = arith.constant true
// CHECK-NEXT: %[[BIG:.*]] = arith.constant 170141183460469231731687303715884105727 : i128
// CHECK-NEXT: %[[HEX:.*]] = arith.constant 255 : i16
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : i3
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @int_constants() {
  %c0 = arith.constant 0 : i32
  %c42 = arith.constant 42 : i64
  %cm1 = arith.constant -1 : i8
  %c255 = arith.constant 255 : i8
  %cidx = arith.constant 7 : index
  %true = arith.constant true
  %false = arith.constant false
  %c1_i1 = arith.constant 1 : i1
  %big = arith.constant 170141183460469231731687303715884105727 : i128
  %hex = arith.constant 0xFF : i16
  %c3 = arith.constant 3 : i3
  return
}

// CHECK-LABEL: func.func @float_constants(
// CHECK-SAME: ) {
// CHECK-NEXT: %[[F0:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[FM0:.*]] = arith.constant -0.000000e+00 : f64
// CHECK-NEXT: %[[F1:.*]] = arith.constant 1.500000e+00 : f16
// CHECK-NEXT: %[[F2:.*]] = arith.constant 3.000000e+10 : f32
// CHECK-NEXT: %[[F3:.*]] = arith.constant 9.9999999999999995E-8 : f64
// CHECK-NEXT: %[[F4:.*]] = arith.constant 1.000000e-01 : f32
// CHECK-NEXT: %[[F5:.*]] = arith.constant 2.500000e+00 : bf16
// CHECK-NEXT: %[[HEX:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[HEXD:.*]] = arith.constant 3.1415926535897931 : f64
// CHECK-NEXT: %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK-NEXT: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-NEXT: %[[DNAN:.*]] = arith.constant 0x7FF8000000000000 : f64
// CHECK-NEXT: %[[HNAN:.*]] = arith.constant 0x7E00 : f16
// CHECK-NEXT: %[[F6:.*]] = arith.constant 0x419D6F3454000000 : f64
// CHECK-NEXT: %[[F7:.*]] = arith.constant 1.000000e+100 : f64
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @float_constants() {
  %f0 = arith.constant 0.0 : f32
  %fm0 = arith.constant -0.0 : f64
  %f1 = arith.constant 1.5 : f16
  %f2 = arith.constant 3.0e+10 : f32
  %f3 = arith.constant 1.0e-7 : f64
  %f4 = arith.constant 0.1 : f32
  %f5 = arith.constant 2.5 : bf16
  %hex = arith.constant 0x3F800000 : f32
  %hexd = arith.constant 0x400921FB54442D18 : f64
  %nan = arith.constant 0x7FC00000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %dnan = arith.constant 0x7FF8000000000000 : f64
  %hnan = arith.constant 0x7E00 : f16
  %f6 = arith.constant 123456789.0 : f64
  %f7 = arith.constant 1.0e+100 : f64
  return
}

// CHECK-LABEL: func.func @dense_constants(
// CHECK-SAME: ) {
// CHECK-NEXT: %[[SPLAT:.*]] = arith.constant dense<0> : vector<4xi32>
// CHECK-NEXT: %[[VEC:.*]] = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
// CHECK-NEXT: %[[FSPLAT:.*]] = arith.constant dense<1.000000e+00> : tensor<2x3xf32>
// CHECK-NEXT: %[[MAT:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00{{\]\]}}> : tensor<2x2xf64>
// CHECK-NEXT: %[[BOOLS:.*]] = arith.constant dense<[true, false]> : vector<2xi1>
// CHECK-NEXT: %[[IDX:.*]] = arith.constant dense<[0, 1]> : tensor<2xindex>
// CHECK-NEXT: %[[EMPTY:.*]] = arith.constant dense<> : tensor<0xi32>
// CHECK-NEXT: %[[SCALAR:.*]] = arith.constant dense<5> : tensor<i64>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @dense_constants() {
  %splat = arith.constant dense<0> : vector<4xi32>
  %vec = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %fsplat = arith.constant dense<1.000000e+00> : tensor<2x3xf32>
  %mat = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>
  %bools = arith.constant dense<[true, false]> : vector<2xi1>
  %idx = arith.constant dense<[0, 1]> : tensor<2xindex>
  %empty = arith.constant dense<> : tensor<0xi32>
  %scalar = arith.constant dense<5> : tensor<i64>
  return
}

// CHECK-LABEL: func.func @int_casts(
// CHECK-SAME: %[[A:.*]]: i32, %[[V:.*]]: vector<4xi16>, %[[I:.*]]: index) {
// CHECK-NEXT: %[[EXTSI:.*]] = arith.extsi %[[A]] : i32 to i64
// CHECK-NEXT: %[[EXTUI:.*]] = arith.extui %[[A]] : i32 to i64
// CHECK-NEXT: %[[TRUNCI:.*]] = arith.trunci %[[A]] : i32 to i8
// CHECK-NEXT: %[[TRUNCI_NSW:.*]] = arith.trunci %[[A]] overflow<nsw> : i32 to i16
// CHECK-NEXT: %[[TRUNCI_NUW:.*]] = arith.trunci %[[A]] overflow<nuw> : i32 to i16
// CHECK-NEXT: %[[VEXTSI:.*]] = arith.extsi %[[V]] : vector<4xi16> to vector<4xi32>
// CHECK-NEXT: %[[FROM_INDEX:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK-NEXT: %[[TO_INDEX:.*]] = arith.index_cast %[[A]] : i32 to index
// CHECK-NEXT: %[[FROM_INDEX_U:.*]] = arith.index_castui %[[I]] : index to i64
// CHECK-NEXT: %[[TO_INDEX_U:.*]] = arith.index_castui %[[A]] : i32 to index
// CHECK-NEXT: %[[I1EXT:.*]] = arith.extui %[[TRUNCI]] : i8 to i32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @int_casts(%a: i32, %v: vector<4xi16>, %i: index) {
  %extsi = arith.extsi %a : i32 to i64
  %extui = arith.extui %a : i32 to i64
  %trunci = arith.trunci %a : i32 to i8
  %trunci_nsw = arith.trunci %a overflow<nsw> : i32 to i16
  %trunci_nuw = arith.trunci %a overflow<nuw> : i32 to i16
  %vextsi = arith.extsi %v : vector<4xi16> to vector<4xi32>
  %from_index = arith.index_cast %i : index to i32
  %to_index = arith.index_cast %a : i32 to index
  %from_index_u = arith.index_castui %i : index to i64
  %to_index_u = arith.index_castui %a : i32 to index
  %i1ext = arith.extui %trunci : i8 to i32
  return
}

// CHECK-LABEL: func.func @float_casts(
// CHECK-SAME: %[[X:.*]]: f32, %[[H:.*]]: f16, %[[D:.*]]: f64, %[[A:.*]]: i32) {
// CHECK-NEXT: %[[EXTF:.*]] = arith.extf %[[X]] : f32 to f64
// CHECK-NEXT: %[[EXTF_H:.*]] = arith.extf %[[H]] : f16 to f32
// CHECK-NEXT: %[[TRUNCF:.*]] = arith.truncf %[[D]] : f64 to f32
// CHECK-NEXT: %[[TRUNCF_BF:.*]] = arith.truncf %[[X]] : f32 to bf16
// CHECK-NEXT: %[[SITOFP:.*]] = arith.sitofp %[[A]] : i32 to f32
// CHECK-NEXT: %[[UITOFP:.*]] = arith.uitofp %[[A]] : i32 to f64
// CHECK-NEXT: %[[FPTOSI:.*]] = arith.fptosi %[[X]] : f32 to i32
// CHECK-NEXT: %[[FPTOUI:.*]] = arith.fptoui %[[D]] : f64 to i64
// CHECK-NEXT: %[[EXTF_FM:.*]] = arith.extf %[[X]] fastmath<fast> : f32 to f64
// CHECK-NEXT: %[[TRUNCF_FM:.*]] = arith.truncf %[[D]] fastmath<nnan> : f64 to f32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @float_casts(%x: f32, %h: f16, %d: f64, %a: i32) {
  %extf = arith.extf %x : f32 to f64
  %extf_h = arith.extf %h : f16 to f32
  %truncf = arith.truncf %d : f64 to f32
  %truncf_bf = arith.truncf %x : f32 to bf16
  %sitofp = arith.sitofp %a : i32 to f32
  %uitofp = arith.uitofp %a : i32 to f64
  %fptosi = arith.fptosi %x : f32 to i32
  %fptoui = arith.fptoui %d : f64 to i64
  %extf_fm = arith.extf %x fastmath<fast> : f32 to f64
  %truncf_fm = arith.truncf %d fastmath<nnan> : f64 to f32
  return
}

// CHECK-LABEL: func.func @truncf_rounding(
// CHECK-SAME: %[[D:.*]]: f64) {
// CHECK-NEXT: %[[V0:.*]] = arith.truncf %[[D]] to_nearest_even : f64 to f32
// CHECK-NEXT: %[[V1:.*]] = arith.truncf %[[D]] downward : f64 to f32
// CHECK-NEXT: %[[V2:.*]] = arith.truncf %[[D]] upward : f64 to f32
// CHECK-NEXT: %[[V3:.*]] = arith.truncf %[[D]] toward_zero : f64 to f32
// CHECK-NEXT: %[[V4:.*]] = arith.truncf %[[D]] to_nearest_away : f64 to f32
// CHECK-NEXT: %[[V5:.*]] = arith.truncf %[[D]] to_nearest_even fastmath<fast> : f64 to f32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @truncf_rounding(%d: f64) {
  %0 = arith.truncf %d to_nearest_even : f64 to f32
  %1 = arith.truncf %d downward : f64 to f32
  %2 = arith.truncf %d upward : f64 to f32
  %3 = arith.truncf %d toward_zero : f64 to f32
  %4 = arith.truncf %d to_nearest_away : f64 to f32
  %5 = arith.truncf %d to_nearest_even fastmath<fast> : f64 to f32
  return
}

// CHECK-LABEL: func.func @bitcast(
// CHECK-SAME: %[[A:.*]]: i32, %[[X:.*]]: f32, %[[H:.*]]: f16, %[[V:.*]]: vector<2xi64>, %[[I:.*]]: i64) {
// CHECK-NEXT: %[[V0:.*]] = arith.bitcast %[[A]] : i32 to f32
// CHECK-NEXT: %[[V1:.*]] = arith.bitcast %[[X]] : f32 to i32
// CHECK-NEXT: %[[V2:.*]] = arith.bitcast %[[H]] : f16 to bf16
// CHECK-NEXT: %[[V3:.*]] = arith.bitcast %[[V]] : vector<2xi64> to vector<2xf64>
// CHECK-NEXT: %[[V4:.*]] = arith.bitcast %[[I]] : i64 to f64
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @bitcast(%a: i32, %x: f32, %h: f16, %v: vector<2xi64>, %i: i64) {
  %0 = arith.bitcast %a : i32 to f32
  %1 = arith.bitcast %x : f32 to i32
  %2 = arith.bitcast %h : f16 to bf16
  %3 = arith.bitcast %v : vector<2xi64> to vector<2xf64>
  %4 = arith.bitcast %i : i64 to f64
  return
}

// CHECK-LABEL: func.func @shaped_casts(
// CHECK-SAME: %[[V:.*]]: vector<4xi32>, %[[T:.*]]: tensor<?xf32>, %[[VI:.*]]: vector<2xindex>) {
// CHECK-NEXT: %[[V0:.*]] = arith.sitofp %[[V]] : vector<4xi32> to vector<4xf32>
// CHECK-NEXT: %[[V1:.*]] = arith.fptoui %[[T]] : tensor<?xf32> to tensor<?xi8>
// CHECK-NEXT: %[[V2:.*]] = arith.extf %[[T]] : tensor<?xf32> to tensor<?xf64>
// CHECK-NEXT: %[[V3:.*]] = arith.index_cast %[[VI]] : vector<2xindex> to vector<2xi32>
// CHECK-NEXT: %[[V4:.*]] = arith.trunci %[[V]] : vector<4xi32> to vector<4xi1>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @shaped_casts(%v: vector<4xi32>, %t: tensor<?xf32>, %vi: vector<2xindex>) {
  %0 = arith.sitofp %v : vector<4xi32> to vector<4xf32>
  %1 = arith.fptoui %t : tensor<?xf32> to tensor<?xi8>
  %2 = arith.extf %t : tensor<?xf32> to tensor<?xf64>
  %3 = arith.index_cast %vi : vector<2xindex> to vector<2xi32>
  %4 = arith.trunci %v : vector<4xi32> to vector<4xi1>
  return
}
