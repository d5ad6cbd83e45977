//! The textual IR printer: generic and custom op forms, regions and blocks, and upstream's
//! value and block numbering.

use crate::attributes::AttrKind;
use crate::location::LocKind;
use crate::types::{FloatKind, DYNAMIC};
use crate::{Attribute, BlockId, Context, Location, OpId, RegionId, Type, Value};
use rustc_hash::FxHashMap;
use std::fmt::Write as _;

/// Printing options, mirroring mlir-opt's flags.
#[derive(Copy, Clone, Debug, Default)]
pub struct PrintFlags {
    /// `--mlir-print-op-generic`
    pub generic: bool,
    /// `--mlir-print-debuginfo`
    pub debuginfo: bool,
    /// `--mlir-print-local-scope`: locations inline instead of `#locN` aliases.
    pub local_scope: bool,
}

/// Names of values and blocks for one print, computed as upstream's `SSANameState` does:
/// a region's values are numbered before those of the regions nested in it, sibling regions
/// restart from the same counters, and entry-block arguments are `%argN`.
#[derive(Default)]
struct Names {
    values: FxHashMap<Value, (std::rc::Rc<str>, Option<u32>)>,
    blocks: FxHashMap<BlockId, u32>,
}

struct Namer<'a> {
    ctx: &'a Context,
    /// Upstream ignores `getAsmResultNames` in the generic form and numbers every result.
    generic: bool,
    names: Names,
    used: FxHashMap<String, u32>,
    /// Shared `N` and `argN` names: numbering restarts in every isolated region, so the same
    /// few strings are reused instead of allocated per value.
    numbers: Vec<std::rc::Rc<str>>,
    arg_numbers: Vec<std::rc::Rc<str>>,
}

fn cached_name(cache: &mut Vec<std::rc::Rc<str>>, n: u32, make: impl Fn(usize) -> String) -> std::rc::Rc<str> {
    let n = n as usize;
    while cache.len() <= n {
        let next = make(cache.len());
        cache.push(next.into());
    }
    cache[n].clone()
}

#[derive(Copy, Clone)]
struct Counters {
    value: u32,
    arg: u32,
    conflict: u32,
}

impl<'a> Namer<'a> {
    /// `s` made an identifier and unique in scope (`cst`, `cst_0`, ...), recorded in `added` so
    /// it is released when the region is done.
    fn unique(&mut self, s: &str, c: &mut Counters, added: &mut Vec<String>) -> std::rc::Rc<str> {
        let s = sanitize(s);
        let unique = if self.used.contains_key(&s) {
            loop {
                let probe = format!("{s}_{}", c.conflict);
                c.conflict += 1;
                if !self.used.contains_key(&probe) {
                    break probe;
                }
            }
        } else {
            s
        };
        *self.used.entry(unique.clone()).or_insert(0) += 1;
        added.push(unique.clone());
        unique.into()
    }

    /// Custom form: each nested region continues from the counters its parent region ended
    /// with, and siblings restart from the same point (so both branches of an `scf.if` may
    /// print `%2`).
    fn number_region(&mut self, region: RegionId, mut c: Counters) {
        let added = self.number_values(region, &mut c);
        let ctx = self.ctx;
        for &b in ctx.region_blocks(region) {
            for op in ctx.block_ops(b) {
                for &r in ctx.regions(op) {
                    self.number_region(r, c);
                }
            }
        }
        for n in added {
            if let Some(k) = self.used.get_mut(&n) {
                *k -= 1;
                if *k == 0 {
                    self.used.remove(&n);
                }
            }
        }
    }

    /// Generic form: upstream prints unique SSA ids (`shouldPrintUniqueSSAIDs` holds for the
    /// generic form), numbering regions from a stack without ever restoring the counters. The
    /// stack is why the order looks odd: a region's nested regions are pushed in order and
    /// popped last first, so the else branch of an `scf.if` and the last function of a module
    /// are numbered before the ones printed above them.
    fn number_regions_unique(&mut self, root_regions: &[RegionId]) {
        let ctx = self.ctx;
        let mut c = Counters { value: 0, arg: 0, conflict: 0 };
        let mut stack: Vec<RegionId> = root_regions.to_vec();
        while let Some(region) = stack.pop() {
            self.number_values(region, &mut c);
            for &b in ctx.region_blocks(region) {
                for op in ctx.block_ops(b) {
                    stack.extend_from_slice(ctx.regions(op));
                }
            }
        }
    }

    /// Name the block arguments and op results directly in `region`; returns the suggested
    /// names it took, for the caller to release when the region's scope ends.
    fn number_values(&mut self, region: RegionId, c: &mut Counters) -> Vec<String> {
        let ctx = self.ctx;
        let mut added: Vec<String> = Vec::new();
        for (bi, &b) in ctx.region_blocks(region).iter().enumerate() {
            self.names.blocks.insert(b, bi as u32);
            let entry = bi == 0;
            for &a in ctx.block_args(b) {
                let name: std::rc::Rc<str> = if entry {
                    c.arg += 1;
                    cached_name(&mut self.arg_numbers, c.arg - 1, |i| format!("arg{i}"))
                } else {
                    c.value += 1;
                    cached_name(&mut self.numbers, c.value - 1, |i| i.to_string())
                };
                self.names.values.insert(a, (name, None));
            }
            for op in ctx.block_ops(b) {
                let results = ctx.results(op);
                if results.is_empty() {
                    continue;
                }
                let each = if self.generic {
                    None
                } else {
                    ctx.op_def(op).and_then(|d| d.result_names_each).and_then(|f| f(ctx, op))
                };
                if let Some(names) =
                    each.filter(|n| n.len() == results.len() && n.first().is_some_and(|f| !f.is_empty()))
                {
                    // An empty name continues the group before it (`%sizes:2`, like upstream,
                    // which names only the first value of a pack).
                    let mut k = 0;
                    while k < names.len() {
                        let end = (k + 1..names.len()).find(|&e| !names[e].is_empty()).unwrap_or(names.len());
                        let unique = self.unique(&names[k], c, &mut added);
                        for (g, &r) in results[k..end].iter().enumerate() {
                            let idx = (end - k > 1).then_some(g as u32);
                            self.names.values.insert(r, (unique.clone(), idx));
                        }
                        k = end;
                    }
                    continue;
                }
                let suggested = if self.generic {
                    None
                } else {
                    ctx.op_def(op).and_then(|d| d.result_names).and_then(|f| f(ctx, op))
                };
                let base: std::rc::Rc<str> = match suggested {
                    Some(s) => self.unique(&s, c, &mut added),
                    None => {
                        c.value += 1;
                        cached_name(&mut self.numbers, c.value - 1, |i| i.to_string())
                    }
                };
                if results.len() == 1 {
                    self.names.values.insert(results[0], (base, None));
                } else {
                    for (i, &r) in results.iter().enumerate() {
                        self.names.values.insert(r, (base.clone(), Some(i as u32)));
                    }
                }
            }
        }
        added
    }
}

/// Keep identifier characters, replacing the rest by `_`, as upstream's `sanitizeIdentifier`.
fn sanitize(s: &str) -> String {
    let mut out: String =
        s.chars().map(|c| if c.is_ascii_alphanumeric() || "_$.-".contains(c) { c } else { '_' }).collect();
    if out.is_empty() || out.as_bytes()[0].is_ascii_digit() {
        out.insert(0, '_');
    }
    out
}

/// Prints ops. Custom printers receive this and use its `print_*` methods.
pub struct OpPrinter<'a> {
    pub ctx: &'a Context,
    pub flags: PrintFlags,
    out: String,
    names: Names,
    indent: usize,
    default_dialects: Vec<&'a str>,
    /// Under debuginfo at the top level, op locations print as `loc(#locN)` and are defined
    /// after the op, like upstream's location aliases. `None` prints them inline.
    loc_aliases: Option<LocAliases>,
}

/// Location aliases in order of first use.
#[derive(Default)]
struct LocAliases {
    order: Vec<Location>,
    index: FxHashMap<Location, usize>,
}

impl LocAliases {
    fn name(&mut self, l: Location) -> String {
        let n = *self.index.entry(l).or_insert_with(|| {
            self.order.push(l);
            self.order.len() - 1
        });
        if n == 0 {
            "loc".to_string()
        } else {
            format!("loc{n}")
        }
    }

    /// `#locN = loc(...)` lines, each after the aliases its body refers to, so the output
    /// parses back without forward references between definitions.
    fn definitions(&mut self, ctx: &Context) -> String {
        let mut out = String::new();
        let mut done: FxHashMap<Location, ()> = FxHashMap::default();
        let mut i = 0;
        while i < self.order.len() {
            let l = self.order[i];
            self.emit(ctx, l, &mut done, &mut out);
            i += 1;
        }
        out
    }

    fn emit(&mut self, ctx: &Context, l: Location, done: &mut FxHashMap<Location, ()>, out: &mut String) {
        if done.insert(l, ()).is_some() {
            return;
        }
        let children: Vec<Location> = match ctx.loc_kind(l) {
            LocKind::Name { child, .. } => child.iter().copied().collect(),
            LocKind::Fused { locs, .. } => locs.clone(),
            LocKind::CallSite { callee, caller } => vec![*callee, *caller],
            _ => Vec::new(),
        };
        for c in children {
            self.name(c);
            self.emit(ctx, c, done, out);
        }
        let name = self.name(l);
        let _ = write!(out, "#{name} = loc(");
        write_loc_with(ctx, out, l, &mut |out, c| {
            let n = self.name(c);
            let _ = write!(out, "#{n}");
        });
        out.push_str(")\n");
    }
}

impl<'a> OpPrinter<'a> {
    fn new(ctx: &'a Context, flags: PrintFlags, root: OpId) -> Self {
        let mut namer = Namer {
            ctx,
            generic: flags.generic,
            names: Names::default(),
            used: FxHashMap::default(),
            numbers: Vec::new(),
            arg_numbers: Vec::new(),
        };
        if flags.generic {
            namer.number_regions_unique(ctx.regions(root));
        } else {
            for &r in ctx.regions(root) {
                namer.number_region(r, Counters { value: 0, arg: 0, conflict: 0 });
            }
        }
        OpPrinter {
            ctx,
            flags,
            out: String::new(),
            names: namer.names,
            indent: 0,
            default_dialects: vec!["builtin"],
            loc_aliases: None,
        }
    }

    /// Raw text.
    pub fn write(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// A line break followed by the current indentation (upstream's `printNewline`), for ops
    /// whose custom form spans several lines (`cf.switch`).
    pub fn newline(&mut self) {
        self.out.push('\n');
        self.indent_line();
    }

    /// Indent following [`OpPrinter::newline`]s by two more spaces.
    pub fn increase_indent(&mut self) {
        self.indent += 2;
    }

    pub fn decrease_indent(&mut self) {
        self.indent = self.indent.saturating_sub(2);
    }

    pub fn print_value(&mut self, v: Value) {
        match self.names.values.get(&v) {
            // Pushed piecewise: `write!` formatting is measurably slower on large modules.
            Some((base, None)) => {
                self.out.push('%');
                self.out.push_str(base);
            }
            Some((base, Some(i))) => {
                self.out.push('%');
                self.out.push_str(base);
                let _ = write!(self.out, "#{i}");
            }
            None => self.out.push_str("<<UNKNOWN SSA VALUE>>"),
        }
    }

    pub fn print_operand(&mut self, v: Value) {
        self.print_value(v);
    }

    /// Comma-separated values.
    pub fn print_operands(&mut self, vs: &[Value]) {
        for (i, &v) in vs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_value(v);
        }
    }

    pub fn print_type(&mut self, t: Type) {
        write_type(self.ctx, &mut self.out, t);
    }

    /// Comma-separated types.
    pub fn print_types(&mut self, ts: &[Type]) {
        for (i, &t) in ts.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_type(t);
        }
    }

    pub fn print_value_types(&mut self, vs: &[Value]) {
        let tys: Vec<Type> = vs.iter().map(|&v| self.ctx.value_type(v)).collect();
        self.print_types(&tys);
    }

    /// ` -> t` or ` -> (t1, t2)`; nothing for no types.
    pub fn print_optional_arrow_type_list(&mut self, ts: &[Type]) {
        if ts.is_empty() {
            return;
        }
        self.out.push_str(" -> ");
        self.print_result_types(ts);
    }

    /// Result types as in a function type: bare for one non-function type, else parenthesized.
    pub fn print_result_types(&mut self, ts: &[Type]) {
        write_result_types(self.ctx, &mut self.out, ts);
    }

    /// `(operand types) -> result types` of an op.
    pub fn print_functional_type(&mut self, op: OpId) {
        let ins = self.ctx.operand_types(op);
        let outs = self.ctx.result_types(op);
        self.out.push('(');
        self.print_types(&ins);
        self.out.push_str(") -> ");
        self.print_result_types(&outs);
    }

    pub fn print_attr(&mut self, a: Attribute) {
        write_attr(self.ctx, &mut self.out, a);
    }

    /// An integer or float attribute without its `: type` suffix.
    pub fn print_attr_without_type(&mut self, a: Attribute) {
        match self.ctx.attr_kind(a) {
            AttrKind::Integer { value, ty } => write_int(self.ctx, &mut self.out, *value, *ty, false),
            AttrKind::Float { bits, ty } => {
                let k = self.ctx.float_kind(*ty).unwrap_or(FloatKind::F64);
                self.out.push_str(&format_float(f64::from_bits(*bits), k));
            }
            _ => self.print_attr(a),
        }
    }

    /// `[0, %i, 4]`: the static `values`, with the next of `dynamic` where one is `DYNAMIC`
    /// (the inverse of `OpParser::parse_dynamic_index_list`).
    pub fn print_dynamic_index_list(&mut self, values: &[i64], dynamic: &[Value]) {
        self.out.push('[');
        let mut dyn_iter = dynamic.iter();
        for (i, &v) in values.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            match (v == DYNAMIC).then(|| dyn_iter.next()) {
                Some(Some(&d)) => self.print_value(d),
                Some(None) => self.out.push_str("<<missing>>"),
                None => {
                    let _ = write!(self.out, "{v}");
                }
            }
        }
        self.out.push(']');
    }

    pub fn print_symbol_name(&mut self, name: &str) {
        write_symbol(&mut self.out, name);
    }

    pub fn print_string(&mut self, s: &str) {
        write_string(&mut self.out, s);
    }

    /// ` {a = 1, b}` with `elided` names left out; nothing when empty.
    pub fn print_optional_attr_dict(&mut self, op: OpId, elided: &[&str]) {
        self.print_attr_dict_impl(op, elided, false);
    }

    /// ` %x`: operand #0, where most custom formats start.
    pub fn print_first_operand(&mut self, op: OpId) {
        self.write(" ");
        self.print_value(self.ctx.operand(op, 0));
    }

    /// ` {attrs} : type`, where most custom formats end.
    pub fn print_attrs_colon_type(&mut self, op: OpId, ty: Type) {
        self.print_optional_attr_dict(op, &[]);
        self.write(" : ");
        self.print_type(ty);
    }

    /// ` attributes {...}` form used by func.func and builtin.module.
    pub fn print_optional_attr_dict_with_keyword(&mut self, op: OpId, elided: &[&str]) {
        self.print_attr_dict_impl(op, elided, true);
    }

    fn print_attr_dict_impl(&mut self, op: OpId, elided: &[&str], keyword: bool) {
        let ctx = self.ctx;
        let attrs: Vec<_> = ctx.attrs(op).iter().filter(|(n, _)| !elided.contains(&ctx.str(*n))).copied().collect();
        if attrs.is_empty() {
            return;
        }
        self.out.push_str(if keyword { " attributes " } else { " " });
        write_dict(ctx, &mut self.out, &attrs);
    }

    pub fn print_successor(&mut self, b: BlockId) {
        let _ = write!(self.out, "^bb{}", self.names.blocks.get(&b).copied().unwrap_or(u32::MAX));
    }

    /// `^bb1(%a, %b : i32, f32)` for successor `i` of `op`.
    pub fn print_successor_and_use_list(&mut self, op: OpId, i: usize) {
        self.print_successor(self.ctx.successors(op)[i]);
        let vals = self.ctx.successor_operands(op, i).to_vec();
        if !vals.is_empty() {
            self.out.push('(');
            self.print_operands(&vals);
            self.out.push_str(" : ");
            self.print_value_types(&vals);
            self.out.push(')');
        }
    }

    /// `%arg0: i32` (with its location under debuginfo).
    pub fn print_block_arg_decl(&mut self, v: Value) {
        self.print_value(v);
        self.out.push_str(": ");
        self.print_type(self.ctx.value_type(v));
        if self.flags.debuginfo {
            if let Some(l) = self.ctx.value_loc(v) {
                // Block argument locations stay inline, as upstream prints them.
                self.out.push_str(" loc(");
                write_loc(self.ctx, &mut self.out, l);
                self.out.push(')');
            }
        }
    }

    pub fn print_location(&mut self, l: Location) {
        self.out.push_str("loc(");
        match self.loc_aliases.as_mut() {
            Some(a) => {
                let n = a.name(l);
                let _ = write!(self.out, "#{n}");
            }
            None => write_loc(self.ctx, &mut self.out, l),
        }
        self.out.push(')');
    }

    /// `{ ... }`: entry block arguments are printed only when asked (custom syntax usually
    /// declares them itself), terminators only when asked.
    pub fn print_region(&mut self, r: RegionId, print_entry_args: bool, print_terminators: bool) {
        self.print_region_full(r, print_entry_args, print_terminators, false);
    }

    pub fn print_region_full(
        &mut self,
        r: RegionId,
        print_entry_args: bool,
        print_terminators: bool,
        print_empty_block: bool,
    ) {
        let ctx = self.ctx;
        self.out.push_str("{\n");
        let blocks = ctx.region_blocks(r);
        // Every block's predecessors, from one walk over the terminators: asking per block
        // would rescan the region each time (quadratic in the number of blocks).
        let mut preds: FxHashMap<BlockId, Vec<BlockId>> = FxHashMap::default();
        if blocks.len() > 1 {
            for &p in blocks {
                if let Some(t) = ctx.last_op(p) {
                    for &s in ctx.successors(t) {
                        preds.entry(s).or_default().push(p);
                    }
                }
            }
        }
        for (i, &b) in blocks.iter().enumerate() {
            let header = if i == 0 {
                (print_empty_block && ctx.is_block_empty(b)) || (print_entry_args && !ctx.block_args(b).is_empty())
            } else {
                true
            };
            let block_preds = preds.remove(&b).unwrap_or_default();
            self.print_block(b, header, print_terminators || i > 0 || blocks.len() > 1, block_preds);
        }
        self.indent_line();
        self.out.push('}');
    }

    fn indent_line(&mut self) {
        for _ in 0..self.indent {
            self.out.push(' ');
        }
    }

    /// `preds` are `b`'s predecessors (in region order), for the `// pred:` comment.
    fn print_block(&mut self, b: BlockId, header: bool, print_terminator: bool, mut preds: Vec<BlockId>) {
        let ctx = self.ctx;
        if header {
            self.indent_line();
            self.print_successor(b);
            let args = ctx.block_args(b).to_vec();
            if !args.is_empty() {
                self.out.push('(');
                for (i, &a) in args.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_block_arg_decl(a);
                }
                self.out.push(')');
            }
            self.out.push(':');
            let entry = ctx.block_parent(b).and_then(|r| ctx.entry_block(r)) == Some(b);
            preds.sort_by_key(|p| self.names.blocks.get(p).copied());
            if preds.is_empty() {
                if !entry {
                    self.out.push_str("  // no predecessors");
                }
            } else if preds.len() == 1 {
                self.out.push_str("  // pred: ");
                self.print_successor(preds[0]);
            } else {
                let _ = write!(self.out, "  // {} preds: ", preds.len());
                for (i, &p) in preds.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_successor(p);
                }
            }
            self.out.push('\n');
        }
        self.indent += 2;
        let last = ctx.last_op(b);
        for op in ctx.block_ops(b) {
            if !print_terminator
                && Some(op) == last
                && ctx.has_trait(op, crate::Traits::TERMINATOR)
                && ctx.operands(op).is_empty()
                && ctx.attrs(op).is_empty()
            {
                continue;
            }
            self.print_op_line(op);
        }
        self.indent -= 2;
    }

    fn print_op_line(&mut self, op: OpId) {
        self.indent_line();
        self.print_op(op);
        self.out.push('\n');
    }

    /// One op without indentation or newline: results, the op, and its location.
    pub fn print_op(&mut self, op: OpId) {
        let ctx = self.ctx;
        let results = ctx.results(op);
        if !results.is_empty() {
            // Results print in groups: `%0:2` for one numbered group, `%sum, %overflow` for
            // results named one by one.
            let mut i = 0;
            while i < results.len() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                let mut j = i + 1;
                match self.names.values.get(&results[i]) {
                    Some((base, idx)) => {
                        if idx.is_some() {
                            while j < results.len()
                                && self.names.values.get(&results[j]).is_some_and(|(b, x)| b == base && x.is_some())
                            {
                                j += 1;
                            }
                        }
                        self.out.push('%');
                        self.out.push_str(base);
                    }
                    None => self.out.push_str("%<<UNNAMED>>"),
                }
                if j - i > 1 {
                    let _ = write!(self.out, ":{}", j - i);
                }
                i = j;
            }
            self.out.push_str(" = ");
        }
        let def = ctx.op_def(op);
        match def.and_then(|d| d.print) {
            // Custom printers index operands and results as their op declares them; an op that
            // breaks its declared counts (IR dumped after a failure) prints generically instead.
            Some(print) if !self.flags.generic && def.is_some_and(|d| counts_match(ctx, d, op)) => {
                let name = ctx.op_name(op);
                // Like upstream's printOpName: the prefix goes only when the rest has no dot.
                let short = match (name.split_once('.'), self.default_dialects.last()) {
                    (Some((d, rest)), Some(dd)) if d == *dd && !rest.contains('.') => rest,
                    _ => name,
                };
                self.out.push_str(short);
                // Upstream's printRegion pushes the op's default dialect, or "" when it has
                // none, so ops in an scf.if region print `func.call`, never `call`.
                self.default_dialects.push(def.and_then(|d| d.default_dialect).unwrap_or(""));
                print(self, op);
                self.default_dialects.pop();
            }
            _ => self.print_generic(op),
        }
        if self.flags.debuginfo {
            self.out.push(' ');
            self.print_location(ctx.op_loc(op));
        }
    }

    fn print_generic(&mut self, op: OpId) {
        let ctx = self.ctx;
        write_string(&mut self.out, ctx.op_name(op));
        self.out.push('(');
        self.print_operands(ctx.operands(op));
        self.out.push(')');
        let succs = ctx.successors(op);
        if !succs.is_empty() {
            self.out.push('[');
            for (i, &s) in succs.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_successor(s);
            }
            self.out.push(']');
        }
        let inherent = ctx.op_def(op).map(|d| d.inherent_attrs).unwrap_or(&[]);
        let attrs = ctx.attrs(op);
        let (props, rest): (Vec<_>, Vec<_>) = if attrs.is_empty() {
            (Vec::new(), Vec::new())
        } else {
            attrs.iter().copied().partition(|(n, _)| inherent.contains(&ctx.str(*n)))
        };
        if !props.is_empty() {
            self.out.push_str(" <");
            write_dict(ctx, &mut self.out, &props);
            self.out.push('>');
        }
        let regions = ctx.regions(op);
        if !regions.is_empty() {
            self.out.push_str(" (");
            self.default_dialects.push(ctx.op_def(op).and_then(|d| d.default_dialect).unwrap_or(""));
            for (i, &r) in regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_region_full(r, true, true, true);
            }
            self.default_dialects.pop();
            self.out.push(')');
        }
        if !rest.is_empty() {
            self.out.push(' ');
            write_dict(ctx, &mut self.out, &rest);
        }
        self.out.push_str(" : ");
        self.print_functional_type(op);
    }
}

/// Print `op` (usually a module) and everything in it.
pub fn print_op(ctx: &Context, op: OpId, flags: PrintFlags) -> String {
    let mut p = OpPrinter::new(ctx, flags, op);
    if flags.debuginfo && !flags.local_scope {
        p.loc_aliases = Some(LocAliases::default());
    }
    p.print_op(op);
    p.out.push('\n');
    if !flags.local_scope && ctx.parent_op(op).is_none() {
        p.out = alias_affine(&p.out);
    }
    if let Some(mut a) = p.loc_aliases.take() {
        p.out.push_str(&a.definitions(ctx));
    }
    if ctx.parent_op(op).is_none() {
        let section = resources_section(ctx, &p.out);
        p.out.push_str(&section);
    }
    p.out
}

/// Upstream prints each distinct `affine_map` (`affine_set`) of a top-level op once, as
/// `#map = affine_map<...>` (`#set = ...`) before it, and refers to it as `#map`, `#map1`, ...:
/// maps before sets (upstream sorts aliases by name), each kind in order of first use. Applied
/// to the printed text; string literals are left alone.
fn alias_affine(text: &str) -> String {
    let b = text.as_bytes();
    let mut kinds: [(&str, &str, Vec<&str>); 2] =
        [("affine_map<", "map", Vec::new()), ("affine_set<", "set", Vec::new())];
    let mut body = String::with_capacity(text.len());
    let (mut i, mut copied) = (0, 0);
    while i < b.len() {
        if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            continue;
        }
        let after_ident = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b"_.$#!".contains(&b[i - 1]));
        let kind = kinds.iter().position(|(kw, _, _)| !after_ident && b[i..].starts_with(kw.as_bytes()));
        let Some(k) = kind else {
            i += 1;
            continue;
        };
        // The matching `>`: not the one of `->` nor of a set's `>=`.
        let start = i + kinds[k].0.len();
        let mut depth = 1;
        let mut j = start;
        while j < b.len() {
            match b[j] {
                b'<' => depth += 1,
                b'>' if b[j - 1] != b'-' && b.get(j + 1) != Some(&b'=') => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            j += 1;
        }
        if depth != 0 {
            break;
        }
        let inner = &text[start..j];
        let list = &mut kinds[k].2;
        let n = list.iter().position(|&m| m == inner).unwrap_or_else(|| {
            list.push(inner);
            list.len() - 1
        });
        body.push_str(&text[copied..i]);
        body.push('#');
        body.push_str(kinds[k].1);
        if n > 0 {
            let _ = write!(body, "{n}");
        }
        i = j + 1;
        copied = i;
    }
    body.push_str(&text[copied.min(text.len())..]);
    let mut out = String::new();
    for (kw, name, list) in &kinds {
        for (n, inner) in list.iter().enumerate() {
            let suffix = if n > 0 { n.to_string() } else { String::new() };
            let _ = writeln!(out, "#{name}{suffix} = {kw}{inner}>");
        }
    }
    out.push_str(&body);
    out
}

// The free-standing writers live in print_types.rs, print_attrs.rs and print_locations.rs.
pub use super::print_attrs::*;
pub use super::print_locations::*;
pub use super::print_types::*;

pub use super::float_fmt::format_float;

/// Print one op with names numbered relative to its parent region (for diagnostics).
pub fn print_op_detached(ctx: &Context, op: OpId, flags: PrintFlags) -> String {
    let root =
        ctx.find_ancestor(op, |c, o| c.has_trait(o, crate::Traits::ISOLATED_FROM_ABOVE) && o != op).unwrap_or(op);
    let mut p = OpPrinter::new(ctx, flags, root);
    if root == op {
        // Number the op's results as the only values in scope.
        for (i, &r) in ctx.results(op).iter().enumerate() {
            let entry = if ctx.results(op).len() == 1 {
                (std::rc::Rc::<str>::from("0"), None)
            } else {
                ("0".into(), Some(i as u32))
            };
            p.names.values.insert(r, entry);
        }
    }
    p.print_op(op);
    p.out
}

fn counts_match(ctx: &Context, def: &crate::OpDef, op: OpId) -> bool {
    use crate::Count;
    let ok = |c: Count, n: usize| match c {
        Count::Any => true,
        Count::Exactly(k) => n == k,
        Count::AtLeast(k) => n >= k,
    };
    ok(def.operands, ctx.operands(op).len())
        && ok(def.results, ctx.results(op).len())
        && ok(def.regions, ctx.regions(op).len())
        && ok(def.successors, ctx.successors(op).len())
}
