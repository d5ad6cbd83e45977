//! Name resolution while importing: one frame per graph, innermost last. A subgraph sees every
//! name of its enclosing graphs; a name it defines shadows the outer one.

use std::collections::HashMap;

use flowgate_ir::{Type, Value};

#[derive(Default)]
pub struct Frame {
    values: HashMap<String, Value>,
    /// Types the graph declares for its values (outputs and `value_info`).
    declared: HashMap<String, Type>,
}

#[derive(Default)]
pub struct Scopes {
    frames: Vec<Frame>,
}

impl Scopes {
    pub fn push(&mut self, declared: HashMap<String, Type>) {
        self.frames.push(Frame { values: HashMap::new(), declared });
    }

    pub fn pop(&mut self) {
        self.frames.pop();
    }

    /// Binds `name` in the innermost graph.
    pub fn bind(&mut self, name: &str, v: Value) {
        if let Some(f) = self.frames.last_mut() {
            f.values.insert(name.to_string(), v);
        }
    }

    pub fn lookup(&self, name: &str) -> Option<Value> {
        self.frames.iter().rev().find_map(|f| f.values.get(name).copied())
    }

    /// The type the innermost graph declares for `name`.
    pub fn declared(&self, name: &str) -> Option<Type> {
        self.frames.last().and_then(|f| f.declared.get(name).copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use flowgate_ir::{Context, OperationState};

    #[test]
    fn inner_frames_shadow_and_see_outer_names() {
        let mut ctx = Context::new();
        let loc = ctx.unknown_loc();
        let t = ctx.integer_type(64);
        let st = OperationState::new(&mut ctx, "x.y", loc).results(&[t, t]);
        let op = ctx.create_op(st);
        let (a, b) = (ctx.result(op, 0), ctx.result(op, 1));
        let mut s = Scopes::default();
        s.push(HashMap::new());
        s.bind("x", a);
        s.bind("outer", a);
        s.push(HashMap::new());
        s.bind("x", b);
        assert_eq!(s.lookup("x"), Some(b));
        assert_eq!(s.lookup("outer"), Some(a));
        s.pop();
        assert_eq!(s.lookup("x"), Some(a));
        assert_eq!(s.lookup("nothing"), None);
    }
}
