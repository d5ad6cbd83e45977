//! The bridge itself: modules cross as text in the generic form, with their locations, so
//! neither side needs to know the other's custom syntax and diagnostics point into the user's
//! file.

use crate::diag::{to_diagnostic, Captured, UpLoc};
use crate::error::Result;
use crate::upstream::Upstream;
use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};
use flowgate_ir::{Context, OpId};
use melior::ir::operation::{OperationLike as _, OperationPrintingFlags};
use melior::ir::Module;

/// The name our parser gives upstream's printed text: a location it makes up itself (an op
/// upstream left without one) points there rather than into the user's file.
pub const UPSTREAM_BUFFER: &str = "<upstream>";

/// Our module as upstream-parsable text: the generic form with every location inline.
pub fn print_for_upstream(ctx: &Context, module: OpId) -> String {
    print_op(ctx, module, PrintFlags { generic: true, debuginfo: true, local_scope: true })
}

/// Parse (and so verify: upstream's parser verifies what it built) our module in upstream's
/// context. What upstream rejects comes back as our diagnostic.
pub fn to_upstream<'c>(up: &'c Upstream, ctx: &mut Context, module: OpId) -> Result<Module<'c>> {
    let text = print_for_upstream(ctx, module);
    up.take_diagnostics();
    match Module::parse(up.context(), &text) {
        Some(m) => {
            up.take_diagnostics();
            Ok(m)
        }
        None => {
            let mut captured = up.take_diagnostics();
            for c in &mut captured {
                relocate(c, &text);
            }
            Err(to_diagnostic(ctx, &captured, "upstream MLIR could not parse the module").into())
        }
    }
}

/// The name upstream's parser gives the text it parses.
const UPSTREAM_INPUT: &str = "-";

/// Parse errors point into the printed text (the verifier's use the ops' own locations). Map
/// such a position to the location of the op printed there: the `loc(...)` that ends the line
/// where the op ends, which for an op with regions is the line that closes them (attribute
/// dictionaries open and close on one line, so the net count of braces per line follows the
/// regions).
fn relocate(c: &mut Captured, text: &str) {
    for n in &mut c.notes {
        relocate(n, text);
    }
    let UpLoc::File { file, line, .. } = &c.loc else { return };
    if file != UPSTREAM_INPUT {
        return;
    }
    let mut depth = 0i64;
    for l in text.lines().skip(line.saturating_sub(1) as usize) {
        depth += l.matches('{').count() as i64 - l.matches('}').count() as i64;
        if depth <= 0 {
            if let Some(loc) = trailing_file_loc(l) {
                c.loc = loc;
            }
            return;
        }
    }
}

/// `loc("file":line:col)` at the end of a printed line (our printer's inline locations).
fn trailing_file_loc(line: &str) -> Option<UpLoc> {
    let body = line.trim_end().strip_suffix(')')?;
    let start = body.rfind("loc(\"")?;
    let inner = &body[start + 5..];
    let (file, rest) = inner.rsplit_once("\":")?;
    let (l, col) = rest.split_once(':')?;
    Some(UpLoc::File {
        file: file.replace("\\\"", "\"").replace("\\\\", "\\"),
        line: l.parse().ok()?,
        col: col.parse().ok()?,
    })
}

/// Upstream's module as text our parser reads: generic form, locations inline.
pub fn print_upstream(m: &Module) -> Result<String> {
    let flags = OperationPrintingFlags::new().enable_debug_info(true, false).print_generic_operation_form();
    m.as_operation()
        .to_string_with_flags(flags)
        .map_err(|e| crate::BridgeError::Run(format!("cannot print the upstream module: {e}")))
}

/// Read upstream's module back into `ctx` as a new module of ours (verified).
pub fn from_upstream(ctx: &mut Context, m: &Module) -> Result<OpId> {
    let text = print_upstream(m)?;
    let module = parse_source(ctx, UPSTREAM_BUFFER, &text, ParserConfig::default())?;
    flowgate_ir::verify::verify(ctx, module)?;
    Ok(module)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trailing_locations_are_read() {
        let l = "    %0 = \"arith.addi\"(%a, %b) : (i32, i32) -> i32 loc(\"dir/t.mlir\":12:8)";
        assert_eq!(trailing_file_loc(l), Some(UpLoc::File { file: "dir/t.mlir".into(), line: 12, col: 8 }));
        assert_eq!(
            trailing_file_loc("  }) : () -> () loc(\"a\\\"b\":1:2)"),
            Some(UpLoc::File { file: "a\"b".into(), line: 1, col: 2 })
        );
        assert_eq!(trailing_file_loc("\"scf.for\"(%a) ({"), None);
        assert_eq!(trailing_file_loc("x loc(\"node\"(\"graph\"))"), None);
    }
}
