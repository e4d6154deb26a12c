//! Work-item functions: each query reads a `BuiltIn` input variable (a `v3ulong`, or a
//! `uint` for the work dimension), shared by all functions of the module; the rows per
//! invocation is the constant 1 (Vulkan: a specialization constant, `crate::vulkan::rows`).

use oclc_ir::{Dim, ScalarType, WorkItemQuery};
use rspirv::dr::Operand;
use rspirv::spirv::{BuiltIn, Decoration, MemoryAccess, StorageClass, Word};

use super::context::{Flavour, ModuleCtx};
use super::function::FnEmitter;
use crate::error::Result;

/// A built-in input variable.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Builtin(pub WorkItemQuery);

impl Builtin {
    fn builtin(self) -> BuiltIn {
        match self.0 {
            WorkItemQuery::GlobalId => BuiltIn::GlobalInvocationId,
            WorkItemQuery::LocalId => BuiltIn::LocalInvocationId,
            WorkItemQuery::GroupId => BuiltIn::WorkgroupId,
            WorkItemQuery::GlobalSize => BuiltIn::GlobalSize,
            WorkItemQuery::LocalSize => BuiltIn::WorkgroupSize,
            WorkItemQuery::NumGroups => BuiltIn::NumWorkgroups,
            WorkItemQuery::GlobalOffset => BuiltIn::GlobalOffset,
            WorkItemQuery::WorkDim => BuiltIn::WorkDim,
            WorkItemQuery::RowsPerInvocation => unreachable!("a constant, not a built-in"),
        }
    }

    fn is_scalar(self) -> bool {
        self.0.is_dimensionless()
    }
}

impl ModuleCtx<'_> {
    /// The input variable of a built-in, declared on first use.
    fn builtin_var(&mut self, bi: Builtin) -> Word {
        if let Some(&w) = self.builtins.get(&bi) {
            return w;
        }
        let ty = if bi.is_scalar() {
            self.shape_ty(ScalarType::U32, 1, true)
        } else {
            self.shape_ty(ScalarType::U64, 3, true)
        };
        let ptr = self.pointer_type(StorageClass::Input, ty);
        let var = self.global_variable(ptr, StorageClass::Input, None);
        let name = format!("__spirv_BuiltIn{:?}", bi.builtin());
        self.b.name(var, name);
        self.b
            .decorate(var, Decoration::BuiltIn, [Operand::BuiltIn(bi.builtin())]);
        self.b.decorate(var, Decoration::Constant, []);
        self.builtins.insert(bi, var);
        var
    }
}

impl FnEmitter<'_, '_> {
    /// The `v3ulong` (or `uint`) value of an OpenCL built-in variable.
    fn cl_work_item_value(&mut self, bi: Builtin) -> Result<Word> {
        let var = self.cx.builtin_var(bi);
        self.use_var(var);
        let (ty, align) = if bi.is_scalar() {
            (self.cx.shape_ty(ScalarType::U32, 1, false), 4)
        } else {
            (self.cx.shape_ty(ScalarType::U64, 3, false), 32)
        };
        Ok(self.cx.b.load(
            ty,
            None,
            var,
            Some(MemoryAccess::ALIGNED),
            [Operand::LiteralBit32(align)],
        )?)
    }

    /// Emits a work-item query; the result is a `u64` (or `u32` for the work dimension and
    /// the rows per invocation).
    pub fn work_item(&mut self, query: WorkItemQuery, dim: Dim) -> Result<Word> {
        let bi = Builtin(query);
        let oor = query.out_of_range_value();
        let u64t = self.cx.shape_ty(ScalarType::U64, 1, false);
        if let Dim::Const(d) = dim {
            if d >= 3 && !bi.is_scalar() {
                return Ok(self.cx.const_scalar(ScalarType::U64, oor));
            }
        }
        let v = match self.cx.flavour {
            // OpenCL launches run one row of work-items per invocation.
            Flavour::OpenCl if query == WorkItemQuery::RowsPerInvocation => self.cx.const_u32(1),
            Flavour::OpenCl => self.cl_work_item_value(bi)?,
            Flavour::Vulkan => self.vk_work_item_value(query)?,
        };
        if bi.is_scalar() {
            return Ok(v);
        }
        match dim {
            Dim::Const(d) => Ok(self.cx.b.composite_extract(u64t, None, v, [d])?),
            Dim::Dynamic(d) => {
                let d = self.val(d)?;
                let boolt = self.cx.shape_ty(ScalarType::Bool, 1, false);
                let three = self.cx.const_u32(3);
                let zero = self.cx.const_u32(0);
                let in_range = self.cx.b.u_less_than(boolt, None, d, three)?;
                let u32t = self.cx.shape_ty(ScalarType::U32, 1, false);
                let idx = self.cx.b.select(u32t, None, in_range, d, zero)?;
                let e = self.cx.b.vector_extract_dynamic(u64t, None, v, idx)?;
                let oor = self.cx.const_scalar(ScalarType::U64, oor);
                Ok(self.cx.b.select(u64t, None, in_range, e, oor)?)
            }
        }
    }
}
