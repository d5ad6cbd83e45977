//! The structural type conversion (`flowgate_ir::structural`) retypes what scf ops carry and
//! materializes exactly the forwarded operands whose type then differs, following the
//! region-branch edges and branch successors, not op names.
mod common;
use common::*;
use flowgate_ir::structural::{convert_carried_types, materialize_joins, TypeConverter};
use flowgate_ir::{Builder, Context, FloatKind, InsertPoint, OpId, OperationState, Type, Value, WalkOrder};

/// f32 becomes f64; a value is brought over by an unregistered `test.cast`.
struct Widen<'a> {
    ctx: &'a mut Context,
    casts: Vec<OpId>,
}

impl TypeConverter for Widen<'_> {
    type Error = String;

    fn context(&mut self) -> &mut Context {
        self.ctx
    }

    fn convert_type(&mut self, ty: Type) -> Option<Type> {
        let f32 = self.ctx.float_type(FloatKind::F32);
        (ty == f32).then(|| self.ctx.float_type(FloatKind::F64))
    }

    fn materialize(&mut self, user: OpId, value: Value, to: Type) -> Result<Value, String> {
        let loc = self.ctx.op_loc(user);
        let st = OperationState::new(self.ctx, "test.cast", loc).operands(&[value]).results(&[to]);
        let op = Builder { ctx: self.ctx, ip: InsertPoint::Before(user) }.create(st);
        self.casts.push(op);
        Ok(self.ctx.result(op, 0))
    }
}

const SRC: &str = r#"func.func @f(%lb: index, %ub: index, %s: index, %x: f32, %c: i1, %n: i32) {
  %t = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
    %z = "test.zero"() : () -> f32
    scf.yield %z : f32
  }
  %r = scf.for %i = %lb to %ub step %s iter_args(%a = %x) -> (f32) {
    scf.yield %t : f32
  }
  %w:2 = scf.while (%b = %r, %k = %n) : (f32, i32) -> (f32, i32) {
    scf.condition(%c) %b, %k : f32, i32
  } do {
  ^bb0(%d: f32, %m: i32):
    scf.yield %d, %m : f32, i32
  }
  %e = scf.execute_region -> f32 {
    "test.br"(%x)[^bb1] : (f32) -> ()
  ^bb1(%y: f32):
    scf.yield %y : f32
  }
  "test.use"(%w#0, %e) : (f32, f32) -> ()
  return
}"#;

#[test]
fn carried_values_take_converted_types_and_joins_are_materialized() {
    let (mut ctx, m) = check(SRC).unwrap();
    let f = ctx.collect_ops(m, WalkOrder::PreOrder).into_iter().find(|&o| ctx.is_op(o, "func.func")).unwrap();
    let mut conv = Widen { ctx: &mut ctx, casts: Vec::new() };
    convert_carried_types(&mut conv, f);
    materialize_joins(&mut conv, f).unwrap();
    let casts = conv.casts.clone();
    // The yields of %x and of a value no conversion touched, the for's init %x and the
    // branch's %x: the operands that keep the old type where the carried value now has the
    // new one. The yield of %t, now converted, and the i32 need nothing.
    let users: Vec<&str> = casts.iter().map(|&c| ctx.op_name(ctx.next_op(c).unwrap())).collect();
    assert_eq!(users, ["scf.yield", "scf.yield", "scf.for", "test.br"]);
    flowgate_ir::verify::verify(&ctx, m).unwrap_or_else(|d| panic!("{}\n{}", d.message, print(&ctx, m, false)));
    let out = print(&ctx, m, false);
    assert!(out.contains("-> (f64, i32)"), "{out}");
    // The signature is the caller's: the function's own arguments keep their types.
    assert!(out.contains("%arg3: f32"), "{out}");
    assert!(out.contains("^bb1(%6: f64)"), "{out}");
}
