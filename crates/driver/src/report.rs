//! The `--time` report, one format for `.mlir` entries, ONNX models and suites (README,
//! "Tools"), on stderr:
//!
//! ```text
//! compile: 41.250 ms (lowering passes 12.031 ms)
//! run: median 1.532 ms, min 1.498 ms (5 runs)
//! peak memory: 38.4 MiB
//! ```
//!
//! A suite's compile line is over its models: `compile: median 40.1 ms, min 3.2 ms (46 models)`.

use std::time::Duration;

/// `compile: <total> (lowering passes <part>)`: from reading the input to code ready to call.
pub fn compile_line(total: Duration, lowering: Duration) -> String {
    format!("compile: {} (lowering passes {})", ms(total), ms(lowering))
}

/// `compile: median <m>, min <n> (<k> models)`, for suites.
pub fn suite_compile_line(times: &[Duration]) -> String {
    format!("compile: median {}, min {} ({} models)", ms(median(times)), ms(min(times)), times.len())
}

/// `run: median <m>, min <n> (<k> runs)` over `--repeat` runs.
pub fn run_line(runs: &[Duration]) -> String {
    format!("run: median {}, min {} ({} runs)", ms(median(runs)), ms(min(runs)), runs.len())
}

/// `peak memory: <MiB>`: the process's peak resident set so far.
pub fn memory_line() -> String {
    match peak_resident_bytes() {
        Some(b) => format!("peak memory: {:.1} MiB", b as f64 / (1024.0 * 1024.0)),
        None => "peak memory: unknown".to_string(),
    }
}

/// The upper median (the middle of an odd count).
pub fn median(v: &[Duration]) -> Duration {
    let mut s = v.to_vec();
    s.sort();
    s.get(s.len() / 2).copied().unwrap_or_default()
}

pub fn min(v: &[Duration]) -> Duration {
    v.iter().min().copied().unwrap_or_default()
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

/// The peak resident set size (`getrusage`'s `ru_maxrss`: KiB on Linux, bytes on macOS).
pub fn peak_resident_bytes() -> Option<u64> {
    // SAFETY: getrusage fills the struct it is given, which lives here.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) } != 0 {
        return None;
    }
    let unit = if cfg!(target_os = "macos") { 1 } else { 1024 };
    u64::try_from(u.ru_maxrss).ok().filter(|&v| v > 0).map(|v| v * unit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        let d = |us| Duration::from_micros(us);
        assert_eq!(compile_line(d(41250), d(12031)), "compile: 41.250 ms (lowering passes 12.031 ms)");
        assert_eq!(run_line(&[d(3000), d(1000), d(2000)]), "run: median 2.000 ms, min 1.000 ms (3 runs)");
        assert_eq!(suite_compile_line(&[d(5000), d(1000)]), "compile: median 5.000 ms, min 1.000 ms (2 models)");
    }

    #[test]
    fn peak_memory_grows_with_what_is_touched() {
        let before = peak_resident_bytes().expect("getrusage");
        // 64 MiB written page by page is resident at once.
        let v = vec![1u8; 64 << 20];
        assert!(v.iter().step_by(4096).all(|&b| b == 1));
        let after = peak_resident_bytes().expect("getrusage");
        assert!(after >= before && after >= 64 << 20, "{before} -> {after}");
        assert!(memory_line().starts_with("peak memory: ") && memory_line().ends_with(" MiB"));
    }
}
