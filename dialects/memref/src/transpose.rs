//! `memref.transpose %in (d0, d1) -> (d1, d0) : T to U`: a view with permuted dimensions.
//! The permutation is kept as an `affine_map` attribute with canonical dimension names; the
//! result type must be equivalent to the source's sizes and strides permuted (upstream's
//! `inferTransposeResultType` compared after `canonicalizeStridedLayout`).

use crate::affine_layout::{canonical_linear, canonical_map_text, linear, strided_linear, Lin};
use crate::util::*;
use flowgate_ir::asm::{attr_to_string, type_to_string, OpParser, OpPrinter, PResult, TokKind};
use flowgate_ir::{AttrKind, Attribute, Context, Count, Diagnostic, OpDef, OpId, Type, DYNAMIC};

pub(crate) fn defs() -> Vec<OpDef> {
    vec![OpDef {
        inherent_attrs: &["permutation"],
        parse: Some(parse),
        print: Some(print),
        verify: Some(verify),
        result_names: Some(|_, _| Some("transpose".into())),
        operands: Count::Exactly(1),
        ..OpDef::pure_value("memref.transpose")
    }]
}

/// A map `(d0, ..., dn-1) -> (r0, ...)` whose results are bare dimensions: `(n, results)`.
/// `None` for any other map.
fn permutation_of(text: &str) -> Option<(usize, Vec<usize>)> {
    let (dims, results) = text.split_once("->")?;
    let list = |s: &str| -> Option<Vec<String>> {
        let s = s.trim().strip_prefix('(')?.strip_suffix(')')?;
        Some(s.split(',').map(|x| x.trim().to_string()).filter(|x| !x.is_empty()).collect())
    };
    if dims.contains('[') {
        return None;
    }
    let dims = list(dims)?;
    let results = list(results)?;
    let perm = results.iter().map(|r| dims.iter().position(|d| d == r)).collect::<Option<Vec<_>>>()?;
    Some((dims.len(), perm))
}

pub(crate) fn permutation(ctx: &Context, op: OpId) -> Option<(usize, Vec<usize>)> {
    match ctx.attr(op, "permutation").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::AffineMap(text)) => permutation_of(text),
        _ => None,
    }
}

fn map_text(n: usize, perm: &[usize]) -> String {
    let d = |i: &usize| format!("d{i}");
    let dims: Vec<String> = (0..n).map(|i| d(&i)).collect();
    let res: Vec<String> = perm.iter().map(d).collect();
    format!("({}) -> ({})", dims.join(", "), res.join(", "))
}

pub(crate) fn map_attr(ctx: &mut Context, n: usize, perm: &[usize]) -> Attribute {
    ctx.intern_attr(AttrKind::AffineMap(map_text(n, perm)))
}

/// A parenthesized, comma-separated list, each entry as the spellings of its tokens.
fn entries(p: &mut OpParser<'_, '_>) -> PResult<Vec<Vec<String>>> {
    p.expect(TokKind::LParen, "'('")?;
    let mut out = vec![Vec::new()];
    let mut depth = 0usize;
    loop {
        if p.is(TokKind::Eof) {
            return Err(p.error("expected ')'"));
        }
        if depth == 0 && p.accept(TokKind::RParen) {
            break;
        }
        if depth == 0 && p.accept(TokKind::Comma) {
            out.push(Vec::new());
            continue;
        }
        if p.is(TokKind::LParen) {
            depth += 1;
        } else if p.is(TokKind::RParen) {
            depth = depth.saturating_sub(1);
        }
        let t = p.token_spelling();
        p.bump_token();
        if let Some(e) = out.last_mut() {
            e.push(t);
        }
    }
    if out.len() == 1 && out[0].is_empty() {
        out.clear();
    }
    Ok(out)
}

/// `%in (i, j) -> (j, i) {attrs} : T to U`; the names are bound by the dimension list. A map
/// whose results are not all bare dimensions is kept as written, for the verifier to reject.
fn parse(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.parse_operand()?;
    let dims = entries(p)?;
    p.expect(TokKind::Arrow, "'->'")?;
    let results = entries(p)?;
    let names: Option<Vec<&str>> =
        dims.iter().map(|d| if let [n] = d.as_slice() { Some(n.as_str()) } else { None }).collect();
    let Some(names) = names else { return Err(p.error("expected bare identifier")) };
    let perm: Option<Vec<usize>> =
        results.iter().map(|r| if let [n] = r.as_slice() { names.iter().position(|d| d == n) } else { None }).collect();
    let a = match perm {
        Some(perm) => map_attr(p.ctx(), names.len(), &perm),
        None => {
            let res: Vec<String> = results.iter().map(|r| r.join(" ")).collect();
            let text = format!("({}) -> ({})", names.join(", "), res.join(", "));
            p.ctx().intern_attr(AttrKind::AffineMap(text))
        }
    };
    p.add_attr("permutation", a);
    p.parse_optional_attr_dict()?;
    let st = p.parse_colon_type()?;
    p.expect_keyword("to")?;
    let rt = p.parse_type()?;
    p.add_operand(&src, st)?;
    p.add_result_types(&[rt]);
    Ok(())
}

fn print(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let v = ctx.operand(op, 0);
    p.write(" ");
    p.print_value(v);
    match (permutation(ctx, op), ctx.attr(op, "permutation").map(|a| ctx.attr_kind(a))) {
        (Some((n, perm)), _) => {
            p.write(" ");
            p.write(&map_text(n, &perm));
        }
        (None, Some(AttrKind::AffineMap(text))) => {
            p.write(" ");
            p.write(text);
        }
        _ => {}
    }
    p.print_optional_attr_dict(op, &["permutation"]);
    p.write(" : ");
    p.print_type(ctx.value_type(v));
    p.write(" to ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

/// The layout of a ranked memref type after upstream's `canonicalizeStridedLayout`: `None` for
/// the identity (row-major) layout, else its linear form and symbol count; `Err` for layouts
/// that are not linear, compared by their text.
fn canonical_layout(ctx: &Context, t: Type) -> Result<Option<(Lin, usize)>, ()> {
    let m = ranked(ctx, t).ok_or(())?;
    let lin = match m.layout.map(|l| ctx.attr_kind(l)) {
        None => return Ok(None),
        Some(AttrKind::Strided { strides, offset }) => strided_linear(strides, *offset),
        Some(AttrKind::AffineMap(text)) => linear(text, m.shape.len()).ok_or(())?,
        _ => return Err(()),
    };
    if m.shape.is_empty() {
        return Ok(Some(lin));
    }
    if lin.0 == canonical_linear(&m.shape).0 {
        return Ok(None);
    }
    Ok(Some(lin))
}

fn verify(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let st = ctx.value_type(ctx.operand(op, 0));
    let rt = ctx.value_type(ctx.result(op, 0));
    let src = expect_memref(ctx, op, "operand #0", st)?;
    let res = expect_memref(ctx, op, "result #0", rt)?;
    let Some((n, perm)) = permutation(ctx, op) else {
        return Err(Diagnostic::op_error(ctx, op, "expected a permutation map"));
    };
    let mut seen = vec![false; n];
    let is_perm = perm.len() == n && perm.iter().all(|&i| i < n && !std::mem::replace(&mut seen[i], true));
    if !is_perm {
        return Err(Diagnostic::op_error(ctx, op, "expected a permutation map"));
    }
    if n != src.shape.len() {
        return Err(Diagnostic::op_error(ctx, op, "expected a permutation map of same rank as the input"));
    }
    if st == rt && perm.iter().enumerate().all(|(i, &p)| i == p) {
        return Ok(());
    }
    let short = || {
        Diagnostic::op_error(
            ctx,
            op,
            format!("result type {} is not equivalent to the canonical transposed input type", q(ctx, rt)),
        )
    };
    let Some((strides, offset)) = strides_and_offset(ctx, st) else { return Err(short()) };
    let sizes: Vec<i64> = perm.iter().map(|&i| src.shape[i]).collect();
    let Some(strides) = perm.iter().map(|&i| strides.get(i).copied()).collect::<Option<Vec<i64>>>() else {
        return Err(short());
    };
    // Upstream names the expected type in its canonical form (an affine map, or no layout).
    let mismatch = || {
        let dims: String = sizes.iter().map(|&d| if d == DYNAMIC { "?x".into() } else { format!("{d}x") }).collect();
        let layout = canonical_map_text(&sizes, &strides, offset).map(|m| format!(", {m}")).unwrap_or_default();
        // An integer memory space prints without its type, as in the type printer.
        let space = src
            .memory_space
            .map(|m| match ctx.attr_as_int(m) {
                Some(i) => format!(", {i}"),
                None => format!(", {}", attr_to_string(ctx, m)),
            })
            .unwrap_or_default();
        let expected = format!("memref<{dims}{}{layout}{space}>", type_to_string(ctx, src.element));
        Diagnostic::op_error(
            ctx,
            op,
            format!("result type {} is not equivalent to the canonical transposed input type '{expected}'", q(ctx, rt)),
        )
    };
    if res.shape != sizes || res.element != src.element || res.memory_space != src.memory_space {
        return Err(mismatch());
    }
    let expected = strided_linear(&strides, offset);
    let expected = if sizes.is_empty() || expected.0 != canonical_linear(&sizes).0 { Some(expected) } else { None };
    match canonical_layout(ctx, rt) {
        Ok(got) if got == expected => Ok(()),
        _ => Err(mismatch()),
    }
}
