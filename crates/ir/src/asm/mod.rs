//! MLIR's textual format: lexer, parser (generic form plus the API custom syntax uses) and
//! printer.

mod dense_hex;
mod file_metadata;
mod float_fmt;
pub mod formats;
pub mod lexer;
mod op_parser;
mod parse_affine;
mod parse_attrs;
mod parse_dense;
mod parse_locations;
mod parse_types;
pub mod parser;
mod print_attrs;
mod print_locations;
mod print_types;
pub mod printer;
pub mod source_bytes;

pub use lexer::TokKind;
pub use op_parser::{Delimiter, OpParser};
pub use parser::{Argument, PResult, Parser, ParserConfig, UnresolvedOperand, NESTING_LIMIT};
pub use printer::{attr_to_string, format_float, print_op, type_to_string, OpPrinter, PrintFlags};

use crate::{Context, Diagnostic, OpId};

/// Parse a whole source buffer into a top-level op (a `builtin.module`).
pub fn parse_source(ctx: &mut Context, file: &str, src: &str, config: ParserConfig) -> Result<OpId, Diagnostic> {
    let mut p = Parser::new(ctx, file, src, config);
    p.parse_top_level()
}

/// Parse a single type from text (`"tensor<?xf32>"`).
pub fn parse_type_str(ctx: &mut Context, src: &str) -> Result<crate::Type, Diagnostic> {
    let mut p = Parser::new(ctx, "<type>", src, ParserConfig::default());
    let t = p.parse_type()?;
    if !p.is(TokKind::Eof) {
        return Err(p.error_here("unexpected trailing characters in type"));
    }
    Ok(t)
}

/// Parse a single attribute from text (`"dense<1> : tensor<2xi32>"`).
pub fn parse_attr_str(ctx: &mut Context, src: &str) -> Result<crate::Attribute, Diagnostic> {
    let mut p = Parser::new(ctx, "<attr>", src, ParserConfig::default());
    let a = p.parse_attribute(None)?;
    if !p.is(TokKind::Eof) {
        return Err(p.error_here("unexpected trailing characters in attribute"));
    }
    Ok(a)
}

/// The generic form of one op on a single line, for diagnostics (`see current operation`).
pub fn print_op_generic_inline(ctx: &Context, op: OpId) -> String {
    let flags = PrintFlags { generic: true, debuginfo: false, local_scope: false };
    let s = printer::print_op_detached(ctx, op, flags);
    s.trim_end().to_string()
}
