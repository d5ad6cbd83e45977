//! The runtime's README documents every function of the runtime-abi table, with the table's
//! signature, in the table's order: a function added, removed or changed on one side only
//! fails here.

use flowgate_runtime_abi::FUNCTIONS;

/// The rows of the README's function table: (name, signature).
fn readme_rows() -> Vec<(String, String)> {
    let readme = include_str!("../README.md");
    let start = readme.find("| Function | Signature | Notes |").expect("README has the function table");
    readme[start..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            (cells[1].to_string(), cells[2].trim_matches('`').to_string())
        })
        .collect()
}

#[test]
fn the_readme_lists_the_table() {
    let rows = readme_rows();
    let want: Vec<(String, String)> = FUNCTIONS.iter().map(|f| (f.name().to_string(), f.signature())).collect();
    let missing: Vec<String> =
        want.iter().filter(|w| !rows.contains(w)).map(|(n, s)| format!("| {n} | `{s}` | |")).collect();
    let extra: Vec<&(String, String)> = rows.iter().filter(|r| !want.contains(r)).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "README rows missing:\n{}\nnot in the table: {extra:?}",
        missing.join("\n")
    );
    if let Some(k) = rows.iter().zip(&want).position(|(r, w)| r != w) {
        panic!("README row {k} is {}, the table has {} there", rows[k].0, want[k].0);
    }
}

/// The README's C API table lists `flowgate.h`'s functions (the runtime-abi `C_API` table) with
/// their prototypes, in order.
#[test]
fn the_readme_lists_the_c_api() {
    let readme = include_str!("../README.md");
    let start = readme.find("| C function | Prototype |").expect("README has the C API table");
    let rows: Vec<(String, String)> = readme[start..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cells: Vec<&str> =
                l.split(" | ").map(|c| c.trim_matches(|c: char| c == '|' || c == '`' || c == ' ')).collect();
            (cells[0].to_string(), cells[1].to_string())
        })
        .collect();
    let want: Vec<(String, String)> =
        flowgate_runtime_abi::C_API.iter().map(|f| (f.symbol.to_string(), f.c_decl())).collect();
    assert_eq!(rows, want);
}
