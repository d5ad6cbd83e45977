//! The [`Pass`] trait and pass registration records.

use flowgate_ir::{Context, Diagnostic, OpId};
use std::collections::BTreeMap;

/// A transformation over one op (and what it contains).
pub trait Pass {
    /// The command-line spelling, e.g. `canonicalize` or `convert-scf-to-cf`.
    fn argument(&self) -> &'static str;

    /// The display name in `--mlir-timing` and IR dump headers, e.g. `Canonicalizer`.
    fn name(&self) -> &'static str;

    /// The op kind this pass must be scheduled on (`func.func`, `builtin.module`), or `None`
    /// when it runs on any op.
    fn anchor(&self) -> Option<&'static str> {
        None
    }

    /// Run on `op`. A returned diagnostic fails the pipeline.
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic>;
}

/// Options given in a pipeline (`canonicalize{max-iterations=3 region-simplify=false}`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PassOptions {
    pub values: BTreeMap<String, String>,
}

impl PassOptions {
    pub fn get(&self, key: &str) -> Option<&str> {
        self.values.get(key).map(String::as_str)
    }

    pub fn get_bool(&self, key: &str, default: bool) -> Result<bool, String> {
        match self.get(key) {
            None => Ok(default),
            Some("true" | "1") => Ok(true),
            Some("false" | "0") => Ok(false),
            Some(v) => Err(format!("invalid value '{v}' for boolean option '{key}'")),
        }
    }

    pub fn get_u64(&self, key: &str, default: u64) -> Result<u64, String> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|_| format!("invalid value '{v}' for integer option '{key}'")),
        }
    }

    /// Options not in `known` are an error naming them.
    pub fn check_known(&self, pass: &str, known: &[&str]) -> Result<(), String> {
        for k in self.values.keys() {
            if !known.contains(&k.as_str()) {
                return Err(format!("no such option '{k}' for pass '{pass}'"));
            }
        }
        Ok(())
    }
}

/// How a tool finds a pass by its argument.
#[derive(Clone, Copy)]
pub struct PassInfo {
    pub argument: &'static str,
    pub description: &'static str,
    pub create: fn(&PassOptions) -> Result<Box<dyn Pass>, String>,
}
