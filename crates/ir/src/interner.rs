//! Hash-consing of immutable IR data (types, attributes, locations, strings).

use cranelift_entity::{EntityRef, PrimaryMap};
use hashbrown::HashTable;
use rustc_hash::FxHashMap;
use std::hash::{BuildHasher, Hash};

/// Stores each distinct value once and hands out a stable handle for it, so equality of handles
/// is equality of values.
///
/// The index holds each value's hash beside its handle, not a second copy of the value: an
/// attribute may be a model's weights, megabytes of dense data, which a map keyed by the value
/// copied once more and hashed again each time it grew (a fifth of the compile time of a
/// Silero VAD model went to those copies and rehashes).
pub struct Interner<K: EntityRef, V: Hash + Eq + Clone> {
    items: PrimaryMap<K, V>,
    index: HashTable<(u64, K)>,
}

impl<K: EntityRef, V: Hash + Eq + Clone> Default for Interner<K, V> {
    fn default() -> Self {
        Self { items: PrimaryMap::new(), index: HashTable::new() }
    }
}

impl<K: EntityRef + Copy, V: Hash + Eq + Clone> Interner<K, V> {
    pub fn intern(&mut self, value: V) -> K {
        let hash = rustc_hash::FxBuildHasher.hash_one(&value);
        let items = &self.items;
        if let Some(&(_, k)) = self.index.find(hash, |&(h, k)| h == hash && items[k] == value) {
            return k;
        }
        let k = self.items.push(value);
        self.index.insert_unique(hash, (hash, k), |&(h, _)| h);
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
