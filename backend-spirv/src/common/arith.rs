//! Unary, binary, comparison and select operations. Signedness of the IR type picks the
//! instruction (`OpSDiv`/`OpUDiv`, `OpShiftRightArithmetic`/`Logical`, `OpSLessThan`/
//! `OpULessThan`, ...); shift counts are masked to the element width; float `Ne` is
//! unordered and the other float comparisons are ordered.

use oclc_ir::{BinaryOp, CmpOp, ScalarType, Type, TypeId, UnaryOp, ValueId};
use rspirv::spirv::{Op as SOp, Word};

use super::function::FnEmitter;
use super::Flavour;
use crate::error::{unsupported, Result};

/// The SPIR-V opcode of a binary operation on elements of `s` (shifts excluded).
pub(crate) fn binary_opcode(op: BinaryOp, s: ScalarType) -> Option<SOp> {
    use BinaryOp::*;
    let (f, i, b) = (s.is_float(), s.is_int(), s == ScalarType::Bool);
    let signed = s.is_signed();
    Some(match op {
        Add if f => SOp::FAdd,
        Add if i => SOp::IAdd,
        Sub if f => SOp::FSub,
        Sub if i => SOp::ISub,
        Mul if f => SOp::FMul,
        Mul if i => SOp::IMul,
        Div if f => SOp::FDiv,
        Div if signed => SOp::SDiv,
        Div if i => SOp::UDiv,
        Rem if f => SOp::FRem,
        Rem if signed => SOp::SRem,
        Rem if i => SOp::UMod,
        Shl if i => SOp::ShiftLeftLogical,
        Shr if signed => SOp::ShiftRightArithmetic,
        Shr if i => SOp::ShiftRightLogical,
        And if i => SOp::BitwiseAnd,
        Or if i => SOp::BitwiseOr,
        Xor if i => SOp::BitwiseXor,
        And if b => SOp::LogicalAnd,
        Or if b => SOp::LogicalOr,
        Xor if b => SOp::LogicalNotEqual,
        _ => return None,
    })
}

/// The SPIR-V opcode of a comparison of elements of `s` (bool only supports Eq/Ne).
pub(crate) fn compare_opcode(op: CmpOp, s: ScalarType) -> Option<SOp> {
    use CmpOp::*;
    if s == ScalarType::Bool {
        return match op {
            Eq => Some(SOp::LogicalEqual),
            Ne => Some(SOp::LogicalNotEqual),
            _ => None,
        };
    }
    if s.is_float() {
        return Some(match op {
            Eq => SOp::FOrdEqual,
            Ne => SOp::FUnordNotEqual,
            Lt => SOp::FOrdLessThan,
            Le => SOp::FOrdLessThanEqual,
            Gt => SOp::FOrdGreaterThan,
            Ge => SOp::FOrdGreaterThanEqual,
        });
    }
    let signed = s.is_signed();
    Some(match op {
        Eq => SOp::IEqual,
        Ne => SOp::INotEqual,
        Lt if signed => SOp::SLessThan,
        Lt => SOp::ULessThan,
        Le if signed => SOp::SLessThanEqual,
        Le => SOp::ULessThanEqual,
        Gt if signed => SOp::SGreaterThan,
        Gt => SOp::UGreaterThan,
        Ge if signed => SOp::SGreaterThanEqual,
        Ge => SOp::UGreaterThanEqual,
    })
}

impl FnEmitter<'_, '_> {
    /// Appends `result = opcode operands...` of SPIR-V type `ty` to the current block.
    ///
    /// On Vulkan, float arithmetic is decorated `NoContraction`: without it SPIR-V lets
    /// drivers fuse and reassociate (Mesa rewrites `(a + b) - a` to `b`), which OpenCL C
    /// forbids and which breaks compensated sums, TwoSum and Dekker's product. Only under
    /// `-cl-fast-relaxed-math` is user code left undecorated; oclc's built-in library
    /// functions (`__oclc_*`) are decorated always. Contraction where OpenCL allows it is
    /// explicit: `oclc_ir::legalize::contract` turns `a * b + c` into `mad`, a `Fma`.
    pub fn inst(&mut self, opcode: SOp, ty: Word, operands: &[Word]) -> Result<Word> {
        let id = self.cx.b.id();
        let ops = operands
            .iter()
            .map(|w| rspirv::dr::Operand::IdRef(*w))
            .collect();
        let inst = rspirv::dr::Instruction::new(opcode, Some(ty), Some(id), ops);
        self.cx
            .b
            .insert_into_block(rspirv::dr::InsertPoint::End, inst)?;
        let float_arith = matches!(
            opcode,
            SOp::FAdd | SOp::FSub | SOp::FMul | SOp::FDiv | SOp::FRem | SOp::FNegate
        );
        let exact = !self.cx.fast_math || self.f.is_library;
        if float_arith && self.cx.flavour == Flavour::Vulkan && exact {
            self.cx
                .b
                .decorate(id, rspirv::spirv::Decoration::NoContraction, []);
        }
        Ok(id)
    }

    /// Whether a Vulkan `opcode` on `n` lanes of `s` may be decorated `NoSignedWrap`: scalar
    /// `int`/`long` addition, subtraction and multiplication of user code, where OpenCL C
    /// (as C) leaves signed overflow undefined, so clang marks the same operations `nsw`.
    /// It lets a driver widen a 32-bit index (`a[row * n + k]`) into 64-bit address
    /// arithmetic and strength-reduce it across loop iterations. Narrower types are left
    /// alone (C computes `char`/`short` sums in `int`), as are vectors and oclc's own
    /// library (`__oclc_*`, whose bit manipulations may wrap). `OCLC_VK_WORKAROUND=no-nsw`
    /// turns it off for A/B measurements.
    fn no_signed_wrap(&self, opcode: SOp, s: ScalarType, n: u8) -> bool {
        matches!(opcode, SOp::IAdd | SOp::ISub | SOp::IMul)
            && matches!(s, ScalarType::I32 | ScalarType::I64)
            && n == 1
            && !self.f.is_library
            && self.cx.vk.no_signed_wrap
    }

    /// Negation or complement.
    pub fn unary(&mut self, op: UnaryOp, a: ValueId) -> Result<Word> {
        let t = self.vty(a);
        let (s, _) = self.cx.shape(t)?;
        let ty = self.cx.ty(t)?;
        let x = self.val(a)?;
        let opcode = match op {
            UnaryOp::Neg if s.is_float() => SOp::FNegate,
            UnaryOp::Neg if s.is_int() => SOp::SNegate,
            UnaryOp::Not if s == ScalarType::Bool => SOp::LogicalNot,
            UnaryOp::Not if s.is_int() => SOp::Not,
            _ => return unsupported(format!("{op:?} on {}", s.name())),
        };
        self.inst(opcode, ty, &[x])
    }

    /// A binary operation; shift counts are masked to the element width first.
    pub fn binary(&mut self, op: BinaryOp, a: ValueId, b: ValueId) -> Result<Word> {
        let t = self.vty(a);
        let (s, n) = self.cx.shape(t)?;
        let ty = self.cx.ty(t)?;
        let (x, mut y) = (self.val(a)?, self.val(b)?);
        let Some(opcode) = binary_opcode(op, s) else {
            return unsupported(format!("{op:?} on {}", s.name()));
        };
        if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
            let mask = (s.bits() - 1) as u64;
            y = match self.cx.scalar_const_ids.get(&y) {
                Some(&bits) => self.cx.const_scalar(s, bits & mask),
                None => {
                    let m = self.cx.const_splat(s, n, mask);
                    self.inst(SOp::BitwiseAnd, ty, &[y, m])?
                }
            };
        }
        if self.cx.flavour == Flavour::Vulkan && n == 1 {
            if let Some(r) = self.vk_div_by_constant(opcode, s, ty, x, y)? {
                return Ok(r);
            }
        }
        if opcode == SOp::SRem && self.cx.flavour == Flavour::Vulkan {
            // NVIDIA's Vulkan driver (580) computes OpSRem wrongly for negative operands
            // (-690 % 7 gave 0); `a - (a / b) * b` with OpSDiv has the same C semantics.
            let q = self.inst(SOp::SDiv, ty, &[x, y])?;
            let p = self.inst(SOp::IMul, ty, &[q, y])?;
            return self.inst(SOp::ISub, ty, &[x, p]);
        }
        let r = self.inst(opcode, ty, &[x, y])?;
        if self.cx.flavour == Flavour::Vulkan && self.no_signed_wrap(opcode, s, n) {
            self.cx
                .b
                .decorate(r, rspirv::spirv::Decoration::NoSignedWrap, []);
        }
        let flags = self.cx.fp_fast_math;
        if s.is_float() && !flags.is_empty() && self.cx.flavour == Flavour::OpenCl {
            use rspirv::spirv::Decoration;
            self.cx.b.decorate(
                r,
                Decoration::FPFastMathMode,
                [rspirv::dr::Operand::FPFastMathMode(flags)],
            );
        }
        Ok(r)
    }

    /// A comparison giving bool of the operands' shape.
    pub fn compare(&mut self, op: CmpOp, a: ValueId, b: ValueId, rty: TypeId) -> Result<Word> {
        let t = self.vty(a);
        let (s, n) = self.cx.shape(t)?;
        let rt = self.cx.ty(rty)?;
        let (mut x, mut y) = (self.val(a)?, self.val(b)?);
        let opcode = match compare_opcode(op, s) {
            Some(o) => o,
            None => {
                // Ordering of bools: compare them as 0/1 integers.
                let ut = self.cx.shape_ty(ScalarType::U32, n, false);
                let one = self.cx.const_splat(ScalarType::U32, n, 1);
                let zero = self.cx.const_splat(ScalarType::U32, n, 0);
                x = self.inst(SOp::Select, ut, &[x, one, zero])?;
                y = self.inst(SOp::Select, ut, &[y, one, zero])?;
                compare_opcode(op, ScalarType::U32).unwrap()
            }
        };
        self.inst(opcode, rt, &[x, y])
    }

    /// `cond ? a : b`; a scalar condition on vectors is splatted (SPIR-V 1.0 needs lanes).
    pub fn select(&mut self, cond: ValueId, a: ValueId, b: ValueId, rty: TypeId) -> Result<Word> {
        let rt = self.cx.ty(rty)?;
        let mut c = self.val(cond)?;
        let lanes = match self.cx.ir.types.get(rty) {
            Type::Scalar(_) | Type::Pointer { .. } => 1,
            Type::Vector { lanes, .. } => *lanes,
            _ => {
                return unsupported(format!(
                    "select of {} values",
                    self.cx.ir.types.display(rty)
                ))
            }
        };
        let (_, cn) = self.cx.shape(self.vty(cond))?;
        if cn == 1 && lanes > 1 {
            let bt = self.cx.shape_ty(ScalarType::Bool, lanes, false);
            c = self.build_vector(bt, vec![c; lanes as usize])?;
        }
        let (x, y) = (self.val(a)?, self.val(b)?);
        self.inst(SOp::Select, rt, &[c, x, y])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signedness_selects_opcodes() {
        use ScalarType::*;
        assert_eq!(binary_opcode(BinaryOp::Div, I32), Some(SOp::SDiv));
        assert_eq!(binary_opcode(BinaryOp::Div, U32), Some(SOp::UDiv));
        assert_eq!(binary_opcode(BinaryOp::Rem, I8), Some(SOp::SRem));
        assert_eq!(binary_opcode(BinaryOp::Rem, U64), Some(SOp::UMod));
        assert_eq!(
            binary_opcode(BinaryOp::Shr, I16),
            Some(SOp::ShiftRightArithmetic)
        );
        assert_eq!(
            binary_opcode(BinaryOp::Shr, U16),
            Some(SOp::ShiftRightLogical)
        );
        assert_eq!(
            binary_opcode(BinaryOp::Xor, Bool),
            Some(SOp::LogicalNotEqual)
        );
        assert_eq!(binary_opcode(BinaryOp::Shl, F32), None);
        assert_eq!(compare_opcode(CmpOp::Lt, I64), Some(SOp::SLessThan));
        assert_eq!(compare_opcode(CmpOp::Lt, U64), Some(SOp::ULessThan));
        assert_eq!(compare_opcode(CmpOp::Ne, F64), Some(SOp::FUnordNotEqual));
        assert_eq!(compare_opcode(CmpOp::Le, F32), Some(SOp::FOrdLessThanEqual));
        assert_eq!(compare_opcode(CmpOp::Lt, Bool), None);
    }
}
