//! Attributes: `<name: type = value, ...>` with optional type annotations, lists, tensors,
//! types, subgraphs and `@ref` references to function attributes.

use super::cursor::{PResult, Parser};
use super::literal::{parse_f32, Literal};
use crate::proto::attribute_proto::AttributeType;
use crate::proto::AttributeProto;

fn attribute_type(name: &str) -> Option<AttributeType> {
    Some(match name {
        "float" => AttributeType::Float,
        "int" => AttributeType::Int,
        "string" => AttributeType::String,
        "tensor" => AttributeType::Tensor,
        "graph" => AttributeType::Graph,
        "sparse_tensor" => AttributeType::SparseTensor,
        "type_proto" => AttributeType::TypeProto,
        "floats" => AttributeType::Floats,
        "ints" => AttributeType::Ints,
        "strings" => AttributeType::Strings,
        "tensors" => AttributeType::Tensors,
        "graphs" => AttributeType::Graphs,
        "sparse_tensors" => AttributeType::SparseTensors,
        "type_protos" => AttributeType::TypeProtos,
        _ => return None,
    })
}

/// The element type of a list type; singletons map to themselves.
fn element_of(t: AttributeType) -> AttributeType {
    match t {
        AttributeType::Floats => AttributeType::Float,
        AttributeType::Ints => AttributeType::Int,
        AttributeType::Strings => AttributeType::String,
        AttributeType::Tensors => AttributeType::Tensor,
        AttributeType::Graphs => AttributeType::Graph,
        AttributeType::SparseTensors => AttributeType::SparseTensor,
        AttributeType::TypeProtos => AttributeType::TypeProto,
        other => other,
    }
}

fn list_of(t: AttributeType) -> Option<AttributeType> {
    Some(match t {
        AttributeType::Float => AttributeType::Floats,
        AttributeType::Int => AttributeType::Ints,
        AttributeType::String => AttributeType::Strings,
        AttributeType::Tensor => AttributeType::Tensors,
        AttributeType::Graph => AttributeType::Graphs,
        AttributeType::TypeProto => AttributeType::TypeProtos,
        _ => return None,
    })
}

fn kind(attr: &AttributeProto) -> AttributeType {
    attr.r#type.and_then(|t| AttributeType::try_from(t).ok()).unwrap_or(AttributeType::Undefined)
}

impl Parser<'_> {
    /// `<attr, attr, ...>` if present; an empty list otherwise.
    pub(super) fn attribute_list(&mut self) -> PResult<Vec<AttributeProto>> {
        let mut out = Vec::new();
        if self.matches(b'<') {
            loop {
                let name = self.identifier()?.to_string();
                out.push(self.attribute_named(name)?);
                if !self.matches(b',') {
                    break;
                }
            }
            self.expect(b'>')?;
        }
        Ok(out)
    }

    /// The part of an attribute after its name: `[: type] = value`.
    pub(super) fn attribute_named(&mut self, name: String) -> PResult<AttributeProto> {
        let mut attr = AttributeProto { name: Some(name), ..Default::default() };
        if self.matches(b':') {
            self.skip_ws();
            let at = self.pos();
            let tname = self.identifier()?;
            let t =
                attribute_type(tname).ok_or_else(|| self.error_at(at, format!("unknown attribute type '{tname}'")))?;
            attr.r#type = Some(t as i32);
        }
        self.expect(b'=')?;
        if self.peek() == Some(b'[') {
            self.attribute_list_value(&mut attr)?;
        } else {
            let expected = kind(&attr);
            self.single_attribute_value(&mut attr, expected)?;
        }
        Ok(attr)
    }

    fn attribute_list_value(&mut self, attr: &mut AttributeProto) -> PResult<()> {
        self.skip_ws();
        let at = self.pos();
        self.expect(b'[')?;
        let annotated = kind(attr);
        if self.peek() == Some(b']') {
            if annotated == AttributeType::Undefined {
                return Err(
                    self.error_at(at, "an empty list attribute needs a type annotation such as ': ints'".to_string())
                );
            }
            if element_of(annotated) == annotated {
                return Err(self.error_at(at, "a single-valued attribute type cannot take a list".to_string()));
            }
        } else {
            let expected = element_of(annotated);
            let mut list_type: Option<AttributeType> = None;
            loop {
                self.skip_ws();
                let elem_at = self.pos();
                let mut v = AttributeProto::default();
                self.single_attribute_value(&mut v, expected)?;
                let vt = kind(&v);
                let lt = list_of(vt).ok_or_else(|| {
                    self.error_at(elem_at, "this value cannot be an element of a list attribute".to_string())
                })?;
                if list_type.is_some_and(|t| t != lt) {
                    return Err(self.error_at(
                        elem_at,
                        "list elements have different types; annotate the list (e.g. ': floats')".to_string(),
                    ));
                }
                list_type = Some(lt);
                attr.r#type = Some(lt as i32);
                match vt {
                    AttributeType::Int => attr.ints.extend(v.i),
                    AttributeType::Float => attr.floats.extend(v.f),
                    AttributeType::String => attr.strings.extend(v.s),
                    AttributeType::Tensor => attr.tensors.extend(v.t),
                    AttributeType::Graph => attr.graphs.extend(v.g),
                    AttributeType::TypeProto => attr.type_protos.extend(v.tp),
                    _ => {}
                }
                if !self.matches(b',') {
                    break;
                }
            }
        }
        self.expect(b']')
    }

    /// One value; `expected` is the annotated type (or `Undefined`), and an integer literal
    /// where a float is expected becomes a float, as in the reference parser.
    fn single_attribute_value(&mut self, attr: &mut AttributeProto, expected: AttributeType) -> PResult<()> {
        let at = {
            self.skip_ws();
            self.pos()
        };
        let next = self.peek();
        if next.is_some_and(|c| c.is_ascii_alphabetic() || c == b'_') {
            if self.next_is_type() {
                let ty = self.type_proto()?;
                let next = self.peek();
                if next == Some(b'{') || next == Some(b'=') || !self.peek_identifier().is_empty() {
                    let mut tensor = crate::proto::TensorProto {
                        name: Some(self.optional_quotable_identifier()?),
                        ..Default::default()
                    };
                    self.matches(b'=');
                    self.tensor_body(&mut tensor, &ty, at)?;
                    attr.r#type = Some(AttributeType::Tensor as i32);
                    attr.t = Some(tensor);
                } else {
                    attr.r#type = Some(AttributeType::TypeProto as i32);
                    attr.tp = Some(ty);
                }
            } else if self.next_is_float_word() {
                let f = self.f32_value()?;
                attr.r#type = Some(AttributeType::Float as i32);
                attr.f = Some(f);
            } else {
                let g = self.graph()?;
                attr.r#type = Some(AttributeType::Graph as i32);
                attr.g = Some(g);
            }
        } else if self.matches(b'@') {
            attr.ref_attr_name = Some(self.quotable_identifier()?);
        } else {
            match self.literal()? {
                Literal::Int(s) => {
                    let i = s
                        .parse::<i64>()
                        .map_err(|_| self.error_at(at, format!("integer {s} does not fit in 64 bits")))?;
                    attr.r#type = Some(AttributeType::Int as i32);
                    attr.i = Some(i);
                }
                Literal::Float(s) => {
                    let f = parse_f32(&s).ok_or_else(|| self.error_at(at, format!("invalid float literal '{s}'")))?;
                    attr.r#type = Some(AttributeType::Float as i32);
                    attr.f = Some(f);
                }
                Literal::Str(s) => {
                    attr.r#type = Some(AttributeType::String as i32);
                    attr.s = Some(s.into_bytes());
                }
            }
        }
        let got = kind(attr);
        if expected != AttributeType::Undefined && expected != got {
            if expected == AttributeType::Float && got == AttributeType::Int {
                attr.r#type = Some(AttributeType::Float as i32);
                attr.f = attr.i.take().map(|i| i as f32);
            } else if attr.ref_attr_name.is_none() {
                return Err(self.error_at(
                    at,
                    format!("attribute value is {}, but the annotation says {}", type_word(got), type_word(expected)),
                ));
            }
        }
        Ok(())
    }
}

fn type_word(t: AttributeType) -> &'static str {
    match t {
        AttributeType::Undefined => "undefined",
        AttributeType::Float => "float",
        AttributeType::Int => "int",
        AttributeType::String => "string",
        AttributeType::Tensor => "tensor",
        AttributeType::Graph => "graph",
        AttributeType::SparseTensor => "sparse_tensor",
        AttributeType::TypeProto => "type_proto",
        AttributeType::Floats => "floats",
        AttributeType::Ints => "ints",
        AttributeType::Strings => "strings",
        AttributeType::Tensors => "tensors",
        AttributeType::Graphs => "graphs",
        AttributeType::SparseTensors => "sparse_tensors",
        AttributeType::TypeProtos => "type_protos",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attrs(src: &str) -> PResult<Vec<AttributeProto>> {
        let mut p = Parser::new(src, "t");
        let a = p.attribute_list()?;
        p.expect_end()?;
        Ok(a)
    }

    #[test]
    fn scalars_and_lists() {
        let a = attrs("<a = 1, b: float = 2, c = \"s\", d = [1, 2], e: floats = [1, 2.5], f = -inf, g: ints = []>")
            .expect("attrs");
        assert_eq!(a[0].i, Some(1));
        assert_eq!((a[1].f, a[1].i), (Some(2.0), None));
        assert_eq!(a[2].s.as_deref(), Some(&b"s"[..]));
        assert_eq!(a[3].ints, vec![1, 2]);
        assert_eq!(kind(&a[3]), AttributeType::Ints);
        assert_eq!(a[4].floats, vec![1.0, 2.5]);
        assert_eq!(a[5].f, Some(f32::NEG_INFINITY));
        assert_eq!(kind(&a[6]), AttributeType::Ints);
    }

    #[test]
    fn tensors_types_graphs_and_refs() {
        let a = attrs("<value = float[2] {1, 2}, t: type_proto = seq(float), g = body () => (float y) { y = Constant<value_float = 1.0>() }, r: float = @alpha>")
            .expect("attrs");
        assert_eq!(kind(&a[0]), AttributeType::Tensor);
        assert_eq!(a[0].t.as_ref().and_then(|t| t.name.clone()), Some(String::new()));
        assert_eq!(kind(&a[1]), AttributeType::TypeProto);
        assert_eq!(kind(&a[2]), AttributeType::Graph);
        assert_eq!(a[3].ref_attr_name.as_deref(), Some("alpha"));
        assert_eq!(kind(&a[3]), AttributeType::Float);
    }

    #[test]
    fn annotation_errors() {
        assert!(attrs("<a = []>").is_err());
        assert!(attrs("<a: int = []>").is_err());
        assert!(attrs("<a: int = \"x\">").is_err());
        assert!(attrs("<a = [1, 2.0]>").is_err());
        assert!(attrs("<a: bogus = 1>").is_err());
    }
}
