//! The module's slot destructor: `@__flowgate_release_slots()` empties every slot global
//! (`Lower::slot`: cached constants and memoized constant subgraphs) through
//! `flowgate_rt_slot_release`, dropping the reference each slot holds. Whoever frees the compiled
//! code calls it first (the driver's `CompiledModel` on drop): the slots live in the module's
//! memory, so once that is gone their values could never be freed, and a process that compiles
//! and drops many models (a server, the Python package, the fuzzer) would leak every constant.

use super::emit::{LResult, Lower};
use super::RELEASE_SLOTS;
use flowgate_ir::OperationState;

/// Build `@__flowgate_release_slots` when the module has slots.
pub(crate) fn build(l: &mut Lower<'_>) -> LResult<()> {
    if l.slots.is_empty() {
        return Ok(());
    }
    let loc = l.ctx.unknown_loc();
    l.start_function(RELEASE_SLOTS, &[], loc);
    for name in std::mem::take(&mut l.slots) {
        let view = l.global_view(&name, 8);
        l.rt_void("slot_release", &[view])?;
    }
    let st = OperationState::new(l.ctx, "func.return", loc);
    l.create(st);
    Ok(())
}
