//! Runs an ONNX model with rten 0.27 on raw input files and reports the median run time, for
//! bench/onnx/shapes.py. Inputs are `NAME:DTYPE:DIMS:FILE` (DTYPE `f32`, `i64` or `bool`; DIMS
//! comma-separated, empty for a scalar; FILE the little-endian elements). rten has no int64 or
//! bool tensors: both become its int32 tensors, as its ONNX loader does for constants. Each
//! output is written to `OUTDIR/out_<k>.bin` (f32 or i32 elements) and described on stdout as
//! `output <k> <f32|i32> <dims>`; then `load: <seconds>` and `run: <median seconds>`.

use anyhow::{bail, Context as _, Result};
use clap::Parser;
use rten::{Model, Value};
use rten_tensor::prelude::*;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Parser)]
struct Cli {
    model: PathBuf,
    /// Number of runs; the median is reported.
    #[arg(long, default_value_t = 7)]
    repeat: usize,
    /// Where the outputs of the last run are written.
    #[arg(long)]
    out_dir: PathBuf,
    /// `NAME:DTYPE:DIMS:FILE`, one per model input.
    #[arg(long = "input")]
    inputs: Vec<String>,
}

fn read_input(spec: &str) -> Result<(String, Value)> {
    let parts: Vec<&str> = spec.splitn(4, ':').collect();
    let [name, dtype, dims, file] = parts[..] else { bail!("input `{spec}` is not NAME:DTYPE:DIMS:FILE") };
    let shape: Vec<usize> =
        dims.split(',').filter(|d| !d.is_empty()).map(str::parse).collect::<Result<_, _>>().context("dims")?;
    let bytes = std::fs::read(file).with_context(|| format!("reading {file}"))?;
    let value = match dtype {
        "f32" => Value::from_shape(
            &shape,
            bytes.chunks_exact(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect(),
        )?,
        "i64" => {
            let v: Vec<i32> = bytes
                .chunks_exact(8)
                .map(|c| i32::try_from(i64::from_le_bytes(c.try_into().unwrap())))
                .collect::<Result<_, _>>()
                .context("an int64 input does not fit rten's int32")?;
            Value::from_shape(&shape, v)?
        }
        "bool" => Value::from_shape(&shape, bytes.iter().map(|&b| i32::from(b != 0)).collect::<Vec<i32>>())?,
        _ => bail!("unsupported input type {dtype}"),
    };
    Ok((name.to_string(), value))
}

fn write_output(dir: &std::path::Path, k: usize, v: &Value) -> Result<()> {
    let (kind, shape, bytes): (&str, Vec<usize>, Vec<u8>) = match v {
        Value::FloatTensor(t) => ("f32", t.shape().to_vec(), t.iter().flat_map(|x| x.to_le_bytes()).collect()),
        Value::Int32Tensor(t) => ("i32", t.shape().to_vec(), t.iter().flat_map(|x| x.to_le_bytes()).collect()),
        _ => bail!("output {k} is neither a float nor an int32 tensor"),
    };
    std::fs::write(dir.join(format!("out_{k}.bin")), bytes)?;
    let dims: Vec<String> = shape.iter().map(usize::to_string).collect();
    println!("output {k} {kind} {}", dims.join(","));
    Ok(())
}

fn main() -> Result<()> {
    let cli = Cli::parse();
    let t0 = Instant::now();
    let model = Model::load_file(&cli.model).with_context(|| format!("loading {}", cli.model.display()))?;
    let load = t0.elapsed().as_secs_f64();
    let mut named = Vec::new();
    for spec in &cli.inputs {
        let (name, value) = read_input(spec)?;
        named.push((model.node_id(&name)?, value));
    }
    let outputs = model.output_ids().to_vec();
    let mut times = Vec::new();
    let mut last = Vec::new();
    for _ in 0..cli.repeat.max(1) {
        let inputs = named.iter().map(|(id, v)| (*id, v.as_view().into())).collect();
        let t = Instant::now();
        last = model.run(inputs, &outputs, None)?;
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    std::fs::create_dir_all(&cli.out_dir)?;
    for (k, v) in last.iter().enumerate() {
        write_output(&cli.out_dir, k, v)?;
    }
    println!("load: {load:.9}");
    println!("run: {:.9}", times[times.len() / 2]);
    Ok(())
}
