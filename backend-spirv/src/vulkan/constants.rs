//! Program-scope `__constant` data on Vulkan. `__constant` pointers are physical storage
//! buffer addresses, so the data must live in a buffer: every program-scope `__constant`
//! variable is placed in one byte image (each at its alignment), which the module carries
//! as the initializer of the Private variable [`CONSTANT_DATA_NAME`] (never read by the
//! shader). A launcher copies that image into a buffer and stores its device address in
//! the last 8 bytes of the kernel's argument block (`KernelReflection::constant_data_offset`);
//! each entry point copies it into the Private variable `oclc.constant_base`, and the
//! address of a variable is that base plus its offset in the image.
//!
//! The initializer is a struct whose members, in order, make up the image: a `uint` array
//! (at most 65532 elements: one `OpConstantComposite`) is that many little-endian words of
//! data, and a `ulong` constant N is N zero bytes (a multiple of 4). Zero runs thus cost one
//! constant, however long: a table of 2^28 elements with two initializers is a few words in
//! the module and in the driver (which builds a constant object per array element, even of
//! an `OpConstantNull`), and the compiler never materialises it.

use oclc_ir::{AddressSpace, GlobalId, Module, ScalarType};
use rspirv::spirv::{Op as SOp, StorageClass, Word};

use crate::common::{FnEmitter, ModuleCtx};
use crate::error::{unsupported, Result};

/// The name (`OpName`) of the Private variable whose initializer is the constant image.
pub const CONSTANT_DATA_NAME: &str = "oclc.constant_data";

/// The most constituents one `OpConstantComposite` can take (65535 words less the opcode,
/// result type and result id).
const MAX_COMPOSITE_PARTS: usize = 65535 - 3;

/// Zero runs shorter than this many bytes between two runs of data are stored as data.
const MIN_ZERO_RUN: u64 = 64;

/// The program-scope `__constant` data of a Vulkan module: `size` bytes, zero except for
/// `runs` of data (start offset, bytes), in increasing order and apart.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConstantImage {
    /// The size of the image in bytes (0 when the module has no `__constant` data).
    pub size: u64,
    /// The non-zero parts: (start offset, bytes), in increasing order, not overlapping.
    pub runs: Vec<(u64, Vec<u8>)>,
}

impl ConstantImage {
    /// The whole image as bytes (what a launcher uploads).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = vec![0u8; self.size as usize];
        for (at, bytes) in &self.runs {
            out[*at as usize..*at as usize + bytes.len()].copy_from_slice(bytes);
        }
        out
    }

    /// Adds `bytes` at `at` (at or after the end of the runs so far), leaving out the runs
    /// of at least [`MIN_ZERO_RUN`] zeros inside them.
    fn add(&mut self, at: u64, bytes: &[u8]) {
        let mut from = 0;
        while from < bytes.len() {
            let Some(start) = bytes[from..].iter().position(|b| *b != 0).map(|p| from + p) else {
                return;
            };
            let mut end = start;
            loop {
                let next_zero = bytes[end..]
                    .iter()
                    .position(|b| *b == 0)
                    .map_or(bytes.len(), |p| end + p);
                let zeros = bytes[next_zero..].iter().take_while(|b| **b == 0).count() as u64;
                end = next_zero;
                if end == bytes.len() || zeros >= MIN_ZERO_RUN {
                    break;
                }
                end += zeros as usize;
            }
            self.add_run(at + start as u64, &bytes[start..end]);
            from = end;
        }
    }

    /// Adds the run `bytes` at `at`: joined to the last run when the zeros between them are
    /// fewer than [`MIN_ZERO_RUN`] or share a word.
    fn add_run(&mut self, at: u64, bytes: &[u8]) {
        if let Some((start, last)) = self.runs.last_mut() {
            let end = *start + last.len() as u64;
            if at < end.next_multiple_of(4) + MIN_ZERO_RUN {
                last.resize((at - *start) as usize, 0);
                last.extend_from_slice(bytes);
                return;
            }
        }
        self.runs.push((at, bytes.to_vec()));
    }
}

/// The image of the module's program-scope `__constant` variables and the offset of each
/// (indexed like `Module::globals`). Other program-scope variables are reported.
pub(crate) fn constant_image(module: &Module) -> Result<(ConstantImage, Vec<u64>)> {
    let mut image = ConstantImage::default();
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
        let at = image.size.next_multiple_of(layout.align.max(1));
        let bytes = g.init.as_deref().unwrap_or_default();
        image.add(at, &bytes[..bytes.len().min(layout.size as usize)]);
        image.size = at + layout.size;
        offsets.push(at);
    }
    Ok((image, offsets))
}

impl ModuleCtx<'_> {
    /// Declares the Private variable carrying the constant image (padded to whole words).
    pub(crate) fn vk_constant_data(&mut self, image: &ConstantImage) {
        let u32t = self.shape_ty(ScalarType::U32, 1, false);
        let mut members = Vec::new();
        let mut values = Vec::new();
        let mut at = 0u64;
        for (start, bytes) in &image.runs {
            let first = start / 4 * 4;
            self.vk_zero_run(first - at, &mut members, &mut values);
            let mut data = vec![0u8; (start - first) as usize];
            data.extend_from_slice(bytes);
            data.resize(data.len().next_multiple_of(4), 0);
            for chunk in data.chunks(MAX_COMPOSITE_PARTS * 4) {
                let words: Vec<Word> = chunk
                    .chunks(4)
                    .map(|w| self.const_u32(u32::from_le_bytes([w[0], w[1], w[2], w[3]])))
                    .collect();
                let len = self.const_u32(words.len() as u32);
                let arr = self.b.type_array(u32t, len);
                members.push(arr);
                values.push(self.const_composite(arr, words));
            }
            at = first + data.len() as u64;
        }
        let end = image.size.next_multiple_of(4).max(4);
        self.vk_zero_run(end.saturating_sub(at), &mut members, &mut values);
        let st = self.b.type_struct(members);
        let init = self.const_composite(st, values);
        let ptr = self.pointer_type(StorageClass::Private, st);
        let var = self.global_variable(ptr, StorageClass::Private, Some(init));
        self.b.name(var, CONSTANT_DATA_NAME);
    }

    /// Appends a run of `bytes` zero bytes to the members and values of the constant data.
    fn vk_zero_run(&mut self, bytes: u64, members: &mut Vec<Word>, values: &mut Vec<Word>) {
        if bytes > 0 {
            members.push(self.shape_ty(ScalarType::U64, 1, false));
            values.push(self.const_scalar(ScalarType::U64, bytes));
        }
    }

    /// The Private `ulong` holding the constant image's device address.
    pub(crate) fn vk_constant_base(&mut self) -> Word {
        if let Some(v) = self.vk.constant_base {
            return v;
        }
        let u64t = self.shape_ty(ScalarType::U64, 1, false);
        let p = self.pointer_type(StorageClass::Private, u64t);
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
