func.func @m(%f: f32, %i: i32) {
  %0 = "math.sin"(%i) : (i32) -> i32
  return
}
// -----
func.func @m(%f: f32, %i: i32) {
  %0 = "math.sin"(%f) : (f32) -> f64
  return
}
// -----
func.func @m(%f: f32, %i: i32) {
  %0 = "math.isnan"(%f) : (f32) -> vector<2xi1>
  return
}
// -----
func.func @m(%f: f32, %i: i32, %v: vector<2xi32>) {
  %0 = "math.fpowi"(%f, %v) : (f32, vector<2xi32>) -> f32
  return
}
// -----
func.func @m(%f: f32, %i: i32) {
  %0 = "math.powf"(%f, %i) : (f32, i32) -> f32
  return
}
// -----
func.func @m(%f: f32, %i: i32) {
  %0 = "math.absi"(%i) : (i32) -> i64
  return
}
// -----
func.func @m(%f: f32, %i: i32) {
  %0 = "math.absi"(%f) : (f32) -> f32
  return
}
// -----
func.func @m(%f: f32, %i: i32) {
  %0 = "math.isnan"(%f) : (f32) -> f32
  return
}
// -----
func.func @m(%f: f32, %i: i32) {
  %0 = "math.atan2"(%f) : (f32) -> f32
  return
}
// -----
func.func @m(%f: f32, %i: i32) {
  %0 = "math.fma"(%f, %f, %i) : (f32, f32, i32) -> f32
  return
}
// -----
func.func @m(%f: f32, %i: i32) {
  %0 = "math.ctpop"(%i) : (i32) -> f32
  return
}
// -----
func.func @m(%f: f32, %i: i32) {
  %0 = math.sin %f : i32
  return
}
// -----
func.func @m(%f: f32, %i: i32) {
  %0 = "math.ipowi"(%i, %f) : (i32, f32) -> i32
  return
}
