//! Numeric conversions and bit casts. Signedness of source and result picks the opcode;
//! saturation uses `OpSatConvertSToU`/`UToS` when the signedness changes and the
//! `SaturatedConversion` decoration otherwise (as llvm-spirv does); explicit rounding of
//! int/float results is an `FPRoundingMode` decoration, and of float-to-int conversions a
//! rounding instruction (`rint`, `ceil`, `floor`) before the conversion. Bool converts via
//! `OpSelect` (to numbers) or comparison against 0 (to bool). On Vulkan, saturation and
//! directed rounding to floats are written out as arithmetic (see `vulkan::convert`).

use oclc_ir::{Rounding, ScalarType, Type, TypeId, ValueId};
use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, FPRoundingMode, Op as SOp, OpenclStd100Op, Word};

use super::context::{Flavour, ModuleCtx};
use super::function::FnEmitter;
use crate::error::{unsupported, Result};

/// The opcode converting elements of `from` to `to` (both numeric, different types), and
/// whether saturation is built into it.
pub(crate) fn convert_opcode(from: ScalarType, to: ScalarType, saturate: bool) -> (SOp, bool) {
    match (from.is_float(), to.is_float()) {
        (true, true) => (SOp::FConvert, false),
        (true, false) if to.is_signed() => (SOp::ConvertFToS, false),
        (true, false) => (SOp::ConvertFToU, false),
        (false, true) if from.is_signed() => (SOp::ConvertSToF, false),
        (false, true) => (SOp::ConvertUToF, false),
        (false, false) => {
            if saturate && from.is_signed() && !to.is_signed() {
                (SOp::SatConvertSToU, true)
            } else if saturate && !from.is_signed() && to.is_signed() {
                (SOp::SatConvertUToS, true)
            } else if from.is_signed() && (saturate || to.bits() > from.bits()) {
                // Sign extension, or a saturating signed narrowing.
                (SOp::SConvert, false)
            } else {
                (SOp::UConvert, false)
            }
        }
    }
}

fn rounding_mode(r: Rounding) -> Option<FPRoundingMode> {
    match r {
        Rounding::Default => None,
        Rounding::Rte => Some(FPRoundingMode::RTE),
        Rounding::Rtz => Some(FPRoundingMode::RTZ),
        Rounding::Rtp => Some(FPRoundingMode::RTP),
        Rounding::Rtn => Some(FPRoundingMode::RTN),
    }
}

impl FnEmitter<'_, '_> {
    /// `Convert`: numeric conversion to `to`, same lane count.
    pub fn convert(
        &mut self,
        value: ValueId,
        to: TypeId,
        saturate: bool,
        rounding: Rounding,
    ) -> Result<Word> {
        let from = self.vty(value);
        let (fs, n) = self.cx.shape(from)?;
        let (ts, _) = self.cx.shape(to)?;
        let mut v = self.val(value)?;
        let rt = self.cx.ty(to)?;
        if fs == ScalarType::Bool {
            if ts == ScalarType::Bool {
                return Ok(v);
            }
            let one = self.cx.const_splat(ts, n, ModuleCtx::one_bits(ts));
            let zero = self.cx.const_splat(ts, n, 0);
            return self.inst(SOp::Select, rt, &[v, one, zero]);
        }
        if ts == ScalarType::Bool {
            let zero = self.cx.const_splat(fs, n, 0);
            let op = if fs.is_float() {
                SOp::FUnordNotEqual
            } else {
                SOp::INotEqual
            };
            return self.inst(op, rt, &[v, zero]);
        }
        let same_bits = fs.bits() == ts.bits();
        let sign_change = fs.is_signed() != ts.is_signed();
        if fs == ts || (fs.is_int() && ts.is_int() && same_bits && !(saturate && sign_change)) {
            return Ok(v);
        }
        if fs.is_float() && ts.is_int() {
            let round = match rounding {
                Rounding::Rte => Some(OpenclStd100Op::rint),
                Rounding::Rtp => Some(OpenclStd100Op::ceil),
                Rounding::Rtn => Some(OpenclStd100Op::floor),
                Rounding::Rtz | Rounding::Default => None,
            };
            if let Some(r) = round {
                let ft = self.cx.ty(from)?;
                let ext = self.cx.ext;
                let r = match self.cx.flavour {
                    Flavour::OpenCl => r as u32,
                    Flavour::Vulkan => glsl_rounding(r),
                };
                v = self.cx.b.ext_inst(ft, None, ext, r, [Operand::IdRef(v)])?;
            }
        }
        let (opcode, builtin_sat) = convert_opcode(fs, ts, saturate);
        if self.cx.flavour == Flavour::Vulkan {
            let to_narrower_float = ts.is_float() && !(fs.is_float() && ts.bits() > fs.bits());
            let directed = matches!(rounding, Rounding::Rtz | Rounding::Rtp | Rounding::Rtn);
            if saturate && ts.is_int() && fs.is_float() {
                return self.vk_float_to_int_sat(v, fs, ts, n, rt);
            }
            if saturate && ts.is_int() {
                return self.vk_int_sat(v, fs, ts, n, rt);
            }
            if fs == ScalarType::F64 && ts == ScalarType::F16 && !directed {
                return self.vk_narrow_float(v, (fs, n), (ts, rt), Rounding::Rte);
            }
            if to_narrower_float && directed {
                return self.vk_directed_to_float(v, (fs, n), (ts, rt), rounding, opcode);
            }
        }
        let r = self.inst(opcode, rt, &[v])?;
        let narrowing_int = fs.is_int() && ts.is_int() && ts.bits() < fs.bits();
        if saturate && !builtin_sat && (fs.is_float() || narrowing_int) && ts.is_int() {
            self.cx.b.decorate(r, Decoration::SaturatedConversion, []);
        }
        if ts.is_float()
            && !(fs.is_float() && ts.bits() > fs.bits())
            && self.cx.flavour == Flavour::OpenCl
        {
            if let Some(m) = rounding_mode(rounding) {
                self.cx
                    .b
                    .decorate(r, Decoration::FPRoundingMode, [Operand::FPRoundingMode(m)]);
            }
        }
        Ok(r)
    }

    /// `GenericCast` (`to_global`/`to_local`/`to_private`): `OpGenericCastToPtrExplicit`,
    /// which gives NULL when the object is not in the target storage class (OpenCL only:
    /// Vulkan has no generic storage class).
    pub fn generic_cast(&mut self, value: ValueId, to: TypeId) -> Result<Word> {
        let Some((space, pointee)) = self.cx.ir.types.pointee(to) else {
            return unsupported("generic_cast to a non-pointer");
        };
        if self.cx.flavour == Flavour::Vulkan {
            return unsupported(
                "to_global/to_local/to_private/get_fence on Vulkan (Vulkan has no generic address space)",
            );
        }
        let v = self.val(value)?;
        let rt = self.cx.ty(to)?;
        let sc = self.cx.storage_class(space);
        let pointee_word = self.cx.ty(pointee)?;
        let generic = rspirv::spirv::StorageClass::Generic;
        let g = self.cx.pointer_type(generic, pointee_word);
        let v = if self.cx.ty(self.vty(value))? == g {
            v
        } else {
            self.inst(SOp::Bitcast, g, &[v])?
        };
        let typed = self.cx.pointer_type(sc, pointee_word);
        let id = self.cx.b.id();
        let inst = rspirv::dr::Instruction::new(
            SOp::GenericCastToPtrExplicit,
            Some(typed),
            Some(id),
            vec![Operand::IdRef(v), Operand::StorageClass(sc)],
        );
        self.cx
            .b
            .insert_into_block(rspirv::dr::InsertPoint::End, inst)?;
        if typed == rt {
            Ok(id)
        } else {
            self.inst(SOp::Bitcast, rt, &[id])
        }
    }

    /// `Bitcast`: same bits, another type (pointer casts use the pointer conversions).
    pub fn bitcast(&mut self, value: ValueId, to: TypeId) -> Result<Word> {
        let from = self.vty(value);
        let v = self.val(value)?;
        let rt = self.cx.ty(to)?;
        let ft = self.cx.ty(from)?;
        if rt == ft {
            return Ok(v);
        }
        let types = &self.cx.ir.types;
        match (types.get(from).clone(), types.get(to).clone()) {
            (Type::Pointer { space: a, .. }, Type::Pointer { space: b, .. }) => {
                let (sa, sb) = (self.cx.storage_class(a), self.cx.storage_class(b));
                let physical = rspirv::spirv::StorageClass::PhysicalStorageBuffer;
                if self.cx.flavour == Flavour::Vulkan && !(sa == physical && sb == physical) {
                    return unsupported(format!(
                        "pointer cast from {} to {} on Vulkan (only __global memory has byte \
                         addresses there: a union, or memory reinterpreted through a pointer cast, \
                         must live in __global memory)",
                        self.cx.ir.types.display(from),
                        self.cx.ir.types.display(to)
                    ));
                }
                if sa == sb {
                    return self.inst(SOp::Bitcast, rt, &[v]);
                }
                use rspirv::spirv::StorageClass::Generic;
                if sb == Generic {
                    let pointee = self.pointee_word(from)?;
                    let g = self.cx.pointer_type(Generic, pointee);
                    let c = self.inst(SOp::PtrCastToGeneric, g, &[v])?;
                    return self.inst(SOp::Bitcast, rt, &[c]);
                }
                if sa == Generic {
                    let pointee = self.pointee_word(to)?;
                    let g = self.cx.pointer_type(Generic, pointee);
                    let c = self.inst(SOp::Bitcast, g, &[v])?;
                    return self.inst(SOp::GenericCastToPtr, rt, &[c]);
                }
                unsupported(format!("pointer cast from {} to {}", a.name(), b.name()))
            }
            (Type::Pointer { .. }, Type::Scalar(s)) if s.is_int() && s.bits() == 64 => {
                self.inst(SOp::ConvertPtrToU, rt, &[v])
            }
            (Type::Scalar(s), Type::Pointer { .. }) if s.is_int() && s.bits() == 64 => {
                self.inst(SOp::ConvertUToPtr, rt, &[v])
            }
            _ => {
                let (fs, fnl) = self.cx.shape(from)?;
                let (ts, tnl) = self.cx.shape(to)?;
                let bool_involved = fs == ScalarType::Bool || ts == ScalarType::Bool;
                if bool_involved || fs.bits() * fnl as u32 != ts.bits() * tnl as u32 {
                    return unsupported(format!(
                        "bitcast from {} to {}",
                        self.cx.ir.types.display(from),
                        self.cx.ir.types.display(to)
                    ));
                }
                self.inst(SOp::Bitcast, rt, &[v])
            }
        }
    }

    fn pointee_word(&mut self, ptr: TypeId) -> Result<Word> {
        match self.cx.ir.types.pointee(ptr) {
            Some((_, p)) => self.cx.mem_ty(p),
            None => unsupported("pointer cast of a non-pointer"),
        }
    }
}

/// The `GLSL.std.450` instruction (RoundEven, Ceil, Floor) for an `OpenCL.std` rounding.
fn glsl_rounding(r: OpenclStd100Op) -> u32 {
    match r {
        OpenclStd100Op::ceil => 9,
        OpenclStd100Op::floor => 8,
        _ => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ScalarType::*;

    #[test]
    fn conversion_opcodes() {
        assert_eq!(convert_opcode(I8, I32, false), (SOp::SConvert, false));
        assert_eq!(convert_opcode(U8, I32, false), (SOp::UConvert, false));
        assert_eq!(convert_opcode(I64, I32, false), (SOp::UConvert, false));
        assert_eq!(convert_opcode(I32, I8, true), (SOp::SConvert, false));
        assert_eq!(convert_opcode(I32, U8, true), (SOp::SatConvertSToU, true));
        assert_eq!(convert_opcode(U32, I32, true), (SOp::SatConvertUToS, true));
        assert_eq!(convert_opcode(I32, F32, false), (SOp::ConvertSToF, false));
        assert_eq!(convert_opcode(U16, F16, false), (SOp::ConvertUToF, false));
        assert_eq!(convert_opcode(F32, U32, true), (SOp::ConvertFToU, false));
        assert_eq!(convert_opcode(F64, F32, false), (SOp::FConvert, false));
    }
}
