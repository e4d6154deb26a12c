//! What a compiled function keeps for its debug information: read from Cranelift's
//! compiled code (source locations, stack slot offsets, unwind information) right after
//! the function is defined.

use cranelift_codegen::ir::StackSlot;
use cranelift_codegen::isa::unwind::UnwindInfo;
use cranelift_codegen::isa::TargetIsa;
use cranelift_codegen::Context;
use oclc_ir::{Function, SourceSpan, TypeId, TypeTable};

use crate::codegen::debug::{value_of_srcloc, DebugSlots, GLOBAL_IDS_OFFSET};

/// Any function of an object: its code size and how to unwind it.
#[derive(Clone, Debug)]
pub struct FunctionDebug {
    /// Bytes of machine code.
    pub code_size: u32,
    /// System V call-frame information (`None` when Cranelift gave none).
    pub unwind: Option<cranelift_codegen::isa::unwind::systemv::UnwindInfo>,
}

/// A variable of a kernel's frame: its name, IR type and address.
#[derive(Clone, Debug)]
pub struct FrameVar {
    /// The source name.
    pub name: String,
    /// Its type.
    pub ty: TypeId,
    /// Where it lives.
    pub at: VarLocation,
    /// Made by the compiler (the work-item ids), not declared in the source.
    pub artificial: bool,
}

/// Where a variable lives, relative to the frame pointer.
#[derive(Clone, Copy, Debug)]
pub enum VarLocation {
    /// At frame pointer + this offset.
    Frame(i64),
    /// At this offset of the block whose address is stored at frame pointer + `slot`.
    Indirect {
        /// Where the block's address is.
        slot: i64,
        /// The offset in the block.
        offset: u64,
    },
}

/// A kernel's work-group function as its debug information describes it.
#[derive(Clone, Debug)]
pub struct KernelDebug {
    /// The kernel's name.
    pub name: String,
    /// Code size and unwinding.
    pub code: FunctionDebug,
    /// Where the kernel's code starts in the source (its first expression, before
    /// inlining): the line of the function's prologue.
    pub decl: Option<SourceSpan>,
    /// Source rows: from this code offset on, the code is for this source span.
    pub rows: Vec<(u32, SourceSpan)>,
    /// Parameters (through the argument block).
    pub params: Vec<FrameVar>,
    /// Private variables and the work-item ids.
    pub vars: Vec<FrameVar>,
    /// The types of `params` and `vars`.
    pub types: TypeTable,
}

/// The code size and unwind information of the function `ctx` has just compiled.
pub fn function_debug(ctx: &Context, isa: &dyn TargetIsa) -> FunctionDebug {
    let Some(code) = ctx.compiled_code() else {
        return FunctionDebug {
            code_size: 0,
            unwind: None,
        };
    };
    let unwind = match code.create_unwind_info(isa) {
        Ok(Some(UnwindInfo::SystemV(info))) => Some(info),
        _ => None,
    };
    FunctionDebug {
        code_size: code.buffer.total_size(),
        unwind,
    }
}

/// Reads the debug information of kernel `func` (the inlined function the code generator
/// translated, typed by `types`; `source` is the kernel before inlining) from `ctx`, which
/// has just compiled it; `slots` are the stack slots the code generator kept for it and
/// `arg_offsets` the parameters' offsets in the argument block.
#[allow(clippy::too_many_arguments)]
pub fn capture(
    ctx: &Context,
    isa: &dyn TargetIsa,
    source: &Function,
    func: &Function,
    types: &mut TypeTable,
    slots: &DebugSlots,
    arg_offsets: &[u64],
) -> KernelDebug {
    let code = function_debug(ctx, isa);
    let mut rows = Vec::new();
    let mut params = Vec::new();
    let mut vars = Vec::new();
    if let Some(compiled) = ctx.compiled_code() {
        for loc in compiled.buffer.get_srclocs_sorted() {
            let span = value_of_srcloc(loc.loc).and_then(|v| func.span(v));
            if let Some(span) = span {
                if rows.last().map(|(_, s)| *s) != Some(span) {
                    rows.push((loc.start, span));
                }
            }
        }
        if let Some(layout) = compiled.buffer.frame_layout() {
            let fp = layout.frame_to_fp_offset as i64;
            let at = |slot: StackSlot| layout.stackslots[slot].offset as i64 - fp;
            if let Some(args) = slots.args {
                for (p, &offset) in func.params.iter().zip(arg_offsets) {
                    params.push(FrameVar {
                        name: p.name.clone(),
                        ty: p.ty,
                        at: VarLocation::Indirect {
                            slot: at(args),
                            offset,
                        },
                        artificial: false,
                    });
                }
            }
            for &(l, slot) in &slots.vars {
                let local = &func.locals[l as usize];
                vars.push(FrameVar {
                    name: local.name.clone(),
                    ty: local.ty,
                    at: VarLocation::Frame(at(slot)),
                    artificial: false,
                });
            }
            if let Some(ids) = slots.ids {
                let size_t = types.scalar(oclc_ir::ScalarType::U64);
                let ids_ty = types.array(size_t, 3);
                for (name, offset) in [("__local_id", 0), ("__global_id", GLOBAL_IDS_OFFSET)] {
                    vars.push(FrameVar {
                        name: name.to_string(),
                        ty: ids_ty,
                        at: VarLocation::Frame(at(ids) + offset as i64),
                        artificial: true,
                    });
                }
            }
        }
    }
    let decl = oclc_ir::first_span(source);
    KernelDebug {
        name: func.name.clone(),
        code,
        decl,
        rows,
        params,
        vars,
        types: types.clone(),
    }
}
