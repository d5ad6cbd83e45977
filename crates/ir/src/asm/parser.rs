//! The textual IR parser: top level, operations in generic and custom form, regions, blocks,
//! and SSA name scoping with forward references.

use super::lexer::{Lexer, TokKind, Token};
use crate::{Attribute, BlockId, Context, Diagnostic, Location, OpId, OperationState, RegionId, Symbol, Type, Value};
use rustc_hash::FxHashMap;

pub type PResult<T> = Result<T, Diagnostic>;

/// How deeply regions, attributes and types may nest inside each other (all count alike).
/// The parser, the verifier, the printer and the passes recurse over nesting; past this depth
/// the input is refused with a located error instead of overflowing the stack. Real models
/// nest a few dozen levels.
pub const NESTING_LIMIT: usize = 1000;

/// An operand reference as written (`%x`, `%x#1`), before its type is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnresolvedOperand {
    pub name: String,
    pub number: u32,
    /// Byte offset of the reference in the parsed text. Its location is made only when needed
    /// (`Parser::operand_loc`, `OpParser::operand_loc`): interning one per operand use cost
    /// time and memory on large inputs.
    pub pos: usize,
}

/// A region argument as written: `%iv`, `%arg0: i32 {attrs} loc(...)`.
#[derive(Clone, Debug)]
pub struct Argument {
    pub name: UnresolvedOperand,
    pub ty: Option<Type>,
    pub attrs: Option<Attribute>,
    pub loc: Option<Location>,
}

struct IsolatedScope {
    /// Visible definitions: name -> the values of its result group.
    values: FxHashMap<String, Vec<Value>>,
    /// Names defined in each open region, so they leave scope when it closes.
    defs_per_region: Vec<Vec<String>>,
    /// Uses of names not defined yet: (name, number) -> placeholder and first use location.
    forward: FxHashMap<(String, u32), (Value, Location)>,
}

struct BlockScope {
    blocks: FxHashMap<String, (BlockId, bool, Location)>,
}

/// Parser options.
#[derive(Clone, Debug, Default)]
pub struct ParserConfig {
    /// Line offset added to reported lines (for `--split-input-file` chunks).
    pub line_offset: u32,
}

pub struct Parser<'a> {
    pub ctx: &'a mut Context,
    pub(crate) lex: Lexer<'a>,
    pub(crate) tok: Token,
    file: Symbol,
    line_starts: Vec<usize>,
    /// The line of the last location made: positions mostly increase, so the next lookup
    /// usually lands on this line or the next one and needs no binary search.
    last_line: usize,
    /// (line, byte position, column) of the last location made, for `column_of`.
    last_col: Option<(usize, usize, usize)>,
    /// Current nesting depth of regions, attributes and types (see `NESTING_LIMIT`).
    depth: usize,
    line_offset: u32,
    pub(crate) type_aliases: FxHashMap<String, Type>,
    pub(crate) attr_aliases: FxHashMap<String, Attribute>,
    /// `distinct[id]<...>` seen so far: the same id must refer to the same attribute.
    pub(crate) distinct_attrs: FxHashMap<u64, Attribute>,
    /// Location aliases used before being defined: (op or None for block args, value, alias).
    deferred_locs: Vec<(Option<OpId>, Option<Value>, String, Location)>,
    scopes: Vec<IsolatedScope>,
    block_scopes: Vec<BlockScope>,
    /// Default dialects for op names without a prefix (`return` inside `func.func`).
    pub(crate) default_dialects: Vec<String>,
    /// The op currently being parsed by a custom parser, for region scoping decisions.
    pub(crate) current_block: Vec<BlockId>,
}

impl<'a> Parser<'a> {
    pub fn new(ctx: &'a mut Context, file: &str, src: &'a str, config: ParserConfig) -> Self {
        let file = ctx.intern_str(file);
        let mut line_starts = vec![0];
        for (i, b) in src.bytes().enumerate() {
            if b == b'\n' {
                line_starts.push(i + 1);
            }
        }
        let mut lex = Lexer::new(src);
        let tok = lex.next_token();
        Parser {
            ctx,
            lex,
            tok,
            file,
            line_starts,
            last_line: 0,
            last_col: None,
            depth: 0,
            line_offset: config.line_offset,
            type_aliases: FxHashMap::default(),
            attr_aliases: FxHashMap::default(),
            distinct_attrs: FxHashMap::default(),
            deferred_locs: Vec::new(),
            scopes: Vec::new(),
            block_scopes: Vec::new(),
            default_dialects: vec!["builtin".to_string()],
            current_block: Vec::new(),
        }
    }

    // ----- tokens -----

    pub(crate) fn spelling(&self) -> &'a str {
        &self.lex.src[self.tok.start..self.tok.end]
    }

    pub(crate) fn bump(&mut self) {
        self.tok = self.lex.next_token();
    }

    /// Re-lex starting `off` bytes into the current token (used to split `4x8xf32`).
    pub(crate) fn relex_from(&mut self, pos: usize) {
        self.lex.pos = pos;
        self.tok = self.lex.next_token();
    }

    pub(crate) fn is(&self, k: TokKind) -> bool {
        self.tok.kind == k
    }

    pub(crate) fn is_keyword(&self, kw: &str) -> bool {
        self.tok.kind == TokKind::BareId && self.spelling() == kw
    }

    pub(crate) fn accept(&mut self, k: TokKind) -> bool {
        if self.tok.kind == k {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(crate) fn accept_keyword(&mut self, kw: &str) -> bool {
        if self.is_keyword(kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(crate) fn expect(&mut self, k: TokKind, what: &str) -> PResult<()> {
        if self.accept(k) {
            Ok(())
        } else {
            Err(self.wrong_token_error(format!("expected {what}")))
        }
    }

    pub(crate) fn expect_keyword(&mut self, kw: &str) -> PResult<()> {
        if self.accept_keyword(kw) {
            Ok(())
        } else {
            Err(self.error_here(format!("expected '{kw}'")))
        }
    }

    /// An "expected X" error placed as upstream's `emitWrongTokenError`: when the unexpected
    /// token starts a line, the error goes to the end of the previous non-blank source line
    /// (ignoring `//` comments), where the missing token belongs.
    pub(crate) fn wrong_token_error(&mut self, msg: impl Into<String>) -> Diagnostic {
        let mut pos = self.tok.start;
        if self.tok.kind == TokKind::Eof {
            pos = pos.saturating_sub(1);
        }
        let src = self.lex.src;
        let mut before = &src[..pos.min(src.len())];
        loop {
            before = before.trim_end_matches([' ', '\t']);
            if before.is_empty() {
                return self.error_here(msg);
            }
            if !before.ends_with(['\n', '\r']) {
                let at = before.len();
                return self.error_at(at, msg);
            }
            before = &before[..before.len() - 1];
            let line_start = before.rfind(['\n', '\r']).unwrap_or(0);
            if let Some(c) = before[line_start..].find("//") {
                before = &before[..line_start + c];
            }
        }
    }

    /// Run `f` one nesting level deeper, or fail at the current token past `NESTING_LIMIT`.
    pub(crate) fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.depth >= NESTING_LIMIT {
            return Err(self.error_here(format!("nesting too deep (limit {NESTING_LIMIT})")));
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    // ----- locations and errors -----

    pub fn loc_at(&mut self, pos: usize) -> Location {
        let pos = pos.min(self.lex.src.len());
        let line = self.line_of(pos);
        let col = self.column_of(line, pos);
        let file = self.file;
        self.ctx.intern_loc(crate::location::LocKind::FileLineCol {
            file,
            line: line as u32 + 1 + self.line_offset,
            col: col as u32,
        })
    }

    /// The 1-based column (in characters) of byte `pos` on 0-based `line`. Counting restarts
    /// from the last position asked for when it is earlier on the same line: locations come in
    /// source order, and counting from the line start every time is quadratic in the length of
    /// a long line.
    fn column_of(&mut self, line: usize, pos: usize) -> usize {
        let src = self.lex.src;
        let (from, base) = match self.last_col {
            Some((l, p, c)) if l == line && p <= pos => (p, c),
            _ => (self.line_starts[line], 1),
        };
        let count = |text: &str| if text.is_ascii() { text.len() } else { text.chars().count() };
        // Token positions are character boundaries; anything else counts bytes.
        let col = base + src.get(from..pos).map_or(pos - from, count);
        self.last_col = Some((line, pos, col));
        col
    }

    /// The 0-based line holding byte `pos`.
    fn line_of(&mut self, pos: usize) -> usize {
        let starts = &self.line_starts;
        let l = self.last_line;
        let line = if starts[l] <= pos && starts.get(l + 1).is_none_or(|&n| pos < n) {
            l
        } else if starts.get(l + 1).is_some_and(|&n| n <= pos) && starts.get(l + 2).is_none_or(|&n| pos < n) {
            l + 1
        } else {
            match starts.binary_search(&pos) {
                Ok(i) => i,
                Err(i) => i - 1,
            }
        };
        self.last_line = line;
        line
    }

    pub fn current_loc(&mut self) -> Location {
        self.loc_at(self.tok.start)
    }

    /// An error at byte `pos`. While the current token is one the lexer refused, the error is
    /// the lexer's instead: upstream's lexer reports it and drops the parser's.
    pub fn error_at(&mut self, pos: usize, msg: impl Into<String>) -> Diagnostic {
        if self.tok.kind == TokKind::Error {
            let (at, why) = super::lexer::error_of(self.lex.src, self.tok);
            return Diagnostic::error(self.loc_at(at), why);
        }
        Diagnostic::error(self.loc_at(pos), msg)
    }

    /// An error at the current token; at the end of the input, one character back, on the
    /// last line, as upstream's `Parser::emitError` places it.
    pub fn error_here(&mut self, msg: impl Into<String>) -> Diagnostic {
        let mut start = self.tok.start;
        if self.tok.kind == TokKind::Eof {
            start = start.saturating_sub(1);
            while !self.lex.src.is_char_boundary(start) {
                start -= 1;
            }
        }
        self.error_at(start, msg)
    }

    // ----- top level -----

    /// Parse a whole file: aliases and ops. A lone `builtin.module` is the result; otherwise the
    /// ops are wrapped in an implicit module, as upstream does.
    pub fn parse_top_level(&mut self) -> PResult<OpId> {
        let loc = self.loc_at(0);
        let region = self.ctx.create_region();
        let block = self.ctx.add_block(region, &[], loc);
        self.push_isolated_scope();
        self.push_region_scope();
        self.current_block.push(block);
        loop {
            match self.tok.kind {
                TokKind::Eof => break,
                TokKind::HashId => self.parse_attr_alias_def()?,
                TokKind::BangId => self.parse_type_alias_def()?,
                TokKind::FileMetadataBegin => self.parse_file_metadata()?,
                TokKind::Error => return Err(self.error_here("unexpected character")),
                _ => {
                    self.parse_operation()?;
                }
            }
        }
        self.current_block.pop();
        self.pop_region_scope()?;
        self.pop_isolated_scope()?;
        self.resolve_deferred_locs()?;
        let ops: Vec<OpId> = self.ctx.block_ops(block).collect();
        if ops.len() == 1 && self.ctx.is_op(ops[0], "builtin.module") {
            self.ctx.unlink_op(ops[0]);
            return Ok(ops[0]);
        }
        // Upstream gives the implicit module the location "file":0:0.
        let file = self.file;
        let module_loc = self.ctx.intern_loc(crate::location::LocKind::FileLineCol { file, line: 0, col: 0 });
        let st = OperationState::new(self.ctx, "builtin.module", module_loc).regions(&[region]);
        Ok(self.ctx.create_op(st))
    }

    /// `#name = attribute`, checked in upstream's order: redefinition, the dialect namespace,
    /// then the `=`.
    fn parse_attr_alias_def(&mut self) -> PResult<()> {
        let name = self.alias_def_name("attribute", self.attr_aliases.contains_key(&self.spelling()[1..]))?;
        self.expect(TokKind::Equal, "'=' in attribute alias definition")?;
        let attr = self.parse_attribute(None)?;
        self.attr_aliases.insert(name, attr);
        Ok(())
    }

    /// `!name = type`, checked as attribute aliases are.
    fn parse_type_alias_def(&mut self) -> PResult<()> {
        let name = self.alias_def_name("type", self.type_aliases.contains_key(&self.spelling()[1..]))?;
        self.expect(TokKind::Equal, "'=' in type alias definition")?;
        let ty = self.parse_type()?;
        self.type_aliases.insert(name, ty);
        Ok(())
    }

    /// The name of the alias being defined at the current token, which is consumed.
    fn alias_def_name(&mut self, kind: &str, defined: bool) -> PResult<String> {
        let name = self.spelling()[1..].to_string();
        if defined {
            return Err(self.error_here(format!("redefinition of {kind} alias id '{name}'")));
        }
        if name.contains('.') {
            return Err(self.error_here(format!("{kind} names with a '.' are reserved for dialect-defined names")));
        }
        self.bump();
        Ok(name)
    }

    // ----- SSA scopes -----

    fn push_isolated_scope(&mut self) {
        self.scopes.push(IsolatedScope {
            values: FxHashMap::default(),
            defs_per_region: Vec::new(),
            forward: FxHashMap::default(),
        });
    }

    fn pop_isolated_scope(&mut self) -> PResult<()> {
        let Some(scope) = self.scopes.pop() else { return Ok(()) };
        if let Some(((name, num), (_, loc))) = scope.forward.into_iter().min_by_key(|(_, (_, l))| *l) {
            let shown = if num == 0 { name } else { format!("{name}#{num}") };
            return Err(Diagnostic::error(loc, format!("use of undeclared SSA value name '%{shown}'")));
        }
        Ok(())
    }

    fn push_region_scope(&mut self) {
        if let Some(s) = self.scopes.last_mut() {
            s.defs_per_region.push(Vec::new());
        }
        self.block_scopes.push(BlockScope { blocks: FxHashMap::default() });
    }

    fn pop_region_scope(&mut self) -> PResult<()> {
        if let Some(s) = self.scopes.last_mut() {
            if let Some(defs) = s.defs_per_region.pop() {
                for d in defs {
                    s.values.remove(&d);
                }
            }
        }
        if let Some(bs) = self.block_scopes.pop() {
            if let Some((name, (_, _, loc))) =
                bs.blocks.into_iter().filter(|(_, (_, defined, _))| !defined).min_by_key(|(_, (_, _, l))| *l)
            {
                return Err(Diagnostic::error(loc, format!("reference to an undefined block '^{name}'")));
            }
        }
        Ok(())
    }

    /// Bind `name` to a result group (or a single block argument).
    pub(crate) fn define_values(&mut self, name: &str, vals: &[Value], loc: Location) -> PResult<()> {
        let scope =
            self.scopes.last_mut().ok_or_else(|| Diagnostic::error(loc, "value defined outside of any scope"))?;
        if let Some(prev) = scope.values.get(name).and_then(|v| v.first().copied()) {
            let mut d = Diagnostic::error(loc, format!("redefinition of SSA value '%{name}'"));
            if let Some(l) = self.ctx.value_loc(prev) {
                d = d.with_note(l, "previously defined here");
            }
            return Err(d);
        }
        let mut replacements = Vec::new();
        for (i, &v) in vals.iter().enumerate() {
            if let Some((ph, use_loc)) = scope.forward.remove(&(name.to_string(), i as u32)) {
                replacements.push((ph, v, use_loc, i));
            }
        }
        scope.values.insert(name.to_string(), vals.to_vec());
        if let Some(d) = scope.defs_per_region.last_mut() {
            d.push(name.to_string());
        }
        // A forward reference to a result number past the group is an error.
        let stale: Vec<_> =
            scope.forward.keys().filter(|(n, i)| n == name && *i as usize >= vals.len()).cloned().collect();
        if let Some((n, i)) = stale.into_iter().next() {
            let (_, l) = scope.forward[&(n.clone(), i)];
            return Err(Diagnostic::error(l, "reference to invalid result number"));
        }
        for (ph, v, use_loc, i) in replacements {
            let (pt, vt) = (self.ctx.value_type(ph), self.ctx.value_type(v));
            if pt != vt {
                let msg = format!(
                    "definition of SSA value '%{name}#{i}' has type '{}'",
                    super::printer::type_to_string(self.ctx, vt)
                );
                return Err(Diagnostic::error(loc, msg).with_note(
                    use_loc,
                    format!("previously used here with type '{}'", super::printer::type_to_string(self.ctx, pt)),
                ));
            }
            self.ctx.replace_all_uses(ph, v);
        }
        Ok(())
    }

    /// Look up `%name#number` with the given type, creating a forward reference if needed.
    /// Where an operand reference was written.
    pub fn operand_loc(&mut self, u: &UnresolvedOperand) -> Location {
        self.loc_at(u.pos)
    }

    pub fn resolve_operand(&mut self, u: &UnresolvedOperand, ty: Type) -> PResult<Value> {
        let Some(scope) = self.scopes.last() else { return Err(self.error_at(u.pos, "no scope")) };
        if let Some(vals) = scope.values.get(&u.name) {
            let group_len = vals.len();
            let Some(&v) = vals.get(u.number as usize) else {
                return Err(self.error_at(u.pos, "reference to invalid result number"));
            };
            let vt = self.ctx.value_type(v);
            if vt != ty {
                let loc = self.loc_at(u.pos);
                let shown =
                    if u.number == 0 && group_len == 1 { u.name.clone() } else { format!("{}#{}", u.name, u.number) };
                return Err(Diagnostic::error(
                    loc,
                    format!(
                        "use of value '%{shown}' expects different type than prior uses: '{}' vs '{}'",
                        super::printer::type_to_string(self.ctx, ty),
                        super::printer::type_to_string(self.ctx, vt)
                    ),
                )
                .with_note(self.ctx.value_loc(v).unwrap_or(loc), "prior use here"));
            }
            return Ok(v);
        }
        let key = (u.name.clone(), u.number);
        if let Some(&(ph, first_use)) = scope.forward.get(&key) {
            let pt = self.ctx.value_type(ph);
            if pt != ty {
                return Err(Diagnostic::error(
                    self.loc_at(u.pos),
                    format!(
                        "use of value '%{}' expects different type than prior uses: '{}' vs '{}'",
                        u.name,
                        super::printer::type_to_string(self.ctx, ty),
                        super::printer::type_to_string(self.ctx, pt)
                    ),
                )
                .with_note(first_use, "prior use here"));
            }
            return Ok(ph);
        }
        let ph = self.ctx.create_placeholder(ty);
        let loc = self.loc_at(u.pos);
        self.scopes.last_mut().map(|s| s.forward.insert(key, (ph, loc)));
        Ok(ph)
    }

    // ----- blocks -----

    fn block_ref(&mut self, name: &str, loc: Location) -> BlockId {
        if let Some(bs) = self.block_scopes.last() {
            if let Some(&(b, _, _)) = bs.blocks.get(name) {
                return b;
            }
        }
        let b = self.ctx.create_block();
        if let Some(bs) = self.block_scopes.last_mut() {
            bs.blocks.insert(name.to_string(), (b, false, loc));
        }
        b
    }

    /// `^bb3` as a successor.
    pub(crate) fn parse_successor(&mut self) -> PResult<BlockId> {
        if !self.is(TokKind::CaretId) {
            return Err(self.error_here("expected block name"));
        }
        let name = self.spelling()[1..].to_string();
        let loc = self.current_loc();
        self.bump();
        Ok(self.block_ref(&name, loc))
    }

    // ----- operations -----

    pub(crate) fn parse_operand_ref(&mut self) -> PResult<UnresolvedOperand> {
        if !self.is(TokKind::PercentId) {
            return Err(self.wrong_token_error("expected SSA operand"));
        }
        let name = self.spelling()[1..].to_string();
        let pos = self.tok.start;
        let end = self.tok.end;
        self.bump();
        // `%x#1`: the lexer stops the name at '#', and the result number lexes as a hash token
        // that touches it.
        if self.is(TokKind::HashId) && self.tok.start == end {
            let n: u32 =
                self.spelling()[1..].parse().map_err(|_| self.error_here("invalid SSA value result number"))?;
            self.bump();
            return Ok(UnresolvedOperand { name, number: n, pos });
        }
        Ok(UnresolvedOperand { name, number: 0, pos })
    }

    /// Parse one operation (with its results bound) and append it to the current block.
    pub fn parse_operation(&mut self) -> PResult<OpId> {
        let mut result_names: Vec<(String, u32, Location)> = Vec::new();
        let start_pos = self.tok.start;
        if self.is(TokKind::PercentId) {
            loop {
                if !self.is(TokKind::PercentId) {
                    return Err(self.error_here("expected valid ssa identifier"));
                }
                let name = self.spelling()[1..].to_string();
                let loc = self.current_loc();
                self.bump();
                let mut count = 1;
                if self.accept(TokKind::Colon) {
                    if !self.is(TokKind::Integer) {
                        return Err(self.error_here("expected integer number of results"));
                    }
                    count = self
                        .spelling()
                        .parse::<u32>()
                        .ok()
                        .filter(|&c| c > 0)
                        .ok_or_else(|| self.error_here("expected named operation to have at least 1 result"))?;
                    self.bump();
                }
                result_names.push((name, count, loc));
                if !self.accept(TokKind::Comma) {
                    break;
                }
            }
            self.expect(TokKind::Equal, "'=' after SSA name")?;
        }
        let op = match self.tok.kind {
            TokKind::String => self.parse_generic_operation()?,
            // Upstream lexes `i32`, `si8`, `ui16` as integer type tokens, which name no op.
            TokKind::BareId if !is_integer_type_spelling(self.spelling()) => self.parse_custom_operation()?,
            _ => return Err(self.wrong_token_error("expected operation name in quotes")),
        };
        let _ = start_pos;
        // Bind result names.
        let results: Vec<Value> = self.ctx.results(op).to_vec();
        let wanted: u32 = result_names.iter().map(|r| r.1).sum();
        if !result_names.is_empty() && wanted as usize != results.len() {
            let loc = result_names[0].2;
            // Upstream words the no-result case on its own.
            let msg = if results.is_empty() {
                "cannot name an operation with no results".to_string()
            } else {
                format!("operation defines {} results but was provided {} to bind", results.len(), wanted)
            };
            return Err(Diagnostic::error(loc, msg));
        }
        let mut i = 0usize;
        for (name, count, loc) in result_names {
            let group = &results[i..i + count as usize];
            self.define_values(&name, group, loc)?;
            i += count as usize;
        }
        if let Some(&b) = self.current_block.last() {
            self.ctx.append_op(b, op);
        }
        Ok(op)
    }

    /// Resolve op name spelling through aliases and default dialects.
    fn lookup_op_name(&mut self, spelled: &str, custom: bool) -> (Symbol, bool) {
        // Registered names first: they are the common case, and aliases never spell a
        // registered op name (so the order does not change the answer).
        let sym = self.ctx.intern_str(spelled);
        if self.ctx.op_def_by_name(sym).is_some() {
            return (sym, true);
        }
        if let Some(s) = self.ctx.resolve_op_alias(spelled) {
            return (s, true);
        }
        if custom {
            if let Some(d) = self.default_dialects.last().filter(|d| !d.is_empty()) {
                let full = format!("{d}.{spelled}");
                if let Some(s) = self.ctx.resolve_op_alias(&full) {
                    return (s, true);
                }
                let fs = self.ctx.intern_str(&full);
                if self.ctx.op_def_by_name(fs).is_some() {
                    return (fs, true);
                }
            }
        }
        (sym, false)
    }

    fn parse_generic_operation(&mut self) -> PResult<OpId> {
        let name_pos = self.tok.start;
        let loc = self.current_loc();
        let spelled = self.parse_string_literal()?;
        if spelled.is_empty() {
            return Err(self.error_at(name_pos, "empty operation name is invalid"));
        }
        let (name, registered) = self.lookup_op_name(&spelled, false);
        if !registered {
            self.check_unregistered(&spelled, name_pos)?;
        }
        let mut state = OperationState::with_symbol(name, loc);
        self.expect(TokKind::LParen, "'(' to start operand list")?;
        let mut operands = Vec::new();
        if !self.is(TokKind::RParen) {
            loop {
                operands.push(self.parse_operand_ref()?);
                if !self.accept(TokKind::Comma) {
                    break;
                }
            }
        }
        self.expect(TokKind::RParen, "')' to end operand list")?;
        if self.is(TokKind::LSquare) {
            // Upstream refuses successors on a registered op that is not a terminator before
            // looking at them.
            let terminator = self.ctx.op_def_by_name(name).map(|d| d.traits.contains(crate::Traits::TERMINATOR));
            if terminator == Some(false) {
                return Err(self.error_here("successors in non-terminator"));
            }
        }
        if self.accept(TokKind::LSquare) {
            loop {
                let b = self.parse_successor()?;
                state.successors.push(b);
                if !self.accept(TokKind::Comma) {
                    break;
                }
            }
            self.expect(TokKind::RSquare, "']' to end successor list")?;
        }
        if self.is(TokKind::Less) {
            self.bump();
            let dict = self.parse_attribute(None)?;
            self.expect(TokKind::Greater, "'>' to close properties")?;
            let crate::attributes::AttrKind::Dictionary(entries) = self.ctx.attr_kind(dict).clone() else {
                return Err(self.error_at(name_pos, "expected properties to be a dictionary attribute"));
            };
            for (k, v) in entries {
                state.set_attr_sym(k, v);
            }
        }
        let def_traits = self.ctx.op_def_by_name(name).map(|d| (d.traits, d.default_dialect));
        if self.accept(TokKind::LParen) {
            loop {
                // Upstream's generic form never isolates name scopes (see OpParser::parse_region).
                let dd = def_traits.and_then(|(_, d)| d);
                let r = self.parse_region_with(&[], false, dd)?;
                state.regions.push(r);
                if !self.accept(TokKind::Comma) {
                    break;
                }
            }
            self.expect(TokKind::RParen, "')' to end region list")?;
        }
        if self.is(TokKind::LBrace) {
            self.parse_attr_dict_into(&mut state.attrs)?;
        }
        self.expect(TokKind::Colon, "':' followed by operation type")?;
        let fty_pos = self.tok.start;
        let fty = self.parse_type()?;
        let Some((ins, outs)) = self.ctx.function_signature(fty).map(|(a, b)| (a.to_vec(), b.to_vec())) else {
            return Err(self.error_at(fty_pos, "expected function type"));
        };
        if ins.len() != operands.len() {
            return Err(self.error_at(
                fty_pos,
                format!(
                    "expected {} operand type{} but had {}",
                    operands.len(),
                    if operands.len() == 1 { "" } else { "s" },
                    ins.len()
                ),
            ));
        }
        for (u, t) in operands.iter().zip(ins) {
            let v = self.resolve_operand(u, t)?;
            state.operands.push(v);
        }
        state.result_types = outs;
        let op = self.ctx.create_op(state);
        self.parse_trailing_location(op)?;
        Ok(op)
    }

    fn check_unregistered(&mut self, spelled: &str, pos: usize) -> PResult<()> {
        let dialect = spelled.split('.').next().unwrap_or("");
        // An unknown op of a registered dialect parses; the verifier rejects it, as upstream
        // (whatever `--allow-unregistered-dialect` says, which is about unknown dialects).
        if self.ctx.allow_unregistered
            || self.ctx.dialect_allows_unknown_ops(dialect)
            || self.ctx.is_dialect_registered(dialect)
        {
            return Ok(());
        }
        Err(self.error_at(
            pos,
            "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used",
        ))
    }

    fn parse_custom_operation(&mut self) -> PResult<OpId> {
        let name_pos = self.tok.start;
        let loc = self.current_loc();
        let spelled = self.spelling().to_string();
        let (name, registered) = self.lookup_op_name(&spelled, true);
        let parse = if registered { self.ctx.op_def_by_name(name).and_then(|d| d.parse) } else { None };
        let Some(parse) = parse else {
            let msg = if !spelled.contains('.') && self.default_dialects.last().is_some_and(|d| d.is_empty()) {
                // Upstream's wording (two spaces included) when no default dialect applies.
                format!("Dialect `' not found for custom op '{spelled}'  (tried '.{spelled}' as well)")
            } else if spelled.contains('.') || self.default_dialects.last().is_none() {
                format!("custom op '{spelled}' is unknown")
            } else {
                format!(
                    "custom op '{spelled}' is unknown (tried '{}.{spelled}' as well)",
                    self.default_dialects.last().map(String::as_str).unwrap_or("")
                )
            };
            return Err(self.error_at(name_pos, msg));
        };
        self.bump();
        let state = OperationState::with_symbol(name, loc);
        let mut op_parser = super::OpParser { p: self, state };
        parse(&mut op_parser)?;
        let state = op_parser.state;
        let op = self.ctx.create_op(state);
        self.parse_trailing_location(op)?;
        Ok(op)
    }

    /// `loc(...)` after an op.
    fn parse_trailing_location(&mut self, op: OpId) -> PResult<()> {
        if !self.is_keyword("loc") {
            return Ok(());
        }
        match self.parse_location_or_alias()? {
            LocOrAlias::Loc(l) => self.ctx.set_op_loc(op, l),
            LocOrAlias::Alias(name, at) => self.deferred_locs.push((Some(op), None, name, at)),
        }
        Ok(())
    }

    pub(crate) fn parse_trailing_arg_location(&mut self, v: Value) -> PResult<()> {
        if !self.is_keyword("loc") {
            return Ok(());
        }
        match self.parse_location_or_alias()? {
            LocOrAlias::Loc(l) => self.ctx.values[v].loc = Some(l),
            LocOrAlias::Alias(name, at) => self.deferred_locs.push((None, Some(v), name, at)),
        }
        Ok(())
    }

    fn resolve_deferred_locs(&mut self) -> PResult<()> {
        for (op, val, name, at) in std::mem::take(&mut self.deferred_locs) {
            let Some(&a) = self.attr_aliases.get(&name) else {
                return Err(Diagnostic::error(at, "operation location alias was never defined"));
            };
            let crate::attributes::AttrKind::Location(l) = *self.ctx.attr_kind(a) else {
                let shown = super::printer::attr_to_string(self.ctx, a);
                return Err(Diagnostic::error(at, format!("expected location, but found '{shown}'")));
            };
            if let Some(op) = op {
                self.ctx.set_op_loc(op, l);
            }
            if let Some(v) = val {
                self.ctx.values[v].loc = Some(l);
            }
        }
        Ok(())
    }

    // ----- regions -----

    /// Parse `{ ... }`. `entry_args` are declared by the custom syntax (and must not be repeated
    /// by an explicit entry block label).
    pub(crate) fn parse_region_with(
        &mut self,
        entry_args: &[Argument],
        isolated: bool,
        default_dialect: Option<&str>,
    ) -> PResult<RegionId> {
        self.expect(TokKind::LBrace, "'{' to begin a region")?;
        let region = self.ctx.create_region();
        if isolated {
            self.push_isolated_scope();
        }
        self.push_region_scope();
        if let Some(d) = default_dialect {
            self.default_dialects.push(d.to_string());
        }
        let r = self.nested(|p| p.parse_region_body(region, entry_args));
        if default_dialect.is_some() {
            self.default_dialects.pop();
        }
        r?;
        self.pop_region_scope()?;
        if isolated {
            self.pop_isolated_scope()?;
        }
        Ok(region)
    }

    fn parse_region_body(&mut self, region: RegionId, entry_args: &[Argument]) -> PResult<()> {
        if self.is(TokKind::RBrace) && entry_args.is_empty() {
            self.bump();
            return Ok(());
        }
        let unknown = self.ctx.unknown_loc();
        if !entry_args.is_empty() || !self.is(TokKind::CaretId) {
            let entry = self.ctx.create_block();
            self.ctx.append_block(region, entry);
            for (i, a) in entry_args.iter().enumerate() {
                let name_loc = self.loc_at(a.name.pos);
                if let Some(prev) = entry_args[..i].iter().find(|p| p.name.name == a.name.name) {
                    let prev_loc = self.loc_at(prev.name.pos);
                    return Err(Diagnostic::error(
                        name_loc,
                        format!("region entry argument '%{}' is already in use", a.name.name),
                    )
                    .with_note(prev_loc, "previously referenced here"));
                }
                let ty = a.ty.ok_or_else(|| Diagnostic::error(name_loc, "expected type for region argument"))?;
                let v = self.ctx.add_block_arg(entry, ty, a.loc.unwrap_or(name_loc));
                let _ = unknown;
                self.define_values(&a.name.name, &[v], name_loc)?;
            }
            if !entry_args.is_empty() && self.is(TokKind::CaretId) {
                return Err(self.error_here("invalid block name in region with named arguments"));
            }
            self.parse_block_ops(entry)?;
        }
        while self.is(TokKind::CaretId) {
            self.parse_block(region)?;
        }
        self.expect(TokKind::RBrace, "'}' to end region")?;
        Ok(())
    }

    fn parse_block(&mut self, region: RegionId) -> PResult<()> {
        let name = self.spelling()[1..].to_string();
        let loc = self.current_loc();
        self.bump();
        let block = match self.block_scopes.last_mut().and_then(|bs| bs.blocks.get_mut(&name)) {
            Some(entry) if entry.1 => return Err(Diagnostic::error(loc, format!("redefinition of block '^{name}'"))),
            Some(entry) => {
                entry.1 = true;
                entry.2 = loc;
                entry.0
            }
            None => {
                let b = self.ctx.create_block();
                if let Some(bs) = self.block_scopes.last_mut() {
                    bs.blocks.insert(name.clone(), (b, true, loc));
                }
                b
            }
        };
        self.ctx.append_block(region, block);
        if self.accept(TokKind::LParen) {
            if !self.is(TokKind::RParen) {
                loop {
                    let u = self.parse_operand_ref()?;
                    self.expect(TokKind::Colon, "':' and type for SSA operand")?;
                    let ty = self.parse_type()?;
                    let loc = self.loc_at(u.pos);
                    let v = self.ctx.add_block_arg(block, ty, loc);
                    self.parse_trailing_arg_location(v)?;
                    self.define_values(&u.name, &[v], loc)?;
                    if !self.accept(TokKind::Comma) {
                        break;
                    }
                }
            }
            self.expect(TokKind::RParen, "')' to end argument list")?;
        }
        self.expect(TokKind::Colon, "':' after block name")?;
        self.parse_block_ops(block)
    }

    fn parse_block_ops(&mut self, block: BlockId) -> PResult<()> {
        self.current_block.push(block);
        let r = (|| {
            while !matches!(self.tok.kind, TokKind::CaretId | TokKind::RBrace | TokKind::Eof) {
                self.parse_operation()?;
            }
            Ok(())
        })();
        self.current_block.pop();
        r
    }

    // ----- small pieces -----

    pub(crate) fn parse_string_literal(&mut self) -> PResult<String> {
        if !self.is(TokKind::String) {
            return Err(self.error_here("expected string"));
        }
        let s = self.spelling();
        let body = &s[1..s.len() - 1];
        if let Some(at) = super::lexer::bad_escape(body) {
            let pos = self.tok.start + 1 + at;
            return Err(self.error_at(pos, "unknown escape in string literal"));
        }
        let bytes = super::lexer::unescape(body);
        self.bump();
        // Any byte, as upstream; bytes that are not UTF-8 are kept (see `source_bytes`).
        Ok(super::source_bytes::string_from_bytes(bytes))
    }

    /// `{a = 1, b}` into a name/attribute list (later entries override).
    pub(crate) fn parse_attr_dict_into(&mut self, out: &mut Vec<(Symbol, Attribute)>) -> PResult<()> {
        let entries = self.parse_dict_entries()?;
        for (k, v) in entries {
            if let Some(e) = out.iter_mut().find(|(n, _)| *n == k) {
                e.1 = v;
            } else {
                out.push((k, v));
            }
        }
        Ok(())
    }
}

pub(crate) enum LocOrAlias {
    Loc(Location),
    Alias(String, Location),
}

/// `i<digits>`, `si<digits>` or `ui<digits>`: upstream's `inttype` token.
pub(crate) fn is_integer_type_spelling(s: &str) -> bool {
    let digits = s.strip_prefix('i').or_else(|| s.strip_prefix("si")).or_else(|| s.strip_prefix("ui"));
    digits.is_some_and(|d| !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit()))
}
