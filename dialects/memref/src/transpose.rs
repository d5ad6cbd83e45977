//! `memref.transpose %m (i, j) -> (j, i) : T to U`: a view with permuted dimensions. The
//! permutation is kept as an `affine_map` attribute (`permutation`) with upstream's canonical
//! dimension names (`(d0, d1) -> (d1, d0)`) when every result is a dimension, else as written.
//!
//! The result type is checked against the permuted strided layout of the input when both
//! layouts are strided (or the identity); an affine-map layout on either side is accepted
//! without that check, because comparing affine maps needs the affine-expression
//! simplification we do not have (upstream's `canonicalizeStridedLayout`).

use crate::util::{q, ranked, strides_and_offset};
use flowgate_ir::asm::{type_to_string, OpParser, OpPrinter, PResult, TokKind};
use flowgate_ir::{AttrKind, Context, Count, Diagnostic, OpDef, OpId, Traits, Type};

pub(crate) fn defs() -> Vec<OpDef> {
    vec![OpDef {
        traits: Traits::PURE,
        inherent_attrs: &["permutation"],
        parse: Some(parse_transpose),
        print: Some(print_transpose),
        verify: Some(verify_transpose),
        result_names: Some(|_, _| Some("transpose".into())),
        operands: Count::Exactly(1),
        results: Count::Exactly(1),
        regions: Count::Exactly(0),
        successors: Count::Exactly(0),
        ..OpDef::new("memref.transpose")
    }]
}

/// A parenthesized list of the raw token spellings of each comma-separated entry.
fn parse_entries(p: &mut OpParser<'_, '_>) -> PResult<Vec<Vec<String>>> {
    p.expect(TokKind::LParen, "'('")?;
    let mut entries = vec![Vec::new()];
    let mut depth = 0usize;
    loop {
        if p.is(TokKind::Eof) {
            return Err(p.error("expected ')'"));
        }
        if depth == 0 && p.accept(TokKind::RParen) {
            break;
        }
        if depth == 0 && p.accept(TokKind::Comma) {
            entries.push(Vec::new());
            continue;
        }
        if p.is(TokKind::LParen) {
            depth += 1;
        } else if p.is(TokKind::RParen) {
            depth -= 1;
        }
        let text = p.token_spelling();
        p.bump_token();
        if let Some(e) = entries.last_mut() {
            e.push(text);
        }
    }
    if entries.len() == 1 && entries[0].is_empty() {
        entries.clear();
    }
    Ok(entries)
}

fn parse_transpose(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.parse_operand()?;
    let dims = parse_entries(p)?;
    p.expect(TokKind::Arrow, "'->'")?;
    let results = parse_entries(p)?;
    let names: Option<Vec<&str>> =
        dims.iter().map(|d| if let [n] = d.as_slice() { Some(n.as_str()) } else { None }).collect();
    let Some(names) = names else { return Err(p.error("expected bare identifier")) };
    let position = |r: &Vec<String>| match r.as_slice() {
        [n] => names.iter().position(|d| d == n),
        _ => None,
    };
    let canonical: Option<Vec<usize>> = results.iter().map(position).collect();
    let dim_list = (0..names.len()).map(|i| format!("d{i}")).collect::<Vec<_>>().join(", ");
    let text = match canonical {
        Some(perm) => {
            let res = perm.iter().map(|i| format!("d{i}")).collect::<Vec<_>>().join(", ");
            format!("({dim_list}) -> ({res})")
        }
        // Not a map of bare dimensions: kept as written (the verifier rejects it).
        None => {
            let res = results.iter().map(|r| r.join(" ")).collect::<Vec<_>>().join(", ");
            format!("({}) -> ({res})", names.join(", "))
        }
    };
    let perm = p.ctx().intern_attr(AttrKind::AffineMap(text));
    p.add_attr("permutation", perm);
    p.parse_optional_attr_dict()?;
    let st = p.parse_colon_type()?;
    p.expect_keyword("to")?;
    let rt = p.parse_type()?;
    p.add_operand(&src, st)?;
    p.add_result_types(&[rt]);
    Ok(())
}

fn print_transpose(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let src = ctx.operand(op, 0);
    p.write(" ");
    p.print_value(src);
    if let Some(AttrKind::AffineMap(text)) = ctx.attr(op, "permutation").map(|a| ctx.attr_kind(a)) {
        p.write(" ");
        p.write(text);
    }
    p.print_optional_attr_dict(op, &["permutation"]);
    p.write(" : ");
    p.print_type(ctx.value_type(src));
    p.write(" to ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

/// The permutation of a map `(d0, ..., dn) -> (dk, ...)` in canonical names: `(dims, perm)`
/// with `perm` `None` unless every result is a distinct dimension and there are as many
/// results as dimensions (upstream's `isPermutation`).
pub(crate) fn permutation(text: &str) -> (usize, Option<Vec<usize>>) {
    let Some((lhs, rhs)) = text.split_once("->") else { return (0, None) };
    let list = |s: &str| -> Vec<String> {
        let s = s.trim().trim_start_matches('(').trim_end_matches(')');
        s.split(',').map(|x| x.trim().to_string()).filter(|x| !x.is_empty()).collect()
    };
    let dims = list(lhs);
    let results = list(rhs);
    let perm: Option<Vec<usize>> = results
        .iter()
        .map(|r| r.strip_prefix('d').and_then(|k| k.parse::<usize>().ok()).filter(|&k| k < dims.len()))
        .collect();
    let perm = perm.filter(|p| {
        let mut seen = vec![false; dims.len()];
        p.len() == dims.len() && p.iter().all(|&k| !std::mem::replace(&mut seen[k], true))
    });
    (dims.len(), perm)
}

fn verify_transpose(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let err = |m: String| Diagnostic::op_error(ctx, op, m);
    let Some(AttrKind::AffineMap(text)) = ctx.attr(op, "permutation").map(|a| ctx.attr_kind(a)) else {
        return Err(err("requires attribute 'permutation'".into()));
    };
    let st = ctx.value_type(ctx.operand(op, 0));
    let rt = ctx.value_type(ctx.result(op, 0));
    let (Some(src), Some(res)) = (ranked(ctx, st), ranked(ctx, rt)) else {
        return Err(err(format!("operand #0 must be strided memref of any type values, but got {}", q(ctx, st))));
    };
    let (ndims, perm) = permutation(text);
    let Some(perm) = perm else { return Err(err("expected a permutation map".into())) };
    if ndims != src.shape.len() {
        return Err(err("expected a permutation map of same rank as the input".into()));
    }
    let expected = transposed(ctx, st, &perm);
    if let (Some((shape, strides, offset)), Some((r_strides, r_offset))) = (expected, strides_and_offset(ctx, rt)) {
        let same = res.shape == shape
            && res.element == src.element
            && res.memory_space == src.memory_space
            && r_strides == strides
            && r_offset == offset;
        if !same {
            return Err(err(format!(
                "result type {} is not equivalent to the canonical transposed input type '{}'",
                q(ctx, rt),
                expected_text(ctx, st, &shape, &strides, offset)
            )));
        }
    }
    Ok(())
}

/// Shape, strides and offset of the input permuted; `None` for an affine-map input layout.
fn transposed(ctx: &Context, t: Type, perm: &[usize]) -> Option<(Vec<i64>, Vec<i64>, i64)> {
    let m = ranked(ctx, t)?;
    let (strides, offset) = strides_and_offset(ctx, t)?;
    let shape = perm.iter().map(|&k| m.shape.get(k).copied()).collect::<Option<Vec<_>>>()?;
    let strides = perm.iter().map(|&k| strides.get(k).copied()).collect::<Option<Vec<_>>>()?;
    Some((shape, strides, offset))
}

fn expected_text(ctx: &Context, like: Type, shape: &[i64], strides: &[i64], offset: i64) -> String {
    let Some(m) = ranked(ctx, like) else { return String::new() };
    let dim = |d: i64| if d == flowgate_ir::DYNAMIC { "?".to_string() } else { d.to_string() };
    let mut s = String::from("memref<");
    for &d in shape {
        s.push_str(&dim(d));
        s.push('x');
    }
    s.push_str(&type_to_string(ctx, m.element));
    s.push_str(", strided<[");
    s.push_str(&strides.iter().map(|&d| dim(d)).collect::<Vec<_>>().join(", "));
    s.push(']');
    if offset != 0 {
        s.push_str(&format!(", offset: {}", dim(offset)));
    }
    s.push_str(">>");
    s
}
