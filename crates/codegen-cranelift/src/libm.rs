//! The C math library functions generated code calls, linked explicitly so the JIT can hand
//! their addresses to Cranelift (the process may not otherwise load libm).

#[link(name = "m")]
extern "C" {
    fn exp(x: f64) -> f64;
    fn expf(x: f32) -> f32;
    fn exp2(x: f64) -> f64;
    fn exp2f(x: f32) -> f32;
    fn expm1(x: f64) -> f64;
    fn expm1f(x: f32) -> f32;
    fn log(x: f64) -> f64;
    fn logf(x: f32) -> f32;
    fn log2(x: f64) -> f64;
    fn log2f(x: f32) -> f32;
    fn log10(x: f64) -> f64;
    fn log10f(x: f32) -> f32;
    fn log1p(x: f64) -> f64;
    fn log1pf(x: f32) -> f32;
    fn sin(x: f64) -> f64;
    fn sinf(x: f32) -> f32;
    fn cos(x: f64) -> f64;
    fn cosf(x: f32) -> f32;
    fn tan(x: f64) -> f64;
    fn tanf(x: f32) -> f32;
    fn asin(x: f64) -> f64;
    fn asinf(x: f32) -> f32;
    fn acos(x: f64) -> f64;
    fn acosf(x: f32) -> f32;
    fn atan(x: f64) -> f64;
    fn atanf(x: f32) -> f32;
    fn sinh(x: f64) -> f64;
    fn sinhf(x: f32) -> f32;
    fn cosh(x: f64) -> f64;
    fn coshf(x: f32) -> f32;
    fn tanh(x: f64) -> f64;
    fn tanhf(x: f32) -> f32;
    fn asinh(x: f64) -> f64;
    fn asinhf(x: f32) -> f32;
    fn acosh(x: f64) -> f64;
    fn acoshf(x: f32) -> f32;
    fn atanh(x: f64) -> f64;
    fn atanhf(x: f32) -> f32;
    fn cbrt(x: f64) -> f64;
    fn cbrtf(x: f32) -> f32;
    fn erf(x: f64) -> f64;
    fn erff(x: f32) -> f32;
    fn erfc(x: f64) -> f64;
    fn erfcf(x: f32) -> f32;
    fn round(x: f64) -> f64;
    fn roundf(x: f32) -> f32;
    fn ceil(x: f64) -> f64;
    fn ceilf(x: f32) -> f32;
    fn floor(x: f64) -> f64;
    fn floorf(x: f32) -> f32;
    fn trunc(x: f64) -> f64;
    fn truncf(x: f32) -> f32;
    fn nearbyint(x: f64) -> f64;
    fn nearbyintf(x: f32) -> f32;
    fn pow(x: f64, y: f64) -> f64;
    fn powf(x: f32, y: f32) -> f32;
    fn atan2(x: f64, y: f64) -> f64;
    fn atan2f(x: f32, y: f32) -> f32;
    fn fmod(x: f64, y: f64) -> f64;
    fn fmodf(x: f32, y: f32) -> f32;
    fn fma(x: f64, y: f64, z: f64) -> f64;
    fn fmaf(x: f32, y: f32, z: f32) -> f32;
}

/// Name and address of every libm function the code generator or Cranelift's libcalls use.
/// The system's shared libm is preferred: a Rust binary may bind these names to Rust's own
/// `compiler_builtins` versions, which differ from glibc in the last bit for some functions
/// (`cbrt`, `log1p`), and AOT objects and upstream's mlir-runner use the system libm.
pub fn symbols() -> Vec<(&'static str, *const u8)> {
    let system = system_libm();
    linked()
        .into_iter()
        .map(|(name, linked)| {
            let found = system.and_then(|h| {
                let c = std::ffi::CString::new(name).ok()?;
                // SAFETY: `h` is a live handle from dlopen and `c` is NUL-terminated.
                let p = unsafe { libc::dlsym(h, c.as_ptr()) };
                (!p.is_null()).then_some(p as *const u8)
            });
            (name, found.unwrap_or(linked))
        })
        .collect()
}

/// A handle to the system's libm, opened once and never closed.
fn system_libm() -> Option<*mut libc::c_void> {
    static HANDLE: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    let h = *HANDLE.get_or_init(|| {
        // SAFETY: dlopen only reads the NUL-terminated library name.
        unsafe { libc::dlopen(c"libm.so.6".as_ptr(), libc::RTLD_NOW | libc::RTLD_GLOBAL) as usize }
    });
    (h != 0).then_some(h as *mut libc::c_void)
}

fn linked() -> Vec<(&'static str, *const u8)> {
    vec![
        ("exp", exp as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("expf", expf as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("exp2", exp2 as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("exp2f", exp2f as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("expm1", expm1 as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("expm1f", expm1f as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("log", log as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("logf", logf as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("log2", log2 as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("log2f", log2f as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("log10", log10 as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("log10f", log10f as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("log1p", log1p as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("log1pf", log1pf as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("sin", sin as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("sinf", sinf as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("cos", cos as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("cosf", cosf as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("tan", tan as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("tanf", tanf as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("asin", asin as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("asinf", asinf as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("acos", acos as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("acosf", acosf as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("atan", atan as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("atanf", atanf as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("sinh", sinh as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("sinhf", sinhf as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("cosh", cosh as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("coshf", coshf as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("tanh", tanh as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("tanhf", tanhf as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("asinh", asinh as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("asinhf", asinhf as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("acosh", acosh as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("acoshf", acoshf as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("atanh", atanh as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("atanhf", atanhf as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("cbrt", cbrt as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("cbrtf", cbrtf as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("erf", erf as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("erff", erff as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("erfc", erfc as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("erfcf", erfcf as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("round", round as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("roundf", roundf as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("ceil", ceil as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("ceilf", ceilf as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("floor", floor as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("floorf", floorf as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("trunc", trunc as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("truncf", truncf as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("nearbyint", nearbyint as unsafe extern "C" fn(f64) -> f64 as *const u8),
        ("nearbyintf", nearbyintf as unsafe extern "C" fn(f32) -> f32 as *const u8),
        ("pow", pow as unsafe extern "C" fn(f64, f64) -> f64 as *const u8),
        ("powf", powf as unsafe extern "C" fn(f32, f32) -> f32 as *const u8),
        ("atan2", atan2 as unsafe extern "C" fn(f64, f64) -> f64 as *const u8),
        ("atan2f", atan2f as unsafe extern "C" fn(f32, f32) -> f32 as *const u8),
        ("fmod", fmod as unsafe extern "C" fn(f64, f64) -> f64 as *const u8),
        ("fmodf", fmodf as unsafe extern "C" fn(f32, f32) -> f32 as *const u8),
        ("fma", fma as unsafe extern "C" fn(f64, f64, f64) -> f64 as *const u8),
        ("fmaf", fmaf as unsafe extern "C" fn(f32, f32, f32) -> f32 as *const u8),
    ]
}
