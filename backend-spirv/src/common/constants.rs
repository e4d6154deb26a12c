//! Deduplicated constants: scalars (`OpConstant`, `OpConstantTrue/False`), splatted vector
//! constants, nulls, and constants decoded from the byte image of an initializer.

use oclc_ir::{ScalarType, Type, TypeId};
use rspirv::spirv::Word;

use super::context::ModuleCtx;
use crate::error::{unsupported, Result};

impl ModuleCtx<'_> {
    /// A scalar constant of `s` with raw `bits` (value form: bool is OpTypeBool).
    pub fn const_scalar(&mut self, s: ScalarType, bits: u64) -> Word {
        self.const_scalar_form(s, bits, false)
    }

    /// A scalar constant of `s` with raw `bits`, in memory form when `mem` (bool as a byte).
    pub fn const_scalar_form(&mut self, s: ScalarType, bits: u64, mem: bool) -> Word {
        let ty = self.shape_ty(s, 1, mem);
        let bits = if s.bits() >= 64 {
            bits
        } else {
            bits & ((1u64 << s.bits()) - 1)
        };
        if let Some(&w) = self.scalar_consts.get(&(ty, bits)) {
            return w;
        }
        let w = if s == ScalarType::Bool && !mem {
            if bits != 0 {
                self.b.constant_true(ty)
            } else {
                self.b.constant_false(ty)
            }
        } else if s.bits() == 64 {
            self.b.constant_bit64(ty, bits)
        } else {
            self.b.constant_bit32(ty, bits as u32)
        };
        self.scalar_consts.insert((ty, bits), w);
        self.scalar_const_ids.insert(w, bits);
        w
    }

    /// A `u32` constant.
    pub fn const_u32(&mut self, v: u32) -> Word {
        self.const_scalar(ScalarType::U32, v as u64)
    }

    /// An `i64` constant.
    pub fn const_i64(&mut self, v: i64) -> Word {
        self.const_scalar(ScalarType::I64, v as u64)
    }

    /// A scalar or vector constant with every lane equal to `bits` (value form).
    pub fn const_splat(&mut self, s: ScalarType, lanes: u8, bits: u64) -> Word {
        let e = self.const_scalar(s, bits);
        if lanes == 1 {
            return e;
        }
        let ty = self.shape_ty(s, lanes, false);
        self.const_composite(ty, vec![e; lanes as usize])
    }

    /// The bit pattern of 1 (or true) in `s`.
    pub fn one_bits(s: ScalarType) -> u64 {
        match s {
            ScalarType::F16 => 0x3c00,
            ScalarType::F32 => 1f32.to_bits() as u64,
            ScalarType::F64 => 1f64.to_bits(),
            _ => 1,
        }
    }

    /// A composite constant of SPIR-V type `ty`.
    pub fn const_composite(&mut self, ty: Word, parts: Vec<Word>) -> Word {
        if let Some(&w) = self.composite_consts.get(&(ty, parts.clone())) {
            return w;
        }
        let w = self.b.constant_composite(ty, parts.iter().copied());
        self.composite_consts.insert((ty, parts), w);
        w
    }

    /// `OpConstantNull` of SPIR-V type `ty`.
    pub fn const_null(&mut self, ty: Word) -> Word {
        if let Some(&w) = self.null_consts.get(&ty) {
            return w;
        }
        let w = self.b.constant_null(ty);
        self.null_consts.insert(ty, w);
        w
    }

    /// The constant whose memory image is `bytes` (little-endian, IR layout) of type `ty`,
    /// in memory form. All-zero aggregates become `OpConstantNull`.
    pub fn const_from_bytes(&mut self, ty: TypeId, bytes: &[u8]) -> Result<Word> {
        let size = self.ir.types.layout(ty).size as usize;
        if bytes.len() < size {
            return unsupported(format!(
                "initializer of {} has {} bytes, expected {size}",
                self.ir.types.display(ty),
                bytes.len()
            ));
        }
        let aggregate = matches!(
            self.ir.types.get(ty),
            Type::Array { .. } | Type::Struct { .. } | Type::Pointer { .. }
        );
        // llvm-spirv 14 accepts OpConstantNull only for aggregates and pointers.
        if aggregate && bytes[..size].iter().all(|b| *b == 0) {
            let t = self.mem_ty(ty)?;
            return Ok(self.const_null(t));
        }
        let read = |s: ScalarType, at: usize| -> u64 {
            let n = s.size() as usize;
            let mut v = 0u64;
            for i in 0..n {
                v |= (bytes[at + i] as u64) << (8 * i);
            }
            v
        };
        match self.ir.types.get(ty).clone() {
            Type::Scalar(s) => Ok(self.const_scalar_form(s, read(s, 0), true)),
            Type::Vector { elem, lanes } => {
                let parts = (0..lanes as usize)
                    .map(|i| {
                        self.const_scalar_form(elem, read(elem, i * elem.size() as usize), true)
                    })
                    .collect();
                let t = self.mem_ty(ty)?;
                Ok(self.const_composite(t, parts))
            }
            Type::Array { elem, len } => {
                let stride = self.ir.types.layout(elem).size as usize;
                let mut parts = Vec::with_capacity(len as usize);
                for i in 0..len as usize {
                    parts.push(self.const_from_bytes(elem, &bytes[i * stride..])?);
                }
                let t = self.mem_ty(ty)?;
                Ok(self.const_composite(t, parts))
            }
            Type::Struct { fields, .. } => {
                let (offsets, _) = self.ir.types.struct_layout(ty);
                let mut parts = Vec::with_capacity(fields.len());
                for (f, off) in fields.iter().zip(offsets) {
                    parts.push(self.const_from_bytes(*f, &bytes[off as usize..])?);
                }
                let t = self.mem_ty(ty)?;
                Ok(self.const_composite(t, parts))
            }
            Type::Pointer { .. } | Type::Void | Type::Image { .. } | Type::Sampler => unsupported(
                format!("non-zero initializer of type {}", self.ir.types.display(ty)),
            ),
        }
    }
}
