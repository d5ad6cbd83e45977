//! Pass managers: an [`OpPassManager`] runs a list of passes and nested managers on ops of one
//! kind; a nested manager runs on every matching op directly inside the op its parent runs on,
//! as upstream's do. [`RunOptions`] holds what instruments a run: verification after each
//! pass, IR dumps and timing.

use crate::timing::TimingNode;
use crate::Pass;
use flowgate_ir::asm::{print_op, PrintFlags};
use flowgate_ir::{Context, Diagnostic, OpId};
use std::time::Instant;

/// The anchor that matches every op.
pub const ANY: &str = "any";

/// One entry of a pipeline.
pub enum PassEntry {
    Pass(Box<dyn Pass>),
    Nested(OpPassManager),
}

/// Passes anchored on one op name (`builtin.module`, `func.func`, or `any`).
pub struct OpPassManager {
    anchor: String,
    entries: Vec<PassEntry>,
}

impl OpPassManager {
    pub fn new(anchor: &str) -> Self {
        OpPassManager { anchor: anchor.to_string(), entries: Vec::new() }
    }

    pub fn anchor(&self) -> &str {
        &self.anchor
    }

    pub fn entries(&self) -> &[PassEntry] {
        &self.entries
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Whether this manager may run on ops named `name`.
    pub fn matches(&self, name: &str) -> bool {
        self.anchor == ANY || self.anchor == name
    }

    /// A new nested manager for `anchor`, added at the end.
    pub fn nest_explicit(&mut self, anchor: &str) -> &mut OpPassManager {
        self.entries.push(PassEntry::Nested(OpPassManager::new(anchor)));
        match self.entries.last_mut() {
            Some(PassEntry::Nested(pm)) => pm,
            _ => unreachable!("a nested manager was just pushed"),
        }
    }

    /// The nested manager for `anchor` at the end of the list, reused when the last entry
    /// already is one (upstream's implicit nesting groups consecutive passes).
    pub fn nest(&mut self, anchor: &str) -> &mut OpPassManager {
        let reuse = matches!(self.entries.last(), Some(PassEntry::Nested(pm)) if pm.anchor == anchor);
        if !reuse {
            return self.nest_explicit(anchor);
        }
        match self.entries.last_mut() {
            Some(PassEntry::Nested(pm)) => pm,
            _ => unreachable!("checked above"),
        }
    }

    /// Add `pass` here, as written (a textual pipeline states its nesting explicitly).
    pub fn add_pass_explicit(&mut self, pass: Box<dyn Pass>) {
        self.entries.push(PassEntry::Pass(pass));
    }

    /// Add `pass`, nesting it under a manager for its anchor when this one is anchored
    /// elsewhere (how `onnx-opt --some-func-pass` schedules passes).
    pub fn add_pass(&mut self, pass: Box<dyn Pass>) {
        match pass.anchor() {
            Some(a) if self.anchor != a && self.anchor != ANY => self.nest(a).add_pass_explicit(pass),
            _ => self.add_pass_explicit(pass),
        }
    }

    /// The pipeline in textual form (`builtin.module(func.func(cse))`), for diagnostics.
    pub fn to_text(&self) -> String {
        let inner: Vec<String> = self
            .entries
            .iter()
            .map(|e| match e {
                PassEntry::Pass(p) => p.argument().to_string(),
                PassEntry::Nested(pm) => pm.to_text(),
            })
            .collect();
        format!("{}({})", self.anchor, inner.join(","))
    }

    fn timing_tree(&self, node: &mut TimingNode) {
        for e in &self.entries {
            match e {
                PassEntry::Pass(p) => {
                    node.child(p.name());
                }
                PassEntry::Nested(pm) => pm.timing_tree(node.child(&format!("'{}' Pipeline", pm.anchor))),
            }
        }
    }
}

/// What instruments a run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Verify the op a pass ran on after it (`--verify-each`, on by default).
    pub verify_each: bool,
    pub print_before_all: bool,
    pub print_after_all: bool,
    /// Print the whole top-level op in dumps and name the op the pass ran on in the header.
    pub print_module_scope: bool,
    pub print_flags: PrintFlags,
    /// Collect per-pass wall times.
    pub timing: bool,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            verify_each: true,
            print_before_all: false,
            print_after_all: false,
            print_module_scope: false,
            print_flags: PrintFlags::default(),
            timing: false,
        }
    }
}

/// A top-level manager with its instrumentation and what the run produced.
pub struct PassManager {
    pub root: OpPassManager,
    pub options: RunOptions,
    /// IR dumps, in upstream's format (mlir-opt writes them to stderr).
    pub ir_dump: String,
    /// Timers, mirroring the pipeline's structure; the top-level passes are its children.
    pub timing: TimingNode,
}

impl PassManager {
    pub fn new(root: OpPassManager, options: RunOptions) -> Self {
        let mut timing = TimingNode::new("Pipeline");
        root.timing_tree(&mut timing);
        PassManager { root, options, ir_dump: String::new(), timing }
    }

    /// Run the pipeline on `op`, which must match the root anchor.
    pub fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        if !self.root.matches(ctx.op_name(op)) {
            return Err(Diagnostic::error(
                ctx.op_loc(op),
                format!("can't run '{}' pass manager on '{}' op", self.root.anchor, ctx.op_name(op)),
            ));
        }
        let mut run = Run { options: &self.options, dump: &mut self.ir_dump, top: op };
        run.run_manager(&mut self.root, ctx, op, &mut self.timing)
    }
}

struct Run<'a> {
    options: &'a RunOptions,
    dump: &'a mut String,
    top: OpId,
}

impl Run<'_> {
    fn run_manager(
        &mut self,
        pm: &mut OpPassManager,
        ctx: &mut Context,
        op: OpId,
        timing: &mut TimingNode,
    ) -> Result<(), Diagnostic> {
        for e in &mut pm.entries {
            match e {
                PassEntry::Pass(p) => self.run_pass(p.as_mut(), ctx, op, timing)?,
                PassEntry::Nested(nested) => {
                    let node = timing.child(&format!("'{}' Pipeline", nested.anchor));
                    let start = Instant::now();
                    let targets = direct_children(ctx, op, nested);
                    let mut res = Ok(());
                    for t in targets {
                        // An earlier pass of this round may have erased a sibling.
                        if ctx.is_erased(t) {
                            continue;
                        }
                        res = self.run_manager(nested, ctx, t, node);
                        if res.is_err() {
                            break;
                        }
                    }
                    node.wall += start.elapsed();
                    res?;
                }
            }
        }
        Ok(())
    }

    fn run_pass(
        &mut self,
        pass: &mut dyn Pass,
        ctx: &mut Context,
        op: OpId,
        timing: &mut TimingNode,
    ) -> Result<(), Diagnostic> {
        if self.options.print_before_all {
            self.print_ir(ctx, "Before", "", pass, op);
        }
        let start = Instant::now();
        let res = pass.run(ctx, op);
        timing.child(pass.name()).wall += start.elapsed();
        if res.is_err() {
            if self.options.print_after_all {
                self.print_ir(ctx, "After", " Failed", pass, op);
            }
            return res;
        }
        if self.options.print_after_all {
            self.print_ir(ctx, "After", "", pass, op);
        }
        if self.options.verify_each {
            flowgate_ir::verify::verify(ctx, op)?;
        }
        Ok(())
    }

    fn print_ir(&mut self, ctx: &Context, when: &str, failed: &str, pass: &dyn Pass, op: OpId) {
        let flags = self.options.print_flags;
        let (header_op, printed) =
            if self.options.print_module_scope { (describe_op(ctx, op), self.top) } else { (String::new(), op) };
        let body = print_op(ctx, printed, flags);
        self.dump.push_str(&format!(
            "// -----// IR Dump {when} {}{failed} ({}){header_op} //----- //\n",
            pass.name(),
            pass.argument()
        ));
        self.dump.push_str(&body);
        // Upstream prints the op and then "\n\n"; a top-level module already ends its text with
        // a newline, which gives it one more blank line.
        self.dump.push('\n');
        if ctx.parent_op(printed).is_none() {
            self.dump.push('\n');
        }
    }
}

/// ` ('func.func' operation: @name)`, as upstream's module-scope dump headers show.
fn describe_op(ctx: &Context, op: OpId) -> String {
    match ctx.symbol_name(op) {
        Some(n) => format!(" ('{}' operation: @{n})", ctx.op_name(op)),
        None => format!(" ('{}' operation)", ctx.op_name(op)),
    }
}

/// The ops directly inside `op`'s regions that `pm` runs on.
fn direct_children(ctx: &Context, op: OpId, pm: &OpPassManager) -> Vec<OpId> {
    let mut out = Vec::new();
    for &r in ctx.regions(op) {
        for &b in ctx.region_blocks(r) {
            out.extend(ctx.block_ops(b).filter(|&o| pm.matches(ctx.op_name(o))));
        }
    }
    out
}
