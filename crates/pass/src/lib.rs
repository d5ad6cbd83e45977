//! Pass infrastructure: the [`Pass`] trait, nested pass managers with instrumentation
//! (verification, IR dumps, timing), the textual pipeline syntax, and the greedy pattern
//! rewrite driver.

mod folder;
mod greedy;
mod manager;
mod pass;
mod pipeline;
mod region_simplify;
mod timing;

pub use folder::ConstantFolder;
pub use greedy::{apply_patterns_greedily, is_effect_free, is_trivially_dead, GreedyConfig, PatternSet};
pub use manager::{OpPassManager, PassEntry, PassManager, RunOptions, ANY};
pub use pass::{Pass, PassInfo, PassOptions};
pub use pipeline::{
    build_pipeline, parse_pass_options, parse_pass_pipeline, parse_pipeline_elements, split_anchor, PipelineElement,
    PipelineError,
};
pub use region_simplify::{drop_unused_block_args, erase_unreachable_blocks, remove_operand, simplify_regions};
pub use timing::{render_report, TimingNode};
