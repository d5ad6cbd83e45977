//! Hash-consing of immutable IR data (types, attributes, locations, strings).

use cranelift_entity::{EntityRef, PrimaryMap};
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// Stores each distinct value once and hands out a stable handle for it, so equality of handles
/// is equality of values.
pub struct Interner<K: EntityRef, V: Hash + Eq + Clone> {
    items: PrimaryMap<K, V>,
    index: FxHashMap<V, K>,
}

impl<K: EntityRef, V: Hash + Eq + Clone> Default for Interner<K, V> {
    fn default() -> Self {
        Self { items: PrimaryMap::new(), index: FxHashMap::default() }
    }
}

impl<K: EntityRef + Copy, V: Hash + Eq + Clone> Interner<K, V> {
    pub fn intern(&mut self, value: V) -> K {
        if let Some(&k) = self.index.get(&value) {
            return k;
        }
        let k = self.items.push(value.clone());
        self.index.insert(value, k);
        k
    }

    pub fn get(&self, key: K) -> &V {
        &self.items[key]
    }
}

/// String interner that avoids allocating when the string is already known.
#[derive(Default)]
pub struct StrInterner {
    items: Vec<Box<str>>,
    index: FxHashMap<Box<str>, u32>,
}

impl StrInterner {
    pub fn intern(&mut self, s: &str) -> crate::Symbol {
        if let Some(&i) = self.index.get(s) {
            return crate::Symbol::new(i as usize);
        }
        let i = self.items.len() as u32;
        self.items.push(s.into());
        self.index.insert(s.into(), i);
        crate::Symbol::new(i as usize)
    }

    pub fn lookup(&self, s: &str) -> Option<crate::Symbol> {
        self.index.get(s).map(|&i| crate::Symbol::new(i as usize))
    }

    pub fn get(&self, sym: crate::Symbol) -> &str {
        &self.items[sym.index()]
    }
}
