//! The table of the public C API (`include/flowgate.h`): what a C or C++ program calls to build
//! a model's inputs and read its outputs. Unlike [`crate::functions`] (what compiled code calls)
//! these take pointers to the `FlowgateTensor` structs of DESIGN.md §7. `c_api_functions!`
//! hands the table, as tokens, to a macro of the caller's: the runtime generates its
//! `#[no_mangle]` exports from it, this crate builds [`C_API`], and tests check `flowgate.h` and
//! the runtime README against [`C_API`]. One entry per function, Rust types:
//!
//! `flowgate_name(param: Type, ...) [-> Type];`
//!
//! The types name `FlowgateTensor` and `c_char`/`c_void`, which must be in scope where the
//! table is expanded.

/// One C API function: its symbol, parameters and result as the table writes them (Rust).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CApiFn {
    pub symbol: &'static str,
    pub params: &'static [(&'static str, &'static str)],
    pub result: Option<&'static str>,
}

/// The C spelling of a Rust type of the table (`*const FlowgateTensor` is
/// `const FlowgateTensor *`), or `None` for a type the table does not use.
pub fn c_type(rust: &str) -> Option<String> {
    let base = |t: &str| -> Option<&'static str> {
        Some(match t {
            "i32" => "int32_t",
            "i64" => "int64_t",
            "usize" => "size_t",
            "c_void" => "void",
            "c_char" => "char",
            "FlowgateTensor" => "FlowgateTensor",
            _ => return None,
        })
    };
    // `stringify!` writes `* const T`.
    let t = rust.split_whitespace().collect::<Vec<_>>().join(" ").replace("* ", "*");
    if let Some(rest) = t.strip_prefix("*const ") {
        Some(format!("const {} *", base(rest)?))
    } else if let Some(rest) = t.strip_prefix("*mut ") {
        Some(format!("{} *", base(rest)?))
    } else {
        base(&t).map(str::to_string)
    }
}

impl CApiFn {
    /// The C prototype, as `include/flowgate.h` declares it:
    /// `int32_t flowgate_tensor_rank(const FlowgateTensor *t);`.
    pub fn c_decl(&self) -> String {
        let ty = |t: &str| c_type(t).unwrap_or_else(|| format!("<no C type for {t}>"));
        let params: Vec<String> = self
            .params
            .iter()
            .map(|&(n, t)| {
                let c = ty(t);
                if c.ends_with('*') {
                    format!("{c}{n}")
                } else {
                    format!("{c} {n}")
                }
            })
            .collect();
        let params = if params.is_empty() { "void".to_string() } else { params.join(", ") };
        let result = self.result.map_or_else(
            || "void ".to_string(),
            |r| {
                let c = ty(r);
                if c.ends_with('*') {
                    c
                } else {
                    format!("{c} ")
                }
            },
        );
        format!("{result}{}({params});", self.symbol)
    }
}

/// Calls `$callback! { ...the table... }`.
#[macro_export]
macro_rules! c_api_functions {
    ($callback:ident) => {
        $callback! {
            // Errors (c_api/errors.rs).
            flowgate_last_error() -> *const c_char;
            flowgate_clear_error();
            // Tensors (c_api/tensors.rs).
            flowgate_dtype_size(dtype: i32) -> usize;
            flowgate_tensor_new(out: *mut FlowgateTensor, dtype: i32, rank: i32, shape: *const i64,
                data: *mut c_void, mode: i32) -> i32;
            flowgate_tensor_dtype(t: *const FlowgateTensor) -> i32;
            flowgate_tensor_rank(t: *const FlowgateTensor) -> i32;
            flowgate_tensor_dim(t: *const FlowgateTensor, axis: i32) -> i64;
            flowgate_tensor_size(t: *const FlowgateTensor) -> i64;
            flowgate_tensor_data(t: *const FlowgateTensor) -> *mut c_void;
            flowgate_tensor_copy_data(t: *const FlowgateTensor, dst: *mut c_void, dst_bytes: usize) -> i32;
            flowgate_tensor_free(t: *mut FlowgateTensor);
            // Sequences and optionals (c_api/sequences.rs).
            flowgate_sequence_new(out: *mut FlowgateTensor, items: *const FlowgateTensor, length: i64) -> i32;
            flowgate_sequence_length(s: *const FlowgateTensor) -> i64;
            flowgate_sequence_item(s: *const FlowgateTensor, index: i64) -> *const FlowgateTensor;
            flowgate_optional_new(out: *mut FlowgateTensor, value: *const FlowgateTensor) -> i32;
            flowgate_optional_has_value(o: *const FlowgateTensor) -> i32;
            flowgate_optional_value(o: *const FlowgateTensor) -> *const FlowgateTensor;
            // Threads (c_api/threads.rs).
            flowgate_set_num_threads(n: i32) -> i32;
            flowgate_num_threads() -> i32;
        }
    };
}

/// Builds [`C_API`] from the table.
macro_rules! c_api_table {
    ($($sym:ident($($p:ident: $t:ty),* $(,)?) $(-> $r:ty)?;)*) => {
        /// Every C API function, in the order of the table.
        pub static C_API: &[CApiFn] = &[$(
            CApiFn {
                symbol: stringify!($sym),
                params: &[$((stringify!($p), stringify!($t))),*],
                result: c_api_table!(@result $($r)?),
            },
        )*];
    };
    (@result) => { None };
    (@result $r:ty) => { Some(stringify!($r)) };
}

c_api_functions!(c_api_table);

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_type_has_a_c_spelling_and_symbols_are_unique() {
        let mut seen = HashSet::new();
        for f in C_API {
            assert!(f.symbol.starts_with("flowgate_") && !f.symbol.starts_with("flowgate_rt_"), "{}", f.symbol);
            assert!(seen.insert(f.symbol), "{} twice", f.symbol);
            for t in f.params.iter().map(|p| p.1).chain(f.result) {
                assert!(c_type(t).is_some(), "{}: no C type for {t}", f.symbol);
            }
        }
    }

    #[test]
    fn prototypes_read_as_c() {
        let get = |s: &str| C_API.iter().find(|f| f.symbol == s).unwrap().c_decl();
        assert_eq!(get("flowgate_tensor_rank"), "int32_t flowgate_tensor_rank(const FlowgateTensor *t);");
        assert_eq!(get("flowgate_last_error"), "const char *flowgate_last_error(void);");
        assert_eq!(get("flowgate_tensor_free"), "void flowgate_tensor_free(FlowgateTensor *t);");
        assert_eq!(
            get("flowgate_tensor_copy_data"),
            "int32_t flowgate_tensor_copy_data(const FlowgateTensor *t, void *dst, size_t dst_bytes);"
        );
    }
}
