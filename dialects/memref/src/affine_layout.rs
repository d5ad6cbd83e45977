//! Strides and offset of an affine-map layout, after upstream's `getStridesAndOffset`: the map
//! must have one result that is linear in the dimensions, each coefficient a constant or an
//! expression of symbols (then `?`); what is left over is the offset. Maps with `mod`,
//! `floordiv`, `ceildiv` or products of dimensions are not strided.

use flowgate_ir::DYNAMIC;

/// A coefficient of a linear layout expression: a constant, one symbol, or anything else
/// built from symbols (upstream then reports the stride as dynamic).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Coef {
    Const(i64),
    Sym(usize),
    Complex,
}

impl Coef {
    fn add(self, o: Coef) -> Coef {
        match (self, o) {
            (Coef::Const(0), x) | (x, Coef::Const(0)) => x,
            (Coef::Const(a), Coef::Const(b)) => a.checked_add(b).map_or(Coef::Complex, Coef::Const),
            _ => Coef::Complex,
        }
    }

    fn mul(self, o: Coef) -> Coef {
        match (self, o) {
            (Coef::Const(0), _) | (_, Coef::Const(0)) => Coef::Const(0),
            (Coef::Const(1), x) | (x, Coef::Const(1)) => x,
            (Coef::Const(a), Coef::Const(b)) => a.checked_mul(b).map_or(Coef::Complex, Coef::Const),
            _ => Coef::Complex,
        }
    }

    /// The static value, `DYNAMIC` when symbols are involved.
    pub(crate) fn value(self) -> i64 {
        match self {
            Coef::Const(c) => c,
            _ => DYNAMIC,
        }
    }
}

/// A linear expression: one coefficient per dimension and a constant part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Lin {
    pub dims: Vec<Coef>,
    pub constant: Coef,
}

impl Lin {
    fn constant(n: usize, c: Coef) -> Lin {
        Lin { dims: vec![Coef::Const(0); n], constant: c }
    }

    fn has_dims(&self) -> bool {
        self.dims.iter().any(|&d| d != Coef::Const(0))
    }

    fn add(mut self, o: &Lin) -> Lin {
        for (a, &b) in self.dims.iter_mut().zip(&o.dims) {
            *a = a.add(b);
        }
        self.constant = self.constant.add(o.constant);
        self
    }

    fn scale(mut self, k: Coef) -> Lin {
        for a in self.dims.iter_mut() {
            *a = a.mul(k);
        }
        self.constant = self.constant.mul(k);
        self
    }
}

struct Parser<'a> {
    toks: Vec<&'a str>,
    pos: usize,
    dims: Vec<&'a str>,
    syms: Vec<&'a str>,
    /// Nesting depth, bounded so a deeply parenthesized map cannot exhaust the stack.
    depth: usize,
}

const MAX_DEPTH: usize = 64;

fn tokenize(s: &str) -> Option<Vec<&str>> {
    let mut out = Vec::new();
    let mut i = 0;
    let b = s.as_bytes();
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_alphanumeric() || c == b'_' {
            let st = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'$') {
                i += 1;
            }
            out.push(&s[st..i]);
        } else if s[i..].starts_with("->") {
            out.push("->");
            i += 2;
        } else if b"()[],+-*".contains(&c) {
            out.push(&s[i..i + 1]);
            i += 1;
        } else {
            return None;
        }
    }
    Some(out)
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<&'a str> {
        self.toks.get(self.pos).copied()
    }

    fn eat(&mut self, t: &str) -> bool {
        if self.peek() == Some(t) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// `( id, id, ... )` or `[ id, ... ]`.
    fn id_list(&mut self, open: &str, close: &str) -> Option<Vec<&'a str>> {
        if !self.eat(open) {
            return None;
        }
        let mut ids = Vec::new();
        if self.eat(close) {
            return Some(ids);
        }
        loop {
            ids.push(self.peek()?);
            self.pos += 1;
            if self.eat(close) {
                return Some(ids);
            }
            if !self.eat(",") {
                return None;
            }
        }
    }

    fn expr(&mut self) -> Option<Lin> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return None;
        }
        let mut acc = self.term()?;
        loop {
            if self.eat("+") {
                let t = self.term()?;
                acc = acc.add(&t);
            } else if self.eat("-") {
                let t = self.term()?.scale(Coef::Const(-1));
                acc = acc.add(&t);
            } else {
                break;
            }
        }
        self.depth -= 1;
        Some(acc)
    }

    fn term(&mut self) -> Option<Lin> {
        let mut acc = self.factor()?;
        while self.eat("*") {
            let f = self.factor()?;
            // One side must be free of dimensions (semi-affine products are not strided).
            acc = match (acc.has_dims(), f.has_dims()) {
                (false, _) => f.scale(acc.constant),
                (true, false) => acc.scale(f.constant),
                (true, true) => return None,
            };
        }
        Some(acc)
    }

    fn factor(&mut self) -> Option<Lin> {
        let n = self.dims.len();
        let t = self.peek()?;
        self.pos += 1;
        match t {
            "(" => {
                let e = self.expr()?;
                self.eat(")").then_some(e)
            }
            "-" => {
                // Unary minus nests too: count it against the same bound.
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return None;
                }
                let f = self.factor()?.scale(Coef::Const(-1));
                self.depth -= 1;
                Some(f)
            }
            _ if t.bytes().all(|c| c.is_ascii_digit()) => Some(Lin::constant(n, Coef::Const(t.parse().ok()?))),
            _ => {
                if let Some(i) = self.dims.iter().position(|&d| d == t) {
                    let mut l = Lin::constant(n, Coef::Const(0));
                    l.dims[i] = Coef::Const(1);
                    return Some(l);
                }
                // `mod`, `floordiv`, `ceildiv` or an unknown name give `None`.
                self.syms.iter().position(|&x| x == t).map(|k| Lin::constant(n, Coef::Sym(k)))
            }
        }
    }
}

/// The single linear result of the affine map whose text (between `affine_map<` and `>`) is
/// `map`, with its number of symbols; `None` when it is not a strided layout of `rank`
/// dimensions.
pub(crate) fn linear(map: &str, rank: usize) -> Option<(Lin, usize)> {
    let toks = tokenize(map)?;
    let mut p = Parser { toks, pos: 0, dims: Vec::new(), syms: Vec::new(), depth: 0 };
    p.dims = p.id_list("(", ")")?;
    if p.peek() == Some("[") {
        p.syms = p.id_list("[", "]")?;
    }
    if p.dims.len() != rank || !p.eat("->") || !p.eat("(") {
        return None;
    }
    let e = p.expr()?;
    if !p.eat(")") || p.pos != p.toks.len() {
        return None;
    }
    Some((e, p.syms.len()))
}

/// `(strides, offset)` of the affine map whose text is `map`, or `None` when it is not a
/// strided layout of `rank` dimensions.
pub(crate) fn strides_and_offset(map: &str, rank: usize) -> Option<(Vec<i64>, i64)> {
    let (e, _) = linear(map, rank)?;
    Some((e.dims.iter().map(|c| c.value()).collect(), e.constant.value()))
}

/// The linear form of `strided<strides, offset: offset>` as upstream's
/// `makeStridedLinearLayoutMap` builds it: a symbol for a dynamic offset, then one per dynamic
/// stride in order.
pub(crate) fn strided_linear(strides: &[i64], offset: i64) -> (Lin, usize) {
    let mut next = 0;
    let mut coef = |v: i64| {
        if v == DYNAMIC {
            next += 1;
            Coef::Sym(next - 1)
        } else {
            Coef::Const(v)
        }
    };
    let constant = coef(offset);
    let dims = strides.iter().map(|&s| coef(s)).collect();
    (Lin { dims, constant }, next)
}

/// Upstream's `makeCanonicalStridedLayoutExpr`: row-major strides of `shape`, a fresh symbol
/// for each stride outside a dynamic dimension.
pub(crate) fn canonical_linear(shape: &[i64]) -> (Lin, usize) {
    let mut dims = vec![Coef::Const(0); shape.len()];
    let mut running = Some(1i64);
    let mut syms = 0;
    for (i, &d) in shape.iter().enumerate().rev() {
        dims[i] = match running {
            Some(r) => Coef::Const(r),
            None => {
                syms += 1;
                Coef::Sym(syms - 1)
            }
        };
        running = match running {
            Some(r) if d > 0 => r.checked_mul(d),
            _ => None,
        };
    }
    (Lin { dims, constant: Coef::Const(0) }, syms)
}

/// The `affine_map<...>` upstream's `canonicalizeStridedLayout` leaves for
/// `strided<strides, offset: offset>` on `shape`, as upstream prints it; `None` when it is the
/// identity (no layout). A 0-d layout stays strided. Pure affine maps print flattened (dimensions in order, then the
/// offset symbol, then the constant); with dynamic strides the terms keep the order
/// `makeStridedLinearLayoutMap` builds them in, a symbolic offset after the first dimension
/// term and a constant last (upstream's `simplifyAdd`).
pub(crate) fn canonical_map_text(shape: &[i64], strides: &[i64], offset: i64) -> Option<String> {
    let (lin, nsyms) = strided_linear(strides, offset);
    if !shape.is_empty() && lin.dims == canonical_linear(shape).0.dims && lin.constant == Coef::Const(0) {
        return None;
    }
    if shape.is_empty() {
        // Upstream keeps a 0-d strided layout as it is, unless its offset is 0.
        return match offset {
            0 => None,
            DYNAMIC => Some("strided<[], offset: ?>".to_string()),
            o => Some(format!("strided<[], offset: {o}>")),
        };
    }
    // Terms as (text of the positive part, negative?).
    let term = |i: usize, c: Coef| -> Option<(String, bool)> {
        match c {
            Coef::Const(0) => None,
            Coef::Const(1) => Some((format!("d{i}"), false)),
            Coef::Const(-1) => Some((format!("d{i}"), true)),
            Coef::Const(k) if k < 0 => Some((format!("d{i} * {}", k.unsigned_abs()), true)),
            Coef::Const(k) => Some((format!("d{i} * {k}"), false)),
            Coef::Sym(k) => Some((format!("d{i} * s{k}"), false)),
            Coef::Complex => Some((format!("d{i} * ?"), false)),
        }
    };
    let dims: Vec<(String, bool)> = lin.dims.iter().enumerate().filter_map(|(i, &c)| term(i, c)).collect();
    let sym_offset = matches!(lin.constant, Coef::Sym(_)).then(|| ("s0".to_string(), false));
    let const_offset = match lin.constant {
        Coef::Const(c) if c != 0 => Some((c.unsigned_abs().to_string(), c < 0)),
        _ => None,
    };
    let mut terms: Vec<(String, bool)> = Vec::new();
    if strides.iter().all(|&s| s != DYNAMIC) {
        terms.extend(dims);
        terms.extend(sym_offset);
    } else {
        let mut it = dims.into_iter();
        terms.extend(it.next());
        terms.extend(sym_offset);
        terms.extend(it);
    }
    terms.extend(const_offset);
    let mut expr = String::new();
    for (k, (t, neg)) in terms.iter().enumerate() {
        match (k, neg) {
            (0, false) => expr.push_str(t),
            (0, true) if t.contains(" * ") => {
                // A leading negative multiple prints as `d0 * -4`.
                let (d, m) = t.split_once(" * ").unwrap_or((t, ""));
                expr.push_str(&format!("{d} * -{m}"));
            }
            (0, true) => expr.push_str(&format!("-{t}")),
            (_, false) => expr.push_str(&format!(" + {t}")),
            (_, true) => expr.push_str(&format!(" - {t}")),
        }
    }
    if expr.is_empty() {
        expr.push('0');
    }
    let dims: Vec<String> = (0..shape.len()).map(|i| format!("d{i}")).collect();
    let syms = if nsyms > 0 {
        format!("[{}]", (0..nsyms).map(|k| format!("s{k}")).collect::<Vec<_>>().join(", "))
    } else {
        String::new()
    };
    Some(format!("affine_map<({}){syms} -> ({expr})>", dims.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strided_maps() {
        assert_eq!(strides_and_offset("(d0)[s0] -> (d0 + s0)", 1), Some((vec![1], DYNAMIC)));
        assert_eq!(strides_and_offset("(d0)[s0, s1] -> (d0 * s1 + s0)", 1), Some((vec![DYNAMIC], DYNAMIC)));
        assert_eq!(strides_and_offset("() -> (4)", 0), Some((vec![], 4)));
        assert_eq!(strides_and_offset("(d0, d1)[s0] -> (d0 * 16 + d1 + s0)", 2), Some((vec![16, 1], DYNAMIC)));
        assert_eq!(strides_and_offset("(d0, d1)[s0] -> (d0 + d1 * s0)", 2), Some((vec![1, DYNAMIC], 0)));
        assert_eq!(strides_and_offset("(d0, d1) -> (d1, d0)", 2), None);
        assert_eq!(strides_and_offset("(d0) -> (d0 mod 2)", 1), None);
        assert_eq!(strides_and_offset("(d0, d1) -> (d0 * d1)", 2), None);
        assert_eq!(strides_and_offset("(d0) -> (d0 - 3)", 1), Some((vec![1], -3)));
        let (a, na) = linear("(i, j)[off, M] -> (off + M * i + j)", 2).unwrap();
        let (b, nb) = strided_linear(&[DYNAMIC, 1], DYNAMIC);
        assert_eq!((a, na), (b, nb));
        assert_eq!(canonical_linear(&[DYNAMIC, DYNAMIC]).0.dims, vec![Coef::Sym(0), Coef::Const(1)]);
        let deep = format!("(d0) -> ({}d0{})", "(".repeat(10_000), ")".repeat(10_000));
        assert_eq!(strides_and_offset(&deep, 1), None);
        assert_eq!(canonical_map_text(&[4, 3], &[1, 4], 0).as_deref(), Some("affine_map<(d0, d1) -> (d0 + d1 * 4)>"));
        assert_eq!(canonical_map_text(&[3, 4], &[4, 1], 0), None);
        assert_eq!(
            canonical_map_text(&[4, 3], &[1, -8], 50).as_deref(),
            Some("affine_map<(d0, d1) -> (d0 - d1 * 8 + 50)>")
        );
        assert_eq!(canonical_map_text(&[], &[], 4).as_deref(), Some("strided<[], offset: 4>"));
        let negs = format!("(d0) -> ({}d0)", "- ".repeat(10_000));
        assert_eq!(strides_and_offset(&negs, 1), None);
        assert_eq!(strides_and_offset("(d0) -> (- - d0)", 1), Some((vec![1], 0)));
    }
}
