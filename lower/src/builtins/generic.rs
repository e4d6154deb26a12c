//! The OpenCL C 2.0 generic-address-space built-ins: `to_global`, `to_local`, `to_private`
//! (a checked [`Op::GenericCast`]) and `get_fence` (the fence flags of the space a
//! `__generic` pointer points into).

use oclc_frontend::checked as ck;

use super::super::function::FnLower;
use super::super::LowerError;
use oclc_ir::op::{CmpOp, Const, Op, ValueId};
use oclc_ir::types::{AddressSpace, ScalarType};

/// `CLK_LOCAL_MEM_FENCE`.
const LOCAL_FENCE: u32 = 1;
/// `CLK_GLOBAL_MEM_FENCE`.
const GLOBAL_FENCE: u32 = 2;

impl FnLower<'_, '_> {
    /// `to_global(p)` and friends: the pointer in `space`, or NULL.
    pub(super) fn generic_cast_call(
        &mut self,
        args: &[ck::Expr],
        e: &ck::Expr,
    ) -> Result<ValueId, LowerError> {
        let p = self.expr(&args[0])?;
        let to = self.vty(&e.ty);
        Ok(self.b.emit(Op::GenericCast { value: p, to }, to))
    }

    /// `get_fence(p)`: `CLK_LOCAL_MEM_FENCE` when `p` points into `__local` memory, else
    /// `CLK_GLOBAL_MEM_FENCE`.
    pub(super) fn get_fence_call(&mut self, args: &[ck::Expr]) -> Result<ValueId, LowerError> {
        let p = self.expr(&args[0])?;
        let pointee = self
            .b
            .types
            .pointee(self.b.value_type(p))
            .map(|(_, t)| t)
            .expect("get_fence takes a pointer");
        let local = self.types().pointer(AddressSpace::Local, pointee);
        let as_local = self.b.emit(
            Op::GenericCast {
                value: p,
                to: local,
            },
            local,
        );
        let addr = self.ptr_to_int(as_local);
        let null = self.konst(Const::int(ScalarType::U64, 0));
        let bool_t = self.types().scalar(ScalarType::Bool);
        let is_local = self.b.emit(Op::Compare(CmpOp::Ne, addr, null), bool_t);
        let local_flag = self.konst(Const::int(ScalarType::U32, LOCAL_FENCE as i64));
        let global_flag = self.konst(Const::int(ScalarType::U32, GLOBAL_FENCE as i64));
        let u32t = self.types().scalar(ScalarType::U32);
        Ok(self.b.emit(
            Op::Select {
                cond: is_local,
                if_true: local_flag,
                if_false: global_flag,
            },
            u32t,
        ))
    }
}
