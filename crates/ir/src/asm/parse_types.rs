//! Parsing builtin and dialect types.

use super::lexer::TokKind;
use super::parser::{PResult, Parser};
use crate::types::{FloatKind, Signedness, TypeKind, DYNAMIC};
use crate::{Context, Type};

impl Parser<'_> {
    pub fn parse_type(&mut self) -> PResult<Type> {
        self.nested(Self::parse_type_here)
    }

    fn parse_type_here(&mut self) -> PResult<Type> {
        match self.tok.kind {
            TokKind::LParen => self.parse_function_type(),
            TokKind::BangId => self.parse_dialect_type(),
            TokKind::BareId => self.parse_builtin_type(),
            _ => Err(self.wrong_token_error("expected non-function type")),
        }
    }

    /// A type that may not be a function type at this position is still accepted: callers
    /// that need a specific kind check it.
    pub fn parse_function_type(&mut self) -> PResult<Type> {
        self.expect(TokKind::LParen, "'('")?;
        let mut inputs = Vec::new();
        if !self.is(TokKind::RParen) {
            loop {
                inputs.push(self.parse_type()?);
                if !self.accept(TokKind::Comma) {
                    break;
                }
            }
        }
        self.expect(TokKind::RParen, "')'")?;
        self.expect(TokKind::Arrow, "'->' in function type")?;
        let results = self.parse_function_result_types()?;
        Ok(self.ctx.function_type(inputs, results))
    }

    /// `i32`, `(i32, f32)` or `()` after an arrow.
    pub fn parse_function_result_types(&mut self) -> PResult<Vec<Type>> {
        if !self.is(TokKind::LParen) {
            return Ok(vec![self.parse_type()?]);
        }
        // `(a) -> b` is itself a function type; `(a, b)` is a list. Look past the parens.
        self.bump();
        let mut tys = Vec::new();
        if !self.is(TokKind::RParen) {
            loop {
                tys.push(self.parse_type()?);
                if !self.accept(TokKind::Comma) {
                    break;
                }
            }
        }
        self.expect(TokKind::RParen, "')'")?;
        if self.is(TokKind::Arrow) {
            self.bump();
            let results = self.parse_function_result_types()?;
            return Ok(vec![self.ctx.function_type(tys, results)]);
        }
        Ok(tys)
    }

    fn parse_builtin_type(&mut self) -> PResult<Type> {
        let sp = self.spelling();
        let simple = match sp {
            "index" => Some(TypeKind::Index),
            "f16" => Some(TypeKind::Float(FloatKind::F16)),
            "bf16" => Some(TypeKind::Float(FloatKind::BF16)),
            "f32" => Some(TypeKind::Float(FloatKind::F32)),
            "f64" => Some(TypeKind::Float(FloatKind::F64)),
            "none" => Some(TypeKind::None),
            _ => int_type(sp).or_else(|| crate::types::other_float(sp).map(|(n, _)| TypeKind::OtherFloat(n))),
        };
        // Upstream's messages: a width that is no 32-bit number is invalid, a larger one than
        // 2^24 - 1 is over the limit. `i0` is valid, as upstream (a type with one value, 0).
        if int_type_digits(sp).is_some_and(|d| d.parse::<u32>().is_err()) {
            return Err(self.error_here("invalid integer width"));
        }
        if let Some(k) = simple {
            if let TypeKind::Integer { width, .. } = k {
                if width > 16_777_215 {
                    return Err(self.error_here("integer bitwidth is limited to 16777215 bits"));
                }
            }
            self.bump();
            return Ok(self.ctx.intern_type(k));
        }
        match sp {
            "tensor" => self.parse_tensor_type(),
            "memref" => self.parse_memref_type(),
            "vector" => self.parse_vector_type(),
            "tuple" => {
                self.bump();
                self.expect(TokKind::Less, "'<' in tuple type")?;
                let mut tys = Vec::new();
                if !self.is(TokKind::Greater) {
                    loop {
                        tys.push(self.parse_type()?);
                        if !self.accept(TokKind::Comma) {
                            break;
                        }
                    }
                }
                self.expect(TokKind::Greater, "'>' in tuple type")?;
                Ok(self.ctx.intern_type(TypeKind::Tuple(tys)))
            }
            "complex" => {
                self.bump();
                self.expect(TokKind::Less, "'<' in complex type")?;
                let at = self.tok.start;
                let element = self.parse_type()?;
                // Upstream's ComplexType takes integer and float elements only.
                let scalar = matches!(
                    self.ctx.type_kind(element),
                    TypeKind::Integer { .. } | TypeKind::Float(_) | TypeKind::OtherFloat(_)
                );
                if !scalar {
                    return Err(self.error_at(at, "invalid element type for complex"));
                }
                self.expect(TokKind::Greater, "'>' in complex type")?;
                Ok(self.ctx.intern_type(TypeKind::Complex { element }))
            }
            // Upstream's emitWrongTokenError: a bad token at the start of a line is reported
            // at the end of the previous one.
            _ => Err(self.wrong_token_error("expected non-function type")),
        }
    }

    /// `4x?x` prefix of a shaped type; stops before the element type. Returns None for `*x`.
    fn parse_dimension_list(
        &mut self,
        allow_dynamic: bool,
        allow_unranked: bool,
    ) -> PResult<Option<(Vec<i64>, Vec<bool>)>> {
        let mut dims = Vec::new();
        let mut scalable = Vec::new();
        if self.is(TokKind::Star) {
            if !allow_unranked {
                // Upstream's vector parser reads no `*`; the element type parser then fails.
                return Err(self.error_here("expected non-function type"));
            }
            self.bump();
            self.expect_x()?;
            return Ok(None);
        }
        loop {
            match self.tok.kind {
                TokKind::Question => {
                    if !allow_dynamic {
                        // Upstream's vector parser reads no `?`; the element type parser
                        // then fails.
                        return Err(self.error_here("expected non-function type"));
                    }
                    self.bump();
                    dims.push(DYNAMIC);
                    scalable.push(false);
                }
                TokKind::Integer => {
                    let sp = self.spelling();
                    // `0x4xf32` lexes as a hex number: split after the `0`.
                    if sp.len() > 1 && sp.as_bytes()[1] == b'x' {
                        dims.push(0);
                        scalable.push(false);
                        let pos = self.tok.start + 1;
                        self.relex_from(pos);
                    } else {
                        let v: i64 = sp.parse().map_err(|_| self.error_here("invalid dimension"))?;
                        self.bump();
                        dims.push(v);
                        scalable.push(false);
                    }
                }
                TokKind::LSquare => {
                    self.bump();
                    if !self.is(TokKind::Integer) {
                        return Err(self.error_here("expected integer value"));
                    }
                    let v: i64 = self.spelling().parse().map_err(|_| self.error_here("invalid dimension"))?;
                    self.bump();
                    self.expect(TokKind::RSquare, "']'")?;
                    dims.push(v);
                    scalable.push(true);
                }
                _ => return Ok(Some((dims, scalable))),
            }
            self.expect_x()?;
        }
    }

    /// Consume the `x` separating dimensions, which the lexer glues to what follows.
    fn expect_x(&mut self) -> PResult<()> {
        if self.tok.kind == TokKind::BareId && self.spelling().starts_with('x') {
            let pos = self.tok.start + 1;
            self.relex_from(pos);
            return Ok(());
        }
        Err(self.error_here("expected 'x' in dimension list"))
    }

    fn parse_tensor_type(&mut self) -> PResult<Type> {
        self.bump();
        self.expect(TokKind::Less, "'<' in tensor type")?;
        let dims = self.parse_dimension_list(true, true)?;
        let elem_pos = self.tok.start;
        let element = self.parse_type()?;
        let mut encoding = None;
        if self.accept(TokKind::Comma) {
            if dims.is_none() {
                return Err(self.error_here("cannot apply encoding to unranked tensor"));
            }
            encoding = Some(self.parse_attribute(None)?);
        }
        self.expect(TokKind::Greater, "'>' in tensor type")?;
        // Checked after the closing `>`, as upstream does.
        if !valid_element(self.ctx, Container::Tensor, element) {
            return Err(self.error_at(elem_pos, "invalid tensor element type"));
        }
        let kind = match dims {
            Some((shape, _)) => TypeKind::RankedTensor { shape, element, encoding },
            None => TypeKind::UnrankedTensor { element },
        };
        Ok(self.ctx.intern_type(kind))
    }

    fn parse_memref_type(&mut self) -> PResult<Type> {
        let type_pos = self.tok.start;
        self.bump();
        self.expect(TokKind::Less, "'<' in memref type")?;
        let dims = self.parse_dimension_list(true, true)?;
        let elem_pos = self.tok.start;
        let element = self.parse_type()?;
        if !valid_element(self.ctx, Container::MemRef, element) {
            return Err(self.error_at(elem_pos, "invalid memref element type"));
        }
        let mut layout = None;
        let mut memory_space = None;
        // `, layout` and/or `, memory-space`, in that order, with upstream's messages.
        if self.accept(TokKind::Comma) {
            if self.is(TokKind::Greater) {
                return Err(self.wrong_token_error("expected list element"));
            }
            loop {
                let a = self.parse_attribute(None)?;
                use crate::attributes::AttrKind;
                let is_layout = matches!(self.ctx.attr_kind(a), AttrKind::Strided { .. } | AttrKind::AffineMap(_));
                if !is_layout {
                    if memory_space.is_some() {
                        return Err(self.error_here("multiple memory spaces specified in memref type"));
                    }
                    memory_space = Some(a);
                } else if dims.is_none() {
                    return Err(self.error_here("cannot have affine map for unranked memref type"));
                } else if memory_space.is_some() {
                    return Err(self.error_here("expected memory space to be last in memref type"));
                } else {
                    layout = Some(a);
                }
                if !self.accept(TokKind::Comma) {
                    break;
                }
            }
            if !self.is(TokKind::Greater) {
                return Err(self.wrong_token_error("expected ',' or '>'"));
            }
        }
        self.expect(TokKind::Greater, "'>' in memref type")?;
        // Upstream's MemRefType::get drops the default memory space (integer 0), and its
        // verifier wants an affine-map layout with one dimension per memref dimension.
        if memory_space.is_some_and(|m| self.ctx.attr_as_int(m) == Some(0)) {
            memory_space = None;
        }
        if let (Some(l), Some((shape, _))) = (layout, &dims) {
            if let crate::attributes::AttrKind::Strided { strides, .. } = self.ctx.attr_kind(l) {
                if strides.len() != shape.len() {
                    return Err(self.error_at(type_pos, "expected the number of strides to match the rank"));
                }
            }
            if let crate::attributes::AttrKind::AffineMap(text) = self.ctx.attr_kind(l) {
                let text = text.clone();
                let map = super::parse_affine::affine_map_shape(self.ctx, &text);
                let n = map.map_or(0, |m| m.dims);
                if n != shape.len() {
                    let rank = shape.len();
                    return Err(self.error_at(
                        type_pos,
                        format!("memref layout mismatch between rank and affine map: {rank} != {n}"),
                    ));
                }
                // Upstream's MemRefType keeps an identity map as the default layout, which
                // prints as none: `memref<4xf32, affine_map<(d0) -> (d0)>>` is `memref<4xf32>`.
                if map.is_some_and(|m| m.identity) {
                    layout = None;
                }
            }
        }
        // Checked after the layout, as upstream's MemRefType verifier does.
        // Upstream's `isSupportedMemorySpace`: integers, strings, dictionaries and dialect
        // attributes.
        if let Some(m) = memory_space {
            use crate::attributes::AttrKind;
            let supported = matches!(
                self.ctx.attr_kind(m),
                AttrKind::Integer { .. }
                    | AttrKind::String(_)
                    | AttrKind::TypedString(..)
                    | AttrKind::Dictionary(_)
                    | AttrKind::Opaque { .. }
            );
            if !supported {
                return Err(self.error_at(type_pos, "unsupported memory space Attribute"));
            }
        }
        let kind = match dims {
            Some((shape, _)) => TypeKind::MemRef { shape, element, layout, memory_space },
            None => TypeKind::UnrankedMemRef { element, memory_space },
        };
        Ok(self.ctx.intern_type(kind))
    }

    fn parse_vector_type(&mut self) -> PResult<Type> {
        let pos = self.tok.start;
        self.bump();
        self.expect(TokKind::Less, "'<' in vector type")?;
        let (shape, scalable) = self.parse_dimension_list(false, false)?.unwrap_or_default();
        let element = self.parse_type()?;
        self.expect(TokKind::Greater, "'>' in vector type")?;
        if !valid_element(self.ctx, Container::Vector, element) {
            return Err(self.error_at(pos, "failed to verify 'elementType': VectorElementTypeInterface instance"));
        }
        if shape.iter().any(|&d| d <= 0) {
            let sizes = shape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
            return Err(self.error_at(pos, format!("vector types must have positive constant sizes but got {sizes}")));
        }
        Ok(self.ctx.intern_type(TypeKind::Vector { shape, scalable, element }))
    }

    fn parse_dialect_type(&mut self) -> PResult<Type> {
        let ident = self.spelling()[1..].to_string();
        let pos = self.tok.start;
        self.bump();
        if !ident.contains('.') && !self.is(TokKind::Less) {
            return match self.type_aliases.get(&ident) {
                Some(&t) => Ok(t),
                None => Err(self.error_at(pos, format!("undefined symbol alias id '{ident}'"))),
            };
        }
        let (dialect, name) = match ident.split_once('.') {
            Some((d, n)) => (d.to_string(), n.to_string()),
            None => (ident.clone(), String::new()),
        };
        if !self.is(TokKind::Less) {
            return Ok(self.ctx.intern_type(TypeKind::Opaque { dialect, body: name }));
        }
        // Try the structured form `<type, type>`, and fall back to keeping the text.
        let body_start = self.tok.end;
        let body_end = self.skip_dialect_symbol_body()?;
        let body = self.lex.src[body_start..body_end].to_string();
        if !name.is_empty() {
            if let Some(params) = self.try_parse_type_list(body_start, body_end) {
                return Ok(self.ctx.intern_type(TypeKind::Dialect { dialect, name, params }));
            }
        }
        let body = if name.is_empty() { format!("<{body}>") } else { format!("{name}<{body}>") };
        Ok(self.ctx.intern_type(TypeKind::Opaque { dialect, body }))
    }

    /// Skip a dialect type's or attribute's body from the current `<` to its matching `>`;
    /// returns the offset of that `>` and leaves the parser after it. As upstream's `parseDialectSymbolBody`, each closing bracket must
    /// match the innermost open one, strings are lexed as tokens, and `->` is one token.
    pub(crate) fn skip_dialect_symbol_body(&mut self) -> PResult<usize> {
        let b = self.lex.src.as_bytes();
        let mut open: Vec<u8> = Vec::new();
        // Upstream reports at its current token: the `<`, or the last string lexed.
        let mut tok_pos = self.tok.start;
        let mut i = self.tok.start;
        let unbalanced = |p: &mut Self, open: &[u8], at: usize| {
            let c = open.last().map_or('<', |&c| c as char);
            Err(p.error_at(at, format!("unbalanced '{c}' character in pretty dialect name")))
        };
        while i < b.len() {
            let c = b[i];
            i += 1;
            let opener = match c {
                b'<' | b'[' | b'(' | b'{' => {
                    open.push(c);
                    continue;
                }
                b'-' => {
                    if b.get(i) == Some(&b'>') {
                        i += 1;
                    }
                    continue;
                }
                b'"' => {
                    let mut l = super::lexer::Lexer::new(self.lex.src);
                    l.pos = i - 1;
                    let t = l.next_token();
                    if t.kind != TokKind::String {
                        self.relex_from(i - 1);
                        return Err(self.error_here("expected string"));
                    }
                    tok_pos = t.start;
                    i = t.end;
                    continue;
                }
                b'>' => b'<',
                b']' => b'[',
                b')' => b'(',
                b'}' => b'{',
                _ => continue,
            };
            if open.last() != Some(&opener) {
                return unbalanced(self, &open, tok_pos);
            }
            open.pop();
            if open.is_empty() {
                self.relex_from(i);
                return Ok(i - 1);
            }
        }
        unbalanced(self, &open, tok_pos)
    }

    fn try_parse_type_list(&mut self, start: usize, end: usize) -> Option<Vec<Type>> {
        let saved_tok = self.tok;
        let saved_pos = self.lex.pos;
        self.relex_from(start);
        let mut tys = Vec::new();
        let ok = (|| {
            loop {
                let t = self.parse_type().ok()?;
                tys.push(t);
                if !self.accept(TokKind::Comma) {
                    break;
                }
            }
            (self.tok.start == end).then_some(())
        })();
        self.tok = saved_tok;
        self.lex.pos = saved_pos;
        ok.map(|_| tys)
    }
}

/// The shaped types, whose element types upstream restricts.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Container {
    Tensor,
    MemRef,
    Vector,
}

/// Upstream's `TensorType::isValidElementType`, `BaseMemRefType::isValidElementType` and
/// `VectorElementTypeInterface`. Types of other dialects are accepted (their dialect decides).
fn valid_element(ctx: &Context, c: Container, t: Type) -> bool {
    match ctx.type_kind(t) {
        TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_) | TypeKind::OtherFloat(_) => true,
        TypeKind::Opaque { .. } | TypeKind::Dialect { .. } => true,
        TypeKind::Complex { .. } => c != Container::Vector,
        TypeKind::Vector { .. } => c != Container::Vector,
        TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. } => c == Container::MemRef,
        _ => false,
    }
}

/// The width digits of an integer type spelling (`32` of `si32`), however many there are.
fn int_type_digits(sp: &str) -> Option<&str> {
    let digits = sp.strip_prefix("si").or_else(|| sp.strip_prefix("ui")).or_else(|| sp.strip_prefix('i'))?;
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some(digits)
}

/// `i32`, `si8`, `ui64` -> integer type kind.
fn int_type(sp: &str) -> Option<TypeKind> {
    let digits = int_type_digits(sp)?;
    let signedness = if sp.starts_with("si") {
        Signedness::Signed
    } else if sp.starts_with("ui") {
        Signedness::Unsigned
    } else {
        Signedness::Signless
    };
    let width: u32 = digits.parse().ok()?;
    Some(TypeKind::Integer { width, signedness })
}
