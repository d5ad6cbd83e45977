//! Resampling: `Resize` (opset 11+), `Upsample` (opset 9, as a Resize), `GridSample`
//! (opsets 16 and 20) and the grid builder `AffineGrid` (opset 20), one runtime call each; the
//! string attributes become the runtime's codes.

use super::emit::{LResult, Lower};
use flowgate_ir::{OpId, Value};
use flowgate_runtime_abi::{AspectPolicy, Code, CoordMode, GridMode, GridPadding, NearestMode, ResizeMode};

/// The runtime code of string attribute `name` (a `T` spelling), defaulting to `default`.
fn code<T: Code>(l: &Lower<'_>, op: OpId, name: &str, default: T) -> LResult<i32> {
    let Some(v) = l.str_attr(op, name) else { return Ok(default.code()) };
    T::from_name(&v).map(T::code).ok_or_else(|| l.err(op, format!("unknown {name} '{v}'")))
}

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Option<Vec<Value>>> {
    if name == "GridSample" {
        return grid_sample(l, op).map(Some);
    }
    if name == "Upsample" {
        return upsample(l, op).map(Some);
    }
    if name == "AffineGrid" {
        let args = l.node_and_inputs(op, 2, 2, "theta and size")?;
        let align = l.const_i32(l.int_attr(op, "align_corners").unwrap_or(0) as i32);
        return Ok(Some(vec![l.rt("affine_grid", &[args[0], args[1], args[2], align])?]));
    }
    if name != "Resize" {
        return Ok(None);
    }
    if !super::reduce::opset_at_least(l, 11) {
        return Err(l.err(op, "Resize before opset 11 is not supported"));
    }
    let node = l.node_id(op);
    let x = l.handle(l.ctx.operand(op, 0))?;
    let mut args = vec![node, x];
    for k in 1..4 {
        args.push(l.input_or_null(op, k)?);
    }
    args.push(l.ints_attr_or_null(op, "axes")?);
    args.push(l.const_i32(code(l, op, "mode", ResizeMode::Nearest)?));
    args.push(l.const_i32(code(l, op, "coordinate_transformation_mode", CoordMode::HalfPixel)?));
    args.push(l.const_i32(code(l, op, "nearest_mode", NearestMode::RoundPreferFloor)?));
    args.push(l.const_f64(l.float_attr(op, "cubic_coeff_a").unwrap_or(-0.75)));
    args.push(l.const_i32(l.int_attr(op, "exclude_outside").unwrap_or(0) as i32));
    args.push(l.const_f64(l.float_attr(op, "extrapolation_value").unwrap_or(0.0)));
    args.push(l.const_i32(code(l, op, "keep_aspect_ratio_policy", AspectPolicy::Stretch)?));
    args.push(l.const_i32(l.int_attr(op, "antialias").unwrap_or(0) as i32));
    Ok(Some(vec![l.rt("resize", &args)?]))
}

/// Upsample (opset 9, removed at 10): Resize by the `scales` input with asymmetric coordinates
/// and, for nearest, the floor of the source position, as onnxruntime's Upsample kernel.
fn upsample(l: &mut Lower<'_>, op: OpId) -> LResult<Vec<Value>> {
    let ops = l.ctx.operands(op).to_vec();
    if ops.len() != 2 {
        return Err(l.err(op, "Upsample needs inputs X and scales (opset 7's scales attribute is not supported)"));
    }
    let mode = match l.str_attr(op, "mode").as_deref() {
        None | Some("nearest") => ResizeMode::Nearest,
        Some("linear" | "bilinear") => ResizeMode::Linear,
        Some(m) => return Err(l.err(op, format!("Upsample: unknown mode '{m}'"))),
    };
    let node = l.node_id(op);
    let x = l.handle(ops[0])?;
    let scales = l.handle(ops[1])?;
    let null = l.rt("null", &[])?;
    let mut args = vec![node, x, null, scales, null, null];
    args.push(l.const_i32(mode.code()));
    args.push(l.const_i32(CoordMode::Asymmetric.code()));
    args.push(l.const_i32(NearestMode::Floor.code()));
    args.push(l.const_f64(-0.75));
    args.push(l.const_i32(0));
    args.push(l.const_f64(0.0));
    args.push(l.const_i32(AspectPolicy::Stretch.code()));
    args.push(l.const_i32(0));
    Ok(vec![l.rt("resize", &args)?])
}

fn grid_sample(l: &mut Lower<'_>, op: OpId) -> LResult<Vec<Value>> {
    let ops = l.ctx.operands(op).to_vec();
    if ops.len() < 2 {
        return Err(l.err(op, "GridSample needs X and grid"));
    }
    let node = l.node_id(op);
    let x = l.handle(ops[0])?;
    let g = l.handle(ops[1])?;
    // Opset 16 names the modes bilinear/bicubic, opset 20 linear/cubic.
    let mode = match l.str_attr(op, "mode").as_deref() {
        None | Some("bilinear" | "linear") => GridMode::Linear,
        Some("nearest") => GridMode::Nearest,
        Some("bicubic" | "cubic") => GridMode::Cubic,
        Some(m) => return Err(l.err(op, format!("GridSample: unknown mode '{m}'"))),
    };
    let padding = code(l, op, "padding_mode", GridPadding::Zeros)?;
    let m = l.const_i32(mode.code());
    let p = l.const_i32(padding);
    let ac = l.const_i32(l.int_attr(op, "align_corners").unwrap_or(0) as i32);
    Ok(vec![l.rt("grid_sample", &[node, x, g, m, p, ac])?])
}
