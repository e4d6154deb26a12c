//! `printf`: the arguments' lanes go to 8-byte stack slots and a call of
//! [`crate::printf::oclc_printf`] formats them at run time (in an object file, a call of
//! its own routine, which hands them to the C library's `vprintf`: [`crate::object::printf`]).

use cranelift_codegen::ir::{types, InstBuilder, StackSlotData, StackSlotKind, Value};
use oclc_ir::{ScalarType, Type, ValueId};

use super::Tx;
use crate::error::CompileError;
use crate::printf::{parse, ArgDesc, LaneKind, PrintfSpec};

/// The runtime symbol of printf.
pub const PRINTF_SYMBOL: &str = "oclc_printf";

impl Tx<'_, '_, '_> {
    /// Lowers `printf(format, args...)`; the result is the `i32` the runtime returns.
    pub(super) fn printf(
        &mut self,
        format: &str,
        args: &[ValueId],
    ) -> Result<Vec<Value>, CompileError> {
        let segments = parse(format).map_err(|e| self.err(format!("printf format: {e}")))?;
        let mut descs = Vec::with_capacity(args.len());
        for a in args {
            descs.push(self.printf_arg(*a)?);
        }
        let spec = Box::new(PrintfSpec {
            segments,
            args: descs,
        });
        let slots = spec.slots().max(1);
        // The JIT's routine takes the spec's address; an object's, its index.
        let key = if self.env.printf_by_index {
            self.env.printf_specs.len() as i64
        } else {
            &*spec as *const PrintfSpec as i64
        };
        self.env.printf_specs.push(spec);
        let slot = self.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            (slots * 8) as u32,
            3,
        ));
        let mut at = 0;
        for a in args {
            for v in self.val(*a)? {
                self.b.ins().stack_store(types::I64, v, slot, at);
                at += 8;
            }
        }
        let spec_ptr = self.b.ins().iconst(types::I64, key);
        let data = self.b.ins().stack_addr(types::I64, slot, 0);
        let fref = self.runtime_ref(PRINTF_SYMBOL);
        let call = self.b.ins().call(fref, &[spec_ptr, data]);
        Ok(vec![self.b.inst_results(call)[0]])
    }

    /// How an argument is passed to the printf runtime.
    fn printf_arg(&self, a: ValueId) -> Result<ArgDesc, CompileError> {
        let ty = self.f.value_type(a);
        let (elem, lanes) = match self.types.get(ty) {
            Type::Pointer { .. } => {
                return Ok(ArgDesc {
                    kind: LaneKind::Ptr,
                    lanes: 1,
                })
            }
            Type::Scalar(s) => (*s, 1),
            Type::Vector { elem, lanes } => (*elem, *lanes as usize),
            _ => return Err(self.err("a printf argument that is not a scalar, vector or pointer")),
        };
        let kind = match elem {
            ScalarType::F32 => LaneKind::F32,
            ScalarType::F64 => LaneKind::F64,
            ScalarType::F16 => return Err(self.err("half printf arguments")),
            s => LaneKind::Int {
                bits: s.bits(),
                signed: s.is_signed(),
            },
        };
        Ok(ArgDesc { kind, lanes })
    }
}
