//! The core of onnx-opt as a library, so tests and fuzz targets can run it without spawning a
//! process: [`run_opt`] takes the arguments and standard input and returns the exit status and
//! both output streams.

mod args;
mod expect;
mod input;
mod upstream;

pub use args::{parse_args, Options};
pub use input::{load_module, split_chunks, Chunk};

use flowgate_ir::asm::{print_op, PrintFlags};
use flowgate_ir::{Context, Diagnostic, SourceMgr};
use flowgate_pass::{render_report, OpPassManager, PassInfo, PassManager, RunOptions, TimingNode};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// What a run produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptOutput {
    pub status: i32,
    pub stdout: Vec<u8>,
    pub stderr: String,
}

/// Run onnx-opt with `args` (without the program name; `String`s or `OsString`s, which need
/// not be UTF-8); `stdin` is read when the input is `-`. The output goes to `stdout` unless
/// `-o` names a file, which is then written.
pub fn run_opt<S: AsRef<std::ffi::OsStr>>(args: &[S], stdin: &[u8]) -> OptOutput {
    let passes = flowgate_registry::all_passes();
    let mut out = OptOutput::default();
    let opts = match parse_args(args, &passes) {
        Ok(o) => o,
        Err(e) => {
            // A usage error exits 1, as mlir-opt's do (README, "Exit codes").
            out.stderr = format!("onnx-opt: error: {e}\n");
            out.status = 1;
            return out;
        }
    };
    if opts.version {
        out.stdout = format!("{}\n", flowgate_version::version_line("onnx-opt")).into_bytes();
        return out;
    }
    if opts.help {
        out.stdout = args::help_text(&passes).into_bytes();
        return out;
    }
    if opts.list_passes {
        out.stdout = args::list_passes(&passes).into_bytes();
        return out;
    }
    let (name, bytes) = if opts.input == "-" {
        ("<stdin>".to_string(), stdin.to_vec())
    } else {
        // Diagnostics name the file lossily; it is read by its real name.
        let shown = opts.input.to_string_lossy().into_owned();
        match std::fs::read(&opts.input) {
            Ok(b) => (shown, b),
            Err(e) => {
                // Upstream's wording, without Rust's " (os error N)" suffix.
                let msg = e.to_string();
                let msg = msg.split(" (os error").next().unwrap_or(&msg);
                out.stderr = format!("cannot open input file '{shown}': {msg}\n");
                out.status = 1;
                return out;
            }
        }
    };
    // Check the pipeline once, before any input is processed.
    if let Err(e) = build_pass_manager(&opts, &passes).and_then(|_| upstream::check(&opts)) {
        out.stderr = format!("<unknown>:0: error: {e}\n");
        out.status = 1;
        return out;
    }
    // An empty input is a mistake (a failed redirect, a truncated file), not an empty module:
    // an error, as in the other tools (mlir-opt would print an empty module). Usage errors,
    // the pipeline's included, come first.
    if bytes.is_empty() {
        out.stderr = format!("{name}: error: the input is empty\n");
        out.status = 1;
        return out;
    }
    let mut driver = Driver { opts: &opts, passes: &passes, stderr: String::new(), timing: Vec::new() };
    let start = Instant::now();
    let result = driver.run(&name, &bytes);
    let total = start.elapsed();
    let (status, text) = match result {
        Ok(text) => (0, text),
        Err(text) => (1, text),
    };
    out.status = status;
    if opts.timing {
        driver.stderr.push_str(&render_report(&driver.timing, total));
    }
    out.stderr = driver.stderr;
    if opts.output == "-" {
        out.stdout = text.into_bytes();
    } else if let Err(e) = std::fs::write(&opts.output, text) {
        let _ = writeln!(out.stderr, "error: cannot write output: '{}': {e}", opts.output.to_string_lossy());
        out.status = 1;
    }
    out
}

/// The pass manager the options describe: `--pass-pipeline`, or the pass flags in order under a
/// `builtin.module` root (passes anchored elsewhere nest implicitly).
fn build_pass_manager(opts: &Options, passes: &[PassInfo]) -> Result<OpPassManager, String> {
    if let Some(p) = &opts.pass_pipeline {
        return flowgate_pass::parse_pass_pipeline(p, passes).map_err(|e| e.message);
    }
    let mut pm = OpPassManager::new("builtin.module");
    for (arg, raw) in &opts.passes {
        let Some(info) = passes.iter().find(|i| i.argument == arg) else {
            return Err(format!("'{arg}' does not refer to a registered pass"));
        };
        let fail = |m: String| format!("{m}\nfailed to add `{arg}` with options `{raw}`");
        let o = flowgate_pass::parse_pass_options(raw).map_err(fail)?;
        pm.add_pass((info.create)(&o).map_err(fail)?);
    }
    Ok(pm)
}

struct Driver<'a> {
    opts: &'a Options,
    passes: &'a [PassInfo],
    stderr: String,
    /// Parser, pipeline and output timers, summed over chunks.
    timing: Vec<TimingNode>,
}

/// A chunk of the input, borrowed from it or from the split chunks.
struct ChunkRef<'a> {
    text: &'a str,
    line_offset: u32,
}

fn source_mgr(name: &str, text: &str) -> SourceMgr {
    let mut sm = SourceMgr::new();
    sm.add(name, text);
    sm
}

impl Driver<'_> {
    /// Process the whole input. `Ok` with the output text when everything succeeded, `Err` with
    /// whatever output was produced otherwise.
    fn run(&mut self, name: &str, bytes: &[u8]) -> Result<String, String> {
        let is_text = !input::is_binary_input(name, bytes);
        // The input is borrowed, not copied: on large inputs each copy costs time and peak memory.
        // Bytes that are not UTF-8 are accepted in comments and strings, as upstream.
        let mended;
        let text: &str = if is_text {
            match flowgate_ir::asm::source_bytes::source_from_bytes(bytes) {
                Ok(t) => {
                    mended = t;
                    &mended
                }
                Err(e) => {
                    self.stderr.push_str(&format!("{name}:{e}\n"));
                    return Err(String::new());
                }
            }
        } else {
            ""
        };
        // The source manager copies the text, so it is made only when a diagnostic needs it.
        let mut sm: Option<SourceMgr> = None;
        let split;
        let chunks: Vec<ChunkRef> = match (&self.opts.split_marker, is_text) {
            (Some(marker), true) => {
                split = split_chunks(text, marker);
                split.iter().map(|c| ChunkRef { text: &c.text, line_offset: c.line_offset }).collect()
            }
            _ => vec![ChunkRef { text, line_offset: 0 }],
        };
        let mut outputs = Vec::new();
        let mut ok = true;
        for c in &chunks {
            let mut ctx = Context::new();
            flowgate_registry::register_all_dialects(&mut ctx);
            ctx.allow_unregistered = self.opts.allow_unregistered;
            let res = self.process_chunk(&mut ctx, name, bytes, c);
            let (output, diag) = match res {
                Ok(o) => (o, None),
                Err(d) => (String::new(), Some(d)),
            };
            if self.opts.verify_diagnostics {
                let sm = sm.get_or_insert_with(|| source_mgr(name, text));
                ok &= self.check_diagnostics(&ctx, sm, name, c, diag.as_ref());
            } else if let Some(d) = &diag {
                let sm = sm.get_or_insert_with(|| source_mgr(name, text));
                self.stderr.push_str(&sm.render(&ctx, d));
                ok = false;
            }
            outputs.push(output);
        }
        let marker = self.opts.split_marker.as_deref().unwrap_or(args::DEFAULT_SPLIT_MARKER);
        let joined =
            if outputs.len() == 1 { outputs.pop().unwrap_or_default() } else { outputs.join(&format!("{marker}\n")) };
        if ok {
            Ok(joined)
        } else {
            Err(joined)
        }
    }

    fn time<T>(&mut self, name: &str, f: impl FnOnce(&mut Self) -> T) -> T {
        let start = Instant::now();
        let r = f(self);
        self.add_time(name, start.elapsed());
        r
    }

    fn add_time(&mut self, name: &str, d: Duration) {
        match self.timing.iter_mut().find(|n| n.name == name) {
            Some(n) => n.wall += d,
            None => {
                let mut n = TimingNode::new(name);
                n.wall = d;
                self.timing.push(n);
            }
        }
    }

    /// Parse, verify, run the pipeline and print one chunk.
    fn process_chunk(
        &mut self,
        ctx: &mut Context,
        name: &str,
        bytes: &[u8],
        c: &ChunkRef,
    ) -> Result<String, Diagnostic> {
        let module = self.time("Parser", |_| load_module(ctx, name, bytes, c.text, c.line_offset))?;
        flowgate_ir::verify::verify(ctx, module)?;
        let flags = PrintFlags {
            generic: self.opts.generic,
            debuginfo: self.opts.debuginfo,
            local_scope: self.opts.local_scope,
        };
        let root = build_pass_manager(self.opts, self.passes).map_err(|m| {
            let loc = ctx.unknown_loc();
            Diagnostic::error(loc, m)
        })?;
        let run_opts = RunOptions {
            verify_each: self.opts.verify_each,
            print_before_all: self.opts.print_before_all,
            print_after_all: self.opts.print_after_all,
            print_module_scope: self.opts.print_module_scope,
            print_flags: flags,
            timing: self.opts.timing,
        };
        let mut pm = PassManager::new(root, run_opts);
        let res = pm.run(ctx, module);
        self.stderr.push_str(&pm.ir_dump);
        merge_timing(&mut self.timing, pm.timing.children);
        res?;
        let module = if self.opts.upstream_pipeline.is_some() || self.opts.upstream_verify {
            self.time("Upstream MLIR", |d| upstream::run(d.opts, ctx, module))?
        } else {
            module
        };
        let text = self.time("Output", |_| print_op(ctx, module, flags));
        // Upstream ends the output of each module with an empty line.
        Ok(text + "\n")
    }

    /// Compare the chunk's diagnostic (and its notes) with its expectations; report
    /// mismatches. Returns true when everything matched.
    fn check_diagnostics(
        &mut self,
        ctx: &Context,
        sm: &SourceMgr,
        name: &str,
        c: &ChunkRef,
        diag: Option<&Diagnostic>,
    ) -> bool {
        let (mut expected, errors) = expect::parse_expectations(c.text, c.line_offset);
        let mut ok = errors.is_empty();
        for e in &errors {
            self.report_at(sm, name, e.line, e.col, e.len, &e.message);
        }
        if let Some(d) = diag {
            let mut all = vec![(d.severity, d.loc, d.message.clone())];
            all.extend(d.notes.iter().map(|n| (n.severity, n.loc, n.message.clone())));
            for (sev, loc, msg) in all {
                let line = match ctx.file_line_col(loc) {
                    Some((f, l, _)) if f == name => Some(l),
                    _ => None,
                };
                if !expect::claim(&mut expected, sev, line, &msg) {
                    ok = false;
                    let d = Diagnostic::error(loc, format!("unexpected {}: {msg}", sev.as_str()));
                    self.stderr.push_str(&sm.render(ctx, &d));
                }
            }
        }
        for e in expected.iter().filter(|e| !e.matched) {
            ok = false;
            let msg = format!("expected {} \"{}\" was not produced", e.kind.as_str(), e.text);
            if e.line.is_none() {
                let _ = writeln!(self.stderr, "<unknown>:0: error: {msg}");
            } else {
                self.report_at(sm, name, e.at_line, e.at_col, e.text.chars().count(), &msg);
            }
        }
        ok
    }

    /// `file:line:col: error: msg`, the source line, and a caret with a `~` range.
    fn report_at(&mut self, sm: &SourceMgr, name: &str, line: u32, col: u32, len: usize, msg: &str) {
        let _ = writeln!(self.stderr, "{name}:{line}:{col}: error: {msg}");
        if let Some(src) = sm.source(name).and_then(|s| s.lines().nth(line.saturating_sub(1) as usize)) {
            let pad: String =
                src.chars().take(col.saturating_sub(1) as usize).map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
            let _ = writeln!(self.stderr, "{src}\n{pad}^{}", "~".repeat(len.saturating_sub(1)));
        }
    }
}

/// Add the timers of one run into the totals, by name and recursively.
fn merge_timing(into: &mut Vec<TimingNode>, from: Vec<TimingNode>) {
    for n in from {
        match into.iter_mut().position(|x| x.name == n.name) {
            Some(i) => {
                into[i].wall += n.wall;
                merge_timing(&mut into[i].children, n.children);
            }
            None => into.push(n),
        }
    }
}
