//! Handles into the arenas of a [`crate::Context`].
//!
//! Every IR object is a small `Copy` index, as in Cranelift's `ir::entities`: handles are cheap to
//! store in side tables, and a `&Context` is all that is needed to read through them.

use cranelift_entity::entity_impl;

/// An operation.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpId(u32);
entity_impl!(OpId, "op");

/// A basic block inside a region.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(u32);
entity_impl!(BlockId, "block");

/// A region owned by an operation.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RegionId(u32);
entity_impl!(RegionId, "region");

/// An SSA value: an operation result or a block argument.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Value(u32);
entity_impl!(Value, "v");

/// An interned type.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Type(u32);
entity_impl!(Type, "type");

/// An interned attribute.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Attribute(u32);
entity_impl!(Attribute, "attr");

/// An interned location.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location(u32);
entity_impl!(Location, "loc");

/// An interned string: op names, attribute names, symbol names, file names.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symbol(u32);
entity_impl!(Symbol, "sym");
