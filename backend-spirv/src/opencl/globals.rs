//! Program-scope variables: `__constant` data becomes an initialized `UniformConstant`
//! variable decorated `Constant`; program-scope `__global` data a `CrossWorkgroup` one.

use oclc_ir::AddressSpace;
use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, StorageClass};

use crate::common::ModuleCtx;
use crate::error::{unsupported, Result};

/// Declares every program-scope variable of the module, in order.
pub(crate) fn emit_globals(cx: &mut ModuleCtx<'_>) -> Result<()> {
    for g in &cx.ir.globals {
        let ty = cx.mem_ty(g.ty)?;
        let ptr = cx.ptr_ty(g.space, ty);
        let storage = cx.storage_class(g.space);
        let init = match g.space {
            AddressSpace::Constant | AddressSpace::Global => Some(match &g.init {
                Some(bytes) => cx.const_from_bytes(g.ty, bytes)?,
                None => {
                    let zeros = vec![0u8; cx.ir.types.layout(g.ty).size as usize];
                    cx.const_from_bytes(g.ty, &zeros)?
                }
            }),
            AddressSpace::Local => None,
            other => {
                return unsupported(format!(
                    "program-scope variable `{}` in the {} address space",
                    g.name,
                    other.name()
                ))
            }
        };
        let var = cx.global_variable(ptr, storage, init);
        cx.b.name(var, g.name.clone());
        if storage == StorageClass::UniformConstant {
            cx.b.decorate(var, Decoration::Constant, []);
        }
        let align = cx.ir.types.layout(g.ty).align as u32;
        cx.b.decorate(var, Decoration::Alignment, [Operand::LiteralBit32(align)]);
        cx.globals.push(var);
    }
    Ok(())
}
