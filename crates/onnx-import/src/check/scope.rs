//! Lexical scopes of ONNX graphs.
//!
//! A subgraph sees every name its enclosing graphs defined before the node that holds it, at any
//! depth; a name defined in the subgraph shadows an outer one. Types are looked up in the scope
//! that defines the name, so a shadowing body value never borrows an outer declaration.

use std::collections::{HashMap, HashSet};

use crate::proto::TypeProto;

pub(super) struct Frame<'m, 'p> {
    parent: Option<&'p Frame<'m, 'p>>,
    defined: HashSet<&'m str>,
    /// Types declared in this graph (inputs, outputs, value_info, initializers).
    declared: HashMap<&'m str, TypeProto>,
    /// Every name some node of this graph produces, to tell "defined later" from "undefined".
    produced: HashSet<&'m str>,
}

impl<'m, 'p> Frame<'m, 'p> {
    pub(super) fn new(parent: Option<&'p Frame<'m, 'p>>) -> Self {
        Frame { parent, defined: HashSet::new(), declared: HashMap::new(), produced: HashSet::new() }
    }

    /// Defines `name` here; false if this graph already defined it.
    pub(super) fn define(&mut self, name: &'m str) -> bool {
        self.defined.insert(name)
    }

    pub(super) fn declare(&mut self, name: &'m str, t: TypeProto) {
        // The first declaration wins: graph inputs and outputs are listed before value_info.
        self.declared.entry(name).or_insert(t);
    }

    pub(super) fn note_produced(&mut self, name: &'m str) {
        self.produced.insert(name);
    }

    pub(super) fn declared_here(&self, name: &str) -> Option<&TypeProto> {
        self.declared.get(name)
    }

    pub(super) fn resolves(&self, name: &str) -> bool {
        self.defined.contains(name) || self.parent.is_some_and(|p| p.resolves(name))
    }

    /// The declared type of the value `name` refers to here, if its defining graph states one.
    pub(super) fn type_of(&self, name: &str) -> Option<&TypeProto> {
        if self.defined.contains(name) {
            self.declared.get(name)
        } else {
            self.parent.and_then(|p| p.type_of(name))
        }
    }

    /// Whether a node of this or an enclosing graph produces `name` (later than this point).
    pub(super) fn produced_anywhere(&self, name: &str) -> bool {
        self.produced.contains(name) || self.parent.is_some_and(|p| p.produced_anywhere(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inner_names_shadow_outer_ones() {
        let mut outer = Frame::new(None);
        outer.define("x");
        outer.declare("x", TypeProto::default());
        let mut inner = Frame::new(Some(&outer));
        assert!(inner.resolves("x"));
        assert!(inner.type_of("x").is_some());
        inner.define("x");
        assert!(inner.type_of("x").is_none(), "shadowing value has no declared type");
        assert!(!inner.resolves("y"));
    }
}
