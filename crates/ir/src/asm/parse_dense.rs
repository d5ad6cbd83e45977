//! Parsing `dense<...>` elements literals, as upstream's TensorLiteralParser: the literal is
//! read into a flat list of element tokens and an inferred shape, then checked against the
//! type that follows it. Every check reports upstream's message at upstream's position.

use super::lexer::TokKind;
use super::parse_attrs::parse_int_text;
use super::parser::{PResult, Parser};
use crate::attributes::{AttrKind, DenseElements};
use crate::types::TypeKind;
use crate::{Attribute, Type};

/// One element token of a literal; a complex element `(re, im)` is two of them.
#[derive(Clone, Debug)]
pub(crate) enum ElemTok {
    Int(String),
    Float(String),
    Bool(bool),
    Str(String),
}

#[derive(Clone, Debug)]
pub(crate) struct Elem {
    pub neg: bool,
    pub tok: ElemTok,
    pub pos: usize,
}

/// A parsed literal before its type is known.
#[derive(Default)]
pub(crate) struct TensorLiteral {
    /// The shape given by nested lists; empty for a single element (a splat).
    pub shape: Vec<i64>,
    pub storage: Vec<Elem>,
    /// `"0x..."` data and its position, when the literal was a string and hex was allowed.
    pub hex: Option<(String, usize)>,
}

/// A shaped type that an elements literal can have: its shape, element type and element count.
pub(crate) struct ShapedInfo {
    pub shape: Vec<i64>,
    pub elem: Type,
    pub count: i64,
}

impl Parser<'_> {
    /// `dense<...> : type`; the type may be left out when the caller knows it (`hint`), as in
    /// `memref.global`'s initial value.
    pub(super) fn parse_dense(&mut self, hint: Option<Type>) -> PResult<Attribute> {
        let pos = self.tok.start;
        self.bump();
        self.expect(TokKind::Less, "'<' after 'dense'")?;
        let lit = if self.accept(TokKind::Greater) {
            TensorLiteral::default()
        } else {
            let lit = self.parse_tensor_literal(true)?;
            self.expect(TokKind::Greater, "'>'")?;
            lit
        };
        let ty = self.parse_elements_literal_type(pos, hint)?;
        let (splat, data) = self.build_dense(pos, ty, lit)?;
        Ok(self.ctx.intern_attr(AttrKind::DenseElements { ty, splat, data }))
    }

    /// `sparse<indices, values> : type` or `sparse<> : type`, checked as upstream's
    /// SparseElementsAttr: 1-d values, one row of `rank` indices per value, every index inside
    /// the shape.
    pub(super) fn parse_sparse(&mut self, hint: Option<Type>) -> PResult<Attribute> {
        let pos = self.tok.start;
        self.bump();
        self.expect(TokKind::Less, "'<' after 'sparse'")?;
        let i64_ty = self.ctx.integer_type(64);
        if self.accept(TokKind::Greater) {
            let ty = self.parse_elements_literal_type(pos, hint)?;
            let ShapedInfo { shape, elem, .. } = self.shaped_info(pos, ty)?;
            let indices_ty = self.ctx.tensor_type(vec![0, shape.len() as i64], i64_ty);
            let values_ty = self.ctx.tensor_type(vec![0], elem);
            let empty = |p: &mut Self, t: Type, float: bool| {
                let data = if float { DenseElements::Floats(vec![]) } else { DenseElements::Ints(vec![]) };
                p.ctx.intern_attr(AttrKind::DenseElements { ty: t, splat: false, data })
            };
            let indices = empty(self, indices_ty, false);
            let is_float = self.ctx.is_float(elem);
            let values = empty(self, values_ty, is_float);
            return Ok(self.ctx.intern_attr(AttrKind::Sparse { ty, indices, values }));
        }
        let indices_lit = self.parse_tensor_literal(false)?;
        self.expect(TokKind::Comma, "','")?;
        let values_lit = self.parse_tensor_literal(true)?;
        self.expect(TokKind::Greater, "'>'")?;
        let ty = self.parse_elements_literal_type(pos, hint)?;
        let ShapedInfo { shape, elem, .. } = self.shaped_info(pos, ty)?;
        let rank = shape.len() as i64;
        // A single index (splat) is one row of `rank` equal indices.
        let indices_shape = if indices_lit.shape.is_empty() { vec![1, rank] } else { indices_lit.shape.clone() };
        let indices_ty = self.ctx.tensor_type(indices_shape.clone(), i64_ty);
        let (i_splat, i_data) = self.build_dense(pos, indices_ty, indices_lit)?;
        let n_indices = indices_shape.first().copied().unwrap_or(0);
        let values_shape = if values_lit.shape.is_empty() { vec![n_indices] } else { values_lit.shape.clone() };
        let values_ty = self.ctx.tensor_type(values_shape.clone(), elem);
        let (v_splat, v_data) = self.build_dense(pos, values_ty, values_lit)?;
        if values_shape.len() != 1 {
            return Err(self.error_at(pos, "expected 1-d tensor for sparse element values"));
        }
        let show = |s: &[i64]| s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
        let rank_ok = match indices_shape.len() {
            2 => indices_shape[1] == rank,
            1 => rank == 1,
            _ => false,
        };
        if !rank_ok || n_indices != values_shape[0] {
            let msg = format!(
                "expected shape ([{}]); inferred shape of indices literal ([{}]); inferred shape of values literal ([{}])",
                show(&shape),
                show(&indices_shape),
                show(&values_shape)
            );
            return Err(self.error_at(pos, msg));
        }
        // Indices are read as unsigned, as upstream does.
        let index_values: Vec<u64> = match &i_data {
            DenseElements::Ints(v) => v.iter().map(|&x| x as i64 as u64).collect(),
            _ => Vec::new(),
        };
        let rows = if i_splat { 1 } else { usize::try_from(n_indices).unwrap_or(0) };
        let width = shape.len();
        for r in 0..rows {
            let row: Vec<u64> = if i_splat {
                vec![index_values.first().copied().unwrap_or(0); width]
            } else {
                index_values.get(r * width..(r + 1) * width).map(<[u64]>::to_vec).unwrap_or_default()
            };
            let inside = row.len() == width && row.iter().zip(&shape).all(|(&i, &d)| i < d as u64);
            if !inside {
                let t = super::printer::type_to_string(self.ctx, ty);
                let msg = format!(
                    "sparse index #{r} is not contained within the value shape, with index=[{}], and type='{t}'",
                    row.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
                );
                return Err(self.error_at(pos, msg));
            }
        }
        let indices = self.ctx.intern_attr(AttrKind::DenseElements { ty: indices_ty, splat: i_splat, data: i_data });
        let values = self.ctx.intern_attr(AttrKind::DenseElements { ty: values_ty, splat: v_splat, data: v_data });
        Ok(self.ctx.intern_attr(AttrKind::Sparse { ty, indices, values }))
    }

    /// The `: type` of an elements literal (unless the caller gave it), which must be a
    /// statically shaped tensor or vector. Errors go to the literal's keyword at `pos`.
    pub(crate) fn parse_elements_literal_type(&mut self, pos: usize, hint: Option<Type>) -> PResult<Type> {
        let ty = match hint {
            Some(t) if !self.is(TokKind::Colon) => t,
            _ => {
                self.expect(TokKind::Colon, "':'")?;
                self.parse_type()?
            }
        };
        match self.ctx.type_kind(ty) {
            // Upstream takes any ShapedType, memrefs too.
            TypeKind::RankedTensor { shape, .. } | TypeKind::Vector { shape, .. } | TypeKind::MemRef { shape, .. } => {
                if shape.iter().any(|&d| d < 0) {
                    return Err(self.error_at(pos, "elements literal type must have static shape"));
                }
            }
            TypeKind::UnrankedTensor { .. } | TypeKind::UnrankedMemRef { .. } => {
                return Err(self.error_at(pos, "elements literal type must have static shape"))
            }
            _ => return Err(self.error_at(pos, "elements literal must be a shaped type")),
        }
        Ok(ty)
    }

    /// Shape, element type and element count of a checked elements-literal type.
    pub(crate) fn shaped_info(&mut self, pos: usize, ty: Type) -> PResult<ShapedInfo> {
        let (shape, elem) = match self.ctx.type_kind(ty) {
            TypeKind::RankedTensor { shape, element, .. }
            | TypeKind::Vector { shape, element, .. }
            | TypeKind::MemRef { shape, element, .. } => (shape.clone(), *element),
            _ => return Err(self.error_at(pos, "elements literal must be a shaped type")),
        };
        let count = shape.iter().try_fold(1i64, |a, &d| a.checked_mul(d));
        let Some(count) = count else {
            return Err(self.error_at(pos, "elements literal type has too many elements"));
        };
        Ok(ShapedInfo { shape, elem, count })
    }

    /// A hex string (when `allow_hex`), a nested list of elements, or one element.
    pub(crate) fn parse_tensor_literal(&mut self, allow_hex: bool) -> PResult<TensorLiteral> {
        let mut lit = TensorLiteral::default();
        if allow_hex && self.is(TokKind::String) {
            let pos = self.tok.start;
            let s = self.parse_string_literal()?;
            lit.hex = Some((s, pos));
        } else if self.is(TokKind::LSquare) {
            lit.shape = self.parse_literal_list(&mut lit.storage)?;
        } else {
            self.parse_literal_element(&mut lit.storage)?;
        }
        Ok(lit)
    }

    /// `[e, e, ...]`; every element must have the same shape. Returns the list's shape.
    fn parse_literal_list(&mut self, storage: &mut Vec<Elem>) -> PResult<Vec<i64>> {
        self.nested(|p| {
            p.expect(TokKind::LSquare, "'['")?;
            let mut size: i64 = 0;
            let mut inner: Option<Vec<i64>> = None;
            if !p.accept(TokKind::RSquare) {
                loop {
                    let dims = if p.is(TokKind::LSquare) {
                        p.parse_literal_list(storage)?
                    } else {
                        p.parse_literal_element(storage)?;
                        Vec::new()
                    };
                    size += 1;
                    match &inner {
                        None => inner = Some(dims),
                        Some(prev) if *prev != dims => {
                            return Err(
                                p.error_here("tensor literal is invalid; ranks are not consistent between elements")
                            )
                        }
                        Some(_) => {}
                    }
                    if !p.accept(TokKind::Comma) {
                        break;
                    }
                }
                p.expect(TokKind::RSquare, "']'")?;
            }
            let mut shape = vec![size];
            shape.extend(inner.unwrap_or_default());
            Ok(shape)
        })
    }

    /// A number (maybe negated), `true`/`false`, a string, or a complex `(re, im)`.
    fn parse_literal_element(&mut self, storage: &mut Vec<Elem>) -> PResult<()> {
        let pos = self.tok.start;
        let tok = match self.tok.kind {
            TokKind::BareId if self.is_keyword("true") || self.is_keyword("false") => {
                ElemTok::Bool(self.is_keyword("true"))
            }
            TokKind::Integer => ElemTok::Int(self.spelling().to_string()),
            TokKind::Float => ElemTok::Float(self.spelling().to_string()),
            TokKind::Minus => {
                self.bump();
                let pos = self.tok.start;
                let tok = match self.tok.kind {
                    TokKind::Integer => ElemTok::Int(self.spelling().to_string()),
                    TokKind::Float => ElemTok::Float(self.spelling().to_string()),
                    _ => return Err(self.error_here("expected integer or floating point literal")),
                };
                self.bump();
                storage.push(Elem { neg: true, tok, pos });
                return Ok(());
            }
            TokKind::String => {
                let s = self.parse_string_literal()?;
                storage.push(Elem { neg: false, tok: ElemTok::Str(s), pos });
                return Ok(());
            }
            // Nested parentheses parse (and fail) as upstream, one nesting level each.
            TokKind::LParen => {
                return self.nested(|p| {
                    p.bump();
                    p.parse_literal_element(storage)?;
                    p.expect(TokKind::Comma, "',' between complex elements")?;
                    p.parse_literal_element(storage)?;
                    p.expect(TokKind::RParen, "')' after complex elements")
                })
            }
            _ => return Err(self.error_here("expected element literal of primitive type")),
        };
        self.bump();
        storage.push(Elem { neg: false, tok, pos });
        Ok(())
    }

    /// Check a parsed literal against its type and build its elements; errors about the whole
    /// literal go to `pos`, errors about one element to that element.
    pub(crate) fn build_dense(&mut self, pos: usize, ty: Type, lit: TensorLiteral) -> PResult<(bool, DenseElements)> {
        let ShapedInfo { shape, elem, count } = self.shaped_info(pos, ty)?;
        let complex = match self.ctx.type_kind(elem) {
            TypeKind::Complex { element } => Some(*element),
            _ => None,
        };
        let numeric = self.ctx.is_integer(elem) || self.ctx.is_index(elem) || self.ctx.is_float(elem);
        if let (Some((s, hex_pos)), true) = (&lit.hex, numeric || complex.is_some()) {
            return self.decode_hex_literal(pos, *hex_pos, s, ty, elem, count);
        }
        if !lit.shape.is_empty() && lit.shape != shape {
            let show = |s: &[i64]| s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
            let msg = format!(
                "inferred shape of elements literal ([{}]) does not match type ([{}])",
                show(&lit.shape),
                show(&shape)
            );
            return Err(self.error_at(pos, msg));
        }
        if lit.hex.is_none() && lit.storage.is_empty() && count != 0 {
            let msg = format!(
                "parsed zero elements, but type ('{}') expected at least 1",
                super::printer::type_to_string(self.ctx, ty)
            );
            return Err(self.error_at(pos, msg));
        }
        if let Some(part) = complex {
            let n = lit.storage.len();
            if lit.shape.is_empty() && count != 0 && n != 2 {
                let msg = format!(
                    "parsed {n} elements, but type ('{}') expected 2 elements",
                    super::printer::type_to_string(self.ctx, elem)
                );
                return Err(self.error_at(pos, msg));
            }
            let expected = count.saturating_mul(2);
            if !lit.shape.is_empty() && n as i64 != expected {
                let msg = format!(
                    "parsed {n} elements, but type ('{}') expected {expected} elements",
                    super::printer::type_to_string(self.ctx, ty)
                );
                return Err(self.error_at(pos, msg));
            }
            // The parts are checked like elements of their own type; the value is kept as the
            // raw bytes upstream stores (a hex blob), our only form for complex elements.
            let data = self.dense_numbers(&lit.storage, part)?;
            let hex = super::dense_hex::encode(self.ctx, &data, part);
            return self.decode_hex_literal(pos, pos, &hex, ty, elem, count);
        }
        let splat = lit.shape.is_empty() && !lit.storage.is_empty();
        let data = if numeric { self.dense_numbers(&lit.storage, elem)? } else { self.dense_strings(pos, lit)? };
        // Upstream stores an all-equal literal as a splat.
        let (splat, data) = normalize_splat(splat || count == 1, data, count);
        Ok((splat, data))
    }

    fn decode_hex_literal(
        &mut self,
        pos: usize,
        hex_pos: usize,
        s: &str,
        ty: Type,
        elem: Type,
        count: i64,
    ) -> PResult<(bool, DenseElements)> {
        use super::dense_hex::{decode, HexError};
        let (splat, data) = match decode(self.ctx, s, elem, count as u64) {
            Ok(d) => d,
            Err(HexError::NotHex) => {
                return Err(self.error_at(hex_pos, "expected string containing hex digits starting with `0x`"))
            }
            Err(HexError::BadSize) => {
                let msg = format!(
                    "elements hex data size is invalid for provided type: '{}'",
                    super::printer::type_to_string(self.ctx, ty)
                );
                return Err(self.error_at(pos, msg));
            }
        };
        // Kept as hex text, it prints back as it came (the printer writes hex verbatim).
        let splat = splat && !matches!(data, DenseElements::Hex(_));
        Ok(normalize_splat(splat, data, count))
    }

    /// The elements of an integer, index or float literal, each checked against `elem`.
    pub(crate) fn dense_numbers(&mut self, storage: &[Elem], elem: Type) -> PResult<DenseElements> {
        if self.ctx.is_float(elem) {
            let mut v = Vec::with_capacity(storage.len());
            for e in storage {
                let f = match &e.tok {
                    ElemTok::Float(text) => {
                        let f: f64 =
                            text.parse().map_err(|_| self.error_at(e.pos, "floating point value too large"))?;
                        if e.neg {
                            -f
                        } else {
                            f
                        }
                    }
                    // Hex bits, or the decimal-integer mistake; `build_number` reports both.
                    ElemTok::Int(text) => {
                        let a = self.build_number(e.pos, e.neg, false, text, elem)?;
                        self.ctx.attr_as_float(a).unwrap_or(0.0)
                    }
                    _ => return Err(self.error_at(e.pos, "expected floating point literal")),
                };
                v.push(self.ctx.round_float(f, elem).to_bits());
            }
            return Ok(DenseElements::Floats(v));
        }
        let unsigned = matches!(
            self.ctx.type_kind(elem),
            TypeKind::Integer { signedness: crate::types::Signedness::Unsigned, .. }
        );
        let is_i1 = matches!(self.ctx.type_kind(elem), TypeKind::Integer { width: 1, .. });
        let mut v = Vec::with_capacity(storage.len());
        for e in storage {
            if e.neg && unsigned {
                return Err(self.error_at(e.pos, "expected unsigned integer elements, but parsed negative value"));
            }
            let x = match &e.tok {
                ElemTok::Float(_) => {
                    return Err(self.error_at(e.pos, "expected integer elements, but parsed floating-point"))
                }
                ElemTok::Bool(b) => {
                    if !is_i1 {
                        return Err(self.error_at(e.pos, "expected i1 type for 'true' or 'false' values"));
                    }
                    *b as i128
                }
                ElemTok::Int(text) => {
                    let m = parse_int_text(text);
                    let x = m.map(|m| if e.neg { -m } else { m });
                    match x {
                        Some(x) if self.int_fits(x, elem) => x,
                        _ => return Err(self.error_at(e.pos, "integer constant out of range for type")),
                    }
                }
                ElemTok::Str(_) => return Err(self.error_at(e.pos, "integer constant out of range for type")),
            };
            v.push(self.ctx.normalize_int(x, elem));
        }
        Ok(DenseElements::Ints(v))
    }

    /// Elements of any other type are strings (upstream's DenseStringElementsAttr).
    fn dense_strings(&mut self, pos: usize, lit: TensorLiteral) -> PResult<DenseElements> {
        if let Some((s, _)) = lit.hex {
            return Ok(DenseElements::Strings(vec![s]));
        }
        let mut v = Vec::with_capacity(lit.storage.len());
        for e in lit.storage {
            match e.tok {
                ElemTok::Str(s) => v.push(s),
                ElemTok::Int(t) | ElemTok::Float(t) => {
                    return Err(self.error_at(pos, format!("expected string token, got {t}")))
                }
                ElemTok::Bool(b) => return Err(self.error_at(pos, format!("expected string token, got {b}"))),
            }
        }
        Ok(DenseElements::Strings(v))
    }
}

fn normalize_splat(splat: bool, data: DenseElements, count: i64) -> (bool, DenseElements) {
    fn all_eq<T: PartialEq>(v: &[T]) -> bool {
        v.windows(2).all(|w| w[0] == w[1])
    }
    let uniform = match &data {
        DenseElements::Ints(v) => !v.is_empty() && all_eq(v),
        DenseElements::Floats(v) => !v.is_empty() && all_eq(v),
        DenseElements::Strings(v) => !v.is_empty() && all_eq(v),
        DenseElements::Hex(_) => false,
    };
    if splat || (uniform && count > 0) {
        let data = match data {
            DenseElements::Ints(mut v) => {
                v.truncate(1);
                DenseElements::Ints(v)
            }
            DenseElements::Floats(mut v) => {
                v.truncate(1);
                DenseElements::Floats(v)
            }
            DenseElements::Strings(mut v) => {
                v.truncate(1);
                DenseElements::Strings(v)
            }
            h => h,
        };
        return (true, data);
    }
    (false, data)
}
