//! ONNX element types (`TensorProto.DataType` codes) as IR element types.
//!
//! Integers are signless (`i8`..`i64`) as upstream MLIR's arith expects, except the unsigned
//! ONNX types, which keep their signedness (`ui8`..`ui64`) so that `Cast` and comparisons can
//! tell them apart. `bool` is `i1`. The float8/float4 formats are upstream's `f8E4M3FN`...
//! `f4E2M1FN` (`TypeKind::OtherFloat`), int4/int2 are `i4`/`ui4`/`i2`/`ui2`: storage types the
//! runtime holds and converts, never computed on in registers. `string` is `!onnx.string`, an
//! element type only runtime string tensors hold. Complex has no element type and is rejected
//! with the type's name.

use flowgate_ir::{Context, FloatKind, Signedness, Type, TypeKind};

/// `TensorProto.DataType` codes of onnx.proto.
pub mod code {
    pub const UNDEFINED: i32 = 0;
    pub const FLOAT: i32 = 1;
    pub const UINT8: i32 = 2;
    pub const INT8: i32 = 3;
    pub const UINT16: i32 = 4;
    pub const INT16: i32 = 5;
    pub const INT32: i32 = 6;
    pub const INT64: i32 = 7;
    pub const STRING: i32 = 8;
    pub const BOOL: i32 = 9;
    pub const FLOAT16: i32 = 10;
    pub const DOUBLE: i32 = 11;
    pub const UINT32: i32 = 12;
    pub const UINT64: i32 = 13;
    pub const COMPLEX64: i32 = 14;
    pub const COMPLEX128: i32 = 15;
    pub const BFLOAT16: i32 = 16;
    pub const FLOAT8E4M3FN: i32 = 17;
    pub const FLOAT8E4M3FNUZ: i32 = 18;
    pub const FLOAT8E5M2: i32 = 19;
    pub const FLOAT8E5M2FNUZ: i32 = 20;
    pub const UINT4: i32 = 21;
    pub const INT4: i32 = 22;
    pub const FLOAT4E2M1: i32 = 23;
    pub const FLOAT8E8M0: i32 = 24;
    pub const UINT2: i32 = 25;
    pub const INT2: i32 = 26;
}

/// The small float formats: (ONNX code, upstream MLIR spelling).
const SMALL_FLOATS: [(i32, &str); 6] = [
    (code::FLOAT8E4M3FN, "f8E4M3FN"),
    (code::FLOAT8E4M3FNUZ, "f8E4M3FNUZ"),
    (code::FLOAT8E5M2, "f8E5M2"),
    (code::FLOAT8E5M2FNUZ, "f8E5M2FNUZ"),
    (code::FLOAT4E2M1, "f4E2M1FN"),
    (code::FLOAT8E8M0, "f8E8M0FNU"),
];

/// Whether `c` is a storage-only type: a float8/float4 format or int4/uint4/int2/uint2.
pub fn is_small_code(c: i32) -> bool {
    (code::FLOAT8E4M3FN..=code::INT2).contains(&c)
}

/// The ONNX spelling of a data type code, for messages.
pub fn dtype_name(c: i32) -> String {
    let s = match c {
        0 => "undefined",
        1 => "float",
        2 => "uint8",
        3 => "int8",
        4 => "uint16",
        5 => "int16",
        6 => "int32",
        7 => "int64",
        8 => "string",
        9 => "bool",
        10 => "float16",
        11 => "double",
        12 => "uint32",
        13 => "uint64",
        14 => "complex64",
        15 => "complex128",
        16 => "bfloat16",
        17 => "float8e4m3fn",
        18 => "float8e4m3fnuz",
        19 => "float8e5m2",
        20 => "float8e5m2fnuz",
        21 => "uint4",
        22 => "int4",
        23 => "float4e2m1",
        24 => "float8e8m0",
        25 => "uint2",
        26 => "int2",
        _ => return format!("data type #{c}"),
    };
    s.to_string()
}

/// The IR element type of an ONNX data type code, or an error naming the unsupported type.
pub fn element_type(ctx: &mut Context, c: i32) -> Result<Type, String> {
    let int = |ctx: &mut Context, width, signedness| ctx.intern_type(TypeKind::Integer { width, signedness });
    Ok(match c {
        code::FLOAT => ctx.float_type(FloatKind::F32),
        code::DOUBLE => ctx.float_type(FloatKind::F64),
        code::FLOAT16 => ctx.float_type(FloatKind::F16),
        code::BFLOAT16 => ctx.float_type(FloatKind::BF16),
        code::BOOL => ctx.i1_type(),
        code::INT8 => int(ctx, 8, Signedness::Signless),
        code::INT16 => int(ctx, 16, Signedness::Signless),
        code::INT32 => int(ctx, 32, Signedness::Signless),
        code::INT64 => int(ctx, 64, Signedness::Signless),
        code::UINT8 => int(ctx, 8, Signedness::Unsigned),
        code::UINT16 => int(ctx, 16, Signedness::Unsigned),
        code::UINT32 => int(ctx, 32, Signedness::Unsigned),
        code::UINT64 => int(ctx, 64, Signedness::Unsigned),
        code::INT4 => int(ctx, 4, Signedness::Signless),
        code::UINT4 => int(ctx, 4, Signedness::Unsigned),
        code::INT2 => int(ctx, 2, Signedness::Signless),
        code::UINT2 => int(ctx, 2, Signedness::Unsigned),
        c if SMALL_FLOATS.iter().any(|f| f.0 == c) => {
            let name = SMALL_FLOATS.iter().find(|f| f.0 == c).map_or("", |f| f.1);
            let (name, _) = flowgate_ir::types::other_float(name).ok_or("unknown float format")?;
            ctx.intern_type(TypeKind::OtherFloat(name))
        }
        code::STRING => crate::types::string_type(ctx),
        code::UNDEFINED => return Err("the element type is undefined".to_string()),
        other => return Err(format!("element type '{}' is not supported", dtype_name(other))),
    })
}

/// The ONNX data type code of an IR element type (inverse of [`element_type`]).
pub fn dtype_code(ctx: &Context, t: Type) -> Option<i32> {
    Some(match ctx.type_kind(t) {
        TypeKind::Float(FloatKind::F32) => code::FLOAT,
        TypeKind::Float(FloatKind::F64) => code::DOUBLE,
        TypeKind::Float(FloatKind::F16) => code::FLOAT16,
        TypeKind::Float(FloatKind::BF16) => code::BFLOAT16,
        TypeKind::Integer { width: 1, .. } => code::BOOL,
        TypeKind::OtherFloat(name) => return SMALL_FLOATS.iter().find(|f| f.1 == *name).map(|f| f.0),
        TypeKind::Integer { width, signedness: Signedness::Unsigned } => match width {
            2 => code::UINT2,
            4 => code::UINT4,
            8 => code::UINT8,
            16 => code::UINT16,
            32 => code::UINT32,
            64 => code::UINT64,
            _ => return None,
        },
        TypeKind::Integer { width, .. } => match width {
            2 => code::INT2,
            4 => code::INT4,
            8 => code::INT8,
            16 => code::INT16,
            32 => code::INT32,
            64 => code::INT64,
            _ => return None,
        },
        _ if crate::types::is_string(ctx, t) => code::STRING,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use flowgate_ir::asm::type_to_string;

    #[test]
    fn maps_every_supported_code_and_names_the_rest() {
        let mut ctx = Context::new();
        let cases = [
            (1, "f32"),
            (11, "f64"),
            (10, "f16"),
            (16, "bf16"),
            (9, "i1"),
            (3, "i8"),
            (7, "i64"),
            (2, "ui8"),
            (13, "ui64"),
            (17, "f8E4M3FN"),
            (18, "f8E4M3FNUZ"),
            (19, "f8E5M2"),
            (20, "f8E5M2FNUZ"),
            (21, "ui4"),
            (22, "i4"),
            (23, "f4E2M1FN"),
            (24, "f8E8M0FNU"),
            (25, "ui2"),
            (26, "i2"),
            (8, "!onnx.string"),
        ];
        for (c, want) in cases {
            let t = element_type(&mut ctx, c).expect("supported");
            assert_eq!(type_to_string(&ctx, t), want);
            assert_eq!(dtype_code(&ctx, t), Some(c));
        }
        assert_eq!(element_type(&mut ctx, 14).unwrap_err(), "element type 'complex64' is not supported");
    }
}
