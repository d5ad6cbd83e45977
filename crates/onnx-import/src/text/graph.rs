//! Models, graphs, nodes and functions.

use super::cursor::{PResult, Parser};
use crate::proto::{FunctionProto, GraphProto, ModelProto, NodeProto, OperatorSetIdProto, TensorProto, ValueInfoProto};

impl Parser<'_> {
    /// `[<header>] graph function*`
    pub(super) fn model(&mut self) -> PResult<ModelProto> {
        let mut model = ModelProto::default();
        if self.matches(b'<') {
            loop {
                self.skip_ws();
                let at = self.pos();
                let key = self.identifier()?;
                self.expect(b':')?;
                match key {
                    "ir_version" => model.ir_version = Some(self.int_value()?),
                    "opset_import" => model.opset_import = self.opset_list()?,
                    "producer_name" => model.producer_name = Some(self.string_value()?),
                    "producer_version" => model.producer_version = Some(self.string_value()?),
                    "domain" => model.domain = Some(self.string_value()?),
                    "model_version" => model.model_version = Some(self.int_value()?),
                    "doc_string" => model.doc_string = Some(self.string_value()?),
                    "metadata_props" => {
                        self.expect(b'[')?;
                        if !self.matches(b']') {
                            model.metadata_props = self.string_string_list()?;
                            self.expect(b']')?;
                        }
                    }
                    other => {
                        return Err(self.error_at(at, format!("unknown model header key '{other}'")));
                    }
                }
                if !self.matches(b',') {
                    break;
                }
            }
            self.expect(b'>')?;
        }
        model.graph = Some(self.graph()?);
        while !self.at_end() {
            model.functions.push(self.function()?);
        }
        Ok(model)
    }

    /// `[ "domain" : version, ... ]`
    fn opset_list(&mut self) -> PResult<Vec<OperatorSetIdProto>> {
        let mut out = Vec::new();
        self.expect(b'[')?;
        if !self.matches(b']') {
            loop {
                let domain = self.string_value()?;
                self.expect(b':')?;
                let version = self.int_value()?;
                out.push(OperatorSetIdProto { domain: Some(domain), version: Some(version) });
                if !self.matches(b',') {
                    break;
                }
            }
            self.expect(b']')?;
        }
        Ok(out)
    }

    /// `name (inputs [= init]) => (outputs) [<value infos and initializers>] { nodes }`
    pub(super) fn graph(&mut self) -> PResult<GraphProto> {
        self.nested(|p| p.graph_inner())
    }

    fn graph_inner(&mut self) -> PResult<GraphProto> {
        let mut g = GraphProto { name: Some(self.quotable_identifier()?), ..Default::default() };
        if self.matches(b'(') && !self.matches(b')') {
            loop {
                let (vi, init) = self.value_info_with_init()?;
                g.input.push(vi);
                g.initializer.extend(init);
                if !self.matches(b',') {
                    break;
                }
            }
            self.expect(b')')?;
        }
        self.expect_arrow()?;
        self.expect(b'(')?;
        if !self.matches(b')') {
            loop {
                g.output.push(self.value_info()?);
                if !self.matches(b',') {
                    break;
                }
            }
            self.expect(b')')?;
        }
        // Between the signature and the body: value infos, and initializers (`= value`) that
        // are not graph inputs.
        if self.matches(b'<') && !self.matches(b'>') {
            loop {
                let (vi, init) = self.value_info_with_init()?;
                match init {
                    Some(t) => g.initializer.push(t),
                    None => g.value_info.push(vi),
                }
                if !self.matches(b',') {
                    break;
                }
            }
            self.expect(b'>')?;
        }
        g.node = self.node_list()?;
        Ok(g)
    }

    /// `[type] name`
    fn value_info(&mut self) -> PResult<ValueInfoProto> {
        let r#type = if self.next_is_type() { Some(self.type_proto()?) } else { None };
        Ok(ValueInfoProto { name: Some(self.quotable_identifier()?), r#type, ..Default::default() })
    }

    /// `[type] name [= tensor-literal]`; the initializer takes the value's name and type.
    fn value_info_with_init(&mut self) -> PResult<(ValueInfoProto, Option<TensorProto>)> {
        self.skip_ws();
        let at = self.pos();
        let vi = self.value_info()?;
        if !self.matches(b'=') {
            return Ok((vi, None));
        }
        let mut t = TensorProto { name: vi.name.clone(), ..Default::default() };
        let ty = vi.r#type.clone().unwrap_or_default();
        self.tensor_body(&mut t, &ty, at)?;
        Ok((vi, Some(t)))
    }

    /// `{ node* }`
    fn node_list(&mut self) -> PResult<Vec<NodeProto>> {
        self.expect(b'{')?;
        let mut nodes = Vec::new();
        while !self.matches(b'}') {
            if self.at_end() {
                return Err(self.unexpected("'}'"));
            }
            nodes.push(self.node()?);
        }
        Ok(nodes)
    }

    /// `[ [name] ] outputs = [domain.]Op[:overload] [<attrs>] (inputs) [<attrs>]`
    fn node(&mut self) -> PResult<NodeProto> {
        let mut node = NodeProto::default();
        if self.matches(b'[') {
            node.name = Some(self.optional_quotable_identifier()?);
            self.expect(b']')?;
        }
        node.output = self.id_list()?;
        self.expect(b'=')?;
        // `com.microsoft.Foo`: every dotted prefix is the domain, the last word the op type.
        let mut domain = String::new();
        let mut id = self.optional_identifier();
        while self.matches(b'.') {
            if !domain.is_empty() {
                domain.push('.');
            }
            domain.push_str(id);
            id = self.identifier()?;
        }
        if id.is_empty() {
            return Err(self.unexpected("an operator name"));
        }
        node.domain = Some(domain);
        node.op_type = Some(id.to_string());
        if self.matches(b':') {
            node.overload = Some(self.identifier()?.to_string());
        }
        node.attribute = self.attribute_list()?;
        self.expect(b'(')?;
        node.input = self.id_list()?;
        self.expect(b')')?;
        // Attributes may also follow the operands.
        if node.attribute.is_empty() {
            node.attribute = self.attribute_list()?;
        }
        Ok(node)
    }

    /// Comma-separated names where an empty entry (`""`, or nothing before a comma) is an
    /// omitted optional value: `Op(,x)` has two operands, `Op()` none, `Op(x,)` one.
    fn id_list(&mut self) -> PResult<Vec<String>> {
        let mut out = Vec::new();
        let Some(first) = self.id_list_item()? else {
            return Ok(out);
        };
        out.push(first);
        while self.matches(b',') {
            match self.id_list_item()? {
                Some(id) => out.push(id),
                None => break,
            }
        }
        Ok(out)
    }

    fn id_list_item(&mut self) -> PResult<Option<String>> {
        if self.peek() == Some(b'"') {
            return self.string_literal().map(Some);
        }
        let id = self.optional_identifier();
        if !id.is_empty() || self.peek() == Some(b',') {
            Ok(Some(id.to_string()))
        } else {
            Ok(None)
        }
    }

    /// `[<header>] name [<attrs>] (inputs) => (outputs) [<value infos>] { nodes }`
    fn function(&mut self) -> PResult<FunctionProto> {
        let mut f = FunctionProto::default();
        if self.matches(b'<') {
            loop {
                self.skip_ws();
                let at = self.pos();
                let key = self.identifier()?;
                self.expect(b':')?;
                match key {
                    "opset_import" => f.opset_import = self.opset_list()?,
                    "doc_string" => f.doc_string = Some(self.string_value()?),
                    "domain" => f.domain = Some(self.string_value()?),
                    "overload" => f.overload = Some(self.string_value()?),
                    other => {
                        return Err(self.error_at(at, format!("unknown function header key '{other}'")));
                    }
                }
                if !self.matches(b',') {
                    break;
                }
            }
            self.expect(b'>')?;
        }
        f.name = Some(self.quotable_identifier()?);
        // Attribute names, or `name: type = default` for attributes with default values.
        if self.matches(b'<') {
            loop {
                let id = self.quotable_identifier()?;
                if matches!(self.peek(), Some(b':' | b'=')) {
                    f.attribute_proto.push(self.attribute_named(id)?);
                } else {
                    f.attribute.push(id);
                }
                if !self.matches(b',') {
                    break;
                }
            }
            self.expect(b'>')?;
        }
        f.input = self.function_signature(&mut f.value_info)?;
        self.expect_arrow()?;
        f.output = self.function_signature(&mut f.value_info)?;
        if self.matches(b'<') && !self.matches(b'>') {
            loop {
                f.value_info.push(self.value_info()?);
                if !self.matches(b',') {
                    break;
                }
            }
            self.expect(b'>')?;
        }
        f.node = self.node_list()?;
        Ok(f)
    }

    /// `( [type] name, ... )`: names go to the list; typed ones also get a value info.
    fn function_signature(&mut self, value_info: &mut Vec<ValueInfoProto>) -> PResult<Vec<String>> {
        let mut names = Vec::new();
        self.expect(b'(')?;
        if !self.matches(b')') {
            loop {
                let vi = self.value_info()?;
                names.push(vi.name.clone().unwrap_or_default());
                if vi.r#type.is_some() {
                    value_info.push(vi);
                }
                if !self.matches(b',') {
                    break;
                }
            }
            self.expect(b')')?;
        }
        Ok(names)
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse_model_text;
    use crate::proto::type_proto::Value;

    #[test]
    fn readme_example() {
        let m = parse_model_text(
            "<ir_version: 8, opset_import: [\"\" : 17]> agraph (float[N] X) => (float[N] Y) { Y = Add(X, X) }",
            "m.txt",
        )
        .expect("parses");
        assert_eq!(m.ir_version, Some(8));
        let g = m.graph.expect("graph");
        assert_eq!(g.name.as_deref(), Some("agraph"));
        assert_eq!(g.node[0].input, ["X", "X"]);
        assert_eq!(g.node[0].domain.as_deref(), Some(""));
    }

    #[test]
    fn empty_operands_and_names() {
        let m = parse_model_text(
            "g (float x) => (float y) { [n1] y, \"\" = Foo(\"\", x, \"a.b\") a, z = com.ms.Bar:ov<k = 1>(,x) }",
            "m.txt",
        )
        .expect("parses");
        let g = m.graph.expect("graph");
        assert_eq!(g.node[0].name.as_deref(), Some("n1"));
        assert_eq!(g.node[0].output, ["y", ""]);
        assert_eq!(g.node[0].input, ["", "x", "a.b"]);
        assert_eq!(g.node[1].domain.as_deref(), Some("com.ms"));
        assert_eq!(g.node[1].op_type.as_deref(), Some("Bar"));
        assert_eq!(g.node[1].overload.as_deref(), Some("ov"));
        assert_eq!(g.node[1].input, ["", "x"]);
    }

    #[test]
    fn initializers_in_signature_and_value_infos() {
        let m = parse_model_text(
            "g (float[2] x, float[2] b = {3, 4}) => (float[2] y) <float[2] w = {1, 2}, seq(float[N]) s, optional(float) o> { y = Add(x, w) }",
            "m.txt",
        )
        .expect("parses");
        let g = m.graph.expect("graph");
        let names: Vec<_> = g.initializer.iter().map(|t| t.name.clone().unwrap_or_default()).collect();
        assert_eq!(names, ["b", "w"]);
        assert_eq!(g.input.len(), 2);
        assert_eq!(g.value_info.len(), 2);
        assert!(matches!(g.value_info[0].r#type.as_ref().and_then(|t| t.value.as_ref()), Some(Value::SequenceType(_))));
    }

    #[test]
    fn functions_after_the_graph() {
        let m = parse_model_text(
            "<ir_version: 8, opset_import: [\"\" : 17, \"local\" : 1]> g (float x) => (float y) { y = local.Twice(x) }\n\
             <domain: \"local\", opset_import: [\"\" : 17]> Twice <alpha, beta: float = 2.0> (float a) => (b) { b = Add(a, a) }",
            "m.txt",
        )
        .expect("parses");
        let f = &m.functions[0];
        assert_eq!(f.name.as_deref(), Some("Twice"));
        assert_eq!(f.attribute, ["alpha"]);
        assert_eq!(f.attribute_proto[0].f, Some(2.0));
        assert_eq!(f.input, ["a"]);
        assert_eq!(f.output, ["b"]);
        assert_eq!(f.value_info.len(), 1);
    }

    #[test]
    fn errors_carry_positions() {
        let e = parse_model_text("g (float x) => (float y) {\n  y = Add(x, x\n}", "bad.txt").unwrap_err();
        assert_eq!(e.to_string(), "bad.txt:3:1: error: expected ')', found '}'");
        let e = parse_model_text("g (float x) => (float y) {\n  y = Add(x)", "bad.txt").unwrap_err();
        assert_eq!(e.to_string(), "bad.txt:2:13: error: expected '}', found end of input");
        let e = parse_model_text("", "empty.txt").unwrap_err();
        assert_eq!(e.to_string(), "empty.txt:1:1: error: expected an identifier, found end of input");
    }
}
