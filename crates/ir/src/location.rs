//! MLIR locations: `loc("file":line:col)`, `loc("name")`, `loc(fused[...])`,
//! `loc(callsite(a at b))`, `loc(unknown)`.

use crate::{Attribute, Context, Location, Symbol};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LocKind {
    Unknown,
    FileLineCol {
        file: Symbol,
        line: u32,
        col: u32,
    },
    /// `"file":line:col to end_line:end_col`; a range that ends where it starts is a
    /// plain `FileLineCol`.
    FileLineColRange {
        file: Symbol,
        line: u32,
        col: u32,
        end_line: u32,
        end_col: u32,
    },
    /// `"name"(child)`; ONNX nodes use the node name with the graph path as child.
    Name {
        name: Symbol,
        child: Option<Location>,
    },
    Fused {
        locs: Vec<Location>,
        metadata: Option<Attribute>,
    },
    CallSite {
        callee: Location,
        caller: Location,
    },
}

impl Context {
    pub fn intern_loc(&mut self, kind: LocKind) -> Location {
        self.locs.intern(kind)
    }

    pub fn loc_kind(&self, loc: Location) -> &LocKind {
        self.locs.get(loc)
    }

    pub fn unknown_loc(&mut self) -> Location {
        self.intern_loc(LocKind::Unknown)
    }

    pub fn file_loc(&mut self, file: &str, line: u32, col: u32) -> Location {
        let file = self.intern_str(file);
        self.intern_loc(LocKind::FileLineCol { file, line, col })
    }

    pub fn name_loc(&mut self, name: &str, child: Option<Location>) -> Location {
        let name = self.intern_str(name);
        self.intern_loc(LocKind::Name { name, child })
    }

    /// The first `file:line:col` inside a location, which is where a diagnostic points.
    pub fn file_line_col(&self, loc: Location) -> Option<(&str, u32, u32)> {
        match self.loc_kind(loc) {
            LocKind::FileLineCol { file, line, col } | LocKind::FileLineColRange { file, line, col, .. } => {
                Some((self.str(*file), *line, *col))
            }
            LocKind::Name { child: Some(c), .. } => self.file_line_col(*c),
            LocKind::Fused { locs, .. } => locs.iter().find_map(|l| self.file_line_col(*l)),
            LocKind::CallSite { callee, .. } => self.file_line_col(*callee),
            _ => None,
        }
    }
}
