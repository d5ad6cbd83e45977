//! Upstream-parity checks that the dialects' tests share: a dialect's `ops_input.mlir` must
//! print as upstream `mlir-opt` 22 prints it (`ops_expected.mlir`), survive the generic form,
//! and each case of `invalid_input.mlir` must fail with upstream's message.

use crate::asm::{parse_source, print_op, ParserConfig, PrintFlags};
use crate::{Context, OpId};

/// Parse and verify `src` in a context that `register` fills with dialects.
pub fn parse_and_verify(register: &dyn Fn(&mut Context), src: &str) -> Result<(Context, OpId), String> {
    let mut c = Context::new();
    register(&mut c);
    let m = parse_source(&mut c, "t.mlir", src, ParserConfig::default()).map_err(|d| d.message)?;
    crate::verify::verify(&c, m).map_err(|d| d.message)?;
    Ok((c, m))
}

pub fn print(c: &Context, m: OpId, generic: bool) -> String {
    print_op(c, m, PrintFlags { generic, debuginfo: false, local_scope: false })
}

/// Asserts that `input` prints line for line as `expected`, and that its generic form parses
/// back to the same custom form. Returns the generic form for further checks.
pub fn assert_custom_syntax_matches(register: &dyn Fn(&mut Context), input: &str, expected: &str) -> String {
    let (c, m) = parse_and_verify(register, input).unwrap();
    let out = print(&c, m, false);
    let want = expected.trim_end();
    for (i, (a, b)) in out.lines().zip(want.lines()).enumerate() {
        assert_eq!(a, b, "line {}", i + 1);
    }
    assert_eq!(out.trim_end().lines().count(), want.lines().count());
    let generic = print(&c, m, true);
    let (c2, m2) = parse_and_verify(register, &generic).unwrap();
    assert_eq!(print(&c2, m2, false), out);
    generic
}

/// Asserts that each `// -----` case of `cases` fails with the matching line of `messages`.
pub fn assert_invalid_messages(register: &dyn Fn(&mut Context), cases: &str, messages: &str) {
    let cases: Vec<&str> = cases.split("// -----\n").collect();
    let want: Vec<&str> = messages.lines().collect();
    assert_eq!(cases.len(), want.len());
    for (src, msg) in cases.iter().zip(&want) {
        match parse_and_verify(register, src) {
            Ok(_) => panic!("expected '{msg}' for\n{src}"),
            Err(e) => assert_eq!(e, *msg, "{src}"),
        }
    }
}

/// The two upstream-parity tests of a dialect whose `tests/` folder holds `ops_input.mlir`,
/// `ops_expected.mlir`, `invalid_input.mlir` and `invalid_expected.txt`, in a context filled by
/// the `register` functions given; the generic form must contain `generic_contains` (an
/// inherent attribute upstream prints there). The files are read relative to the test file
/// that invokes the macro.
#[macro_export]
macro_rules! upstream_parity_tests {
    ($($register:path),+ ; generic_contains: $piece:expr) => {
        fn register(c: &mut $crate::Context) {
            $($register(c);)+
        }

        #[test]
        fn custom_syntax_matches_upstream() {
            let generic = $crate::testing::assert_custom_syntax_matches(
                &register,
                include_str!("ops_input.mlir"),
                include_str!("ops_expected.mlir"),
            );
            assert!(generic.contains($piece), "{generic}");
        }

        #[test]
        fn invalid_ir_gets_upstream_messages() {
            $crate::testing::assert_invalid_messages(
                &register,
                include_str!("invalid_input.mlir"),
                include_str!("invalid_expected.txt"),
            );
        }
    };
}
