//! The API custom op parsers use, in the spirit of upstream's `OpAsmParser`: read tokens,
//! operands, types, attributes, regions and successors, and fill the op's [`OperationState`].

use super::lexer::TokKind;
use super::parser::{Argument, PResult, Parser, UnresolvedOperand};
use crate::{Attribute, BlockId, Diagnostic, Location, OperationState, RegionId, Type, Value};

/// Delimiters around an operand list.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Delimiter {
    None,
    Paren,
    Square,
    OptionalParen,
    OptionalSquare,
}

pub struct OpParser<'p, 'a> {
    pub p: &'p mut Parser<'a>,
    pub state: OperationState,
}

impl<'a> OpParser<'_, 'a> {
    pub fn ctx(&mut self) -> &mut crate::Context {
        self.p.ctx
    }

    pub fn op_loc(&self) -> Location {
        self.state.loc
    }

    // ----- errors -----

    /// An error from the op's own parser, prefixed `custom op '<name>' ` as upstream's
    /// `OpAsmParser::emitError` does (token-level errors such as `expected ':'` are not).
    pub fn error(&mut self, msg: impl Into<String>) -> Diagnostic {
        let msg = self.prefixed(msg.into());
        self.p.error_here(msg)
    }

    pub fn error_at(&self, loc: Location, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::error(loc, self.prefixed(msg.into()))
    }

    fn prefixed(&self, msg: String) -> String {
        format!("custom op '{}' {msg}", self.p.ctx.str(self.state.name))
    }

    pub fn current_loc(&mut self) -> Location {
        self.p.current_loc()
    }

    /// Where an operand reference was written.
    pub fn operand_loc(&mut self, u: &UnresolvedOperand) -> Location {
        self.p.operand_loc(u)
    }

    // ----- punctuation and keywords -----

    pub fn is(&self, k: TokKind) -> bool {
        self.p.is(k)
    }

    pub fn accept(&mut self, k: TokKind) -> bool {
        self.p.accept(k)
    }

    pub fn expect(&mut self, k: TokKind, what: &str) -> PResult<()> {
        self.p.expect(k, what)
    }

    /// The current token's source text, for syntax read token by token (a transpose's
    /// permutation); [`OpParser::bump_token`] moves past it.
    pub fn token_spelling(&self) -> String {
        self.p.spelling().to_string()
    }

    pub fn bump_token(&mut self) {
        self.p.bump();
    }

    pub fn accept_comma(&mut self) -> bool {
        self.p.accept(TokKind::Comma)
    }

    pub fn expect_comma(&mut self) -> PResult<()> {
        self.p.expect(TokKind::Comma, "','")
    }

    pub fn expect_colon(&mut self) -> PResult<()> {
        self.p.expect(TokKind::Colon, "':'")
    }

    pub fn expect_equal(&mut self) -> PResult<()> {
        self.p.expect(TokKind::Equal, "'='")
    }

    pub fn is_keyword(&self, kw: &str) -> bool {
        self.p.is_keyword(kw)
    }

    pub fn accept_keyword(&mut self, kw: &str) -> bool {
        self.p.accept_keyword(kw)
    }

    pub fn expect_keyword(&mut self, kw: &str) -> PResult<()> {
        if self.p.accept_keyword(kw) {
            return Ok(());
        }
        Err(self.error(format!("expected '{kw}'")))
    }

    /// Any bare identifier (a keyword such as a predicate name).
    pub fn parse_keyword(&mut self) -> PResult<String> {
        if !self.p.is(TokKind::BareId) {
            return Err(self.p.error_here("expected keyword"));
        }
        let s = self.p.spelling().to_string();
        self.p.bump();
        Ok(s)
    }

    pub fn parse_optional_keyword(&mut self) -> Option<String> {
        if !self.p.is(TokKind::BareId) {
            return None;
        }
        let s = self.p.spelling().to_string();
        self.p.bump();
        Some(s)
    }

    pub fn parse_string(&mut self) -> PResult<String> {
        self.p.parse_string_literal()
    }

    /// An optionally negative decimal or hex integer.
    pub fn parse_integer(&mut self) -> PResult<i128> {
        let neg = self.p.accept(TokKind::Minus);
        if !self.p.is(TokKind::Integer) {
            return Err(self.error("expected integer value"));
        }
        let sp = self.p.spelling();
        let v = if let Some(h) = sp.strip_prefix("0x") {
            i128::from_str_radix(h, 16).ok()
        } else {
            sp.parse::<i128>().ok()
        };
        let Some(v) = v else { return Err(self.error("integer value too large")) };
        self.p.bump();
        Ok(if neg { -v } else { v })
    }

    pub fn is_integer(&self) -> bool {
        self.p.is(TokKind::Integer) || self.p.is(TokKind::Minus)
    }

    // ----- operands -----

    pub fn parse_operand(&mut self) -> PResult<UnresolvedOperand> {
        self.p.parse_operand_ref()
    }

    pub fn is_operand(&self) -> bool {
        self.p.is(TokKind::PercentId)
    }

    pub fn parse_optional_operand(&mut self) -> PResult<Option<UnresolvedOperand>> {
        if self.is_operand() {
            return self.parse_operand().map(Some);
        }
        Ok(None)
    }

    pub fn parse_operand_list(&mut self, delim: Delimiter) -> PResult<Vec<UnresolvedOperand>> {
        let (open, close) = match delim {
            Delimiter::Paren | Delimiter::OptionalParen => (Some(TokKind::LParen), TokKind::RParen),
            Delimiter::Square | Delimiter::OptionalSquare => (Some(TokKind::LSquare), TokKind::RSquare),
            Delimiter::None => (None, TokKind::Eof),
        };
        let mut out = Vec::new();
        if let Some(open) = open {
            if !self.p.accept(open) {
                if matches!(delim, Delimiter::OptionalParen | Delimiter::OptionalSquare) {
                    return Ok(out);
                }
                return Err(self.p.error_here("expected '(' or '['"));
            }
            if self.p.accept(close) {
                return Ok(out);
            }
        } else if !self.is_operand() {
            return Ok(out);
        }
        loop {
            out.push(self.parse_operand()?);
            if !self.p.accept(TokKind::Comma) {
                break;
            }
        }
        if open.is_some() {
            self.p.expect(close, "')' or ']' in operand list")?;
        }
        Ok(out)
    }

    pub fn resolve(&mut self, u: &UnresolvedOperand, ty: Type) -> PResult<Value> {
        self.p.resolve_operand(u, ty)
    }

    /// Resolve and append operands to the state.
    pub fn add_operand(&mut self, u: &UnresolvedOperand, ty: Type) -> PResult<Value> {
        let v = self.p.resolve_operand(u, ty)?;
        self.state.operands.push(v);
        Ok(v)
    }

    /// Resolve `us` against `tys` (same count, else an error at `loc`) and append them.
    pub fn add_operands(&mut self, us: &[UnresolvedOperand], tys: &[Type], loc: Location) -> PResult<Vec<Value>> {
        if us.len() != tys.len() {
            return Err(Diagnostic::error(loc, format!("{} operands present, but expected {}", us.len(), tys.len())));
        }
        let mut vs = Vec::with_capacity(us.len());
        for (u, &t) in us.iter().zip(tys) {
            vs.push(self.add_operand(u, t)?);
        }
        Ok(vs)
    }

    /// Resolve all of `us` with the same type.
    pub fn add_operands_same_type(&mut self, us: &[UnresolvedOperand], ty: Type) -> PResult<Vec<Value>> {
        us.iter().map(|u| self.add_operand(u, ty)).collect()
    }

    /// Adds operands of type `index` (sizes, offsets, indices: the common case).
    pub fn add_index_operands(&mut self, us: &[UnresolvedOperand]) -> PResult<Vec<Value>> {
        let idx = self.ctx().index_type();
        self.add_operands_same_type(us, idx)
    }

    // ----- types -----

    pub fn parse_type(&mut self) -> PResult<Type> {
        self.p.parse_type()
    }

    pub fn parse_colon_type(&mut self) -> PResult<Type> {
        self.expect_colon()?;
        self.parse_type()
    }

    pub fn parse_type_list(&mut self) -> PResult<Vec<Type>> {
        let mut out = vec![self.parse_type()?];
        while self.p.accept(TokKind::Comma) {
            out.push(self.parse_type()?);
        }
        Ok(out)
    }

    /// `: t1, t2` (may be absent when `optional`).
    pub fn parse_colon_type_list(&mut self) -> PResult<Vec<Type>> {
        self.expect_colon()?;
        self.parse_type_list()
    }

    pub fn parse_optional_colon_type_list(&mut self) -> PResult<Vec<Type>> {
        if !self.p.accept(TokKind::Colon) {
            return Ok(Vec::new());
        }
        self.parse_type_list()
    }

    /// `-> t` or `-> (t1, t2)`; empty when there is no arrow.
    pub fn parse_optional_arrow_type_list(&mut self) -> PResult<Vec<Type>> {
        if !self.p.accept(TokKind::Arrow) {
            return Ok(Vec::new());
        }
        self.p.parse_function_result_types()
    }

    /// `(t1, t2) -> (r1)`: returns inputs and results.
    pub fn parse_functional_type(&mut self) -> PResult<(Vec<Type>, Vec<Type>)> {
        let pos = self.p.tok.start;
        let t = self.p.parse_function_type()?;
        match self.p.ctx.function_signature(t) {
            Some((a, b)) => Ok((a.to_vec(), b.to_vec())),
            None => Err(self.p.error_at(pos, "expected function type")),
        }
    }

    pub fn add_result_types(&mut self, tys: &[Type]) {
        self.state.result_types.extend_from_slice(tys);
    }

    // ----- attributes -----

    pub fn parse_attribute(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        self.p.parse_attribute(ty)
    }

    pub fn add_attr(&mut self, name: &str, value: Attribute) {
        let sym = self.p.ctx.intern_str(name);
        self.state.set_attr_sym(sym, value);
    }

    pub fn parse_optional_attr_dict(&mut self) -> PResult<()> {
        if self.p.is(TokKind::LBrace) {
            self.p.parse_attr_dict_into(&mut self.state.attrs)?;
        }
        Ok(())
    }

    /// `attributes {...}` (used by func.func and builtin.module).
    pub fn parse_optional_attr_dict_with_keyword(&mut self) -> PResult<()> {
        if self.p.accept_keyword("attributes") {
            if !self.p.is(TokKind::LBrace) {
                return Err(self.p.error_here("expected '{' after 'attributes'"));
            }
            self.p.parse_attr_dict_into(&mut self.state.attrs)?;
        }
        Ok(())
    }

    /// A dictionary attribute `{...}` as a value (not merged into the op's attributes).
    pub fn parse_dictionary(&mut self) -> PResult<Attribute> {
        let e = self.p.parse_dict_entries()?;
        Ok(self.p.ctx.dictionary_attr(e))
    }

    pub fn is_dictionary(&self) -> bool {
        self.p.is(TokKind::LBrace)
    }

    pub fn parse_symbol_name(&mut self) -> PResult<String> {
        self.p.parse_symbol_name()
    }

    pub fn is_symbol_name(&self) -> bool {
        self.p.is(TokKind::AtId)
    }

    /// `@sym` or `@a::@b` as an attribute.
    pub fn parse_symbol_ref(&mut self) -> PResult<Attribute> {
        self.p.parse_attribute(None)
    }

    // ----- regions and arguments -----

    /// A region argument `%name` with an optional `: type`, `{attrs}` and `loc(...)`.
    pub fn parse_argument(&mut self, allow_type: bool, allow_attrs: bool) -> PResult<Argument> {
        let name = self.parse_operand()?;
        let mut ty = None;
        let mut attrs = None;
        if allow_type && self.p.accept(TokKind::Colon) {
            ty = Some(self.parse_type()?);
        }
        if allow_attrs && self.p.is(TokKind::LBrace) {
            attrs = Some(self.parse_dictionary()?);
        }
        let mut loc = None;
        if self.p.is_keyword("loc") {
            if let super::parser::LocOrAlias::Loc(l) = self.p.parse_location_or_alias()? {
                loc = Some(l);
            }
        }
        Ok(Argument { name, ty, attrs, loc })
    }

    /// `(%a: t, %b: t)` or `()`.
    pub fn parse_argument_list(
        &mut self,
        delim: Delimiter,
        allow_type: bool,
        allow_attrs: bool,
    ) -> PResult<Vec<Argument>> {
        let (open, close) = match delim {
            Delimiter::Paren | Delimiter::OptionalParen => (TokKind::LParen, TokKind::RParen),
            _ => (TokKind::LSquare, TokKind::RSquare),
        };
        if !self.p.accept(open) {
            if matches!(delim, Delimiter::OptionalParen | Delimiter::OptionalSquare) {
                return Ok(Vec::new());
            }
            return Err(self.p.error_here("expected '('"));
        }
        let mut out = Vec::new();
        if !self.p.accept(close) {
            loop {
                out.push(self.parse_argument(allow_type, allow_attrs)?);
                if !self.p.accept(TokKind::Comma) {
                    break;
                }
            }
            self.p.expect(close, "')'")?;
        }
        Ok(out)
    }

    /// Parse `{...}` with the given entry arguments; the default dialect follows the op being
    /// parsed. Like upstream (without name shadowing), outer names stay visible even in an
    /// isolated-from-above op, so the verifier reports "using value defined outside the region".
    pub fn parse_region(&mut self, args: &[Argument]) -> PResult<RegionId> {
        // Upstream's parseCustomOperation pushes the op's default dialect, or "" when it has
        // none: inside an scf.if, `call` does not resolve to `func.call`.
        let dd = self.p.ctx.op_def_by_name(self.state.name).and_then(|d| d.default_dialect);
        self.p.parse_region_with(args, false, Some(dd.unwrap_or("")))
    }

    pub fn is_region(&self) -> bool {
        self.p.is(TokKind::LBrace)
    }

    /// Parse a region and add it to the op.
    pub fn add_region(&mut self, args: &[Argument]) -> PResult<RegionId> {
        let r = self.parse_region(args)?;
        self.state.regions.push(r);
        Ok(r)
    }

    /// Add an empty region (an absent optional region such as a missing `else`).
    pub fn add_empty_region(&mut self) -> RegionId {
        let r = self.p.ctx.create_region();
        self.state.regions.push(r);
        r
    }

    /// Give a single-block region the implicit terminator its op elides (e.g. `scf.yield`),
    /// creating the block if the region is empty.
    pub fn ensure_terminator(&mut self, region: RegionId, terminator: &str) {
        let ctx = &mut *self.p.ctx;
        let loc = self.state.loc;
        let block = match ctx.entry_block(region) {
            Some(b) => b,
            None => ctx.add_block(region, &[], loc),
        };
        let has_term = ctx.last_op(block).is_some_and(|o| ctx.has_trait(o, crate::Traits::TERMINATOR));
        if !has_term {
            let st = OperationState::new(ctx, terminator, loc);
            let op = ctx.create_op(st);
            ctx.append_op(block, op);
        }
    }

    /// `[0, %i, 4]`, upstream's dynamic index list (offsets, sizes, strides): the operands of
    /// the dynamic entries, and every entry's static value with `DYNAMIC` where an operand stands.
    pub fn parse_dynamic_index_list(&mut self) -> PResult<(Vec<UnresolvedOperand>, Vec<i64>)> {
        self.expect(TokKind::LSquare, "'['")?;
        let mut dynamic = Vec::new();
        let mut values = Vec::new();
        if self.accept(TokKind::RSquare) {
            return Ok((dynamic, values));
        }
        loop {
            if self.is_operand() {
                dynamic.push(self.parse_operand()?);
                values.push(crate::DYNAMIC);
            } else {
                let v = self.parse_integer()?;
                let v = i64::try_from(v).map_err(|_| self.error("integer value too large"))?;
                values.push(v);
            }
            if !self.accept_comma() {
                break;
            }
        }
        self.expect(TokKind::RSquare, "']'")?;
        Ok((dynamic, values))
    }

    // ----- successors -----

    pub fn parse_successor(&mut self) -> PResult<BlockId> {
        self.p.parse_successor()
    }

    pub fn is_successor(&self) -> bool {
        self.p.is(TokKind::CaretId)
    }

    /// `^bb(%a, %b : t1, t2)`: the block, and operand values resolved and returned (not added).
    pub fn parse_successor_and_use_list(&mut self) -> PResult<(BlockId, Vec<Value>)> {
        let b = self.parse_successor()?;
        let mut vals = Vec::new();
        if self.p.accept(TokKind::LParen) {
            let loc = self.current_loc();
            let us = self.parse_operand_list(Delimiter::None)?;
            // The `:` is required even after an empty list, as in upstream's declarative formats.
            let tys = self.parse_colon_type_list()?;
            self.p.expect(TokKind::RParen, "')'")?;
            if us.len() != tys.len() {
                return Err(Diagnostic::error(
                    loc,
                    format!("{} operands present, but expected {}", us.len(), tys.len()),
                ));
            }
            for (u, t) in us.iter().zip(tys) {
                vals.push(self.p.resolve_operand(u, t)?);
            }
        }
        Ok((b, vals))
    }

    pub fn add_successor(&mut self, b: BlockId) {
        self.state.successors.push(b);
    }
}
