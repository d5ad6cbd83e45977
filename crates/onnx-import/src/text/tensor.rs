//! Tensor literals: `float[2] {1, 2}`, external references `float[2] ["location": "w.bin"]`.
//!
//! Values go to the typed repeated field the reference parser uses (`int32_data` for all small
//! integer and 8/16-bit float types as bit patterns, `uint64_data` for unsigned 32/64-bit,
//! `float_data` / `double_data`, `string_data`), never to `raw_data`.

use super::cursor::{PResult, Parser};
use crate::proto::tensor_proto::{DataLocation, DataType};
use crate::proto::tensor_shape_proto::dimension;
use crate::proto::type_proto::Value;
use crate::proto::{StringStringEntryProto, TensorProto, TypeProto};

impl Parser<'_> {
    /// Fills `tensor` (whose name the caller has set) from the literal that follows its type.
    pub(super) fn tensor_body(&mut self, tensor: &mut TensorProto, ty: &TypeProto, at: usize) -> PResult<()> {
        let Some(Value::TensorType(tt)) = &ty.value else {
            return Err(self.error_at(at, "a tensor value needs a tensor type".to_string()));
        };
        let elem = tt.elem_type.unwrap_or(0);
        tensor.data_type = Some(elem);
        let Some(shape) = &tt.shape else {
            return Err(self.error_at(at, "a tensor value needs a shape ('[]' is unknown rank)".to_string()));
        };
        for d in &shape.dim {
            match d.value {
                Some(dimension::Value::DimValue(v)) => tensor.dims.push(v),
                _ => {
                    return Err(self.error_at(at, "a tensor value needs numeric dimensions".to_string()));
                }
            }
        }
        if self.matches(b'{') {
            if !self.matches(b'}') {
                loop {
                    self.tensor_element(tensor, elem)?;
                    if !self.matches(b',') {
                        break;
                    }
                }
                self.expect(b'}')?;
            }
        } else if self.matches(b'[') {
            tensor.data_location = Some(DataLocation::External as i32);
            tensor.external_data = self.string_string_list()?;
            self.expect(b']')?;
        }
        Ok(())
    }

    fn tensor_element(&mut self, tensor: &mut TensorProto, elem: i32) -> PResult<()> {
        self.skip_ws();
        let at = self.pos();
        let dt = DataType::try_from(elem).unwrap_or(DataType::Undefined);
        match dt {
            DataType::Int4
            | DataType::Int8
            | DataType::Int16
            | DataType::Int32
            | DataType::Uint4
            | DataType::Uint8
            | DataType::Uint16
            | DataType::Float16
            | DataType::Bfloat16
            | DataType::Float8e4m3fn
            | DataType::Float8e4m3fnuz
            | DataType::Float8e5m2
            | DataType::Float8e5m2fnuz
            | DataType::Float8e8m0
            | DataType::Bool
            | DataType::Float4e2m1
            | DataType::Int2
            | DataType::Uint2 => {
                let v = self.int_value()?;
                let v = i32::try_from(v).map_err(|_| {
                    self.error_at(at, format!("value {v} does not fit the 32-bit storage of this type"))
                })?;
                tensor.int32_data.push(v);
            }
            DataType::Int64 => tensor.int64_data.push(self.int_value()?),
            DataType::Uint32 | DataType::Uint64 => tensor.uint64_data.push(self.uint_value()?),
            DataType::Float | DataType::Complex64 => tensor.float_data.push(self.f32_value()?),
            DataType::Double | DataType::Complex128 => tensor.double_data.push(self.f64_value()?),
            DataType::String => tensor.string_data.push(self.string_value()?.into_bytes()),
            DataType::Undefined | DataType::Float6e2m3 | DataType::Float6e3m2 => {
                return Err(self.error_at(at, format!("tensor literals of element type {elem} are not supported")));
            }
        }
        Ok(())
    }

    /// `"key": "value", ...` (at least one entry), as in metadata and external-data lists.
    pub(super) fn string_string_list(&mut self) -> PResult<Vec<StringStringEntryProto>> {
        let mut out = Vec::new();
        loop {
            let key = self.string_literal()?;
            self.expect(b':')?;
            let value = self.string_literal()?;
            out.push(StringStringEntryProto { key: Some(key), value: Some(value) });
            if !self.matches(b',') {
                return Ok(out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(src: &str) -> PResult<TensorProto> {
        let mut p = Parser::new(src, "t");
        let ty = p.type_proto()?;
        let mut t = TensorProto::default();
        p.tensor_body(&mut t, &ty, 0)?;
        p.expect_end()?;
        Ok(t)
    }

    #[test]
    fn typed_storage_fields() {
        let t = parse("float[2] {1, 2.5}").expect("tensor");
        assert_eq!((t.dims.clone(), t.float_data.clone()), (vec![2], vec![1.0, 2.5]));
        let t = parse("float16[1] {15872}").expect("tensor");
        assert_eq!(t.int32_data, vec![15872]);
        let t = parse("uint64[1] {18446744073709551615}").expect("tensor");
        assert_eq!(t.uint64_data, vec![u64::MAX]);
        let t = parse("string[2] {\"a\", \"b\"}").expect("tensor");
        assert_eq!(t.string_data, vec![b"a".to_vec(), b"b".to_vec()]);
        let t = parse("int64 {}").expect("tensor");
        assert!(t.dims.is_empty() && t.int64_data.is_empty());
    }

    #[test]
    fn external_reference() {
        let t = parse("float[2] [\"location\": \"w.bin\", \"offset\": \"0\"]").expect("tensor");
        assert_eq!(t.data_location, Some(DataLocation::External as i32));
        assert_eq!(t.external_data.len(), 2);
    }

    #[test]
    fn bad_tensors() {
        assert!(parse("float[N] {1}").is_err());
        assert!(parse("float[] {1}").is_err());
        assert!(parse("int8[1] {3000000000}").is_err());
        assert!(parse("uint32[1] {-1}").is_err());
        assert!(parse("seq(float) {1}").is_err());
        assert!(parse("float[1] {\"x\"}").is_err());
    }
}
