//! What `-g` adds to a work-group function: source locations on the instructions (the
//! [`ValueId`] of the IR value being computed, whose span the debug-information writer
//! looks up) and stack slots that debug information can describe: the argument block's
//! address (for the kernel's parameters) and the current work-item's local and global ids,
//! written at the start of every work-item.

use cranelift_codegen::ir::{
    types, InstBuilder, SourceLoc, StackSlot, StackSlotData, StackSlotKind,
};
use oclc_ir::ValueId;

use super::Tx;

/// The stack slots of one work-group function that its debug information describes.
#[derive(Clone, Debug, Default)]
pub struct DebugSlots {
    /// The slot holding the argument block's address (8 bytes).
    pub args: Option<StackSlot>,
    /// The slot holding the current work-item's ids: `get_local_id(0..3)`, then
    /// `get_global_id(0..3)` (six 64-bit integers).
    pub ids: Option<StackSlot>,
    /// Each private variable kept in a stack slot, by `LocalId` index.
    pub vars: Vec<(u32, StackSlot)>,
}

/// Bytes of the ids slot: local ids then global ids, 8 bytes each.
pub const IDS_SLOT_SIZE: u32 = 48;

/// The byte offset of the global ids in the ids slot.
pub const GLOBAL_IDS_OFFSET: u32 = 24;

/// The Cranelift source location standing for IR value `v` (see [`value_of_srcloc`]).
pub fn srcloc_of_value(v: ValueId) -> SourceLoc {
    SourceLoc::new(v.0)
}

/// The IR value a source location recorded by [`srcloc_of_value`] stands for.
pub fn value_of_srcloc(loc: SourceLoc) -> Option<ValueId> {
    (!loc.is_default()).then(|| ValueId(loc.bits()))
}

impl Tx<'_, '_, '_> {
    /// Under `-g`, makes the instructions emitted next carry `v`'s source location, when
    /// `v` has one (the others keep the location of the code before them).
    pub(super) fn mark_source(&mut self, v: ValueId) {
        if self.env.debug && self.f.span(v).is_some() {
            self.b.set_srcloc(srcloc_of_value(v));
        }
    }

    /// Under `-g`, creates the argument and id slots and stores the argument block's
    /// address (in the entry block).
    pub(super) fn create_debug_slots(&mut self) {
        if !self.env.debug {
            return;
        }
        let slot = |b: &mut cranelift_frontend::FunctionBuilder, size| {
            b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, size, 3))
        };
        let args = slot(&mut self.b, 8);
        let ids = slot(&mut self.b, IDS_SLOT_SIZE);
        self.b.ins().stack_store(types::I64, self.args, args, 0);
        // Ids read before the first work-item (group-level code) are zero, not garbage.
        let zero = self.b.ins().iconst(types::I64, 0);
        for i in 0..6 {
            self.b.ins().stack_store(types::I64, zero, ids, 8 * i);
        }
        self.env.debug_slots.args = Some(args);
        self.env.debug_slots.ids = Some(ids);
    }

    /// Under `-g`, writes the current work-item's local and global ids to the ids slot
    /// (at the start of each work-item of a region).
    pub(super) fn store_debug_ids(&mut self, lid: [cranelift_codegen::ir::Value; 3]) {
        let Some(ids) = self.env.debug_slots.ids else {
            return;
        };
        for (d, l) in lid.into_iter().enumerate() {
            let g = self.b.ins().iadd(self.group_base[d], l);
            self.b.ins().stack_store(types::I64, l, ids, 8 * d as i32);
            self.b
                .ins()
                .stack_store(types::I64, g, ids, GLOBAL_IDS_OFFSET as i32 + 8 * d as i32);
        }
    }
}
