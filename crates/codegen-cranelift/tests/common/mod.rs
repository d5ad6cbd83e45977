//! Shared helpers: build programs in generic MLIR text and JIT-run them.
#![allow(dead_code)]

use flowgate_codegen_cranelift::{jit, CodegenError, OptLevel};
use flowgate_ir::asm::{parse_source, ParserConfig};
use flowgate_ir::Context;

/// `%name = arith.constant value : ty` in generic form.
pub fn k(name: &str, value: &str, ty: &str) -> String {
    format!("%{name} = \"arith.constant\"() <{{value = {value} : {ty}}}> : () -> {ty}\n")
}

/// A binary op `%r = "op"(%a, %b) : (ty, ty) -> rty`.
pub fn bin(r: &str, op: &str, a: &str, b: &str, ty: &str, rty: &str) -> String {
    format!("%{r} = \"{op}\"(%{a}, %{b}) : ({ty}, {ty}) -> {rty}\n")
}

/// A cast or unary op.
pub fn un(r: &str, op: &str, a: &str, ty: &str, rty: &str) -> String {
    format!("%{r} = \"{op}\"(%{a}) : ({ty}) -> {rty}\n")
}

/// `cmpi`/`cmpf` with a numeric predicate.
pub fn cmp(r: &str, op: &str, pred: u32, a: &str, b: &str, ty: &str) -> String {
    format!("%{r} = \"{op}\"(%{a}, %{b}) <{{predicate = {pred} : i64}}> : ({ty}, {ty}) -> i1\n")
}

/// `func.return` of the named values with their types.
pub fn ret(vals: &[(&str, &str)]) -> String {
    let names: Vec<String> = vals.iter().map(|(v, _)| format!("%{v}")).collect();
    let tys: Vec<&str> = vals.iter().map(|(_, t)| *t).collect();
    format!("\"func.return\"({}) : ({}) -> ()\n", names.join(", "), tys.join(", "))
}

/// A public function in generic form.
pub fn func(name: &str, args: &str, results: &str, body: &str) -> String {
    let (sig_args, block_args) = if args.is_empty() {
        (String::new(), String::new())
    } else {
        // Arguments are `%name: type` separated by `, %` (types may contain commas).
        let tys: Vec<&str> = args.split(", %").map(|a| a.split_once(": ").map_or("", |(_, t)| t)).collect();
        (tys.join(", "), format!("^bb0({args}):\n"))
    };
    format!(
        "\"func.func\"() <{{function_type = ({sig_args}) -> ({results}), sym_name = \"{name}\"}}> ({{\n{block_args}{body}}}) : () -> ()\n"
    )
}

pub fn module(funcs: &[String]) -> String {
    format!("\"builtin.module\"() ({{\n{}}}) : () -> ()\n", funcs.concat())
}

/// `main` returning `results` from `body`.
pub fn main_module(results: &str, body: &str) -> String {
    module(&[func("main", "", results, body)])
}

pub fn parse(src: &str) -> (Context, flowgate_ir::OpId) {
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    flowgate_registry::register_all_dialects(&mut ctx);
    let m = match parse_source(&mut ctx, "test.mlir", src, ParserConfig::default()) {
        Ok(m) => m,
        Err(d) => panic!("parse error: {}\n{src}", d.message),
    };
    if let Err(d) = flowgate_ir::verify::verify(&ctx, m) {
        panic!("verify error: {}\n{src}", d.message);
    }
    // View ops reach code generation only as `reinterpret_cast`s (the lowering pipeline's
    // `expand-strided-metadata`).
    if let Err(d) = flowgate_memref::expand_strided_metadata::expand_strided_metadata(&mut ctx, m) {
        panic!("expand-strided-metadata: {}\n{src}", d.message);
    }
    (ctx, m)
}

pub fn try_run(src: &str, opt: OptLevel) -> Result<Vec<String>, CodegenError> {
    let (ctx, m) = parse(src);
    Ok(jit::run(&ctx, m, "main", opt)?.values.iter().map(|v| v.to_string()).collect())
}

/// Run `main` unoptimized and optimized; both must agree.
pub fn run(src: &str) -> Vec<String> {
    let a = try_run(src, OptLevel::None).unwrap_or_else(|e| panic!("{e}\n{src}"));
    let b = try_run(src, OptLevel::Speed).unwrap_or_else(|e| panic!("{e}\n{src}"));
    assert_eq!(a, b, "-O0 and -O2 disagree on\n{src}");
    a
}
