//! The C header of a compiled model: self-contained (the ABI's structs, guarded so that
//! `flowgate.h` and any number of model headers can be included together), with the ABI
//! documented in comments and each input and output listed with its name and declared type.
//! Element-type codes, ownership and the structs are documented in the block it shares with
//! `flowgate.h`.

use crate::model::Port;
use crate::signature::{Declared, Dim};

/// `include/flowgate.h`, whose value-ABI block (between its `flowgate-abi-begin` and
/// `flowgate-abi-end` markers, under the guard `FLOWGATE_ABI_TYPES`) every model header repeats,
/// so the two headers agree and either can come first.
const FLOWGATE_H: &str = include_str!("../../../../include/flowgate.h");

/// The value-ABI block of `flowgate.h`, and the three runtime functions a caller of `<name>_run`
/// needs (declared as `flowgate.h` declares them).
fn abi_block() -> String {
    let from = FLOWGATE_H.find("/* flowgate-abi-begin").unwrap_or(0);
    let to = FLOWGATE_H.find("/* flowgate-abi-end */").map_or(FLOWGATE_H.len(), |i| i + "/* flowgate-abi-end */".len());
    let mut b = FLOWGATE_H[from..to].to_string();
    b.push_str(
        "\n\n/* Releases an output the runtime allocated (its items too) and zeroes *t. */\nvoid flowgate_tensor_free(FlowgateTensor *t);\n/* The message of the last failing call on this thread (\"\" if none): which input was wrong\n * and how, or which node failed. Valid until the next failing call on the thread. */\nconst char *flowgate_last_error(void);\n",
    );
    b
}

/// The header of model `name` compiled from `source`.
pub fn header(name: &str, source: &str, inputs: &[Port], outputs: &[Port]) -> String {
    let guard = format!("FLOWGATE_MODEL_{}_H", name.to_ascii_uppercase());
    let mut h = format!(
        "/* {name}: the model {source} compiled by onnx-compile (Flowgate).\n * Link this object with the Flowgate runtime (libflowgate_runtime.a or .so), libm, libpthread\n * and libdl. */\n#ifndef {guard}\n#define {guard}\n\n#include <stdint.h>\n\n#ifdef __cplusplus\nextern \"C\" {{\n#endif\n\n"
    );
    h.push_str(&abi_block());
    h.push_str(&format!(
        "\n/* Runs the model. inputs: {ni} values in graph order; outputs: room for {no} values, which\n * the call fills in graph order.\n * Returns 0 on success. Otherwise non-zero, every output zeroed, and flowgate_last_error()\n * says what went wrong; a wrong input (NULL pointer, element type, rank, dimension, a negative\n * dimension, a symbolic dimension that two inputs disagree on) is such an error, naming the\n * input, never a crash. Inputs with an initializer (a default) must be given too.\n *\n",
        ni = inputs.len(),
        no = outputs.len()
    ));
    let symbols = symbols(inputs);
    h.push_str(" * Inputs:\n");
    list(&mut h, inputs);
    h.push_str(" * Outputs:\n");
    list(&mut h, outputs);
    if !symbols.is_empty() {
        h.push_str(&format!(
            " * Symbolic dimensions ({}) take any size, the same in every input that names them;\n * '?' any size.\n",
            symbols.join(", ")
        ));
    }
    h.push_str(&format!(
        " */\nint32_t {name}_run(const FlowgateTensor *inputs, FlowgateTensor *outputs);\n\n#define {up}_NUM_INPUTS {ni}\n#define {up}_NUM_OUTPUTS {no}\n\n#ifdef __cplusplus\n}}\n#endif\n\n#endif /* {guard} */\n",
        up = name.to_ascii_uppercase(),
        ni = inputs.len(),
        no = outputs.len()
    ));
    h
}

fn list(h: &mut String, ports: &[Port]) {
    if ports.is_empty() {
        h.push_str(" *   (none)\n");
    }
    for (k, p) in ports.iter().enumerate() {
        // A name is the model's own text: keep it from ending the comment.
        let name = p.name.replace("*/", "* /");
        h.push_str(&format!(" *   [{k}] \"{name}\": {}\n", c_type(&p.declared)));
    }
}

/// `float32[N,3] (dtype 1)`, `seq(int64[?]) (FLOWGATE_SEQUENCE)`.
fn c_type(d: &Declared) -> String {
    let code = match d {
        Declared::Tensor { elem: Some(c), .. } => format!(" (dtype {c})"),
        Declared::Sequence(_) => " (FLOWGATE_SEQUENCE)".to_string(),
        Declared::Optional(_) => " (FLOWGATE_OPTIONAL)".to_string(),
        _ => String::new(),
    };
    format!("{d}{code}").replace("*/", "* /")
}

/// The symbolic dimensions the inputs name, in order of first appearance.
fn symbols(inputs: &[Port]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for p in inputs {
        if let Declared::Tensor { shape: Some(dims), .. } = &p.declared {
            for d in dims {
                if let Dim::Symbol(s) = d {
                    if !out.contains(s) {
                        out.push(s.replace("*/", "* /"));
                    }
                }
            }
        }
    }
    out
}
