//! Compiled code runs on a thread whose stack `onnx-run` sizes (`--stack-size`). When that
//! code overflows the stack (infinite recursion, a big `memref.alloca`; its frames are probed,
//! so the first fault is on the guard page below the stack), the user should read
//! `error: stack overflow in compiled code`, not Rust's "thread has overflowed its stack"
//! abort, which looks like a crash of the compiler.
//!
//! A SIGSEGV/SIGBUS handler, run on an alternate signal stack (the faulting stack has no room
//! left), compares the fault address with the guard region of the thread while compiled code
//! runs on it. A hit writes the message and `_exit`s (only async-signal-safe calls); any other
//! fault goes to the handler that was there before (Rust's, which reports its own threads'
//! overflows), or to the default action.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// The guard region `[lo, hi)` of the thread running compiled code; both 0 when none runs.
static GUARD_LO: AtomicUsize = AtomicUsize::new(0);
static GUARD_HI: AtomicUsize = AtomicUsize::new(0);
/// What a hit writes (the handler cannot format).
const MESSAGE: &str = "error: stack overflow in compiled code (--stack-size sets the size of its stack)\n";

/// The SIGSEGV and SIGBUS actions found when the handler was installed.
struct Previous {
    segv: libc::sigaction,
    bus: libc::sigaction,
}
// SAFETY: plain C data (a handler address, a signal mask, flags), only read after it is set.
unsafe impl Sync for Previous {}
unsafe impl Send for Previous {}

static PREVIOUS: OnceLock<Option<Previous>> = OnceLock::new();

/// The exit status after a stack overflow in compiled code.
pub const EXIT_STATUS: i32 = 1;

/// Size of the alternate signal stack: the handler only reads atomics and calls write/_exit,
/// or chains to Rust's handler, which needs a little more.
const ALT_STACK_SIZE: usize = 64 << 10;

/// Run `f` on a new thread with `stack_size` bytes of stack; a stack overflow on that thread
/// while `f` runs ends the process with `error: stack overflow in compiled code`.
pub fn call_on_thread<R: Send>(stack_size: usize, f: impl FnOnce() -> R + Send) -> Result<R, String> {
    install();
    std::thread::scope(|s| {
        let h = std::thread::Builder::new()
            .name("compiled code".into())
            .stack_size(stack_size)
            .spawn_scoped(s, move || watched(f))
            .map_err(|e| format!("cannot start the thread that runs compiled code: {e}"))?;
        h.join().map_err(|_| "internal error: the thread that runs compiled code panicked".to_string())
    })
}

/// Runs on the new thread: give it an alternate signal stack, publish its guard region and
/// call `f`.
fn watched<R>(f: impl FnOnce() -> R) -> R {
    let mut alt = vec![0u8; ALT_STACK_SIZE];
    let new = libc::stack_t { ss_sp: alt.as_mut_ptr().cast(), ss_flags: 0, ss_size: alt.len() };
    // SAFETY: `old` is written by the call; `alt` outlives the time the stack is installed
    // (it is put back below before `alt` is dropped).
    let mut old: libc::stack_t = unsafe { std::mem::zeroed() };
    let alt_ok = unsafe { libc::sigaltstack(&new, &mut old) } == 0;
    if let Some((lo, hi)) = guard_region() {
        GUARD_LO.store(lo, Ordering::SeqCst);
        GUARD_HI.store(hi, Ordering::SeqCst);
    }
    let r = f();
    GUARD_LO.store(0, Ordering::SeqCst);
    GUARD_HI.store(0, Ordering::SeqCst);
    if alt_ok {
        // SAFETY: puts back the alternate stack this thread had (Rust's, or none).
        unsafe { libc::sigaltstack(&old, std::ptr::null_mut()) };
    }
    drop(alt);
    r
}

/// The guard region below the calling thread's stack, from its pthread attributes.
fn guard_region() -> Option<(usize, usize)> {
    // SAFETY: `attr` is initialised by pthread_getattr_np and destroyed after the reads.
    unsafe {
        let mut attr: libc::pthread_attr_t = std::mem::zeroed();
        if libc::pthread_getattr_np(libc::pthread_self(), &mut attr) != 0 {
            return None;
        }
        let mut addr: *mut libc::c_void = std::ptr::null_mut();
        let mut size = 0usize;
        let mut guard = 0usize;
        let ok = libc::pthread_attr_getstack(&attr, &mut addr, &mut size) == 0
            && libc::pthread_attr_getguardsize(&attr, &mut guard) == 0;
        libc::pthread_attr_destroy(&mut attr);
        if !ok || addr.is_null() {
            return None;
        }
        // glibc reports the usable stack; the guard pages sit right below its lowest address.
        let page = usize::try_from(libc::sysconf(libc::_SC_PAGESIZE)).unwrap_or(4096);
        let hi = addr as usize;
        Some((hi.saturating_sub(guard.max(page)), hi))
    }
}

/// Install the handler for SIGSEGV and SIGBUS once, remembering the actions it replaces.
fn install() {
    PREVIOUS.get_or_init(|| {
        // SAFETY: sigaction with a zeroed struct, a valid handler and an empty mask; `old`
        // receives the previous action.
        unsafe {
            let mut act: libc::sigaction = std::mem::zeroed();
            act.sa_sigaction = on_fault as *const () as usize;
            act.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
            libc::sigemptyset(&mut act.sa_mask);
            let mut segv: libc::sigaction = std::mem::zeroed();
            let mut bus: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(libc::SIGSEGV, &act, &mut segv) != 0 {
                return None;
            }
            if libc::sigaction(libc::SIGBUS, &act, &mut bus) != 0 {
                libc::sigaction(libc::SIGSEGV, &segv, std::ptr::null_mut());
                return None;
            }
            Some(Previous { segv, bus })
        }
    });
}

extern "C" fn on_fault(sig: libc::c_int, info: *mut libc::siginfo_t, uctx: *mut libc::c_void) {
    // SAFETY: the kernel passes a valid siginfo for SA_SIGINFO handlers.
    let addr = unsafe { (*info).si_addr() } as usize;
    let (lo, hi) = (GUARD_LO.load(Ordering::SeqCst), GUARD_HI.load(Ordering::SeqCst));
    if hi != 0 && (lo..hi).contains(&addr) {
        // SAFETY: write(2) and _exit are async-signal-safe; MESSAGE is static.
        unsafe {
            libc::write(2, MESSAGE.as_ptr().cast(), MESSAGE.len());
            libc::_exit(EXIT_STATUS);
        }
    }
    let prev = match PREVIOUS.get() {
        Some(Some(p)) if sig == libc::SIGBUS => &p.bus,
        Some(Some(p)) => &p.segv,
        _ => return reset(sig),
    };
    match prev.sa_sigaction {
        libc::SIG_DFL | libc::SIG_IGN => reset(sig),
        h if prev.sa_flags & libc::SA_SIGINFO != 0 => {
            // SAFETY: the previous handler was installed with SA_SIGINFO, so it has this type.
            let h: extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) =
                unsafe { std::mem::transmute(h) };
            h(sig, info, uctx)
        }
        h => {
            // SAFETY: a handler installed without SA_SIGINFO takes the signal number only.
            let h: extern "C" fn(libc::c_int) = unsafe { std::mem::transmute(h) };
            h(sig)
        }
    }
}

/// Back to the default action: returning re-runs the faulting instruction, which then kills
/// the process with the signal, as if no handler had been installed.
fn reset(sig: libc::c_int) {
    // SAFETY: a zeroed sigaction is SIG_DFL with an empty mask.
    unsafe {
        let mut act: libc::sigaction = std::mem::zeroed();
        act.sa_sigaction = libc::SIG_DFL;
        libc::sigaction(sig, &act, std::ptr::null_mut());
    }
}
