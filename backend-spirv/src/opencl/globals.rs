//! Program-scope variables: `__constant` data becomes an initialized `UniformConstant`
//! variable decorated `Constant`; program-scope `__global` data a `CrossWorkgroup` one.
//! Zero data is `OpConstantNull`; data too large for one constant is declared with a
//! storage type of its own ([`super::large_init`]).

use oclc_ir::{AddressSpace, Global, Type};
use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, StorageClass, Word};

use super::large_init::{needs_storage_type, storage_initializer};
use crate::common::ModuleCtx;
use crate::error::{unsupported, Result};

/// Declares every program-scope variable of the module, in order.
pub(crate) fn emit_globals(cx: &mut ModuleCtx<'_>) -> Result<()> {
    for g in &cx.ir.globals {
        let ty = cx.mem_ty(g.ty)?;
        let ptr = cx.ptr_ty(g.space, ty);
        let storage = cx.storage_class(g.space);
        let (var_ptr, init) = match g.space {
            AddressSpace::Constant | AddressSpace::Global => {
                let bytes = g.init.as_deref().unwrap_or_default();
                if needs_storage_type(cx, g.ty) && !bytes.is_empty() {
                    let (st, init) = storage_initializer(cx, g.ty, bytes);
                    (cx.pointer_type(storage, st), Some(init))
                } else {
                    (ptr, Some(typed_initializer(cx, g, ty, bytes)?))
                }
            }
            AddressSpace::Local => (ptr, None),
            other => {
                return unsupported(format!(
                    "program-scope variable `{}` in the {} address space",
                    g.name,
                    other.name()
                ))
            }
        };
        let var = cx.global_variable(var_ptr, storage, init);
        cx.b.name(var, g.name.clone());
        if storage == StorageClass::UniformConstant {
            cx.b.decorate(var, Decoration::Constant, []);
        }
        let align = cx.ir.types.layout(g.ty).align as u32;
        cx.b.decorate(var, Decoration::Alignment, [Operand::LiteralBit32(align)]);
        cx.globals.push(var);
        cx.global_casts.push((var_ptr != ptr).then_some(ptr));
    }
    Ok(())
}

/// The initializer of `g` as a constant of its own type `ty` (`bytes` are its leading
/// bytes, the rest zero): `OpConstantNull` for zero aggregates, whatever their size.
fn typed_initializer(cx: &mut ModuleCtx<'_>, g: &Global, ty: Word, bytes: &[u8]) -> Result<Word> {
    let aggregate = matches!(
        cx.ir.types.get(g.ty),
        Type::Array { .. } | Type::Struct { .. } | Type::Pointer { .. }
    );
    if aggregate && bytes.iter().all(|b| *b == 0) {
        return Ok(cx.const_null(ty));
    }
    // Small (see `needs_storage_type`) or zero: padding to the whole size is cheap.
    let mut full = bytes.to_vec();
    full.resize(cx.ir.types.layout(g.ty).size as usize, 0);
    cx.const_from_bytes(g.ty, &full)
}
