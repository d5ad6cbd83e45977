// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %s --mlir-print-op-generic | %onnx-opt | FileCheck %s

// CHECK-LABEL: func @constants
func.func @constants() {
  // CHECK: %c42_i32 = arith.constant 42 : i32
  %0 = arith.constant 42 : i32
  // CHECK: %c-1_i8 = arith.constant -1 : i8
  %1 = arith.constant 255 : i8
  // CHECK: %c0 = arith.constant 0 : index
  %2 = arith.constant 0 : index
  // CHECK: %true = arith.constant true
  %3 = arith.constant true
  // CHECK: %false = arith.constant false
  %4 = arith.constant 0 : i1
  // CHECK: %cst = arith.constant 1.500000e+00 : f32
  %5 = arith.constant 1.5 : f32
  // CHECK: %cst_0 = arith.constant 0x7FC00000 : f32
  %6 = arith.constant 0x7FC00000 : f32
  // CHECK: %cst_1 = arith.constant 0xFFF0000000000000 : f64
  %7 = arith.constant 0xFFF0000000000000 : f64
  // CHECK: %cst_2 = arith.constant -0.000000e+00 : bf16
  %8 = arith.constant -0.0 : bf16
  // CHECK: %cst_3 = arith.constant 6.550400e+04 : f16
  %9 = arith.constant 65504.0 : f16
  // CHECK: %cst_4 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %10 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  // CHECK: %cst_5 = arith.constant dense<1.000000e+00> : tensor<2x3xf32>
  %11 = arith.constant dense<1.0> : tensor<2x3xf32>
  // CHECK: %cst_6 = arith.constant dense<[true, false]> : vector<2xi1>
  %12 = arith.constant dense<[true, false]> : vector<2xi1>
  // CHECK: %c7_i64 = arith.constant {foo = "bar"} 7 : i64
  %13 = arith.constant {foo = "bar"} 7 : i64
  // CHECK: %cst_7 = arith.constant dense<0> : vector<[4]xi8>
  %14 = arith.constant dense<0> : vector<[4]xi8>
  return
}

// CHECK-LABEL: func @integer_binary
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32, %[[V:.*]]: vector<4xi64>, %[[T:.*]]: tensor<?xindex>)
func.func @integer_binary(%a: i32, %b: i32, %v: vector<4xi64>, %t: tensor<?xindex>) {
  // CHECK-NEXT: arith.addi %[[A]], %[[B]] : i32
  %0 = arith.addi %a, %b : i32
  // CHECK-NEXT: arith.addi %[[A]], %[[B]] overflow<nsw> : i32
  %1 = arith.addi %a, %b overflow<nsw> : i32
  // CHECK-NEXT: arith.subi %[[V]], %[[V]] overflow<nsw, nuw> : vector<4xi64>
  %2 = arith.subi %v, %v overflow<nuw, nsw> : vector<4xi64>
  // CHECK-NEXT: arith.muli %[[T]], %[[T]] overflow<nuw> : tensor<?xindex>
  %3 = arith.muli %t, %t overflow<nuw> : tensor<?xindex>
  // CHECK-NEXT: arith.muli %[[A]], %[[B]] : i32
  %4 = arith.muli %a, %b overflow<none> : i32
  // CHECK-NEXT: arith.divsi %[[A]], %[[B]] : i32
  %5 = arith.divsi %a, %b : i32
  // CHECK-NEXT: arith.divui %[[V]], %[[V]] : vector<4xi64>
  %6 = arith.divui %v, %v : vector<4xi64>
  // CHECK-NEXT: arith.ceildivsi %[[A]], %[[B]] : i32
  %7 = arith.ceildivsi %a, %b : i32
  // CHECK-NEXT: arith.ceildivui %[[A]], %[[B]] : i32
  %8 = arith.ceildivui %a, %b : i32
  // CHECK-NEXT: arith.floordivsi %[[T]], %[[T]] : tensor<?xindex>
  %9 = arith.floordivsi %t, %t : tensor<?xindex>
  // CHECK-NEXT: arith.remsi %[[A]], %[[B]] : i32
  %10 = arith.remsi %a, %b : i32
  // CHECK-NEXT: arith.remui %[[A]], %[[B]] : i32
  %11 = arith.remui %a, %b : i32
  // CHECK-NEXT: arith.andi %[[A]], %[[B]] : i32
  %12 = arith.andi %a, %b : i32
  // CHECK-NEXT: arith.ori %[[V]], %[[V]] : vector<4xi64>
  %13 = arith.ori %v, %v : vector<4xi64>
  // CHECK-NEXT: arith.xori %[[A]], %[[B]] {tag} : i32
  %14 = arith.xori %a, %b {tag} : i32
  // CHECK-NEXT: arith.shli %[[A]], %[[B]] overflow<nsw> : i32
  %15 = arith.shli %a, %b overflow<nsw> : i32
  // CHECK-NEXT: arith.shrsi %[[A]], %[[B]] : i32
  %16 = arith.shrsi %a, %b : i32
  // CHECK-NEXT: arith.shrui %[[A]], %[[B]] : i32
  %17 = arith.shrui %a, %b : i32
  // CHECK-NEXT: arith.maxsi %[[A]], %[[B]] : i32
  %18 = arith.maxsi %a, %b : i32
  // CHECK-NEXT: arith.maxui %[[A]], %[[B]] : i32
  %19 = arith.maxui %a, %b : i32
  // CHECK-NEXT: arith.minsi %[[A]], %[[B]] : i32
  %20 = arith.minsi %a, %b : i32
  // CHECK-NEXT: arith.minui %[[T]], %[[T]] : tensor<?xindex>
  %21 = arith.minui %t, %t : tensor<?xindex>
  return
}

// CHECK-LABEL: func @extended
func.func @extended(%a: i32, %v: vector<3xi16>) {
  // CHECK: %sum, %overflow = arith.addui_extended %{{.*}}, %{{.*}} : i32, i1
  %0:2 = arith.addui_extended %a, %a : i32, i1
  // CHECK: %sum_0, %overflow_1 = arith.addui_extended %{{.*}}, %{{.*}} : vector<3xi16>, vector<3xi1>
  %1:2 = arith.addui_extended %v, %v : vector<3xi16>, vector<3xi1>
  // CHECK: %low, %high = arith.mulsi_extended %{{.*}}, %{{.*}} : i32
  %2:2 = arith.mulsi_extended %a, %a : i32
  // CHECK: %low_2, %high_3 = arith.mului_extended %{{.*}}, %{{.*}} : vector<3xi16>
  %3:2 = arith.mului_extended %v, %v : vector<3xi16>
  return
}

// CHECK-LABEL: func @float_binary
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[V:.*]]: vector<4xf16>, %[[T:.*]]: tensor<2xbf16>, %[[D:.*]]: f64)
func.func @float_binary(%x: f32, %y: f32, %v: vector<4xf16>, %t: tensor<2xbf16>, %d: f64) {
  // CHECK-NEXT: arith.addf %[[X]], %[[Y]] : f32
  %0 = arith.addf %x, %y : f32
  // CHECK-NEXT: arith.addf %[[X]], %[[Y]] fastmath<fast> : f32
  %1 = arith.addf %x, %y fastmath<fast> : f32
  // CHECK-NEXT: arith.subf %[[V]], %[[V]] fastmath<nnan,ninf> : vector<4xf16>
  %2 = arith.subf %v, %v fastmath<ninf, nnan> : vector<4xf16>
  // CHECK-NEXT: arith.mulf %[[T]], %[[T]] fastmath<reassoc,contract> : tensor<2xbf16>
  %3 = arith.mulf %t, %t fastmath<contract,reassoc> : tensor<2xbf16>
  // CHECK-NEXT: arith.divf %[[D]], %[[D]] : f64
  %4 = arith.divf %d, %d fastmath<none> : f64
  // CHECK-NEXT: arith.remf %[[X]], %[[Y]] : f32
  %5 = arith.remf %x, %y : f32
  // CHECK-NEXT: arith.maximumf %[[X]], %[[Y]] : f32
  %6 = arith.maximumf %x, %y : f32
  // CHECK-NEXT: arith.minimumf %[[X]], %[[Y]] fastmath<nsz> : f32
  %7 = arith.minimumf %x, %y fastmath<nsz> : f32
  // CHECK-NEXT: arith.maxnumf %[[V]], %[[V]] : vector<4xf16>
  %8 = arith.maxnumf %v, %v : vector<4xf16>
  // CHECK-NEXT: arith.minnumf %[[D]], %[[D]] fastmath<arcp,afn> : f64
  %9 = arith.minnumf %d, %d fastmath<afn,arcp> : f64
  // CHECK-NEXT: arith.negf %[[X]] : f32
  %10 = arith.negf %x : f32
  // CHECK-NEXT: arith.negf %[[T]] fastmath<fast> : tensor<2xbf16>
  %11 = arith.negf %t fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : tensor<2xbf16>
  return
}

// CHECK-LABEL: func @compare
// CHECK-SAME: (%[[A:.*]]: i32, %[[X:.*]]: f32, %[[V:.*]]: vector<4xi8>, %[[T:.*]]: tensor<?xf64>, %[[I:.*]]: index)
func.func @compare(%a: i32, %x: f32, %v: vector<4xi8>, %t: tensor<?xf64>, %i: index) {
  // CHECK-NEXT: arith.cmpi eq, %[[A]], %[[A]] : i32
  %0 = arith.cmpi eq, %a, %a : i32
  // CHECK-NEXT: arith.cmpi ne, %[[A]], %[[A]] : i32
  %1 = arith.cmpi ne, %a, %a : i32
  // CHECK-NEXT: arith.cmpi slt, %[[V]], %[[V]] : vector<4xi8>
  %2 = arith.cmpi slt, %v, %v : vector<4xi8>
  // CHECK-NEXT: arith.cmpi sle, %[[I]], %[[I]] : index
  %3 = arith.cmpi sle, %i, %i : index
  // CHECK-NEXT: arith.cmpi sgt, %[[A]], %[[A]] : i32
  %4 = arith.cmpi sgt, %a, %a : i32
  // CHECK-NEXT: arith.cmpi sge, %[[A]], %[[A]] : i32
  %5 = arith.cmpi sge, %a, %a : i32
  // CHECK-NEXT: arith.cmpi ult, %[[A]], %[[A]] : i32
  %6 = arith.cmpi ult, %a, %a : i32
  // CHECK-NEXT: arith.cmpi ule, %[[A]], %[[A]] : i32
  %7 = arith.cmpi ule, %a, %a : i32
  // CHECK-NEXT: arith.cmpi ugt, %[[A]], %[[A]] : i32
  %8 = arith.cmpi ugt, %a, %a : i32
  // CHECK-NEXT: arith.cmpi uge, %[[A]], %[[A]] : i32
  %9 = arith.cmpi "uge", %a, %a : i32
  // CHECK-NEXT: arith.cmpf false, %[[X]], %[[X]] : f32
  %10 = arith.cmpf false, %x, %x : f32
  // CHECK-NEXT: arith.cmpf oeq, %[[X]], %[[X]] : f32
  %11 = arith.cmpf oeq, %x, %x : f32
  // CHECK-NEXT: arith.cmpf ogt, %[[X]], %[[X]] : f32
  %12 = arith.cmpf ogt, %x, %x : f32
  // CHECK-NEXT: arith.cmpf oge, %[[X]], %[[X]] : f32
  %13 = arith.cmpf oge, %x, %x : f32
  // CHECK-NEXT: arith.cmpf olt, %[[X]], %[[X]] : f32
  %14 = arith.cmpf olt, %x, %x : f32
  // CHECK-NEXT: arith.cmpf ole, %[[X]], %[[X]] : f32
  %15 = arith.cmpf ole, %x, %x : f32
  // CHECK-NEXT: arith.cmpf one, %[[X]], %[[X]] : f32
  %16 = arith.cmpf one, %x, %x : f32
  // CHECK-NEXT: arith.cmpf ord, %[[T]], %[[T]] : tensor<?xf64>
  %17 = arith.cmpf ord, %t, %t : tensor<?xf64>
  // CHECK-NEXT: arith.cmpf ueq, %[[X]], %[[X]] : f32
  %18 = arith.cmpf ueq, %x, %x : f32
  // CHECK-NEXT: arith.cmpf ugt, %[[X]], %[[X]] : f32
  %19 = arith.cmpf ugt, %x, %x : f32
  // CHECK-NEXT: arith.cmpf uge, %[[X]], %[[X]] : f32
  %20 = arith.cmpf uge, %x, %x : f32
  // CHECK-NEXT: arith.cmpf ult, %[[X]], %[[X]] : f32
  %21 = arith.cmpf ult, %x, %x : f32
  // CHECK-NEXT: arith.cmpf ule, %[[X]], %[[X]] fastmath<nnan> : f32
  %22 = arith.cmpf ule, %x, %x fastmath<nnan> : f32
  // CHECK-NEXT: arith.cmpf une, %[[X]], %[[X]] : f32
  %23 = arith.cmpf une, %x, %x : f32
  // CHECK-NEXT: arith.cmpf uno, %[[X]], %[[X]] : f32
  %24 = arith.cmpf uno, %x, %x : f32
  // CHECK-NEXT: arith.cmpf true, %[[X]], %[[X]] : f32
  %25 = arith.cmpf true, %x, %x : f32
  return
}

// CHECK-LABEL: func @select
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32, %[[M:.*]]: vector<4xi1>, %[[V:.*]]: vector<4xf32>, %[[T:.*]]: tensor<2x?xi8>)
func.func @select(%c: i1, %a: i32, %m: vector<4xi1>, %v: vector<4xf32>, %t: tensor<2x?xi8>) {
  // CHECK-NEXT: arith.select %[[C]], %[[A]], %[[A]] : i32
  %0 = arith.select %c, %a, %a : i32
  // CHECK-NEXT: arith.select %[[C]], %[[V]], %[[V]] : vector<4xf32>
  %1 = arith.select %c, %v, %v : vector<4xf32>
  // CHECK-NEXT: arith.select %[[M]], %[[V]], %[[V]] : vector<4xi1>, vector<4xf32>
  %2 = arith.select %m, %v, %v : vector<4xi1>, vector<4xf32>
  // CHECK-NEXT: arith.select %[[C]], %[[T]], %[[T]] : tensor<2x?xi8>
  %3 = arith.select %c, %t, %t : i1, tensor<2x?xi8>
  return
}

// CHECK-LABEL: func @casts
func.func @casts(%i8: i8, %i32: i32, %idx: index, %f16: f16, %f32: f32, %f64: f64, %v: vector<4xi32>, %t: tensor<?xf32>, %m: memref<4xindex>) {
  // CHECK: arith.extsi %{{.*}} : i8 to i32
  %0 = arith.extsi %i8 : i8 to i32
  // CHECK: arith.extui %{{.*}} : i8 to i64
  %1 = arith.extui %i8 : i8 to i64
  // CHECK: arith.extsi %{{.*}} : vector<4xi32> to vector<4xi64>
  %2 = arith.extsi %v : vector<4xi32> to vector<4xi64>
  // CHECK: arith.trunci %{{.*}} : i32 to i8
  %3 = arith.trunci %i32 : i32 to i8
  // CHECK: arith.trunci %{{.*}} overflow<nsw, nuw> : i32 to i1
  %4 = arith.trunci %i32 overflow<nsw, nuw> : i32 to i1
  // CHECK: arith.extf %{{.*}} : f16 to f32
  %5 = arith.extf %f16 : f16 to f32
  // CHECK: arith.extf %{{.*}} fastmath<fast> : f32 to f64
  %6 = arith.extf %f32 fastmath<fast> : f32 to f64
  // CHECK: arith.extf %{{.*}} fastmath<none> : f16 to f64
  %7 = arith.extf %f16 fastmath<none> : f16 to f64
  // CHECK: arith.truncf %{{.*}} : f64 to f32
  %8 = arith.truncf %f64 : f64 to f32
  // CHECK: arith.truncf %{{.*}} to_nearest_even : f32 to f16
  %9 = arith.truncf %f32 to_nearest_even : f32 to f16
  // CHECK: arith.truncf %{{.*}} downward : f32 to bf16
  %10 = arith.truncf %f32 downward : f32 to bf16
  // CHECK: arith.truncf %{{.*}} upward fastmath<nnan> : f64 to f16
  %11 = arith.truncf %f64 upward fastmath<nnan> : f64 to f16
  // CHECK: arith.truncf %{{.*}} toward_zero : f64 to f32
  %12 = arith.truncf %f64 toward_zero : f64 to f32
  // CHECK: arith.truncf %{{.*}} to_nearest_away : f64 to f32
  %13 = arith.truncf %f64 to_nearest_away : f64 to f32
  // CHECK: arith.sitofp %{{.*}} : i32 to f32
  %14 = arith.sitofp %i32 : i32 to f32
  // CHECK: arith.uitofp %{{.*}} : vector<4xi32> to vector<4xf64>
  %15 = arith.uitofp %v : vector<4xi32> to vector<4xf64>
  // CHECK: arith.fptosi %{{.*}} : f32 to i64
  %16 = arith.fptosi %f32 : f32 to i64
  // CHECK: arith.fptoui %{{.*}} : tensor<?xf32> to tensor<?xi8>
  %17 = arith.fptoui %t : tensor<?xf32> to tensor<?xi8>
  // CHECK: arith.index_cast %{{.*}} : index to i32
  %18 = arith.index_cast %idx : index to i32
  // CHECK: arith.index_cast %{{.*}} : i8 to index
  %19 = arith.index_cast %i8 : i8 to index
  // CHECK: arith.index_cast %{{.*}} : memref<4xindex> to memref<4xi32>
  %20 = arith.index_cast %m : memref<4xindex> to memref<4xi32>
  // CHECK: arith.index_castui %{{.*}} : index to i64
  %21 = arith.index_castui %idx : index to i64
  // CHECK: arith.index_castui %{{.*}} : vector<4xi32> to vector<4xindex>
  %22 = arith.index_castui %v : vector<4xi32> to vector<4xindex>
  // CHECK: arith.bitcast %{{.*}} : f32 to i32
  %23 = arith.bitcast %f32 : f32 to i32
  // CHECK: arith.bitcast %{{.*}} : f16 to i16
  %24 = arith.bitcast %f16 : f16 to i16
  // CHECK: arith.bitcast %{{.*}} : vector<4xi32> to vector<4xf32>
  %25 = arith.bitcast %v : vector<4xi32> to vector<4xf32>
  // CHECK: arith.scaling_extf %{{.*}}, %{{.*}} : f16, f16 to f32
  %26 = arith.scaling_extf %f16, %f16 : f16, f16 to f32
  // CHECK: arith.scaling_truncf %{{.*}}, %{{.*}} toward_zero fastmath<fast> : f32, f16 to f16
  %27 = arith.scaling_truncf %f32, %f16 toward_zero fastmath<fast> : f32, f16 to f16
  return
}
