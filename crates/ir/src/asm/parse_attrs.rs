//! Parsing builtin attributes and locations.

use super::lexer::TokKind;
use super::parser::{LocOrAlias, PResult, Parser};
use crate::attributes::AttrKind;
use crate::types::{TypeKind, DYNAMIC};
use crate::{Attribute, Symbol, Type};

impl Parser<'_> {
    /// Parse an attribute. `ty` is the type expected by context (e.g. `arith.constant` knows it),
    /// used for untyped integer and float literals.
    pub fn parse_attribute(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        self.nested(|p| p.parse_attribute_here(ty))
    }

    fn parse_attribute_here(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        let pos = self.tok.start;
        match self.tok.kind {
            TokKind::Integer | TokKind::Float | TokKind::Minus => self.parse_number_attr(ty),
            TokKind::String => {
                let s = self.parse_string_literal()?;
                // A typed string (`"x" : i32`) keeps its type so it round-trips.
                if self.accept(TokKind::Colon) {
                    let ty = self.parse_type()?;
                    // `none` is a string's default type, which upstream prints as no type.
                    if !matches!(self.ctx.type_kind(ty), TypeKind::None) {
                        return Ok(self.ctx.intern_attr(AttrKind::TypedString(s, ty)));
                    }
                }
                Ok(self.ctx.string_attr(&s))
            }
            TokKind::LSquare => {
                self.bump();
                let mut items = Vec::new();
                if !self.is(TokKind::RSquare) {
                    loop {
                        items.push(self.parse_attribute(None)?);
                        if !self.accept(TokKind::Comma) {
                            break;
                        }
                    }
                }
                self.expect(TokKind::RSquare, "',' or ']'")?;
                Ok(self.ctx.array_attr(items))
            }
            TokKind::LBrace => {
                let entries = self.parse_dict_entries()?;
                Ok(self.ctx.dictionary_attr(entries))
            }
            TokKind::AtId => self.parse_symbol_ref(),
            TokKind::HashId => self.parse_hash_attr(),
            TokKind::BareId => match self.spelling() {
                "unit" => {
                    self.bump();
                    Ok(self.ctx.unit_attr())
                }
                // Upstream takes no type after `true`/`false`: they are i1.
                "true" | "false" => {
                    let v = self.spelling() == "true";
                    self.bump();
                    Ok(self.ctx.bool_attr(v))
                }
                "dense" => self.parse_dense(ty),
                "sparse" => self.parse_sparse(ty),
                "distinct" => self.parse_distinct(ty),
                "dense_resource" => self.parse_dense_resource(ty),
                "array" => self.parse_dense_array(),
                "strided" => self.parse_strided(),
                "affine_map" | "affine_set" => self.parse_affine_attr(),
                "loc" => match self.parse_location_or_alias()? {
                    LocOrAlias::Loc(l) => Ok(self.ctx.intern_attr(AttrKind::Location(l))),
                    LocOrAlias::Alias(..) => Err(self.error_at(pos, "location aliases are not supported here")),
                },
                _ => {
                    // A bare word that starts no type is no attribute either (upstream's
                    // `parseOptionalType` gives up without an error of its own).
                    let t = match self.parse_type() {
                        Ok(t) => t,
                        Err(_) if self.tok.start == pos => {
                            return Err(self.wrong_token_error("expected attribute value"))
                        }
                        Err(d) => return Err(d),
                    };
                    Ok(self.ctx.type_attr(t))
                }
            },
            TokKind::Error if self.spelling() == "@" => {
                let pos = self.tok.start + 1;
                Err(self.error_at(pos, "@ identifier expected to start with letter or '_'"))
            }
            TokKind::LParen | TokKind::BangId => {
                let t = self.parse_type()?;
                Ok(self.ctx.type_attr(t))
            }
            _ => Err(self.wrong_token_error("expected attribute value")),
        }
    }

    fn parse_number_attr(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        let pos = self.tok.start;
        let neg = self.accept(TokKind::Minus);
        let kind = self.tok.kind;
        if !matches!(kind, TokKind::Integer | TokKind::Float) {
            return Err(self.error_here("expected constant integer or floating point value"));
        }
        let text = self.spelling().to_string();
        self.bump();
        let ty = if self.accept(TokKind::Colon) {
            self.parse_type()?
        } else if let Some(t) = ty {
            t
        } else if kind == TokKind::Float {
            self.ctx.float_type(crate::types::FloatKind::F64)
        } else {
            self.ctx.integer_type(64)
        };
        self.build_number(pos, neg, kind == TokKind::Float, &text, ty)
    }

    pub(super) fn build_number(
        &mut self,
        pos: usize,
        neg: bool,
        is_float: bool,
        text: &str,
        ty: Type,
    ) -> PResult<Attribute> {
        if let Some(fk) = self.ctx.float_kind(ty) {
            if !is_float && text.starts_with("0x") {
                // Hex-exact float: the bits of the value in the type's own format.
                if neg {
                    return Err(self.error_at(pos, "hexadecimal float literal should not have a leading minus"));
                }
                let bits = u64::from_str_radix(&text[2..], 16)
                    .map_err(|_| self.error_at(pos, "hexadecimal float constant out of range for type"))?;
                let v = match fk {
                    crate::types::FloatKind::F64 => f64::from_bits(bits),
                    crate::types::FloatKind::F32 => {
                        let b = u32::try_from(bits)
                            .map_err(|_| self.error_at(pos, "hexadecimal float constant out of range for type"))?;
                        f32::from_bits(b) as f64
                    }
                    crate::types::FloatKind::F16 => {
                        let b = u16::try_from(bits)
                            .map_err(|_| self.error_at(pos, "hexadecimal float constant out of range for type"))?;
                        half::f16::from_bits(b).to_f64()
                    }
                    crate::types::FloatKind::BF16 => {
                        let b = u16::try_from(bits)
                            .map_err(|_| self.error_at(pos, "hexadecimal float constant out of range for type"))?;
                        half::bf16::from_bits(b).to_f64()
                    }
                };
                return Ok(self.ctx.intern_attr(AttrKind::Float { bits: v.to_bits(), ty }));
            }
            if !is_float {
                // Upstream reads `1 : f32` as a mistake rather than as 1.0.
                let at = self.loc_at(pos);
                return Err(self
                    .error_at(pos, "unexpected decimal integer literal for a floating point value")
                    .with_note(at, "add a trailing dot to make the literal a float"));
            }
            let mut v: f64 = text.parse().map_err(|_| self.error_at(pos, "invalid floating point value"))?;
            if neg {
                v = -v;
            }
            return Ok(self.ctx.float_attr(v, ty));
        }
        if is_float {
            return Err(self.error_at(pos, "floating point value not valid for specified type"));
        }
        let is_int = matches!(self.ctx.type_kind(ty), TypeKind::Integer { .. } | TypeKind::Index);
        if !is_int {
            return Err(self.error_at(pos, "integer literal not valid for specified type"));
        }
        if neg
            && matches!(
                self.ctx.type_kind(ty),
                TypeKind::Integer { signedness: crate::types::Signedness::Unsigned, .. }
            )
        {
            return Err(self.error_at(pos, "negative integer literal not valid for unsigned integer type"));
        }
        let v = self
            .int_literal_value(text, neg, ty)
            .ok_or_else(|| self.error_at(pos, "integer constant out of range for attribute"))?;
        if !self.int_fits(v, ty) {
            return Err(self.error_at(pos, "integer constant out of range for attribute"));
        }
        Ok(self.ctx.integer_attr(v, ty))
    }

    /// The value of an integer literal of type `ty`, `None` when it cannot be held. Values are
    /// kept as `i128`; a 128-bit literal past `i128::MAX` (up to `2^128 - 1`, which upstream's
    /// APInt reads for signless and unsigned `i128`) is kept as its two's-complement bits, as
    /// the printer shows signless values.
    fn int_literal_value(&self, text: &str, neg: bool, ty: Type) -> Option<i128> {
        let mag = parse_int_magnitude(text)?;
        if let Ok(m) = i128::try_from(mag) {
            return Some(if neg { -m } else { m });
        }
        let wide = matches!(self.ctx.type_kind(ty), TypeKind::Integer { width: 128, signedness }
            if *signedness != crate::types::Signedness::Signed);
        match (neg, mag) {
            // -2^127 is i128::MIN.
            (true, m) if m == 1u128 << 127 => Some(i128::MIN),
            (false, m) if wide => Some(m as i128),
            _ => None,
        }
    }

    pub(super) fn int_fits(&self, v: i128, ty: Type) -> bool {
        use crate::types::Signedness;
        let (w, s) = match self.ctx.type_kind(ty) {
            TypeKind::Integer { width, signedness } => (*width, *signedness),
            // Upstream's index is signed: `2^63` and up are out of range.
            TypeKind::Index => (64, Signedness::Signed),
            _ => return false,
        };
        if w >= 127 {
            return true;
        }
        if w == 0 {
            // `i0` has one value.
            return v == 0;
        }
        match s {
            Signedness::Signed => v >= -(1i128 << (w - 1)) && v < (1i128 << (w - 1)),
            Signedness::Unsigned => v >= 0 && v < (1i128 << w),
            // Signless accepts both readings (`255 : i8` and `-1 : i8`).
            Signedness::Signless => {
                if w == 1 {
                    v == 0 || v == 1 || v == -1
                } else {
                    v >= -(1i128 << (w - 1)) && v < (1i128 << w)
                }
            }
        }
    }

    /// `{a = 1, "b c" = 2, d}`
    pub(crate) fn parse_dict_entries(&mut self) -> PResult<Vec<(Symbol, Attribute)>> {
        self.expect(TokKind::LBrace, "'{'")?;
        let mut out: Vec<(Symbol, Attribute)> = Vec::new();
        if !self.is(TokKind::RBrace) {
            loop {
                let pos = self.tok.start;
                let name = match self.tok.kind {
                    TokKind::BareId => {
                        let s = self.spelling().to_string();
                        self.bump();
                        s
                    }
                    TokKind::String => self.parse_string_literal()?,
                    _ => return Err(self.error_here("expected attribute name")),
                };
                if name.is_empty() {
                    return Err(self.error_at(pos, "expected valid attribute name"));
                }
                let sym = self.ctx.intern_str(&name);
                if out.iter().any(|(n, _)| *n == sym) {
                    return Err(self.error_at(pos, format!("duplicate key '{name}' in dictionary attribute")));
                }
                let value =
                    if self.accept(TokKind::Equal) { self.parse_attribute(None)? } else { self.ctx.unit_attr() };
                out.push((sym, value));
                if !self.accept(TokKind::Comma) {
                    break;
                }
            }
        }
        self.expect(TokKind::RBrace, "'}' in attribute dictionary")?;
        Ok(out)
    }

    fn parse_symbol_ref(&mut self) -> PResult<Attribute> {
        let root = self.parse_symbol_name()?;
        let root = self.ctx.intern_str(&root);
        let mut nested = Vec::new();
        // `@a::@b` lexes as `@a`, `:`, `:`, `@b`.
        while self.is(TokKind::Colon) && self.lex.src.as_bytes().get(self.tok.end) == Some(&b':') {
            self.bump();
            self.bump();
            let n = self.parse_symbol_name()?;
            nested.push(self.ctx.intern_str(&n));
        }
        Ok(self.ctx.intern_attr(AttrKind::SymbolRef { root, nested }))
    }

    /// `@name` or `@"quoted name"`.
    pub fn parse_symbol_name(&mut self) -> PResult<String> {
        if !self.is(TokKind::AtId) {
            return Err(self.error_here("expected valid '@'-identifier for symbol name"));
        }
        let sp = &self.spelling()[1..];
        let name = if sp.starts_with('"') {
            String::from_utf8(super::lexer::unescape(&sp[1..sp.len() - 1]))
                .map_err(|_| self.error_here("invalid symbol name"))?
        } else {
            sp.to_string()
        };
        self.bump();
        Ok(name)
    }

    fn parse_hash_attr(&mut self) -> PResult<Attribute> {
        let ident = self.spelling()[1..].to_string();
        let pos = self.tok.start;
        self.bump();
        if !ident.contains('.') && !self.is(TokKind::Less) {
            return match self.attr_aliases.get(&ident) {
                Some(&a) => Ok(a),
                None => Err(self.error_at(pos, format!("undefined symbol alias id '{ident}'"))),
            };
        }
        let (dialect, name) = match ident.split_once('.') {
            Some((d, n)) => (d.to_string(), n.to_string()),
            None => (ident.clone(), String::new()),
        };
        let body = if self.is(TokKind::Less) {
            let start = self.tok.end;
            let end = self.skip_dialect_symbol_body()?;
            format!("{name}<{}>", &self.lex.src[start..end])
        } else {
            name
        };
        let attr = self.ctx.intern_attr(AttrKind::Opaque { dialect, body });
        // Typed dialect attributes (`#foo.bar<1> : i32`) are rare; accept and drop the type.
        Ok(attr)
    }

    fn parse_strided(&mut self) -> PResult<Attribute> {
        self.bump();
        self.expect(TokKind::Less, "'<' after 'strided'")?;
        self.expect(TokKind::LSquare, "'['")?;
        let mut strides = Vec::new();
        if !self.is(TokKind::RSquare) {
            loop {
                strides.push(self.parse_stride_or_offset()?);
                if !self.accept(TokKind::Comma) {
                    break;
                }
            }
        }
        self.expect(TokKind::RSquare, "']'")?;
        let mut offset = 0;
        if !self.accept(TokKind::Greater) {
            self.expect(TokKind::Comma, "','")?;
            if !self.accept_keyword("offset") {
                return Err(self.wrong_token_error("expected 'offset' after comma"));
            }
            self.expect(TokKind::Colon, "':' after 'offset'")?;
            offset = self.parse_stride_or_offset()?;
            self.expect(TokKind::Greater, "'>'")?;
        }
        Ok(self.ctx.intern_attr(AttrKind::Strided { strides, offset }))
    }

    /// `?` or a (maybe negative) integer that fits in i64.
    fn parse_stride_or_offset(&mut self) -> PResult<i64> {
        if self.accept(TokKind::Question) {
            return Ok(DYNAMIC);
        }
        let pos = self.tok.start;
        let neg = self.accept(TokKind::Minus);
        let v = if self.is(TokKind::Integer) {
            let text = self.spelling();
            match text.strip_prefix("0x") {
                Some(h) => u64::from_str_radix(h, 16).ok(),
                None => text.parse::<u64>().ok(),
            }
            .and_then(|v| i64::try_from(v).ok())
        } else {
            None
        };
        let Some(v) = v else { return Err(self.error_at(pos, "expected a 64-bit signed integer or '?'")) };
        self.bump();
        Ok(if neg { -v } else { v })
    }

    /// `distinct[id]<attr>` or `distinct[id]<>`.
    fn parse_distinct(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        let pos = self.tok.start;
        self.bump();
        self.expect(TokKind::LSquare, "'[' after 'distinct'")?;
        if !self.is(TokKind::Integer) {
            return Err(self.wrong_token_error("expected distinct ID"));
        }
        let text = self.spelling();
        self.bump();
        let id = match text.strip_prefix("0x") {
            Some(h) => u64::from_str_radix(h, 16).ok(),
            None => text.parse::<u64>().ok(),
        };
        let Some(id) = id else { return Err(self.error_here("expected an unsigned 64-bit integer")) };
        self.expect(TokKind::RSquare, "']' to close distinct ID")?;
        self.expect(TokKind::Less, "'<' after distinct ID")?;
        let referenced = if self.accept(TokKind::Greater) {
            self.ctx.unit_attr()
        } else {
            let inner_pos = self.tok.start;
            let a = match self.parse_attribute(ty) {
                Ok(a) => a,
                // Upstream adds its own error to the inner one.
                Err(d) => {
                    let at = self.loc_at(inner_pos);
                    return Err(d.with_error(at, "expected attribute"));
                }
            };
            self.expect(TokKind::Greater, "'>' to close distinct attribute")?;
            a
        };
        match self.distinct_attrs.get(&id) {
            Some(&prev) => {
                let AttrKind::Distinct { referenced: old, .. } = *self.ctx.attr_kind(prev) else { return Ok(prev) };
                if old != referenced {
                    let shown = super::printer::attr_to_string(self.ctx, old);
                    return Err(
                        self.error_at(pos, format!("referenced attribute does not match previous definition: {shown}"))
                    );
                }
                Ok(prev)
            }
            None => {
                let a = self.ctx.intern_attr(AttrKind::Distinct { id, referenced });
                self.distinct_attrs.insert(id, a);
                Ok(a)
            }
        }
    }

    /// `array<i64: 1, 2>` / `array<f32: 1.0>` / `array<i32>`, with upstream's checks: integer
    /// or float elements of whole bytes (or `i1`, written `true`/`false`).
    fn parse_dense_array(&mut self) -> PResult<Attribute> {
        self.bump();
        self.expect(TokKind::Less, "'<' after 'array'")?;
        let ty_pos = self.tok.start;
        let element = self.parse_type()?;
        let width = match self.ctx.type_kind(element) {
            TypeKind::Integer { width, .. } => Some(*width),
            _ => self.ctx.float_width(element),
        };
        let Some(width) = width else {
            let t = super::printer::type_to_string(self.ctx, element);
            return Err(self.error_at(ty_pos, format!("expected integer or float type, got: '{t}'")));
        };
        let is_i1 = width == 1 && self.ctx.is_integer(element);
        if !is_i1 && width % 8 != 0 {
            return Err(self.error_at(ty_pos, "element type bitwidth must be a multiple of 8"));
        }
        let mut values = Vec::new();
        if !self.accept(TokKind::Greater) {
            self.expect(TokKind::Colon, "':' after dense array type")?;
            loop {
                values.push(self.parse_dense_array_element(element, is_i1)?);
                if !self.accept(TokKind::Comma) {
                    break;
                }
            }
            self.expect(TokKind::Greater, "'>' to close an array attribute")?;
        }
        Ok(self.ctx.intern_attr(AttrKind::DenseArray { element, values }))
    }

    /// One element of `array<...>`: an integer (or `true`/`false` for `i1`), or a float as the
    /// bits of the equal f64.
    fn parse_dense_array_element(&mut self, element: Type, is_i1: bool) -> PResult<i128> {
        let neg = self.accept(TokKind::Minus);
        let pos = self.tok.start;
        if self.ctx.is_integer(element) {
            if self.is_keyword("true") || self.is_keyword("false") {
                if !is_i1 {
                    return Err(self.error_here("expected i1 type for 'true' or 'false' values"));
                }
                let v = self.is_keyword("true");
                self.bump();
                return Ok(v as i128);
            }
            if !self.is(TokKind::Integer) {
                return Err(self.error_here("expected integer literal"));
            }
            let text = self.spelling();
            self.bump();
            if is_i1 {
                return Err(self.error_here("expected 'true' or 'false' values for i1 type"));
            }
            let v = parse_int_text(text).map(|m| if neg { -m } else { m });
            return match v {
                Some(v) if self.int_fits(v, element) => Ok(self.ctx.normalize_int(v, element)),
                _ => Err(self.error_at(pos, "integer constant out of range")),
            };
        }
        let is_float = match self.tok.kind {
            TokKind::Float => true,
            TokKind::Integer => false,
            _ => return Err(self.error_here("expected floating point literal")),
        };
        let text = self.spelling();
        self.bump();
        let a = self.build_number(pos, neg, is_float, text, element)?;
        Ok(match self.ctx.attr_kind(a) {
            AttrKind::Float { bits, .. } => *bits as i128,
            _ => 0,
        })
    }

    /// `dense_resource<name> : type` (the type may be left out where the caller knows it, as in
    /// `memref.global`). The blob itself comes in the file's metadata, after the ops.
    fn parse_dense_resource(&mut self, hint: Option<Type>) -> PResult<Attribute> {
        self.bump();
        self.expect(TokKind::Less, "'<' after 'dense_resource'")?;
        if !matches!(self.tok.kind, TokKind::BareId | TokKind::String) {
            return Err(self.error_here("expected resource handle name"));
        }
        let name = if self.is(TokKind::String) {
            self.parse_string_literal()?
        } else {
            let n = self.spelling().to_string();
            self.bump();
            n
        };
        self.expect(TokKind::Greater, "'>'")?;
        let ty_pos = self.tok.start;
        let ty = match hint {
            Some(t) if !self.is(TokKind::Colon) => t,
            _ => {
                self.expect(TokKind::Colon, "':'")?;
                self.parse_type()?
            }
        };
        if !matches!(self.ctx.type_kind(ty), TypeKind::RankedTensor { .. } | TypeKind::Vector { .. }) {
            return Err(self.error_at(ty_pos, "`dense_resource` expected a shaped type"));
        }
        Ok(self.ctx.intern_attr(AttrKind::DenseResource { ty, name }))
    }
}

pub(super) fn parse_int_text(text: &str) -> Option<i128> {
    parse_int_magnitude(text).and_then(|v| i128::try_from(v).ok())
}

/// A decimal or `0x` literal's value, up to `u128::MAX`.
fn parse_int_magnitude(text: &str) -> Option<u128> {
    if let Some(h) = text.strip_prefix("0x") {
        return u128::from_str_radix(h, 16).ok();
    }
    text.parse::<u128>().ok()
}
