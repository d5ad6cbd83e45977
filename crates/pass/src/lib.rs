//! Pass infrastructure: the [`Pass`] trait, nested pass managers with instrumentation
//! (verification, IR dumps, timing), the textual pipeline syntax, and the greedy pattern
//! rewrite driver.

mod folder;
mod greedy;
mod manager;
mod pass;
mod pipeline;
mod region_simplify;
mod successors;
mod timing;

pub use folder::ConstantFolder;
pub use greedy::{apply_patterns_greedily, is_effect_free, is_trivially_dead, GreedyConfig, PatternSet};
pub use manager::{OpPassManager, PassEntry, PassManager, RunOptions, ANY};
pub use pass::{Pass, PassInfo, PassOptions};
pub use pipeline::{
    build_pipeline, parse_pass_options, parse_pass_pipeline, parse_pipeline_elements, split_anchor, PipelineElement,
    PipelineError, PIPELINE_NESTING_LIMIT,
};
pub use region_simplify::{
    drop_redundant_arguments, erase_unreachable_blocks, merge_identical_blocks, run_region_dce, simplify_regions,
    RegionSimplify,
};
pub use successors::{
    append_successor_operand, erase_on_all_edges, erase_successor_operand, forwarded_arg, insert_successor_operand,
    is_known_branch,
};
pub use timing::{render_report, TimingNode};
