//! Program-scope `__constant` data on Vulkan. `__constant` pointers are physical storage
//! buffer addresses, so the data must live in a buffer: every program-scope `__constant`
//! variable is placed in one byte image (each at its alignment), which the module carries
//! as the initializer of the Private `uint` array [`CONSTANT_DATA_NAME`] (never read by the
//! shader). A launcher copies that image into a buffer and stores its device address in
//! the last 8 bytes of the kernel's argument block (`KernelReflection::constant_data_offset`);
//! each entry point copies it into the Private variable `oclc.constant_base`, and the
//! address of a variable is that base plus its offset in the image.

use oclc_ir::{AddressSpace, GlobalId, Module, ScalarType};
use rspirv::spirv::{Op as SOp, StorageClass, Word};

use crate::common::{FnEmitter, ModuleCtx};
use crate::error::{unsupported, Result, SpirvError};

/// The name (`OpName`) of the Private variable whose initializer is the constant image.
pub const CONSTANT_DATA_NAME: &str = "oclc.constant_data";

/// The byte image of the module's program-scope `__constant` variables and the offset of
/// each (indexed like `Module::globals`). Other program-scope variables are reported.
pub(crate) fn constant_image(module: &Module) -> Result<(Vec<u8>, Vec<u64>)> {
    let mut image = Vec::new();
    let mut offsets = Vec::with_capacity(module.globals.len());
    for g in &module.globals {
        if g.space != AddressSpace::Constant {
            return unsupported(format!(
                "program-scope variable `{}` in the {} address space on Vulkan (only __constant)",
                g.name,
                g.space.name()
            ));
        }
        let layout = module.types.layout(g.ty);
        let at = (image.len() as u64).next_multiple_of(layout.align.max(1));
        image.resize(at as usize, 0);
        match &g.init {
            Some(bytes) if bytes.len() as u64 >= layout.size => {
                image.extend_from_slice(&bytes[..layout.size as usize])
            }
            Some(_) => {
                return Err(SpirvError::new(format!(
                    "internal: the initializer of `{}` is shorter than its type",
                    g.name
                )))
            }
            None => image.resize((at + layout.size) as usize, 0),
        }
        offsets.push(at);
    }
    Ok((image, offsets))
}

impl ModuleCtx<'_> {
    /// Declares the Private variable carrying the constant image (padded to whole words).
    pub(crate) fn vk_constant_data(&mut self, image: &[u8]) {
        let u32t = self.shape_ty(ScalarType::U32, 1, false);
        let mut words: Vec<Word> = image
            .chunks(4)
            .map(|c| {
                let mut w = [0u8; 4];
                w[..c.len()].copy_from_slice(c);
                self.const_u32(u32::from_le_bytes(w))
            })
            .collect();
        if words.is_empty() {
            words.push(self.const_u32(0));
        }
        let len = self.const_u32(words.len() as u32);
        let arr = self.b.type_array(u32t, len);
        let init = self.b.constant_composite(arr, words);
        let ptr = self.b.type_pointer(None, StorageClass::Private, arr);
        let var = self.global_variable(ptr, StorageClass::Private, Some(init));
        self.b.name(var, CONSTANT_DATA_NAME);
    }

    /// The Private `ulong` holding the constant image's device address.
    pub(crate) fn vk_constant_base(&mut self) -> Word {
        if let Some(v) = self.vk.constant_base {
            return v;
        }
        let u64t = self.shape_ty(ScalarType::U64, 1, false);
        let p = self.b.type_pointer(None, StorageClass::Private, u64t);
        let v = self.global_variable(p, StorageClass::Private, None);
        self.b.name(v, "oclc.constant_base");
        self.vk.constant_base = Some(v);
        v
    }
}

impl FnEmitter<'_, '_> {
    /// Vulkan `GlobalAddr`: the constant image's address plus the variable's offset.
    pub fn vk_global_addr(&mut self, g: GlobalId, rty: oclc_ir::TypeId) -> Result<Word> {
        let Some(&offset) = self.cx.vk.constant_offsets.get(g.0 as usize) else {
            return unsupported(format!("unknown program-scope variable @g{}", g.0));
        };
        let var = self.cx.vk_constant_base();
        self.use_var(var);
        let u64t = self.cx.shape_ty(ScalarType::U64, 1, false);
        let base = self.cx.b.load(u64t, None, var, None, [])?;
        let off = self.cx.const_scalar(ScalarType::U64, offset);
        let addr = self.inst(SOp::IAdd, u64t, &[base, off])?;
        let pt = self.cx.ty(rty)?;
        self.inst(SOp::ConvertUToPtr, pt, &[addr])
    }
}
