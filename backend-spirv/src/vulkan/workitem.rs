//! Work-item queries on Vulkan: the `uvec3` built-ins (`GlobalInvocationId`,
//! `LocalInvocationId`, `WorkgroupId`, `NumWorkgroups`), the `WorkgroupSize` built-in
//! made of specialization constants, and the launch parameters Vulkan lacks (global
//! offset, global size, work dimension), read from Private copies that each kernel entry
//! fills from its argument block; the rows per invocation is a specialization constant
//! (`super::rows`). `get_global_id` adds the global offset; the group queries
//! are remapped where the module merges work-groups (`super::merged_groups`).

use oclc_ir::{ScalarType, WorkItemQuery};
use rspirv::dr::Operand;
use rspirv::spirv::{BuiltIn, Decoration, Op as SOp, StorageClass, Word};

use super::reflection::WORKGROUP_SIZE_SPEC_IDS;
use crate::common::{FnEmitter, ModuleCtx};
use crate::error::Result;

impl ModuleCtx<'_> {
    /// A `uint` specialization constant with id `spec_id`, 1 unless the pipeline sets it.
    pub(crate) fn vk_spec_u32(&mut self, spec_id: u32) -> Word {
        let u32t = self.shape_ty(ScalarType::U32, 1, false);
        let c = self.b.spec_constant_bit32(u32t, 1);
        self.b
            .decorate(c, Decoration::SpecId, [Operand::LiteralBit32(spec_id)]);
        c
    }

    /// The `WorkgroupSize` built-in: a `uvec3` of specialization constants 0, 1, 2.
    pub(crate) fn vk_workgroup_size(&mut self) -> Word {
        if let Some(w) = self.vk.workgroup_size {
            return w;
        }
        let uvec3 = self.shape_ty(ScalarType::U32, 3, false);
        let parts: Vec<Word> = WORKGROUP_SIZE_SPEC_IDS
            .iter()
            .map(|&id| self.vk_spec_u32(id))
            .collect();
        let w = self.b.spec_constant_composite(uvec3, parts);
        self.b.decorate(
            w,
            Decoration::BuiltIn,
            [Operand::BuiltIn(BuiltIn::WorkgroupSize)],
        );
        self.vk.workgroup_size = Some(w);
        w
    }

    fn vk_builtin(&mut self, bi: BuiltIn) -> Word {
        if let Some(&w) = self.vk.builtins.get(&(bi as u32)) {
            return w;
        }
        let uvec3 = self.shape_ty(ScalarType::U32, 3, false);
        let ptr = self.pointer_type(StorageClass::Input, uvec3);
        let var = self.global_variable(ptr, StorageClass::Input, None);
        self.b.name(var, format!("gl_{bi:?}"));
        self.b
            .decorate(var, Decoration::BuiltIn, [Operand::BuiltIn(bi)]);
        self.vk.builtins.insert(bi as u32, var);
        var
    }
}

impl FnEmitter<'_, '_> {
    /// The Private variables holding the global offset, work dimension and global size.
    pub(crate) fn vk_launch_vars(&mut self) -> [Word; 3] {
        let vars = match self.cx.vk.launch_vars {
            Some(v) => v,
            None => {
                let uvec3 = self.cx.shape_ty(ScalarType::U32, 3, false);
                let u32t = self.cx.shape_ty(ScalarType::U32, 1, false);
                let make = |cx: &mut ModuleCtx<'_>, t: Word, name: &str| {
                    let p = cx.pointer_type(StorageClass::Private, t);
                    let v = cx.global_variable(p, StorageClass::Private, None);
                    cx.b.name(v, name);
                    v
                };
                let v = [
                    make(self.cx, uvec3, "oclc.global_offset"),
                    make(self.cx, u32t, "oclc.work_dim"),
                    make(self.cx, uvec3, "oclc.global_size"),
                ];
                self.cx.vk.launch_vars = Some(v);
                v
            }
        };
        for v in vars {
            self.use_var(v);
        }
        vars
    }

    /// The value of a query: a `ulong3`, or a `uint` for the work dimension and the rows
    /// per invocation (a specialization constant, see `super::rows`).
    pub(crate) fn vk_work_item_value(&mut self, query: WorkItemQuery) -> Result<Word> {
        let uvec3 = self.cx.shape_ty(ScalarType::U32, 3, false);
        let u32t = self.cx.shape_ty(ScalarType::U32, 1, false);
        let ulong3 = self.cx.shape_ty(ScalarType::U64, 3, false);
        let [offset_var, dim_var, size_var] = self.vk_launch_vars();
        let load_input = |e: &mut Self, bi: BuiltIn| e.vk_builtin_value(bi);
        let v32 = match query {
            WorkItemQuery::WorkDim => return Ok(self.cx.b.load(u32t, None, dim_var, None, [])?),
            WorkItemQuery::RowsPerInvocation => return Ok(self.cx.vk_rows_per_invocation()),
            WorkItemQuery::GlobalId => {
                let id = load_input(self, BuiltIn::GlobalInvocationId)?;
                let id = self.vk_item_id(id)?;
                let id = self.inst(SOp::UConvert, ulong3, &[id])?;
                let off = self.cx.b.load(uvec3, None, offset_var, None, [])?;
                let off = self.inst(SOp::UConvert, ulong3, &[off])?;
                return self.inst(SOp::IAdd, ulong3, &[id, off]);
            }
            WorkItemQuery::LocalId => load_input(self, BuiltIn::LocalInvocationId)?,
            WorkItemQuery::GroupId => load_input(self, BuiltIn::WorkgroupId)?,
            WorkItemQuery::NumGroups => load_input(self, BuiltIn::NumWorkgroups)?,
            WorkItemQuery::LocalSize => self.cx.vk_workgroup_size(),
            WorkItemQuery::GlobalSize => self.cx.b.load(uvec3, None, size_var, None, [])?,
            WorkItemQuery::GlobalOffset => self.cx.b.load(uvec3, None, offset_var, None, [])?,
        };
        let v32 = self.vk_merged_query(query, v32)?;
        self.inst(SOp::UConvert, ulong3, &[v32])
    }

    /// The value of the `uvec3` input built-in `bi`.
    pub(crate) fn vk_builtin_value(&mut self, bi: BuiltIn) -> Result<Word> {
        let uvec3 = self.cx.shape_ty(ScalarType::U32, 3, false);
        let var = self.cx.vk_builtin(bi);
        self.use_var(var);
        Ok(self.cx.b.load(uvec3, None, var, None, [])?)
    }
}
