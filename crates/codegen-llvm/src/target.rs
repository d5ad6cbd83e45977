//! Target machines and optimization levels. `-O0`/`-O2`/`-O3` run LLVM's
//! `default<O0>`/`default<O2>`/`default<O3>` pipelines and code generation at the matching
//! level; the JIT compiles for the host CPU, objects for a baseline CPU of the target triple
//! (or the host's when the triple is the host's and `native` is asked for).

use flowgate_codegen::abi::Arch;
use flowgate_codegen::{CodegenError, OptLevel, Result};
use inkwell::module::Module;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{CodeModel, InitializationConfig, RelocMode, Target, TargetMachine, TargetTriple};
use inkwell::OptimizationLevel;

/// The LLVM backend's optimization level.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum LlvmOpt {
    O0,
    #[default]
    O2,
    O3,
}

impl LlvmOpt {
    /// `-O<level>` as the tools spell it.
    pub fn parse(level: Option<&str>) -> Option<LlvmOpt> {
        match level {
            None | Some("2") => Some(LlvmOpt::O2),
            Some("3") => Some(LlvmOpt::O3),
            Some("0") => Some(LlvmOpt::O0),
            _ => None,
        }
    }

    /// The lowering pipeline's level (the loop optimizations run at -O2 and -O3).
    pub fn lowering(self) -> OptLevel {
        match self {
            LlvmOpt::O0 => OptLevel::None,
            _ => OptLevel::Speed,
        }
    }

    pub fn pipeline(self) -> &'static str {
        match self {
            LlvmOpt::O0 => "default<O0>",
            LlvmOpt::O2 => "default<O2>",
            LlvmOpt::O3 => "default<O3>",
        }
    }

    pub fn codegen(self) -> OptimizationLevel {
        match self {
            LlvmOpt::O0 => OptimizationLevel::None,
            LlvmOpt::O2 => OptimizationLevel::Default,
            LlvmOpt::O3 => OptimizationLevel::Aggressive,
        }
    }
}

/// The host's triple, CPU name and features.
pub fn host() -> (TargetTriple, String, String) {
    (
        TargetMachine::get_default_triple(),
        TargetMachine::get_host_cpu_name().to_string(),
        TargetMachine::get_host_cpu_features().to_string(),
    )
}

/// The C ABI family of a triple (64-bit x86, AArch64 and RISC-V only).
pub fn arch_of(triple: &str) -> Result<Arch> {
    let a = triple.split('-').next().unwrap_or("");
    match a {
        "x86_64" | "amd64" => Ok(Arch::X86_64),
        "aarch64" | "arm64" => Ok(Arch::Aarch64),
        "riscv64" | "riscv64gc" => Ok(Arch::Riscv64),
        _ => Err(CodegenError::Target {
            triple: triple.to_string(),
            message: format!("architecture '{a}' is not supported (x86_64, aarch64 and riscv64 are)"),
        }),
    }
}

/// A target machine for `triple` (the host when `None`). The host gets its own CPU and
/// features; other triples a baseline CPU (RISC-V: rv64gc with the LP64D ABI).
pub fn target_machine(triple: Option<&str>, opt: LlvmOpt, reloc: RelocMode) -> Result<(TargetMachine, Arch)> {
    let (host_triple, host_cpu, host_features) = host();
    let (t, cpu, features) = match triple {
        None => (host_triple, host_cpu, host_features),
        Some(s) => {
            // target-lexicon spells RISC-V `riscv64gc`; LLVM wants `riscv64`.
            let llvm = s.replacen("riscv64gc-", "riscv64-", 1);
            let features = if llvm.starts_with("riscv64") { "+m,+a,+f,+d,+c".to_string() } else { String::new() };
            (TargetTriple::create(&llvm), String::new(), features)
        }
    };
    let name = t.as_str().to_string_lossy().into_owned();
    let arch = arch_of(&name)?;
    Target::initialize_all(&InitializationConfig::default());
    let target =
        Target::from_triple(&t).map_err(|e| CodegenError::Target { triple: name.clone(), message: e.to_string() })?;
    let tm = target.create_target_machine(&t, &cpu, &features, opt.codegen(), reloc, CodeModel::Default).ok_or_else(
        || CodegenError::Target { triple: name.clone(), message: "LLVM cannot create a target machine".into() },
    )?;
    Ok((tm, arch))
}

/// Set the module's triple and data layout for `tm` and tag every function with its CPU and
/// features (MCJIT compiles for the function's attributes, not the host, otherwise).
pub fn prepare(module: &Module, tm: &TargetMachine) {
    module.set_triple(&tm.get_triple());
    module.set_data_layout(&tm.get_target_data().get_data_layout());
    let llc = module.get_context();
    let cpu = tm.get_cpu().to_string_lossy().into_owned();
    let features = tm.get_feature_string().to_string_lossy().into_owned();
    let mut f = module.get_first_function();
    while let Some(func) = f {
        if func.count_basic_blocks() > 0 {
            use inkwell::attributes::AttributeLoc;
            if !cpu.is_empty() {
                func.add_attribute(AttributeLoc::Function, llc.create_string_attribute("target-cpu", &cpu));
            }
            if !features.is_empty() {
                func.add_attribute(AttributeLoc::Function, llc.create_string_attribute("target-features", &features));
            }
            // Compiled code probes the stack, so a huge frame hits the guard page (DESIGN.md §7).
            func.add_attribute(AttributeLoc::Function, llc.create_string_attribute("probe-stack", "inline-asm"));
        }
        f = func.get_next_function();
    }
}

/// Verify the module, then run the `-O` pipeline over it.
pub fn optimize(module: &Module, tm: &TargetMachine, opt: LlvmOpt) -> Result<()> {
    module
        .verify()
        .map_err(|e| CodegenError::internal("<module>", format!("LLVM's verifier rejected the module: {e}")))?;
    module
        .run_passes(opt.pipeline(), tm, PassBuilderOptions::create())
        .map_err(|e| CodegenError::internal("<module>", format!("running {}: {e}", opt.pipeline())))
}
