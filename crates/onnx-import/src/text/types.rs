//! Types and shapes: `float[N,?,3]`, `float` (rank 0), `float[]` (unknown rank), `seq(T)`,
//! `optional(T)`, `map(K, T)`, `sparse_tensor(float[2,2])`.

use super::cursor::{PResult, Parser};
use crate::proto::tensor_proto::DataType;
use crate::proto::tensor_shape_proto::{dimension, Dimension};
use crate::proto::type_proto::{self, Value};
use crate::proto::{TensorShapeProto, TypeProto};

/// Element type names of the textual syntax (those onnx 1.23.2's parser knows).
pub(super) fn primitive_type(name: &str) -> Option<DataType> {
    Some(match name {
        "float" => DataType::Float,
        "uint8" => DataType::Uint8,
        "int8" => DataType::Int8,
        "uint16" => DataType::Uint16,
        "int16" => DataType::Int16,
        "int32" => DataType::Int32,
        "int64" => DataType::Int64,
        "string" => DataType::String,
        "bool" => DataType::Bool,
        "float16" => DataType::Float16,
        "double" => DataType::Double,
        "uint32" => DataType::Uint32,
        "uint64" => DataType::Uint64,
        "complex64" => DataType::Complex64,
        "complex128" => DataType::Complex128,
        "bfloat16" => DataType::Bfloat16,
        "float8e4m3fn" => DataType::Float8e4m3fn,
        "float8e4m3fnuz" => DataType::Float8e4m3fnuz,
        "float8e5m2" => DataType::Float8e5m2,
        "float8e5m2fnuz" => DataType::Float8e5m2fnuz,
        "uint4" => DataType::Uint4,
        "int4" => DataType::Int4,
        "float4e2m1" => DataType::Float4e2m1,
        "float8e8m0" => DataType::Float8e8m0,
        "uint2" => DataType::Uint2,
        "int2" => DataType::Int2,
        _ => return None,
    })
}

const TYPE_KEYWORDS: [&str; 4] = ["seq", "map", "optional", "sparse_tensor"];

impl Parser<'_> {
    /// Whether a type starts here (an element type name or a type keyword).
    pub(super) fn next_is_type(&mut self) -> bool {
        let id = self.peek_identifier();
        primitive_type(id).is_some() || TYPE_KEYWORDS.contains(&id)
    }

    pub(super) fn type_proto(&mut self) -> PResult<TypeProto> {
        self.nested(|p| p.type_proto_inner())
    }

    fn type_proto_inner(&mut self) -> PResult<TypeProto> {
        self.skip_ws();
        let at = self.pos();
        let id = self.identifier()?;
        let value = if let Some(dt) = primitive_type(id) {
            let shape = self.optional_shape()?;
            Value::TensorType(type_proto::Tensor { elem_type: Some(dt as i32), shape })
        } else {
            match id {
                "seq" => {
                    self.expect(b'(')?;
                    let elem = self.type_proto()?;
                    self.expect(b')')?;
                    Value::SequenceType(Box::new(type_proto::Sequence { elem_type: Some(Box::new(elem)) }))
                }
                "optional" => {
                    self.expect(b'(')?;
                    let elem = self.type_proto()?;
                    self.expect(b')')?;
                    Value::OptionalType(Box::new(type_proto::Optional { elem_type: Some(Box::new(elem)) }))
                }
                "map" => {
                    self.expect(b'(')?;
                    let key = self.element_type("a primitive type as map key type")?;
                    self.expect(b',')?;
                    let value = self.type_proto()?;
                    self.expect(b')')?;
                    Value::MapType(Box::new(type_proto::Map {
                        key_type: Some(key as i32),
                        value_type: Some(Box::new(value)),
                    }))
                }
                "sparse_tensor" => {
                    self.expect(b'(')?;
                    let elem = self.element_type("an element type for the sparse tensor")?;
                    let shape = self.optional_shape()?;
                    self.expect(b')')?;
                    Value::SparseTensorType(type_proto::SparseTensor { elem_type: Some(elem as i32), shape })
                }
                other => {
                    return Err(self.error_at(at, format!("unknown type '{other}'")));
                }
            }
        };
        Ok(TypeProto { denotation: None, value: Some(value) })
    }

    fn element_type(&mut self, wanted: &str) -> PResult<DataType> {
        self.skip_ws();
        let at = self.pos();
        let id = self.identifier()?;
        primitive_type(id).ok_or_else(|| self.error_at(at, format!("expected {wanted}, found '{id}'")))
    }

    /// No brackets means rank 0 (an empty shape); `[]` means unknown rank (no shape at all).
    fn optional_shape(&mut self) -> PResult<Option<TensorShapeProto>> {
        if !self.matches(b'[') {
            return Ok(Some(TensorShapeProto::default()));
        }
        if self.matches(b']') {
            return Ok(None);
        }
        let mut shape = TensorShapeProto::default();
        loop {
            let value = if self.matches(b'?') {
                None
            } else {
                let id = self.optional_identifier();
                if id.is_empty() {
                    Some(dimension::Value::DimValue(self.int_value()?))
                } else {
                    Some(dimension::Value::DimParam(id.to_string()))
                }
            };
            shape.dim.push(Dimension { denotation: None, value });
            if !self.matches(b',') {
                break;
            }
        }
        self.expect(b']')?;
        Ok(Some(shape))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ty(src: &str) -> PResult<TypeProto> {
        Parser::new(src, "t").type_proto()
    }

    fn tensor(t: &TypeProto) -> &type_proto::Tensor {
        match &t.value {
            Some(Value::TensorType(t)) => t,
            other => panic!("not a tensor type: {other:?}"),
        }
    }

    #[test]
    fn rank_zero_unknown_rank_and_dims() {
        let scalar = ty("float").expect("type");
        assert_eq!(tensor(&scalar).shape, Some(TensorShapeProto::default()));
        let unknown = ty("int64 []").expect("type");
        assert_eq!(tensor(&unknown).shape, None);
        let t = ty("bool[N, ?, 3]").expect("type");
        let dims: Vec<_> = tensor(&t).shape.as_ref().expect("shape").dim.iter().map(|d| d.value.clone()).collect();
        assert_eq!(dims, [Some(dimension::Value::DimParam("N".into())), None, Some(dimension::Value::DimValue(3))]);
    }

    #[test]
    fn nested_types() {
        let t = ty("optional(seq(float[2]))").expect("type");
        assert!(matches!(t.value, Some(Value::OptionalType(_))));
        let t = ty("map(int64, seq(float))").expect("type");
        assert!(matches!(t.value, Some(Value::MapType(_))));
        assert!(ty("map(seq(float), float)").is_err());
        assert!(ty("tensor").is_err());
        let deep = format!("{}float{}", "seq(".repeat(40), ")".repeat(40));
        let e = ty(&deep).unwrap_err();
        assert!(e.message.contains("nested"), "{e}");
    }
}
