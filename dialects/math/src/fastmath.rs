//! The `fastmath<...>` flags math ops carry as an `#arith.fastmath<...>` property.

use flowgate_ir::asm::{OpParser, OpPrinter, PResult, TokKind};
use flowgate_ir::{AttrKind, Context, OpId};

const NONE: &str = "fastmath<none>";

/// Upstream's flag spellings.
const FLAGS: &[&str] = &["none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"];

fn attr(ctx: &mut Context, body: String) -> flowgate_ir::Attribute {
    ctx.intern_attr(AttrKind::Opaque { dialect: "arith".to_string(), body })
}

/// Parse an optional ` fastmath<flag, ...>` and record the property (`none` when absent, as
/// upstream's default).
pub(crate) fn parse(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let mut body = NONE.to_string();
    if p.accept_keyword("fastmath") {
        p.expect(TokKind::Less, "'<'")?;
        let mut flags = Vec::new();
        loop {
            let f = p.parse_keyword()?;
            if !FLAGS.contains(&f.as_str()) {
                return Err(p.error(format!("expected one of [{}] for fastmath flags, got: {f}", FLAGS.join(", "))));
            }
            flags.push(f);
            if !p.accept_comma() {
                break;
            }
        }
        p.expect(TokKind::Greater, "'>'")?;
        body = format!("fastmath<{}>", flags.join(","));
    }
    let a = attr(p.ctx(), body);
    p.add_attr("fastmath", a);
    Ok(())
}

/// Record `none` flags when the attribute dictionary gave none.
pub(crate) fn default_if_missing(p: &mut OpParser<'_, '_>) {
    let ctx = &*p.p.ctx;
    if p.state.get_attr(ctx, "fastmath").is_none() {
        let a = attr(p.ctx(), NONE.to_string());
        p.add_attr("fastmath", a);
    }
}

/// True when the op's flags are absent or `none`.
pub(crate) fn is_none(ctx: &Context, op: OpId) -> bool {
    match ctx.attr(op, "fastmath").map(|a| ctx.attr_kind(a)) {
        None => true,
        Some(AttrKind::Opaque { dialect, body }) => dialect == "arith" && body == NONE,
        Some(_) => false,
    }
}

/// ` fastmath<...>` unless the flags are `none`.
pub(crate) fn print(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    if let Some(a) = ctx.attr(op, "fastmath") {
        if let AttrKind::Opaque { dialect, body } = ctx.attr_kind(a) {
            if dialect == "arith" && body != NONE {
                p.write(" ");
                p.write(body);
            }
        }
    }
}

/// The property must be an `#arith.fastmath<...>` attribute.
pub(crate) fn verify(ctx: &Context, op: OpId) -> Result<(), flowgate_ir::Diagnostic> {
    let Some(a) = ctx.attr(op, "fastmath") else { return Ok(()) };
    match ctx.attr_kind(a) {
        AttrKind::Opaque { dialect, body } if dialect == "arith" && body.starts_with("fastmath<") => Ok(()),
        _ => Err(flowgate_ir::Diagnostic::op_error(
            ctx,
            op,
            format!(
                "attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags, got {}",
                flowgate_ir::asm::attr_to_string(ctx, a)
            ),
        )),
    }
}
