//! Math built-ins computed on whole vectors inside a vectorised region, where the scalar
//! translation would run once per lane: `exp`, `exp2`, `log`, `log2`, `log10`, `sin`, `cos`,
//! `tan` and `pow` on f32 (and their `native_` forms), `asin`, `acos`, `atan`, `atan2`,
//! `atanpi`, `atan2pi`, `cbrt`, `hypot`, `sinh`, `cosh` and `tanh`, through their inline forms
//! ([`crate::codegen::fast_math`]) when every lane of the chunk is in range, else lane by
//! lane (where each lane takes the inline form or the routine, with the same results); a
//! form that serves every input (`tanh`) runs on the whole chunk with no test.

use cranelift_codegen::ir::types;
use oclc_ir::{Op, ScalarType, Type, ValueId};

use super::{PieceVal, VState, VVal};
use crate::codegen::fast_math::inline_form;
use crate::codegen::Tx;
use crate::error::CompileError;

impl Tx<'_, '_, '_> {
    /// The vector form of math built-in `op` (see the module documentation), or `None`.
    pub(super) fn v_math(
        &mut self,
        vs: &mut VState,
        result: ValueId,
        op: &Op,
    ) -> Result<Option<VVal>, CompileError> {
        let Op::Math { func, args } = op else {
            return Ok(None);
        };
        let Some(form) = inline_form(*func) else {
            return Ok(None);
        };
        let rty = self.f.value_type(result);
        let scalar_f32 = matches!(self.types.get(rty), Type::Scalar(ScalarType::F32));
        if !scalar_f32 {
            return Ok(None);
        }
        let mut xs = Vec::with_capacity(args.len());
        for arg in args {
            let x = self.v_get(vs, *arg)?;
            let Some(xv) = x.piece_vector(&mut self.b, 0) else {
                return Ok(None);
            };
            xs.push(xv);
        }
        let Some(serves) = form.serves else {
            let y = (form.emit)(&mut self.b, &xs);
            return Ok(Some(VVal::Var {
                pieces: vec![PieceVal::Vector(y)],
                aff: None,
            }));
        };
        let serves = serves(&mut self.b, &xs);
        let v = self.v_all_or_not(
            vs,
            serves,
            &[types::F32],
            |tx, _| {
                let y = (form.emit)(&mut tx.b, &xs);
                Ok(VVal::Var {
                    pieces: vec![PieceVal::Vector(y)],
                    aff: None,
                })
            },
            |tx, vs| tx.v_per_lane(vs, result, op),
        )?;
        Ok(Some(v))
    }
}
