//! Resampling: `Resize` (opset 11+) and `GridSample` (opsets 16 and 20), one runtime call each;
//! the string attributes become the runtime's codes.

use super::emit::{LResult, Lower};
use flowgate_ir::{OpId, Value};

/// The code of string attribute `name` among `options` (index), defaulting to `default`.
fn code(l: &Lower<'_>, op: OpId, name: &str, options: &[&str], default: &str) -> LResult<i32> {
    let v = l.str_attr(op, name).unwrap_or_else(|| default.to_string());
    options.iter().position(|&o| o == v).map(|p| p as i32).ok_or_else(|| l.err(op, format!("unknown {name} '{v}'")))
}

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Option<Vec<Value>>> {
    if name == "GridSample" {
        return grid_sample(l, op).map(Some);
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
    args.push(l.const_i32(code(l, op, "mode", &["nearest", "linear", "cubic"], "nearest")?));
    let coords = [
        "half_pixel",
        "half_pixel_symmetric",
        "pytorch_half_pixel",
        "align_corners",
        "asymmetric",
        "tf_crop_and_resize",
    ];
    args.push(l.const_i32(code(l, op, "coordinate_transformation_mode", &coords, "half_pixel")?));
    let nearest = ["round_prefer_floor", "round_prefer_ceil", "floor", "ceil"];
    args.push(l.const_i32(code(l, op, "nearest_mode", &nearest, "round_prefer_floor")?));
    args.push(l.const_f64(l.float_attr(op, "cubic_coeff_a").unwrap_or(-0.75)));
    args.push(l.const_i32(l.int_attr(op, "exclude_outside").unwrap_or(0) as i32));
    args.push(l.const_f64(l.float_attr(op, "extrapolation_value").unwrap_or(0.0)));
    let policies = ["stretch", "not_larger", "not_smaller"];
    args.push(l.const_i32(code(l, op, "keep_aspect_ratio_policy", &policies, "stretch")?));
    args.push(l.const_i32(l.int_attr(op, "antialias").unwrap_or(0) as i32));
    Ok(Some(vec![l.rt("resize", &args)?]))
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
        None | Some("bilinear" | "linear") => 0,
        Some("nearest") => 1,
        Some("bicubic" | "cubic") => 2,
        Some(m) => return Err(l.err(op, format!("GridSample: unknown mode '{m}'"))),
    };
    let padding = code(l, op, "padding_mode", &["zeros", "border", "reflection"], "zeros")?;
    let m = l.const_i32(mode);
    let p = l.const_i32(padding);
    let ac = l.const_i32(l.int_attr(op, "align_corners").unwrap_or(0) as i32);
    Ok(vec![l.rt("grid_sample", &[node, x, g, m, p, ac])?])
}
