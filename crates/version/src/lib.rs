//! What every Flowgate tool prints under `--version`: the workspace version and the git commit
//! it was built from (`build.rs`; `unknown` outside a git checkout).
//!
//! The commit lives in this one small crate so that a new HEAD rebuilds it and the tools, not
//! the compiler's crates.

/// The git commit (`git rev-parse --short HEAD`), or `unknown`.
pub const COMMIT: &str = env!("FLOWGATE_COMMIT");

/// `0.1.0 (commit 1a2b3c4)`: clap's `#[command(version = VERSION)]` prints it after the tool's
/// name.
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (commit ", env!("FLOWGATE_COMMIT"), ")");

/// The whole `--version` line of `tool`: `onnx-opt 0.1.0 (commit 1a2b3c4)`.
pub fn version_line(tool: &str) -> String {
    format!("{tool} {VERSION}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_names_the_package_version_and_a_commit() {
        assert!(VERSION.starts_with(env!("CARGO_PKG_VERSION")), "{VERSION}");
        let commit = COMMIT;
        // A hash, `unknown`, or what a packager set: one word either way.
        assert!(!commit.is_empty() && !commit.contains(char::is_whitespace), "{commit:?}");
        assert_eq!(version_line("onnx-opt"), format!("onnx-opt {} (commit {commit})", env!("CARGO_PKG_VERSION")));
    }

    /// In a git checkout the commit is HEAD's (cargo rebuilds the crate when HEAD moves, so a
    /// test build is never stale); without git it is `unknown`.
    #[test]
    fn commit_is_heads() {
        if std::env::var_os("FLOWGATE_COMMIT").is_some() {
            return; // A packager's value, checked by the test above.
        }
        let workspace = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
        let head = std::process::Command::new("git")
            .args(["-C", workspace, "rev-parse", "--short", "HEAD"])
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
        match head {
            Some(h) => assert_eq!(COMMIT, h),
            None => assert_eq!(COMMIT, "unknown"),
        }
    }
}
