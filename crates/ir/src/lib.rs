//! Flowgate's IR core: an MLIR-style IR with arena handles.
//!
//! One [`Context`] owns every op, block, region and value, and interns types, attributes,
//! locations and strings. Handles are `Copy` indices (Cranelift's entity style), so reading
//! needs `&Context` and mutating `&mut Context`, with no interior mutability.

pub mod asm;
mod attributes;
mod builder;
mod context;
mod diagnostics;
mod dialect;
mod entity;
mod interner;
mod location;
pub mod op_view;
mod pattern;
pub mod region_branch;
pub mod structural;
mod symbol;
pub mod testing;
pub mod types;
pub mod verify;
mod walk;

pub use attributes::{AttrKind, DenseElements, ResourceBlob};
pub use builder::{Builder, InsertPoint, OperationState};
pub use context::{BlockOps, Change, Context, Use, ValueDef};
pub use diagnostics::{describe_loc, Diagnostic, Note, Severity, SourceMgr};
pub use dialect::{
    Count, DialectDef, FoldFn, FoldResult, MaterializeFn, OpDef, ParseFn, PatternsFn, PrintFn, RegionBranchFn,
    ResultNamesEachFn, ResultNamesFn, SuccessorOperandsFn, Traits, VerifyFn,
};
pub use entity::{Attribute, BlockId, Location, OpId, RegionId, Symbol, Type, Value};
pub use location::LocKind;
pub use pattern::RewritePattern;
pub use types::{FloatKind, Signedness, TypeKind, DYNAMIC};
pub use walk::WalkOrder;
