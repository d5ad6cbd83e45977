//! The progress line: on a terminal, what a long compile or suite is doing now
//! (`[12/46] silero_vad: compiling…  3 s`), rewritten in place with `\r` on stderr.
//!
//! It is drawn only on a terminal (stderr `isatty`) and only once the same step has lasted
//! [`DELAY`] (`FLOWGATE_PROGRESS_DELAY_MS` sets another; 0 draws every step at once), so
//! redirected output (tests, CI, pipes) never sees it and quick steps do not flicker. A ticker thread redraws it with the elapsed seconds; [`Progress::suspend`] clears it
//! while other output is written, so result lines never share a line with it.

use std::io::{IsTerminal as _, Write};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a step runs before the line appears.
pub const DELAY: Duration = Duration::from_millis(300);
/// How often the elapsed time is redrawn.
const TICK: Duration = Duration::from_millis(250);
/// Erase the line the cursor is on and return to its start (ANSI EL).
const CLEAR: &str = "\r\x1b[K";

/// A progress line, or nothing (`Progress::off`) when stderr is not a terminal.
pub struct Progress {
    shared: Option<Arc<Shared>>,
    ticker: Option<JoinHandle<()>>,
}

struct Shared {
    state: Mutex<State>,
    wake: Condvar,
}

struct State {
    sink: Box<dyn Write + Send>,
    /// Columns available; longer messages are cut so that `\r` can rewrite them.
    width: usize,
    delay: Duration,
    message: String,
    since: Instant,
    drawn: bool,
    done: bool,
}

impl Progress {
    /// A progress line on stderr when stderr is a terminal, else one that shows nothing.
    pub fn on_stderr() -> Progress {
        if std::io::stderr().is_terminal() {
            let delay = std::env::var("FLOWGATE_PROGRESS_DELAY_MS")
                .ok()
                .and_then(|v| v.trim().parse().ok())
                .map_or(DELAY, Duration::from_millis);
            Progress::to_sink(Box::new(std::io::stderr()), terminal_width(), delay)
        } else {
            Progress::off()
        }
    }

    /// Shows nothing: every call is a no-op.
    pub fn off() -> Progress {
        Progress { shared: None, ticker: None }
    }

    /// A progress line drawn into `sink`, `width` columns wide, once a step has lasted
    /// `delay` (what a terminal gets; tests pass a buffer).
    pub fn to_sink(sink: Box<dyn Write + Send>, width: usize, delay: Duration) -> Progress {
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                sink,
                width: width.max(10),
                delay,
                message: String::new(),
                since: Instant::now(),
                drawn: false,
                done: false,
            }),
            wake: Condvar::new(),
        });
        let for_ticker = Arc::clone(&shared);
        // Without a thread there is no line; the work goes on regardless.
        let ticker = std::thread::Builder::new().name("progress".into()).spawn(move || tick(&for_ticker)).ok();
        Progress { shared: Some(shared), ticker }
    }

    /// The step now under way; shown once it has lasted the delay (at once when that is
    /// zero). An empty message takes the line away.
    pub fn set(&self, message: impl Into<String>) {
        if let Some(mut s) = self.lock() {
            s.message = message.into();
            s.since = Instant::now();
            if s.message.is_empty() {
                s.erase();
            } else if s.delay.is_zero() {
                s.draw();
            }
        }
    }

    /// Run `f`, which writes other output to the terminal, with the line cleared; it comes
    /// back at the next tick.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match self.lock() {
            Some(mut s) => {
                s.erase();
                f()
            }
            None => f(),
        }
    }

    fn lock(&self) -> Option<MutexGuard<'_, State>> {
        // A poisoned lock only means a panic elsewhere; the line is cosmetic.
        self.shared.as_ref().map(|s| s.state.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(shared) = &self.shared {
            let mut s = shared.state.lock().unwrap_or_else(|e| e.into_inner());
            s.done = true;
            s.erase();
            shared.wake.notify_all();
        }
        if let Some(t) = self.ticker.take() {
            let _ = t.join();
        }
    }
}

impl State {
    fn erase(&mut self) {
        if self.drawn {
            let _ = self.sink.write_all(CLEAR.as_bytes()).and_then(|()| self.sink.flush());
            self.drawn = false;
        }
    }

    fn draw(&mut self) {
        let elapsed = self.since.elapsed().as_secs();
        let suffix = format!("  {elapsed} s");
        let room = self.width.saturating_sub(suffix.len() + 1);
        let message: String = self.message.chars().take(room).collect();
        let line = format!("{CLEAR}{message}{suffix}");
        let _ = self.sink.write_all(line.as_bytes()).and_then(|()| self.sink.flush());
        self.drawn = true;
    }
}

fn tick(shared: &Shared) {
    let mut s = shared.state.lock().unwrap_or_else(|e| e.into_inner());
    while !s.done {
        if !s.message.is_empty() && s.since.elapsed() >= s.delay {
            s.draw();
        }
        s = shared.wake.wait_timeout(s, TICK).unwrap_or_else(|e| e.into_inner()).0;
    }
}

/// The terminal's columns (`TIOCGWINSZ` on stderr), 80 when it does not say.
fn terminal_width() -> usize {
    // SAFETY: TIOCGWINSZ writes one `winsize` into the struct it is given, which lives here.
    let mut ws: libc::winsize = unsafe { std::mem::zeroed() };
    let ok = unsafe { libc::ioctl(libc::STDERR_FILENO, libc::TIOCGWINSZ, &mut ws) } == 0;
    if ok && ws.ws_col > 0 {
        ws.ws_col as usize
    } else {
        80
    }
}

/// A new pseudo-terminal, `(master, slave)`: the tools' tests give a child the slave as its
/// stderr and read from the master what a terminal would show.
pub fn pseudo_terminal() -> std::io::Result<(std::fs::File, std::fs::File)> {
    use std::os::fd::FromRawFd as _;
    let (mut master, mut slave) = (-1, -1);
    // SAFETY: openpty writes two new descriptors, which the Files made from them then own.
    let rc =
        unsafe { libc::openpty(&mut master, &mut slave, std::ptr::null_mut(), std::ptr::null(), std::ptr::null()) };
    if rc != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(unsafe { (std::fs::File::from_raw_fd(master), std::fs::File::from_raw_fd(slave)) })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sink the test can read while the progress line writes to it.
    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);

    impl Write for Buffer {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Buffer {
        fn text(&self) -> String {
            String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
        }
        /// Wait (up to 20 s, for a loaded machine) until the text satisfies `f`.
        fn wait_for(&self, f: impl Fn(&str) -> bool) -> String {
            let start = Instant::now();
            while !f(&self.text()) && start.elapsed() < Duration::from_secs(20) {
                std::thread::sleep(Duration::from_millis(20));
            }
            self.text()
        }
    }

    #[test]
    fn a_long_step_is_drawn_then_cleared() {
        let buf = Buffer::default();
        let p = Progress::to_sink(Box::new(buf.clone()), 80, DELAY);
        p.set("[1/2] model: compiling…");
        let text = buf.wait_for(|t| t.contains("[1/2] model: compiling…"));
        assert!(text.starts_with(CLEAR) && text.contains("[1/2] model: compiling…  0 s"), "{text:?}");
        // Output written under `suspend` starts on a cleared line.
        let before = buf.text().len();
        p.suspend(|| buf.clone().write_all(b"PASS model\n").unwrap());
        let after = buf.text();
        assert!(after[before..].starts_with(&format!("{CLEAR}PASS model\n")), "{after:?}");
        // The line comes back after the output, and goes at the end.
        let after = buf.wait_for(|t| t.ends_with(" s"));
        assert!(after.contains("PASS model\n\r\x1b[K[1/2] model: compiling…"), "{after:?}");
        drop(p);
        assert!(buf.text().ends_with(CLEAR), "the line is gone at the end: {:?}", buf.text());
    }

    #[test]
    fn long_messages_are_cut_to_the_width() {
        let buf = Buffer::default();
        let p = Progress::to_sink(Box::new(buf.clone()), 20, DELAY);
        p.set("x".repeat(100));
        let text = buf.wait_for(|t| t.contains(" s"));
        drop(p);
        let line = text.split(CLEAR).find(|l| !l.is_empty()).unwrap_or_default();
        assert!(line.chars().count() < 20, "{line:?}");
    }

    #[test]
    fn zero_delay_draws_every_step_at_once() {
        let buf = Buffer::default();
        let p = Progress::to_sink(Box::new(buf.clone()), 80, Duration::ZERO);
        p.set("lowering…");
        assert_eq!(buf.text(), format!("{CLEAR}lowering…  0 s"));
        p.set("");
        assert_eq!(buf.text(), format!("{CLEAR}lowering…  0 s{CLEAR}"));
    }

    #[test]
    fn off_and_quick_steps_show_nothing() {
        let p = Progress::off();
        p.set("anything");
        assert_eq!(p.suspend(|| 7), 7);
        let buf = Buffer::default();
        let p = Progress::to_sink(Box::new(buf.clone()), 80, DELAY);
        drop(p); // nothing was set
        assert_eq!(buf.text(), "");
    }
}
