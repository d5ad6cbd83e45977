//! Command-line parsing in the style of LLVM's `cl`: options take one or two dashes
//! (`-split-input-file` and `--split-input-file`), values come after `=` or as the next
//! argument, booleans accept `=true|false|1|0`, and each registered pass is a flag of its own
//! (`--canonicalize`, `--canonicalize=max-iterations=3`), kept in command-line order.

use flowgate_pass::PassInfo;
use std::ffi::{OsStr, OsString};

/// Everything the command line asks for.
#[derive(Clone, Debug)]
pub struct Options {
    /// Paths stay `OsString`s: a file name need not be UTF-8.
    pub input: OsString,
    pub output: OsString,
    /// `Some(marker)` under `--split-input-file`.
    pub split_marker: Option<String>,
    pub verify_diagnostics: bool,
    pub generic: bool,
    pub debuginfo: bool,
    pub local_scope: bool,
    pub print_before_all: bool,
    pub print_after_all: bool,
    pub print_module_scope: bool,
    pub timing: bool,
    pub list_passes: bool,
    pub help: bool,
    /// `--version`: the version and git commit, as `mlir-opt --version` prints LLVM's.
    pub version: bool,
    pub allow_unregistered: bool,
    pub verify_each: bool,
    pub pass_pipeline: Option<String>,
    /// `--upstream-pass-pipeline=builtin.module(...)`: upstream MLIR passes run after ours
    /// (cargo feature `mlir`).
    pub upstream_pipeline: Option<String>,
    /// `--upstream-verify`: upstream MLIR's verifier checks the final module (feature `mlir`).
    pub upstream_verify: bool,
    /// Pass flags in order: (argument, option text).
    pub passes: Vec<(String, String)>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            input: "-".into(),
            output: "-".into(),
            split_marker: None,
            verify_diagnostics: false,
            generic: false,
            debuginfo: false,
            local_scope: false,
            print_before_all: false,
            print_after_all: false,
            print_module_scope: false,
            timing: false,
            list_passes: false,
            help: false,
            version: false,
            allow_unregistered: false,
            verify_each: true,
            pass_pipeline: None,
            upstream_pipeline: None,
            upstream_verify: false,
            passes: Vec::new(),
        }
    }
}

pub const DEFAULT_SPLIT_MARKER: &str = "// -----";

fn parse_bool(name: &str, v: Option<&str>) -> Result<bool, String> {
    match v {
        None | Some("true" | "TRUE" | "True" | "1") => Ok(true),
        Some("false" | "FALSE" | "False" | "0") => Ok(false),
        Some(v) => Err(format!("for the --{name} option: '{v}' is invalid value for boolean argument! Try 0 or 1")),
    }
}

/// The part of `arg` after its first `=`, as an `OsString` (paths given as `-o=<path>` need
/// not be UTF-8).
fn value_after_eq(arg: &OsStr) -> Option<OsString> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt as _;
        let bytes = arg.as_bytes();
        let at = bytes.iter().position(|&b| b == b'=')?;
        Some(OsStr::from_bytes(&bytes[at + 1..]).to_os_string())
    }
    #[cfg(not(unix))]
    {
        let lossy = arg.to_string_lossy();
        lossy.split_once('=').map(|(_, v)| OsString::from(v))
    }
}

/// Parse `args` (without the program name). Arguments need not be UTF-8: file names are kept
/// as they are, and any other value is read lossily, so that a bad byte in a pipeline or an
/// option is reported as a bad value rather than crashing.
pub fn parse_args<S: AsRef<OsStr>>(args: &[S], passes: &[PassInfo]) -> Result<Options, String> {
    let mut o = Options::default();
    let mut positional: Vec<OsString> = Vec::new();
    let mut i = 0;
    let mut only_positional = false;
    while i < args.len() {
        let raw = args[i].as_ref();
        let lossy = raw.to_string_lossy();
        let arg: &str = &lossy;
        i += 1;
        if only_positional || arg == "-" || !arg.starts_with('-') {
            positional.push(raw.to_os_string());
            continue;
        }
        if arg == "--" {
            only_positional = true;
            continue;
        }
        let body = arg.strip_prefix("--").or_else(|| arg.strip_prefix('-')).unwrap_or(arg);
        let (name, value) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (body, None),
        };
        // Options that need a value take the next argument when none follows `=`.
        let mut take_value = |what: &str| -> Result<OsString, String> {
            if value.is_some() {
                return value_after_eq(raw).ok_or_else(|| format!("for the -{what} option: requires a value!"));
            }
            match args.get(i) {
                Some(v) => {
                    i += 1;
                    Ok(v.as_ref().to_os_string())
                }
                None => Err(format!("for the -{what} option: requires a value!")),
            }
        };
        match name {
            "o" => o.output = take_value("o")?,
            "pass-pipeline" => o.pass_pipeline = Some(take_value("pass-pipeline")?.to_string_lossy().into_owned()),
            "upstream-pass-pipeline" => {
                o.upstream_pipeline = Some(take_value("upstream-pass-pipeline")?.to_string_lossy().into_owned())
            }
            "upstream-verify" => o.upstream_verify = parse_bool(name, value)?,
            "split-input-file" => {
                o.split_marker = Some(match value {
                    Some(v) if !v.is_empty() => v.to_string(),
                    _ => DEFAULT_SPLIT_MARKER.to_string(),
                })
            }
            "verify-diagnostics" => o.verify_diagnostics = parse_bool(name, value)?,
            "mlir-print-op-generic" => o.generic = parse_bool(name, value)?,
            "mlir-print-debuginfo" => o.debuginfo = parse_bool(name, value)?,
            "mlir-print-local-scope" => o.local_scope = parse_bool(name, value)?,
            "mlir-print-ir-before-all" => o.print_before_all = parse_bool(name, value)?,
            "mlir-print-ir-after-all" => o.print_after_all = parse_bool(name, value)?,
            "mlir-print-ir-module-scope" => o.print_module_scope = parse_bool(name, value)?,
            "mlir-timing" => o.timing = parse_bool(name, value)?,
            "list-passes" => o.list_passes = parse_bool(name, value)?,
            "allow-unregistered-dialect" => o.allow_unregistered = parse_bool(name, value)?,
            "verify-each" => o.verify_each = parse_bool(name, value)?,
            "help" | "h" => o.help = true,
            "version" => o.version = true,
            // Flowgate runs on one thread; accepted so upstream command lines work unchanged.
            "mlir-disable-threading" => {
                parse_bool(name, value)?;
            }
            _ => {
                if passes.iter().any(|p| p.argument == name) {
                    o.passes.push((name.to_string(), value.unwrap_or("").to_string()));
                } else {
                    return Err(format!("Unknown command line argument '{arg}'.  Try: 'onnx-opt --help'"));
                }
            }
        }
    }
    match positional.len() {
        0 => {}
        1 => o.input = positional.remove(0),
        _ => {
            return Err("Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: onnx-opt --help".to_string())
        }
    }
    if o.pass_pipeline.is_some() && !o.passes.is_empty() {
        return Err("'-pass-pipeline' option can't be used with individual pass options".to_string());
    }
    Ok(o)
}

pub fn help_text(passes: &[PassInfo]) -> String {
    let mut s = String::from(
        "OVERVIEW: Flowgate's pass driver, in the style of mlir-opt\n\n\
         USAGE: onnx-opt [options] <input file>\n\n\
         OPTIONS:\n\
         \x20 -o <filename>                      Output filename\n\
         \x20 --pass-pipeline=<pipeline>         A textual pass pipeline, e.g. 'builtin.module(func.func(cse))'\n\
         \x20 --upstream-pass-pipeline=<p>      Then run upstream MLIR's passes in process (feature `mlir`)\n\
         \x20 --upstream-verify                  Re-verify the output with upstream MLIR's verifier (feature `mlir`)\n\
         \x20 --split-input-file[=<marker>]      Split the input on '// -----' lines and process each chunk\n\
         \x20 --verify-diagnostics               Check that emitted diagnostics match expected-* comments\n\
         \x20 --verify-each[=<bool>]             Verify the IR after each pass (default true)\n\
         \x20 --allow-unregistered-dialect       Accept ops of unregistered dialects\n\
         \x20 --mlir-print-op-generic            Print ops in the generic form\n\
         \x20 --mlir-print-debuginfo             Print locations\n\
         \x20 --mlir-print-local-scope           Print locations inline, without #loc aliases\n\
         \x20 --mlir-print-ir-before-all         Print the IR before each pass (to stderr)\n\
         \x20 --mlir-print-ir-after-all          Print the IR after each pass (to stderr)\n\
         \x20 --mlir-print-ir-module-scope       Print the whole module in IR dumps\n\
         \x20 --mlir-timing                      Print a per-pass time report (to stderr)\n\
         \x20 --list-passes                      List the registered passes\n\
         \x20 --version                          Print the version and the git commit\n\n",
    );
    s.push_str(&list_passes(passes));
    s
}

pub fn list_passes(passes: &[PassInfo]) -> String {
    let mut s = String::from("Passes:\n");
    for p in passes {
        // One pass per line, starting with its name (the flag is `--<name>`).
        s.push_str(&format!("  {:<54}-   {}\n", p.argument, p.description));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    fn infos() -> Vec<PassInfo> {
        vec![PassInfo { argument: "cse", description: "x", create: |_| Err("unused".into()) }]
    }

    #[test]
    fn single_and_double_dashes() {
        let o =
            parse_args(&args(&["-split-input-file", "--verify-each=false", "in.mlir", "-o", "out"]), &infos()).unwrap();
        assert_eq!(o.split_marker.as_deref(), Some(DEFAULT_SPLIT_MARKER));
        assert!(!o.verify_each);
        assert_eq!(o.input, "in.mlir");
        assert_eq!(o.output, "out");
    }

    #[test]
    fn pass_flags_keep_order_and_options() {
        let o = parse_args(&args(&["--cse", "-cse=foo=1"]), &infos()).unwrap();
        assert_eq!(o.passes, vec![("cse".to_string(), String::new()), ("cse".to_string(), "foo=1".to_string())]);
    }

    #[test]
    fn upstream_options() {
        let o = parse_args(&args(&["--upstream-verify", "--upstream-pass-pipeline", "builtin.module(cse)"]), &infos())
            .unwrap();
        assert!(o.upstream_verify);
        assert_eq!(o.upstream_pipeline.as_deref(), Some("builtin.module(cse)"));
        let o = parse_args(&args(&["-upstream-pass-pipeline=builtin.module(canonicalize)"]), &infos()).unwrap();
        assert!(!o.upstream_verify);
        assert_eq!(o.upstream_pipeline.as_deref(), Some("builtin.module(canonicalize)"));
    }

    #[test]
    fn errors() {
        assert!(parse_args(&args(&["--nope"]), &infos())
            .unwrap_err()
            .contains("Unknown command line argument '--nope'"));
        assert!(parse_args(&args(&["-o"]), &infos()).is_err());
        assert!(parse_args(&args(&["a", "b"]), &infos()).is_err());
        assert!(parse_args(&args(&["--verify-each=maybe"]), &infos()).is_err());
        assert!(parse_args(&args(&["--cse", "--pass-pipeline=builtin.module(cse)"]), &infos()).is_err());
    }
}
