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
        let negs = format!("(d0) -> ({}d0)", "- ".repeat(10_000));
        assert_eq!(strides_and_offset(&negs, 1), None);
        assert_eq!(strides_and_offset("(d0) -> (- - d0)", 1), Some((vec![1], 0)));
    }
}
