//! Upstream diagnostics, captured while the handler runs (their objects live only that long)
//! and turned into ours afterwards, when a Flowgate context is at hand.

use flowgate_ir::LocKind;
use flowgate_ir::{Context, Diagnostic, Location, Note, Severity};
use melior::diagnostic::DiagnosticSeverity;

/// An upstream location, copied out of the upstream context.
#[derive(Clone, Debug, PartialEq)]
pub enum UpLoc {
    Unknown,
    File { file: String, line: u32, col: u32 },
    Name { name: String, child: Option<Box<UpLoc>> },
    Fused(Vec<UpLoc>),
    CallSite { callee: Box<UpLoc>, caller: Box<UpLoc> },
}

/// Locations nest; a hostile input cannot make this recurse deeper than our parser allowed
/// when the locations were made, but cap it anyway.
const DEPTH_LIMIT: usize = 64;

impl UpLoc {
    fn from_upstream(loc: melior::ir::Location, depth: usize) -> UpLoc {
        if depth > DEPTH_LIMIT {
            return UpLoc::Unknown;
        }
        if loc.is_file_line_col_range() {
            return UpLoc::File {
                file: loc.file_line_col_range_filename().as_string_ref().as_str().unwrap_or("").to_string(),
                line: loc.file_line_col_range_start_line() as u32,
                col: loc.file_line_col_range_start_column() as u32,
            };
        }
        if loc.is_name() {
            let child = UpLoc::from_upstream(loc.name_child_location(), depth + 1);
            return UpLoc::Name {
                name: loc.name_value().as_string_ref().as_str().unwrap_or("").to_string(),
                child: (child != UpLoc::Unknown).then(|| Box::new(child)),
            };
        }
        if loc.is_fused() {
            let n = loc.fused_num_locations();
            return UpLoc::Fused((0..n).map(|i| UpLoc::from_upstream(loc.fused_location(i), depth + 1)).collect());
        }
        if loc.is_call_site() {
            return UpLoc::CallSite {
                callee: Box::new(UpLoc::from_upstream(loc.call_site_callee(), depth + 1)),
                caller: Box::new(UpLoc::from_upstream(loc.call_site_caller(), depth + 1)),
            };
        }
        UpLoc::Unknown
    }

    /// The same location in a Flowgate context.
    pub fn intern(&self, ctx: &mut Context) -> Location {
        match self {
            UpLoc::Unknown => ctx.unknown_loc(),
            UpLoc::File { file, line, col } => ctx.file_loc(file, *line, *col),
            UpLoc::Name { name, child } => {
                let c = child.as_ref().map(|c| c.intern(ctx));
                ctx.name_loc(name, c)
            }
            UpLoc::Fused(locs) => {
                let locs = locs.iter().map(|l| l.intern(ctx)).collect();
                ctx.intern_loc(LocKind::Fused { locs, metadata: None })
            }
            UpLoc::CallSite { callee, caller } => {
                let callee = callee.intern(ctx);
                let caller = caller.intern(ctx);
                ctx.intern_loc(LocKind::CallSite { callee, caller })
            }
        }
    }
}

/// One upstream diagnostic with its notes.
#[derive(Clone, Debug)]
pub struct Captured {
    pub severity: Severity,
    pub loc: UpLoc,
    pub message: String,
    pub notes: Vec<Captured>,
}

fn severity(s: DiagnosticSeverity) -> Severity {
    match s {
        DiagnosticSeverity::Error => Severity::Error,
        DiagnosticSeverity::Warning => Severity::Warning,
        DiagnosticSeverity::Remark => Severity::Remark,
        DiagnosticSeverity::Note => Severity::Note,
    }
}

impl Captured {
    pub fn from_upstream(d: &melior::diagnostic::Diagnostic) -> Captured {
        let notes = (0..d.note_count()).filter_map(|i| d.note(i).ok()).map(|n| Captured::from_upstream(&n)).collect();
        Captured {
            severity: severity(d.severity()),
            loc: UpLoc::from_upstream(d.location(), 0),
            message: d.to_string(),
            notes,
        }
    }
}

/// Fold what upstream reported into one of our diagnostics: the first error leads (else the
/// first diagnostic, else `fallback`), its notes follow, and further diagnostics come after
/// as notes or errors of their own, so nothing upstream said is lost.
pub fn to_diagnostic(ctx: &mut Context, captured: &[Captured], fallback: &str) -> Diagnostic {
    let lead = captured.iter().position(|c| c.severity == Severity::Error).unwrap_or(0);
    let Some(first) = captured.get(lead) else {
        let loc = ctx.unknown_loc();
        return Diagnostic::error(loc, fallback);
    };
    let loc = first.loc.intern(ctx);
    let mut d = Diagnostic { severity: first.severity, loc, message: first.message.clone(), notes: Vec::new() };
    let push = |ctx: &mut Context, d: &mut Diagnostic, c: &Captured| {
        let loc = c.loc.intern(ctx);
        d.notes.push(Note { loc, message: c.message.clone(), severity: c.severity });
    };
    for n in &first.notes {
        push(ctx, &mut d, n);
    }
    for (i, c) in captured.iter().enumerate() {
        // Upstream may report the same thing more than once (once per nested unknown op, all
        // moved to one location); say it once.
        let repeated =
            captured[..i].iter().any(|p| p.severity == c.severity && p.loc == c.loc && p.message == c.message);
        if i == lead || repeated || (c.severity == first.severity && c.loc == first.loc && c.message == first.message) {
            continue;
        }
        push(ctx, &mut d, c);
        for n in &c.notes {
            push(ctx, &mut d, n);
        }
    }
    d
}
