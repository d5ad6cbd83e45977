//! Embeds the git commit the tools are built from as `FLOWGATE_COMMIT`.
//!
//! Only this crate's build script watches git: when HEAD moves, this crate and the tools that
//! print `--version` rebuild, and nothing else. Outside a git checkout (a source tarball) the
//! commit is `unknown`; packagers may set `FLOWGATE_COMMIT` themselves.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=FLOWGATE_COMMIT");
    let commit = match std::env::var("FLOWGATE_COMMIT") {
        Ok(c) if !c.trim().is_empty() => c.trim().to_string(),
        _ => git_commit().unwrap_or_else(|| "unknown".to_string()),
    };
    println!("cargo:rustc-env=FLOWGATE_COMMIT={commit}");
}

/// `git rev-parse --short HEAD` of the checkout this workspace is the top of, watching the files
/// that change when HEAD moves. None without git, or when the workspace is not a checkout of its
/// own (a tarball unpacked inside some other repository must not report that one's commit).
fn git_commit() -> Option<String> {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR")?);
    // crates/version -> the workspace root.
    let workspace = manifest.parent()?.parent()?;
    let top = git(workspace, &["rev-parse", "--show-toplevel"])?;
    if !same_dir(Path::new(&top), workspace) {
        return None;
    }
    let commit = git(workspace, &["rev-parse", "--short", "HEAD"])?;
    watch_head(workspace);
    Some(commit)
}

/// Rerun when HEAD or the branch it names moves. Only existing files are named: cargo reruns a
/// build script every time when a watched path is missing.
fn watch_head(workspace: &Path) {
    let abs = |p: String| {
        let p = PathBuf::from(p);
        if p.is_absolute() {
            p
        } else {
            workspace.join(p)
        }
    };
    let Some(git_dir) = git(workspace, &["rev-parse", "--git-dir"]).map(abs) else { return };
    let common = git(workspace, &["rev-parse", "--git-common-dir"]).map(abs).unwrap_or_else(|| git_dir.clone());
    let mut watched = vec![git_dir.join("HEAD"), common.join("packed-refs")];
    if let Some(branch) = git(workspace, &["symbolic-ref", "-q", "HEAD"]) {
        watched.push(common.join(branch));
    }
    for f in watched.iter().filter(|f| f.is_file()) {
        println!("cargo:rerun-if-changed={}", f.display());
    }
}

fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git").arg("-C").arg(dir).args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let s = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!s.is_empty()).then_some(s)
}

fn same_dir(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
