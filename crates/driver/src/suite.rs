//! `--test-data` and `--backend-tests`: run a model on ONNX backend-suite data sets and compare
//! with the expected outputs, within each case's tolerance (`tolerance.rs`).

use crate::data;
use crate::model;
use crate::npy;
use crate::signature;
use crate::specialize::Model;
use crate::tolerance::{self, Overrides, Tolerance};
use anyhow::{anyhow, bail, Result};
use flowgate_progress::Progress;
use flowgate_runtime::RtValue;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

pub struct Timing {
    pub runs: Vec<Duration>,
}

/// Run `m` on one data set directory; Ok(()) when every output matches.
pub fn run_data_set(
    m: &Model,
    dir: &Path,
    tol: &Tolerance,
    repeat: usize,
    stack: usize,
    timing: &mut Timing,
) -> Result<()> {
    let mut args = Vec::new();
    let mut k = 0;
    for p in &m.inputs {
        if let Some(d) = &p.default {
            let f = dir.join(format!("input_{k}.pb"));
            if f.exists() {
                args.push(data::read_pb(&f, &p.kind)?);
                k += 1;
            } else {
                args.push(d.clone());
            }
            continue;
        }
        let f = dir.join(format!("input_{k}.pb"));
        if !f.exists() {
            bail!("missing {} for input '{}'", f.display(), p.name);
        }
        args.push(data::read_pb(&f, &p.kind)?);
        k += 1;
    }
    let mut outputs = Vec::new();
    for _ in 0..repeat.max(1) {
        let (out, t) = m.run(&args, stack)?;
        timing.runs.push(t);
        outputs = out;
    }
    for (k, p) in m.outputs.iter().enumerate() {
        let f = dir.join(format!("output_{k}.pb"));
        if !f.exists() {
            bail!("missing {}", f.display());
        }
        let expected = data::read_pb(&f, &p.kind)?;
        let actual = outputs.get(k).ok_or_else(|| anyhow!("output {k} missing"))?;
        flowgate_runtime::compare(&expected, actual, tol.rtol, tol.atol)
            .map_err(|e| anyhow!("output {k} ('{}'): {e}", p.name))?;
    }
    Ok(())
}

/// The `test_data_set_*` directories of a test, sorted.
pub fn data_sets(test: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(test)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| {
                    p.is_dir()
                        && p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("test_data_set_"))
                })
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

pub struct SuiteOutcome {
    pub passed: usize,
    pub failed: usize,
    pub compile_times: Vec<Duration>,
    /// Every run of every data set that ran.
    pub run_times: Vec<Duration>,
}

/// Every `ROOT/*/model.onnx` against all its data sets, each case within its tolerance
/// (`ROOT/name/tolerance.json` unless `over` says otherwise). Writes `PASS name` / `FAIL name:
/// why (tolerance)` to `out` as each case ends, flushed, with `progress` saying which case and
/// step is under way meanwhile.
pub fn run_suite(
    root: &Path,
    o: &model::Options,
    over: Overrides,
    repeat: usize,
    out: &mut dyn std::io::Write,
    progress: &Progress,
) -> Result<SuiteOutcome> {
    let mut tests: Vec<PathBuf> = std::fs::read_dir(root)
        .map_err(|e| anyhow!("cannot read '{}': {e}", root.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("model.onnx").is_file())
        .collect();
    tests.sort();
    let mut res = SuiteOutcome { passed: 0, failed: 0, compile_times: Vec::new(), run_times: Vec::new() };
    let count = tests.len();
    for (k, t) in tests.iter().enumerate() {
        let name = t.file_name().and_then(|n| n.to_str()).unwrap_or("?").to_string();
        let step = |what: &str| progress.set(format!("[{}/{count}] {name}: {what}…", k + 1));
        let outcome = tolerance::for_case(Some(t), over)
            .and_then(|tol| run_one(t, o, &tol, repeat, &mut res, &step).map_err(|e| anyhow!("{e} ({tol})")));
        let line = match outcome {
            Ok(()) => {
                res.passed += 1;
                format!("PASS {name}\n")
            }
            Err(e) => {
                res.failed += 1;
                format!("FAIL {name}: {}\n", e.to_string().trim_end().replace('\n', " | "))
            }
        };
        progress
            .suspend(|| out.write_all(line.as_bytes()).and_then(|()| out.flush()))
            .map_err(|e| anyhow!("cannot write output: {e}"))?;
    }
    Ok(res)
}

fn run_one(
    t: &Path,
    o: &model::Options,
    tol: &Tolerance,
    repeat: usize,
    res: &mut SuiteOutcome,
    step: &dyn Fn(&str),
) -> Result<()> {
    step("compiling");
    let m = Model::load(&t.join("model.onnx"), o).map_err(|e| anyhow!("{e}"))?;
    let sets = data_sets(t);
    if sets.is_empty() {
        bail!("no test_data_set_* directory");
    }
    let mut timing = Timing { runs: Vec::new() };
    let mut ran = Ok(());
    for s in sets {
        let set = s.file_name().and_then(|n| n.to_str()).unwrap_or("?").to_string();
        step(&format!("running {set}"));
        ran = run_data_set(&m, &s, tol, repeat, o.stack_size, &mut timing).map_err(|e| anyhow!("{set}: {e}"));
        res.run_times.append(&mut timing.runs);
        if ran.is_err() {
            break;
        }
    }
    // Every specialization compiled for the data sets counts as one compile.
    res.compile_times.extend(m.compiles().into_iter().map(|(total, _)| total));
    ran
}

/// `--input NAME=FILE` values, by input name, in graph order. The names are checked (unknown,
/// repeated, missing) before any file is read; the values are checked when the model runs.
pub fn user_inputs(m: &Model, given: &[(String, PathBuf)]) -> Result<Vec<Arc<RtValue>>> {
    let names: Vec<&str> = given.iter().map(|(n, _)| n.as_str()).collect();
    signature::check_names(&m.signature(), &names, &|n| format!(" (use --input {n}=FILE)")).map_err(|e| anyhow!(e))?;
    m.inputs
        .iter()
        .map(|p| match given.iter().find(|(n, _)| n == &p.name) {
            Some((_, f)) if f.extension().and_then(|e| e.to_str()) == Some("npy") => {
                Ok(Arc::new(RtValue::tensor(npy::read_npy(f)?)))
            }
            Some((_, f)) => data::read_pb(f, &p.kind),
            None => p.default.clone().ok_or_else(|| anyhow!("internal error: input '{}' has no value", p.name)),
        })
        .collect()
}
