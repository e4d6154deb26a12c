//! Translation of one inlined kernel into a Cranelift work-group function.
//!
//! The function (see [`crate::abi`]) loads its parameters from the argument block, then runs
//! the body: a kernel without barriers is one region wrapped in a loop over all work-items;
//! with barriers, the body is walked at group level ([`crate::plan`]) and each barrier-free
//! run becomes its own work-item loop. `break`/`continue`/`return` reached inside a region
//! but aimed at group-level control flow set a *pending* code, skip the rest of that
//! work-item, and are acted upon once the region's loop has finished (they are uniform).

mod addend;
mod atomic;
mod atomic_local;
pub(crate) mod check;
mod check_atomic;
mod check_barrier;
pub(crate) mod check_cold;
mod check_init;
mod control;
pub(crate) use control::LoopBlocks;
mod convert;
pub mod debug;
mod f64_parts;
mod fast_hyperbolic;
mod fast_inverse_trig;
pub(crate) mod fast_math;
mod fast_pow;
mod fast_roots;
mod fast_trig;
mod generic_cast;
mod half;
pub mod image;
pub mod math;
mod math_int;
mod once;
mod ops;
pub mod printf;
pub mod routine;
mod state;
pub(crate) mod vector;
mod workitem;

use std::collections::HashMap;

use cranelift_codegen::ir::{
    self, types, AbiParam, Block as ClifBlock, FuncRef, InstBuilder, MemFlagsData, Signature,
    StackSlot, StackSlotData, StackSlotKind, UserFuncName, Value,
};
use cranelift_codegen::isa::CallConv;
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Variable};
use cranelift_module::FuncId as ClifFuncId;
use oclc_ir::{AddressSpace, Function, Op, ScalarType, TypeTable, ValueId};

use crate::abi::{arg_layout, ctx_offsets};
use crate::error::CompileError;
use crate::pieces::pieces;
use crate::plan::{Plan, RegionKey, GROUP};

/// What the translator needs from outside: the Cranelift module (to reference runtime
/// routines) and the data objects of program-scope variables.
pub struct Env<'m> {
    /// The Cranelift module (JIT or object) the kernel will be defined in.
    pub module: &'m mut dyn cranelift_module::Module,
    /// Runtime routines (math, printf) declared in `module`, by symbol name.
    pub math: &'m HashMap<&'static str, ClifFuncId>,
    /// The data object of each program-scope variable, by `GlobalId`.
    pub globals: &'m [cranelift_module::DataId],
    /// The calling convention of the host.
    pub call_conv: CallConv,
    /// The parsed printf calls, kept alive by the program (the code embeds their addresses).
    #[allow(clippy::vec_box)]
    pub printf_specs: &'m mut Vec<Box<crate::printf::PrintfSpec>>,
    /// Pass each printf call's index in `printf_specs` to the printf routine instead of
    /// the spec's address (object files, whose code cannot hold the compiler's addresses).
    pub printf_by_index: bool,
    /// Run the vectorize stage (`-O1` and above).
    pub vectorize: bool,
    /// The local size the kernel is compiled for ([`crate::specialize`]), or `None` for a
    /// work-group function that reads it from the context at run time.
    pub local_size: Option<[u64; 3]>,
    /// The kernel is compiled for launches whose buffer arguments are distinct buffers (no
    /// two pointer parameters share memory), as runtime-lite knows at launch.
    pub distinct_buffers: bool,
    /// One line per region of the kernel translated last: vectorised or why not.
    pub notes: Vec<String>,
    /// Runtime routines the code called that `math` lacks (declared as imports so that
    /// translation can finish); the caller must fail the kernel when this is not empty.
    pub missing_routines: Vec<&'static str>,
    /// Debug information (`-g`): source locations on the instructions and the slots of
    /// [`debug::DebugSlots`].
    pub debug: bool,
    /// The slots the kernel translated last keeps for its debug information (`-g`).
    pub debug_slots: debug::DebugSlots,
    /// Checked code ([`crate::check`]): the offset of the check table's address in the
    /// argument block.
    pub check: Option<u64>,
    /// The check sites of the kernel translated last.
    pub check_sites: Vec<crate::check::site::CheckSite>,
    /// True when the kernel translated last records `__global` accesses in the shadow
    /// whatever the launch's range (not only in launches of more than one dimension).
    pub check_global_always: bool,
    /// The own-element accesses of the kernel translated last whose checks a launch can
    /// make once ([`crate::check::ProvenAccess`]), and how many of its check sites they
    /// account for.
    pub check_proven: (Vec<crate::check::ProvenAccess>, usize),
}

/// The signature of a work-group function: `(args: i64, ctx: i64)`.
pub fn work_group_signature(call_conv: CallConv) -> Signature {
    let mut sig = Signature::new(call_conv);
    sig.params.push(AbiParam::new(types::I64));
    sig.params.push(AbiParam::new(types::I64));
    sig
}

/// Translates `func` (a kernel with every call inlined, planned by [`crate::plan::plan`]).
pub fn translate_kernel(
    types: &TypeTable,
    module: &oclc_ir::Module,
    func: &Function,
    plan: &Plan,
    env: &mut Env,
) -> Result<ir::Function, CompileError> {
    let mut clif = ir::Function::with_name_signature(
        UserFuncName::testcase(func.name.as_str()),
        work_group_signature(env.call_conv),
    );
    let mut fctx = FunctionBuilderContext::new();
    let b = FunctionBuilder::new(&mut clif, &mut fctx);
    let mut tx = Tx::new(types, func, plan, env, b, FunctionShape::WorkGroup);
    tx.env.notes.clear();
    tx.env.debug_slots = debug::DebugSlots::default();
    tx.env.check_sites.clear();
    tx.env.check_global_always = false;
    tx.env.check_proven = (Vec::new(), 0);
    tx.int_consts = std::rc::Rc::new(vector::int_consts(func));
    if tx.env.vectorize {
        tx.uniformity = Some(std::rc::Rc::new(crate::vectorize::analyze(func)));
        tx.access_groups = std::rc::Rc::new(crate::vectorize::groups::find(types, func));
        if tx.env.check.is_none() {
            let unwritten = oclc_ir::analysis::unwritten_params(
                types,
                func,
                module.volatile_memory,
                tx.env.distinct_buffers,
            );
            tx.movable_loads = std::rc::Rc::new(crate::vectorize::movable_loads::movable_loads(
                types, func, &unwritten,
            ));
        }
    }
    tx.run(module)?;
    tx.b.seal_all_blocks();
    let config = tx.env.module.isa().frontend_config();
    tx.b.finalize(config);
    Ok(clif)
}

/// The current work-item inside a region.
#[derive(Clone, Copy)]
pub(crate) struct Wi {
    /// `get_local_id(0..3)`.
    pub lid: [Value; 3],
    /// The linear local id `x + lsx * (y + lsy * z)`, which indexes the state columns (in
    /// kernels without per-work-item state, where nothing reads it, the local id x).
    pub lin: Value,
    /// Where to go to skip the rest of this work-item.
    pub next: ClifBlock,
}

/// A loop target of `break` and `continue`.
#[derive(Clone, Copy)]
pub(crate) struct LoopTarget {
    pub brk: ClifBlock,
    pub cont: ClifBlock,
    /// Index (in `Tx::loops`) of the loop that owns `cont`: a switch passes `continue` on
    /// to its enclosing loop.
    pub cont_owner: usize,
}

/// Pending codes set inside a region and acted on after its work-item loop.
pub(crate) mod pending {
    pub const NONE: i64 = 0;
    pub const RETURN: i64 = 1;
    pub const BREAK: i64 = 2;
    pub const CONTINUE: i64 = 3;
}

pub(crate) struct Tx<'a, 'e, 'm> {
    pub types: &'a TypeTable,
    pub f: &'a Function,
    pub plan: &'a Plan,
    pub env: &'e mut Env<'m>,
    pub b: FunctionBuilder<'a>,
    pub vals: HashMap<ValueId, Vec<Value>>,
    pub ctx: Value,
    pub args: Value,
    pub local_size: [Value; 3],
    /// The work-items of a row of a work-item loop: `local_size[0]`, or the whole call's
    /// groups' in kernels planned with wide rows ([`crate::wide_rows`]).
    pub row_len: Value,
    /// `get_group_id(0..3)`, read in the entry block.
    pub group_id: [Value; 3],
    /// The global id of each dimension's work-item 0 of the group (group id * local size
    /// + global offset), computed in the entry block.
    pub group_base: [Value; 3],
    pub local_mem: Value,
    pub wi_state: Value,
    /// Work-items per group (the length of a state column; barrier kernels).
    pub items: Value,
    /// The group slot (see [`crate::group_level`]), when the kernel has group-level values.
    pub group_slot: Option<StackSlot>,
    /// The group-level variables' values when the current region began.
    pub group_snap: HashMap<u32, Vec<Value>>,
    pub slots: HashMap<u32, StackSlot>,
    /// The variables (one per piece) of each promoted private variable.
    pub vars: HashMap<u32, Vec<Variable>>,
    /// The `local_addr` values of promoted variables, and their variable.
    pub var_addrs: HashMap<ValueId, u32>,
    pub wi: Option<Wi>,
    pub region: RegionKey,
    pub loops: Vec<LoopTarget>,
    /// Loops with an index below this are group-level loops.
    pub region_loop_base: usize,
    pub terminated: bool,
    pub pending: Variable,
    pub pending_used: bool,
    pub counters: [Variable; 3],
    pub exit: ClifBlock,
    pub math_refs: HashMap<&'static str, FuncRef>,
    /// The uniformity of the kernel's values, when the vectorize stage runs.
    pub uniformity: Option<std::rc::Rc<crate::vectorize::Uniformity>>,
    /// Integer constants of the kernel, by value (for affine index arithmetic).
    pub int_consts: std::rc::Rc<HashMap<ValueId, i64>>,
    /// The code's signed sums that cannot overflow (see `addend`): widened for addresses
    /// term by term.
    pub exact_sums: std::collections::HashSet<Value>,
    /// In a routine, the variables (one per piece) that `return v` sets.
    pub ret_vars: Option<Vec<Variable>>,
    /// The `vloadN`/`vstoreN` groups of the kernel, when the vectorize stage runs.
    pub access_groups: std::rc::Rc<crate::vectorize::groups::Groups>,
    /// The loads that vectorised regions may mark movable
    /// ([`crate::vectorize::movable_loads`]).
    pub movable_loads: std::rc::Rc<std::collections::HashSet<ValueId>>,
    /// The checks of a checked kernel.
    pub(crate) check: Option<check::CheckCx>,
    /// The barrier divergence checks of a checked kernel.
    pub(crate) barrier_checks: check_barrier::BarrierChecks,
}

/// What a translated function is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum FunctionShape {
    /// A kernel's work-group function ([`work_group_signature`]).
    WorkGroup,
    /// A routine taking and returning scalars ([`routine::translate_routine`]).
    Routine,
}

impl<'a, 'e, 'm> Tx<'a, 'e, 'm> {
    fn new(
        types: &'a TypeTable,
        f: &'a Function,
        plan: &'a Plan,
        env: &'e mut Env<'m>,
        mut b: FunctionBuilder<'a>,
        kind: FunctionShape,
    ) -> Self {
        let entry = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.switch_to_block(entry);
        b.seal_block(entry);
        let params = b.block_params(entry).to_vec();
        // A routine (see `routine`) has no context: its "work-group" is one work-item.
        let (args, ctx) = match kind {
            FunctionShape::WorkGroup => (params[0], params[1]),
            FunctionShape::Routine => {
                let zero = b.ins().iconst(types::I64, 0);
                (zero, zero)
            }
        };
        let ro = MemFlagsData::trusted().with_readonly();
        let local_size = match (kind, env.local_size) {
            (FunctionShape::Routine, _) => [1; 3].map(|n| b.ins().iconst(types::I64, n)),
            (_, Some(sizes)) => sizes.map(|n| b.ins().iconst(types::I64, n as i64)),
            (_, None) => std::array::from_fn(|d| {
                b.ins()
                    .load(types::I64, ro, ctx, ctx_offsets::LOCAL_SIZE + 8 * d as i32)
            }),
        };
        let mut ld = |off: i32| match kind {
            FunctionShape::WorkGroup => b.ins().load(types::I64, ro, ctx, off),
            FunctionShape::Routine => b.ins().iconst(types::I64, 0),
        };
        let group_id = [
            ld(ctx_offsets::GROUP_ID),
            ld(ctx_offsets::GROUP_ID + 8),
            ld(ctx_offsets::GROUP_ID + 16),
        ];
        let offset = [
            ld(ctx_offsets::GLOBAL_OFFSET),
            ld(ctx_offsets::GLOBAL_OFFSET + 8),
            ld(ctx_offsets::GLOBAL_OFFSET + 16),
        ];
        let local_mem = ld(ctx_offsets::LOCAL_MEM);
        let wi_state = ld(ctx_offsets::WI_STATE);
        let group_base = std::array::from_fn(|d| {
            let base = b.ins().imul(group_id[d], local_size[d]);
            b.ins().iadd(base, offset[d])
        });
        let items = b.ins().imul(local_size[0], local_size[1]);
        let items = b.ins().imul(items, local_size[2]);
        let pending = b.declare_var(types::I8);
        let counters = [
            b.declare_var(types::I64),
            b.declare_var(types::I64),
            b.declare_var(types::I64),
        ];
        let exit = b.create_block();
        Tx {
            types,
            f,
            plan,
            env,
            b,
            vals: HashMap::new(),
            ctx,
            args,
            local_size,
            row_len: local_size[0],
            group_id,
            group_base,
            local_mem,
            wi_state,
            items,
            group_slot: None,
            group_snap: HashMap::new(),
            slots: HashMap::new(),
            vars: HashMap::new(),
            var_addrs: HashMap::new(),
            wi: None,
            region: GROUP,
            loops: Vec::new(),
            region_loop_base: 0,
            terminated: false,
            pending,
            pending_used: false,
            counters,
            exit,
            math_refs: HashMap::new(),
            uniformity: None,
            int_consts: Default::default(),
            exact_sums: Default::default(),
            ret_vars: None,
            access_groups: Default::default(),
            movable_loads: Default::default(),
            check: None,
            barrier_checks: Default::default(),
        }
    }

    fn err(&self, what: impl Into<String>) -> CompileError {
        CompileError::unsupported(&self.f.name, what)
    }

    /// Pieces of an IR type, or an "unsupported" error naming it.
    pub fn pieces_of(
        &self,
        ty: oclc_ir::TypeId,
    ) -> Result<Vec<crate::pieces::Piece>, CompileError> {
        pieces(self.types, ty).ok_or_else(|| {
            self.err(format!(
                "values of type {} (half precision)",
                self.types.display(ty)
            ))
        })
    }

    /// The scalar element type of a value.
    pub fn scalar(&self, v: ValueId) -> Result<ScalarType, CompileError> {
        self.types
            .scalar_of(self.f.value_type(v))
            .ok_or_else(|| self.err(format!("operation on non-scalar value %{}", v.0)))
    }

    fn run(&mut self, module: &oclc_ir::Module) -> Result<(), CompileError> {
        let args = self.args;
        let layout = arg_layout(module, self.f);
        for (i, p) in self.f.params.iter().enumerate() {
            let ps = self.pieces_of(p.ty)?;
            let base = layout.offsets[i] as i32;
            let lanes = ps
                .iter()
                .map(|pc| {
                    self.b.ins().load(
                        pc.ty,
                        MemFlagsData::trusted(),
                        args,
                        base + pc.offset as i32,
                    )
                })
                .collect();
            self.vals.insert(p.value, lanes);
        }
        if let Some(offset) = self.env.check {
            self.start_checks(module, offset);
        }
        self.declare_promoted_vars()?;
        self.declare_init_flags();
        self.create_debug_slots();
        if self.plan.group.size > 0 {
            self.group_slot = Some(self.b.create_sized_stack_slot(StackSlotData::new(
                StackSlotKind::ExplicitSlot,
                self.plan.group.size as u32,
                4,
            )));
        }
        let groups = self.group_loop();
        if !self.plan.has_barrier {
            self.create_private_slots();
            let body = &self.f.body.stmts;
            self.region(body, GROUP)?;
        } else {
            self.group_block(&self.f.body)?;
        }
        if !self.terminated {
            self.b.ins().jump(self.exit, &[]);
        }
        self.b.switch_to_block(self.exit);
        if let Some((header, end)) = groups {
            let next = self.b.ins().iadd_imm_s(self.group_id[0], 1);
            let more = self
                .b
                .ins()
                .icmp(ir::condcodes::IntCC::UnsignedLessThan, next, end);
            let ret = self.b.create_block();
            self.b.ins().brif(more, header, &[next.into()], ret, &[]);
            self.b.switch_to_block(ret);
        }
        self.b.ins().return_(&[]);
        Ok(())
    }

    /// Starts the loop over the work-groups of one call, in kernels planned with one
    /// (`Plan::group_loop`): `ctx.group_count` groups, consecutive along dimension 0 (0
    /// means one): the code after it runs in a block
    /// whose parameter is the group's id along dimension 0, and `self.exit` goes on to the
    /// next group. Returns that block and the id past the last group.
    /// In kernels planned with wide rows, sets the row length instead and returns `None`.
    fn group_loop(&mut self) -> Option<(ClifBlock, Value)> {
        if !self.plan.group_loop && !self.plan.wide_rows {
            return None;
        }
        let count = self.b.ins().uload32(
            MemFlagsData::trusted().with_readonly(),
            self.ctx,
            ctx_offsets::GROUP_COUNT,
        );
        let one = self.b.ins().iconst(types::I64, 1);
        let count = self.b.ins().umax(count, one);
        if self.plan.wide_rows {
            self.row_len = self.b.ins().imul(count, self.local_size[0]);
            return None;
        }
        let end = self.b.ins().iadd(self.group_id[0], count);
        let header = self.b.create_block();
        let g = self.b.append_block_param(header, types::I64);
        self.b.ins().jump(header, &[self.group_id[0].into()]);
        self.b.switch_to_block(header);
        let offset = self.b.ins().load(
            types::I64,
            MemFlagsData::trusted().with_readonly(),
            self.ctx,
            ctx_offsets::GLOBAL_OFFSET,
        );
        let base = self.b.ins().imul(g, self.local_size[0]);
        self.group_base[0] = self.b.ins().iadd(base, offset);
        self.group_id[0] = g;
        Some((header, end))
    }

    /// Declares the variables (one per piece) of the private variables that live in
    /// Cranelift variables: promoted ones and those kept in the work-item state.
    fn declare_promoted_vars(&mut self) -> Result<(), CompileError> {
        let mut promoted: Vec<u32> = self
            .plan
            .promoted
            .iter()
            .chain(&self.plan.in_state)
            .copied()
            .collect();
        promoted.sort();
        for l in promoted {
            let ps = self.pieces_of(self.f.locals[l as usize].ty)?;
            let vs = ps.iter().map(|pc| self.b.declare_var(pc.ty)).collect();
            self.vars.insert(l, vs);
        }
        let recomputed = self.recomputed_var_addrs();
        self.var_addrs.extend(recomputed);
        Ok(())
    }

    /// The `local_addr` values of register variables that regions recompute
    /// ([`crate::remat`]) instead of defining them: each names its variable in every region.
    pub(crate) fn recomputed_var_addrs(&self) -> HashMap<ValueId, u32> {
        self.plan
            .remat
            .iter()
            .filter_map(|(v, op)| match op {
                Op::LocalAddr(l) if self.vars.contains_key(&l.0) => Some((*v, l.0)),
                _ => None,
            })
            .collect()
    }

    /// A stack slot for every private variable that stays in memory (functions without
    /// barriers: one work-item's variables at a time).
    fn create_private_slots(&mut self) {
        for (i, l) in self.f.locals.iter().enumerate() {
            if l.space != AddressSpace::Local && !self.plan.promoted.contains(&(i as u32)) {
                let lay = self.types.layout(l.ty);
                let align_shift = lay.align.max(1).trailing_zeros().min(6) as u8;
                let slot = self.b.create_sized_stack_slot(StackSlotData::new(
                    StackSlotKind::ExplicitSlot,
                    lay.size.max(1) as u32,
                    align_shift,
                ));
                self.slots.insert(i as u32, slot);
                if self.env.debug {
                    self.env.debug_slots.vars.push((i as u32, slot));
                }
            }
        }
    }

    /// The Cranelift values of an IR value, reloaded from the work-item state when it was
    /// defined in another region.
    pub fn val(&mut self, v: ValueId) -> Result<Vec<Value>, CompileError> {
        if self
            .plan
            .def_region
            .get(&v)
            .is_some_and(|d| *d != self.region)
        {
            if let Some(op) = self.plan.remat.get(&v).cloned() {
                return self.op(v, &op);
            }
        }
        if let Some(&off) = self.plan.group.spills.get(&v) {
            if self.plan.def_region.get(&v) != Some(&self.region) {
                let ps = self.pieces_of(self.f.value_type(v))?;
                return Ok(self.load_group(off, &ps));
            }
        }
        if let Some(&off) = self.plan.spills.get(&v) {
            if self.plan.def_region.get(&v) != Some(&self.region) {
                let ps = self.pieces_of(self.f.value_type(v))?;
                let lin = self.wi_lin();
                return Ok(self.load_pieces(off, &ps, lin));
            }
        }
        self.vals
            .get(&v)
            .cloned()
            .ok_or_else(|| self.err(format!("use of %{} outside its scope", v.0)))
    }

    /// The first (or only) Cranelift value of an IR value.
    pub fn val1(&mut self, v: ValueId) -> Result<Value, CompileError> {
        self.val(v)?
            .first()
            .copied()
            .ok_or_else(|| self.err(format!("use of void value %{}", v.0)))
    }

    /// Records the values of `v`, spilling them if another region uses them.
    pub fn define(&mut self, v: ValueId, lanes: Vec<Value>) -> Result<(), CompileError> {
        if let Some(&off) = self.plan.group.spills.get(&v) {
            let ps = self.pieces_of(self.f.value_type(v))?;
            self.store_group(off, &ps, &lanes);
        } else if let Some(&off) = self.plan.spills.get(&v) {
            let ps = self.pieces_of(self.f.value_type(v))?;
            let lin = self.wi_lin();
            self.store_pieces(off, &ps, &lanes, lin);
        }
        self.vals.insert(v, lanes);
        Ok(())
    }
}
