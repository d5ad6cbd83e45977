//! The importer from a checked `ModelProto` to the onnx dialect.
//!
//! - The main graph becomes `func.func @main_graph` in a `builtin.module` (a fixed name, as
//!   onnx-mlir uses, so drivers and the runtime ABI need not know the graph's name). Its
//!   inputs are the function's arguments, including inputs that also have an initializer (the
//!   initializer is only a default); other initializers become `onnx.Constant` ops.
//! - Each subgraph becomes a region of its `onnx.If` / `onnx.Loop` / `onnx.Scan` (then, else;
//!   body) ended by `onnx.Yield`; see [`control_flow`] for block arguments. Outer names are
//!   used directly across regions, at any depth, and inner names shadow outer ones.
//! - Every op is located at `loc("node_name"("graph/path"))`.
//! - Result types come from `value_info` (and graph outputs) when declared, refined by the
//!   inference of `flowgate-onnx-shape`; what stays unknown is `?`, unranked, or
//!   `!onnx.unknown` when not even the kind of value is known.
//!
//! Calls of model-local functions are inlined after the checks ([`inline`]).
//!
//! Contracts are checked first ([`crate::check`]); every violation is reported and nothing is
//! imported. Models of opsets 1 to 10 (four backend Scan tests; node tests of opsets 1 and 7,
//! see [`legacy_ops`]) are accepted: If and Loop are
//! unchanged since opset 1 and Scan since 9, so they are checked under the opset-11 rules; the
//! opset-8 Scan (leading `sequence_lens`, batch axis) is exempt from the checker's Scan rules,
//! is imported with `onnx_opset = 8`, and the dialect verifier checks it with its own rules.

mod attributes;
mod control_flow;
mod diag;
mod flex_attention;
mod graph;
mod inline;
mod legacy_ops;
mod scope;
pub mod tensor;
mod types;

use std::path::Path;

use flowgate_ir::{Context, LocKind, OpId, OperationState};

pub use diag::ImportDiagnostic;

use crate::check::{diagnose_model, Rule};
use crate::proto::ModelProto;
use graph::Importer;
use scope::Scopes;

/// The name of the function the main graph becomes.
pub const MAIN_FUNCTION: &str = "main_graph";

/// Default-domain opsets imported although the checker's contract range starts at 11 (below 8
/// only for ops that are the same there as at opset 8, see [`legacy_ops`]).
const LEGACY_OPSETS: std::ops::RangeInclusive<i64> = 1..=10;

/// An imported model: the `builtin.module`, and warnings (unknown operators).
pub struct ImportedModule {
    pub module: OpId,
    pub warnings: Vec<ImportDiagnostic>,
}

/// The default-domain opset version a model imports.
fn default_opset(model: &ModelProto) -> Option<i64> {
    model
        .opset_import
        .iter()
        .find(|o| matches!(o.domain.as_deref(), None | Some("") | Some("ai.onnx")))
        .and_then(|o| o.version)
}

/// Every contract violation of `model`, with the legacy-opset rule described in the module
/// documentation.
fn contract_diagnostics(model: &ModelProto, file: &str) -> Vec<ImportDiagnostic> {
    let opset = default_opset(model).unwrap_or(0);
    if !LEGACY_OPSETS.contains(&opset) {
        return diagnose_model(model, file)
            .iter()
            .map(|d| {
                let mut out = ImportDiagnostic::from_check(d);
                if d.rule == Rule::UnsupportedOpset {
                    // The importer's range is wider than the checker's (see the module docs).
                    out.message = format!(
                        "opset {opset} of the default domain is not supported (supported: {} to {})",
                        LEGACY_OPSETS.start(),
                        crate::check::SUPPORTED_OPSETS.end()
                    );
                }
                out
            })
            .collect();
    }
    let mut as_11 = model.clone();
    for o in &mut as_11.opset_import {
        if matches!(o.domain.as_deref(), None | Some("") | Some("ai.onnx")) {
            o.version = Some(11);
        }
    }
    let scan_rules =
        [Rule::ScanNodeArity, Rule::ScanBodyInputs, Rule::ScanBodyOutputs, Rule::ScanAxes, Rule::TypeMismatch];
    let mut diags: Vec<ImportDiagnostic> = diagnose_model(&as_11, file)
        .iter()
        .filter(|d| {
            let is_scan = d.node.as_ref().is_some_and(|n| n.op_type == "Scan");
            !(opset < 9 && is_scan && scan_rules.contains(&d.rule))
        })
        .map(ImportDiagnostic::from_check)
        .collect();
    if opset < 8 {
        diags.extend(legacy_ops::legacy_op_diagnostics(model, opset, file));
    }
    diags
}

/// Keep what the model declares about itself on the module: its opset imports as
/// `onnx.opset_import = {"ai.onnx" = 17 : i64, ...}` (the default domain is named `ai.onnx`),
/// and `onnx.ir_version`, so later passes know which operator versions they are lowering.
fn record_model_facts(ctx: &mut Context, module: flowgate_ir::OpId, model: &ModelProto) {
    let i64t = ctx.integer_type(64);
    let mut entries = Vec::new();
    for o in &model.opset_import {
        let domain = o.domain.as_deref().filter(|d| !d.is_empty()).unwrap_or("ai.onnx");
        let name = ctx.intern_str(domain);
        if entries.iter().any(|(n, _)| *n == name) {
            continue;
        }
        let v = ctx.integer_attr(o.version.unwrap_or(0) as i128, i64t);
        entries.push((name, v));
    }
    let dict = ctx.dictionary_attr(entries);
    ctx.set_attr(module, "onnx.opset_import", dict);
    if let Some(v) = model.ir_version {
        let a = ctx.integer_attr(v as i128, i64t);
        ctx.set_attr(module, "onnx.ir_version", a);
    }
}

/// Checks `model` and imports it into a new `builtin.module`; `file` names it in diagnostics.
pub fn import_model_to_ir(
    ctx: &mut Context,
    model: &ModelProto,
    file: &str,
) -> Result<ImportedModule, Vec<ImportDiagnostic>> {
    let diags = contract_diagnostics(model, file);
    if !diags.is_empty() {
        return Err(diags);
    }
    let inlined = inline::inline_functions(model, file).map_err(|d| vec![d])?;
    let model: &ModelProto = &inlined;
    let Some(g) = model.graph.as_ref() else {
        return Err(vec![ImportDiagnostic::error(file.to_string(), "the model has no graph")]);
    };
    let path = g.name.as_deref().filter(|n| !n.is_empty()).unwrap_or("main").to_string();
    let mut imp = Importer {
        ctx,
        file: file.to_string(),
        scopes: Scopes::default(),
        warnings: Vec::new(),
        opset: default_opset(model).unwrap_or(0),
    };
    let func = main_function(&mut imp, g, &path).map_err(|d| vec![d])?;
    let warnings = std::mem::take(&mut imp.warnings);
    let ctx = imp.ctx;
    let loc = ctx.name_loc(file, None);
    let body = ctx.create_region();
    let block = ctx.add_block(body, &[], loc);
    ctx.append_op(block, func);
    let st = OperationState::new(ctx, "builtin.module", loc).regions(&[body]);
    let module = ctx.create_op(st);
    record_model_facts(ctx, module, model);
    if let Err(d) = flowgate_ir::verify::verify(ctx, module) {
        return Err(vec![verifier_diagnostic(ctx, file, &d)]);
    }
    Ok(ImportedModule { module, warnings })
}

fn main_function(imp: &mut Importer<'_>, g: &crate::proto::GraphProto, path: &str) -> Result<OpId, ImportDiagnostic> {
    let mut args = Vec::with_capacity(g.input.len());
    for i in 0..g.input.len() {
        let t = match imp.input_type(g, i, path)? {
            Some(t) => t,
            None => {
                let name = g.input[i].name.as_deref().unwrap_or("");
                return Err(imp.graph_error(path, format!("graph input '{name}' has no type")));
            }
        };
        args.push(t);
    }
    let loc = imp.ctx.name_loc(path, None);
    let region = imp.ctx.create_region();
    let block = imp.ctx.add_block(region, &args, loc);
    let outs = imp.graph_body(g, path, block)?;
    let ctx = &mut *imp.ctx;
    let st = OperationState::new(ctx, "func.return", loc).operands(&outs);
    let ret = ctx.create_op(st);
    ctx.append_op(block, ret);
    let results: Vec<_> = outs.iter().map(|&v| ctx.value_type(v)).collect();
    let ft = ctx.function_type(args, results);
    let fta = ctx.type_attr(ft);
    let name = ctx.string_attr(MAIN_FUNCTION);
    let st = OperationState::new(ctx, "func.func", loc).regions(&[region]).attr(ctx, "sym_name", name).attr(
        ctx,
        "function_type",
        fta,
    );
    Ok(ctx.create_op(st))
}

/// A verifier failure after import, located by the op's `loc("node"("graph/path"))`.
fn verifier_diagnostic(ctx: &Context, file: &str, d: &flowgate_ir::Diagnostic) -> ImportDiagnostic {
    let mut loc = file.to_string();
    if let LocKind::Name { name, child } = ctx.loc_kind(d.loc) {
        match child.map(|c| ctx.loc_kind(c)) {
            Some(LocKind::Name { name: path, .. }) => {
                loc.push_str(&format!(": graph {}: node '{}'", ctx.str(*path), ctx.str(*name)));
            }
            _ => loc.push_str(&format!(": graph {}", ctx.str(*name))),
        }
    }
    ImportDiagnostic::error(loc, d.message.clone())
}

/// Reads a model file (binary `.onnx`, or the ONNX text syntax), checks it and imports it.
pub fn import_file(ctx: &mut Context, path: &Path) -> Result<ImportedModule, Vec<ImportDiagnostic>> {
    let model = crate::load_model(path).map_err(|e| ImportDiagnostic::from_load(&e))?;
    import_model_to_ir(ctx, &model, &path.display().to_string())
}

/// [`import_file`] for a file in the ONNX text syntax whatever its name.
pub fn import_text_file(ctx: &mut Context, path: &Path) -> Result<ImportedModule, Vec<ImportDiagnostic>> {
    let file = path.display().to_string();
    let load = || -> Result<ModelProto, crate::ImportError> {
        let bytes = std::fs::read(path).map_err(|source| crate::ImportError::Io { file: file.clone(), source })?;
        let src = String::from_utf8(bytes).map_err(|e| crate::ImportError::NotAModel {
            file: file.clone(),
            reason: format!("the text is not valid UTF-8 ({e})"),
        })?;
        let mut model = crate::parse_model_text(&src, &file)?;
        crate::decode::validate_model_shape(&model)
            .map_err(|reason| crate::ImportError::NotAModel { file: file.clone(), reason })?;
        let base = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        crate::resolve_external_data(&mut model, base, &file)?;
        Ok(model)
    };
    let model = load().map_err(|e| ImportDiagnostic::from_load(&e))?;
    import_model_to_ir(ctx, &model, &file)
}

/// [`import_file`] for drivers that only need the module (onnx-opt reading `.onnx`); the
/// warnings are dropped, use [`import_file`] to report them.
pub fn import_file_to_module(ctx: &mut Context, path: &Path) -> Result<OpId, Vec<ImportDiagnostic>> {
    import_file(ctx, path).map(|m| m.module)
}
