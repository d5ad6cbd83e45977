//! The arith enums and bit enums: comparison predicates, `#arith.fastmath<...>`,
//! `#arith.overflow<...>` and the rounding modes, with upstream's spellings and numbering.

use flowgate_ir::{AttrKind, Attribute, Context};

/// `arith.cmpi` predicates in upstream's numbering (the `predicate` attribute's value).
pub const CMPI_PREDICATES: [&str; 10] = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];

/// `arith.cmpf` predicates in upstream's numbering.
pub const CMPF_PREDICATES: [&str; 16] =
    ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"];

/// Rounding modes of `arith.truncf` and `arith.scaling_truncf` (`roundingmode : i32`).
pub const ROUNDING_MODES: [&str; 5] = ["to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"];

/// Fast-math flag names in upstream's bit order; `fast` is all of them.
const FASTMATH_BITS: [&str; 7] = ["reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"];
pub const FASTMATH_FAST: u32 = 0x7f;

const OVERFLOW_BITS: [&str; 2] = ["nsw", "nuw"];
pub const OVERFLOW_NSW: u32 = 1;
pub const OVERFLOW_NUW: u32 = 2;
pub const FASTMATH_NNAN: u32 = 2;
pub const FASTMATH_NSZ: u32 = 8;
pub const FASTMATH_CONTRACT: u32 = 32;

/// Which bit enum an attribute holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BitEnum {
    FastMath,
    Overflow,
}

impl BitEnum {
    fn mnemonic(self) -> &'static str {
        match self {
            BitEnum::FastMath => "fastmath",
            BitEnum::Overflow => "overflow",
        }
    }

    fn bits(self) -> &'static [&'static str] {
        match self {
            BitEnum::FastMath => &FASTMATH_BITS,
            BitEnum::Overflow => &OVERFLOW_BITS,
        }
    }

    /// Parse a flag list (`nnan, ninf` or `fast` or `none`); `Err` names the bad keyword.
    pub fn parse_list<'s>(self, words: impl IntoIterator<Item = &'s str>) -> Result<u32, String> {
        let mut v = 0;
        for w in words {
            let w = w.trim();
            match w {
                "none" => {}
                "fast" if self == BitEnum::FastMath => v |= FASTMATH_FAST,
                _ => match self.bits().iter().position(|b| *b == w) {
                    Some(i) => v |= 1 << i,
                    None => return Err(w.to_string()),
                },
            }
        }
        Ok(v)
    }

    /// Upstream's spelling: `none`, `fast`, or the set bits in declaration order. Fast-math
    /// flags are joined by `,` and overflow flags by `, `, as upstream prints them.
    pub fn to_text(self, v: u32) -> String {
        if v == 0 {
            return "none".to_string();
        }
        if self == BitEnum::FastMath && v & FASTMATH_FAST == FASTMATH_FAST {
            return "fast".to_string();
        }
        let names: Vec<&str> =
            self.bits().iter().enumerate().filter(|(i, _)| v & (1 << i) != 0).map(|(_, n)| *n).collect();
        names.join(if self == BitEnum::FastMath { "," } else { ", " })
    }

    /// The attribute `#arith.fastmath<...>` / `#arith.overflow<...>` for flags `v`.
    pub fn attr(self, ctx: &mut Context, v: u32) -> Attribute {
        let body = format!("{}<{}>", self.mnemonic(), self.to_text(v));
        ctx.intern_attr(AttrKind::Opaque { dialect: "arith".to_string(), body })
    }

    /// Decode an attribute of this kind; `None` when it is another attribute or malformed.
    pub fn decode(self, ctx: &Context, a: Attribute) -> Option<u32> {
        let AttrKind::Opaque { dialect, body } = ctx.attr_kind(a) else { return None };
        if dialect != "arith" {
            return None;
        }
        let inner = body.strip_prefix(self.mnemonic())?.strip_prefix('<')?.strip_suffix('>')?;
        self.parse_list(inner.split(',')).ok()
    }
}

/// Flags stored on `op` under `name`; absent means none (upstream's default value).
pub fn op_flags(ctx: &Context, op: flowgate_ir::OpId, name: &str, kind: BitEnum) -> u32 {
    ctx.attr(op, name).and_then(|a| kind.decode(ctx, a)).unwrap_or(0)
}

/// The index of `name` in a predicate table.
pub fn lookup(table: &[&str], name: &str) -> Option<usize> {
    table.iter().position(|p| *p == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fastmath_spelling_follows_upstream_order() {
        let v = BitEnum::FastMath.parse_list(["ninf", "reassoc", "nnan"]).unwrap();
        assert_eq!(BitEnum::FastMath.to_text(v), "reassoc,nnan,ninf");
        assert_eq!(BitEnum::FastMath.to_text(FASTMATH_FAST), "fast");
        assert_eq!(BitEnum::FastMath.to_text(0), "none");
        assert!(BitEnum::FastMath.parse_list(["nsw"]).is_err());
    }

    #[test]
    fn overflow_attr_round_trips() {
        let mut ctx = Context::new();
        let a = BitEnum::Overflow.attr(&mut ctx, 3);
        assert_eq!(BitEnum::Overflow.decode(&ctx, a), Some(3));
        assert_eq!(BitEnum::FastMath.decode(&ctx, a), None);
        assert_eq!(BitEnum::Overflow.to_text(3), "nsw, nuw");
    }
}
