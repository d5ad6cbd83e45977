//! Parsing and checking the bodies of `affine_map<...>` and `affine_set<...>`.
//!
//! The attributes keep their body as text (`AttrKind::AffineMap`); this parser reads it token by
//! token, as upstream's AffineParser does, so malformed maps get upstream's messages at
//! upstream's positions and well-formed ones are known to be affine (a product needs a symbolic
//! or constant side, a division or modulus a symbolic or constant right side).

use super::lexer::TokKind;
use super::parser::{PResult, Parser};

/// What the checks need to know of an expression: whether it is free of dimensions, and
/// which dimension it is when it is one alone (for identity maps).
#[derive(Copy, Clone)]
struct Expr {
    symbolic: bool,
    dim: Option<usize>,
}

impl Expr {
    fn combined(symbolic: bool) -> Self {
        Expr { symbolic, dim: None }
    }
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum HighOp {
    Mul,
    FloorDiv,
    CeilDiv,
    Mod,
}

/// The dimensions and symbols of an affine map, and whether each result is the dimension of
/// its position (upstream's `isIdentity`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MapShape {
    pub dims: usize,
    pub symbols: usize,
    pub identity: bool,
}

/// A parsed affine map or integer set header and body.
pub(crate) enum AffineBody {
    Map(MapShape),
    /// An integer set and its number of constraints.
    Set(usize),
}

/// The identifiers of one map or set, each with whether it is a dimension and its position
/// (a map may have many, so lookups are hashed).
struct Scope {
    names: rustc_hash::FxHashMap<String, (bool, usize)>,
    dims: usize,
    symbols: usize,
    /// Identifier tokens (by position) and the name upstream prints for them: `d<i>` for
    /// dimension i, `s<i>` for symbol i.
    renames: std::cell::RefCell<Vec<(usize, String)>>,
}

impl Scope {
    fn rename(&self, pos: usize, is_dim: bool, at: usize, written: &str) {
        let name = format!("{}{at}", if is_dim { 'd' } else { 's' });
        if name != written {
            self.renames.borrow_mut().push((pos, name));
        }
    }
}

impl Parser<'_> {
    /// Parse `(dims)[syms] -> (exprs)` or `(dims)[syms] : (constraints)`, up to but not
    /// including the closing `>` of the attribute.
    pub(crate) fn parse_affine_map_or_set(&mut self) -> PResult<AffineBody> {
        Ok(self.parse_affine_map_or_set_renamed()?.0)
    }

    /// As `parse_affine_map_or_set`, with the identifiers to rename to upstream's names.
    fn parse_affine_map_or_set_renamed(&mut self) -> PResult<(AffineBody, Vec<(usize, String)>)> {
        let mut scope = Scope {
            names: rustc_hash::FxHashMap::default(),
            dims: 0,
            symbols: 0,
            renames: std::cell::RefCell::new(Vec::new()),
        };
        self.parse_affine_id_list(&mut scope, TokKind::LParen, TokKind::RParen, "dimensional identifier list", true)?;
        if self.is(TokKind::LSquare) {
            self.parse_affine_id_list(&mut scope, TokKind::LSquare, TokKind::RSquare, "symbol list", false)?;
        }
        if self.accept(TokKind::Arrow) {
            let mut results = 0usize;
            let mut identity = true;
            self.parse_affine_list(" in affine map range", |p| {
                let e = p.parse_affine_expr(&scope)?;
                identity &= e.dim == Some(results);
                results += 1;
                Ok(())
            })?;
            let identity = identity && results == scope.dims;
            let shape = MapShape { dims: scope.dims, symbols: scope.symbols, identity };
            return Ok((AffineBody::Map(shape), scope.renames.into_inner()));
        }
        self.expect(TokKind::Colon, "'->' or ':'")?;
        let mut constraints = 0usize;
        self.parse_affine_list(" in integer set constraint list", |p| {
            constraints += 1;
            p.parse_affine_constraint(&scope)
        })?;
        Ok((AffineBody::Set(constraints), scope.renames.into_inner()))
    }

    /// A parenthesized, comma-separated list, with upstream's `parseCommaSeparatedList`
    /// messages (`expected '(' in affine map range`).
    fn parse_affine_list(&mut self, context: &str, mut f: impl FnMut(&mut Self) -> PResult<()>) -> PResult<()> {
        self.expect(TokKind::LParen, &format!("'('{context}"))?;
        if self.accept(TokKind::RParen) {
            return Ok(());
        }
        loop {
            f(self)?;
            if !self.accept(TokKind::Comma) {
                break;
            }
        }
        self.expect(TokKind::RParen, &format!("')'{context}"))
    }

    fn parse_affine_id_list(
        &mut self,
        scope: &mut Scope,
        open: TokKind,
        close: TokKind,
        context: &str,
        is_dim: bool,
    ) -> PResult<()> {
        let (o, c) = if open == TokKind::LParen { ("'('", "')'") } else { ("'['", "']'") };
        self.expect(open, &format!("{o} in {context}"))?;
        if self.accept(close) {
            return Ok(());
        }
        loop {
            if !self.is(TokKind::BareId) {
                return Err(self.wrong_token_error("expected bare identifier"));
            }
            let name = self.spelling().to_string();
            if scope.names.contains_key(&name) {
                return Err(self.error_here(format!("redefinition of identifier '{name}'")));
            }
            let pos = self.tok.start;
            self.bump();
            let at = if is_dim { scope.dims } else { scope.symbols };
            scope.rename(pos, is_dim, at, &name);
            scope.names.insert(name, (is_dim, at));
            if is_dim {
                scope.dims += 1;
            } else {
                scope.symbols += 1;
            }
            if !self.accept(TokKind::Comma) {
                break;
            }
        }
        self.expect(close, &format!("{c} in {context}"))
    }

    /// `expr >= expr`, `expr <= expr` or `expr == expr`.
    fn parse_affine_constraint(&mut self, scope: &Scope) -> PResult<()> {
        self.parse_affine_expr(scope)?;
        let is_cmp = (self.accept(TokKind::Greater) || self.accept(TokKind::Less) || self.accept(TokKind::Equal))
            && self.accept(TokKind::Equal);
        if !is_cmp {
            return Err(self.error_here("expected '== affine-expr' or '>= affine-expr' at end of affine constraint"));
        }
        self.parse_affine_expr(scope)?;
        Ok(())
    }

    /// A sum of products: `+`/`-` bind looser than `*`, `floordiv`, `ceildiv` and `mod`; all
    /// associate to the left. Chains are read in a loop; only parentheses and negation nest.
    fn parse_affine_expr(&mut self, scope: &Scope) -> PResult<Expr> {
        let mut acc: Option<Expr> = None;
        loop {
            let lhs = self.parse_affine_operand(scope, acc.is_some())?;
            let term = if let Some(op) = self.high_op() {
                let op_pos = self.tok.start;
                self.bump();
                self.parse_affine_product(scope, lhs, op, op_pos)?
            } else {
                lhs
            };
            let sum = match acc {
                Some(a) => Expr::combined(a.symbolic && term.symbolic),
                None => term,
            };
            if self.is(TokKind::Plus) || self.is(TokKind::Minus) {
                self.bump();
                acc = Some(sum);
                continue;
            }
            return Ok(sum);
        }
    }

    /// The rest of `first op ...` at the higher precedence level. A non-affine operation is
    /// reported at the operator that follows its right operand, or at its own operator when it
    /// ends the chain, as upstream does.
    fn parse_affine_product(&mut self, scope: &Scope, first: Expr, op: HighOp, op_pos: usize) -> PResult<Expr> {
        let (mut lhs, mut op, mut op_pos) = (first, op, op_pos);
        loop {
            let rhs = self.parse_affine_operand(scope, true)?;
            match self.high_op() {
                Some(next) => {
                    let next_pos = self.tok.start;
                    self.bump();
                    lhs = self.affine_binary(op, lhs, rhs, next_pos)?;
                    op = next;
                    op_pos = next_pos;
                }
                None => return self.affine_binary(op, lhs, rhs, op_pos),
            }
        }
    }

    fn affine_binary(&mut self, op: HighOp, lhs: Expr, rhs: Expr, pos: usize) -> PResult<Expr> {
        let msg = match op {
            HighOp::Mul if !lhs.symbolic && !rhs.symbolic => {
                "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic"
            }
            HighOp::FloorDiv if !rhs.symbolic => {
                "non-affine expression: right operand of floordiv has to be either a constant or symbolic"
            }
            HighOp::CeilDiv if !rhs.symbolic => {
                "non-affine expression: right operand of ceildiv has to be either a constant or symbolic"
            }
            HighOp::Mod if !rhs.symbolic => {
                "non-affine expression: right operand of mod has to be either a constant or symbolic"
            }
            _ => return Ok(Expr::combined(lhs.symbolic && rhs.symbolic)),
        };
        Err(self.error_at(pos, msg))
    }

    fn high_op(&self) -> Option<HighOp> {
        match self.tok.kind {
            TokKind::Star => Some(HighOp::Mul),
            TokKind::BareId => match self.spelling() {
                "floordiv" => Some(HighOp::FloorDiv),
                "ceildiv" => Some(HighOp::CeilDiv),
                "mod" => Some(HighOp::Mod),
                _ => None,
            },
            _ => None,
        }
    }

    /// An identifier, a non-negative integer, a parenthesized expression or a negation.
    /// `has_lhs` says whether this is the right operand of a binary operator (for messages).
    fn parse_affine_operand(&mut self, scope: &Scope, has_lhs: bool) -> PResult<Expr> {
        match self.tok.kind {
            TokKind::BareId if self.spelling() == "symbol" => {
                // `symbol(%x)` names an SSA value; only op syntax (affine.apply) allows those.
                self.bump();
                self.expect(TokKind::LParen, "'(' at start of SSA symbol")?;
                Err(self.wrong_token_error("unexpected ssa identifier"))
            }
            TokKind::BareId => {
                let Some(&(is_dim, at)) = scope.names.get(self.spelling()) else {
                    return Err(self.wrong_token_error("use of undeclared identifier"));
                };
                scope.rename(self.tok.start, is_dim, at, self.spelling());
                self.bump();
                Ok(Expr { symbolic: !is_dim, dim: is_dim.then_some(at) })
            }
            TokKind::PercentId => Err(self.wrong_token_error("unexpected ssa identifier")),
            TokKind::Integer => {
                let text = self.spelling();
                let v = match text.strip_prefix("0x") {
                    Some(h) => u64::from_str_radix(h, 16).ok(),
                    None => text.parse::<u64>().ok(),
                };
                // MLIR 22 takes constants up to i64::MAX (later versions also 2^63).
                if v.is_none_or(|v| v > i64::MAX as u64) {
                    return Err(self.error_here("constant too large for index"));
                }
                self.bump();
                Ok(Expr::combined(true))
            }
            TokKind::LParen => self.nested(|p| {
                p.bump();
                if p.is(TokKind::RParen) {
                    return Err(p.error_here("no expression inside parentheses"));
                }
                let e = p.parse_affine_expr(scope)?;
                p.expect(TokKind::RParen, "')'")?;
                Ok(e)
            }),
            TokKind::Minus => self.nested(|p| {
                p.bump();
                match p.parse_affine_operand(scope, has_lhs) {
                    Ok(e) => Ok(Expr::combined(e.symbolic)),
                    Err(d) => {
                        let at = p.current_loc();
                        Err(d.with_error(at, "missing operand of negation"))
                    }
                }
            }),
            TokKind::Plus | TokKind::Star => Err(self.error_here(if has_lhs {
                "missing right operand of binary operator"
            } else {
                "missing left operand of binary operator"
            })),
            TokKind::Error if self.spelling().starts_with('%') => {
                let pos = self.tok.start;
                Err(self.error_at(pos, "invalid SSA name"))
            }
            _ if has_lhs => Err(self.error_here("missing right operand of binary operator")),
            _ => Err(self.error_here("expected affine expression")),
        }
    }
}

impl Parser<'_> {
    /// `affine_map<...>` or `affine_set<...>`; the body is checked, then kept as written.
    pub(crate) fn parse_affine_attr(&mut self) -> PResult<crate::Attribute> {
        let is_map = self.spelling() == "affine_map";
        let what = if is_map { "affine map" } else { "integer set" };
        self.bump();
        self.expect(TokKind::Less, &format!("'<' in {what}"))?;
        let start = self.tok.start;
        let (body, renames) = self.parse_affine_map_or_set_renamed()?;
        let end = self.tok.start;
        let no_constraints = matches!(body, AffineBody::Set(0));
        match (is_map, body) {
            (true, AffineBody::Set(_)) => return Err(self.error_at(start, "expected AffineMap, but got IntegerSet")),
            (false, AffineBody::Map(_)) => return Err(self.error_at(start, "expected IntegerSet, but got AffineMap")),
            _ => {}
        }
        self.expect(TokKind::Greater, &format!("'>' in {what}"))?;
        let mut text = token_text(&self.lex.src[..end], start, &renames);
        // Upstream reads a set without constraints as the one constraint `0 == 0`.
        if no_constraints {
            if let Some(open) = text.rfind('(') {
                text.truncate(open);
                text.push_str("(0 == 0)");
            }
        }
        use crate::attributes::AttrKind;
        Ok(self.ctx.intern_attr(if is_map { AttrKind::AffineMap(text) } else { AttrKind::AffineSet(text) }))
    }
}

/// The tokens of `src` from `start` on, one space where the source had whitespace or a
/// comment between two tokens: the body as written, on one line, without comments (which
/// would swallow the rest of the printed line), and with the identifiers named as upstream
/// names them (`renames`, in source order). Upstream also simplifies the expressions; we
/// keep them as written.
fn token_text(src: &str, start: usize, renames: &[(usize, String)]) -> String {
    let mut lex = super::lexer::Lexer::new(src);
    lex.pos = start;
    let mut out = String::new();
    let mut prev_end = start;
    let mut renames = renames.iter().peekable();
    loop {
        let t = lex.next_token();
        if t.kind == TokKind::Eof {
            return out;
        }
        if !out.is_empty() && t.start > prev_end {
            out.push(' ');
        }
        match renames.next_if(|(pos, _)| *pos == t.start) {
            Some((_, name)) => out.push_str(name),
            None => out.push_str(&src[t.start..t.end]),
        }
        prev_end = t.end;
    }
}

/// The shape of the affine map written `text` (the body of an `affine_map<...>` attribute,
/// which the parser checked), or None if it does not parse as a map.
pub fn affine_map_shape(ctx: &mut crate::Context, text: &str) -> Option<MapShape> {
    let mut p = Parser::new(ctx, "<affine_map>", text, super::ParserConfig::default());
    match p.parse_affine_map_or_set() {
        Ok(AffineBody::Map(shape)) if p.is(TokKind::Eof) => Some(shape),
        _ => None,
    }
}
