//! The C entry of a kernel in an object file: `int ENTRY(const void *args, const
//! oclc_range *range)` runs the whole NDRange serially on the calling thread. It checks
//! the range, picks the work-group size when the caller leaves it to the kernel, allocates
//! (one `malloc`) the static `__local` area, the `__local` arguments and the per-work-item
//! state, copies the argument block with the `__local` sizes replaced by their areas, and
//! calls the work-group function once per group (x fastest), then frees the memory.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    types, AbiParam, Function, InstBuilder, MemFlagsData, Signature, StackSlotData, StackSlotKind,
    UserFuncName, Value,
};
use cranelift_codegen::isa::CallConv;
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_module::{FuncId as ClifFuncId, Module};

use super::codes::{
    ERR_GLOBAL_SIZE, ERR_LOCAL_ARG, ERR_LOCAL_SIZE, ERR_OUT_OF_MEMORY, ERR_WORK_DIM,
};
use super::MAX_WORK_GROUP_SIZE;
use crate::abi::{ctx_offsets, ArgLayout, WorkGroupContext};

/// Byte offsets of the fields of the C `oclc_range` struct.
pub mod range_offsets {
    /// `uint32_t work_dim`.
    pub const WORK_DIM: i32 = 0;
    /// `uint64_t global_size[3]`.
    pub const GLOBAL_SIZE: i32 = 8;
    /// `uint64_t global_offset[3]`.
    pub const GLOBAL_OFFSET: i32 = 32;
    /// `uint64_t local_size[3]`.
    pub const LOCAL_SIZE: i32 = 56;
    /// `sizeof(oclc_range)`.
    pub const SIZE: u64 = 80;
}

/// Alignment of every area the entry allocates (as the JIT runtime's `__local` areas).
const AREA_ALIGN: i64 = 128;

/// Largest `__local` argument size the entry accepts (larger ones fail as out of memory).
const MAX_LOCAL_ARG: i64 = 1 << 40;

/// What the entry needs to know about its kernel.
pub struct EntryKernel<'a> {
    /// The work-group function in the module.
    pub group_fn: ClifFuncId,
    /// The argument block.
    pub args: &'a ArgLayout,
    /// Offsets in the argument block of the `__local` pointer parameters.
    pub local_args: &'a [u64],
    /// Bytes of static `__local` memory.
    pub static_local_size: u64,
    /// Bytes of per-work-item state.
    pub wi_state_size: u64,
    /// `reqd_work_group_size`, if the kernel has one.
    pub reqd: Option<[u32; 3]>,
}

/// The signature of an entry: `(args: i64, range: i64) -> i32`.
pub fn entry_signature(call_conv: CallConv) -> Signature {
    let mut sig = Signature::new(call_conv);
    sig.params.push(AbiParam::new(types::I64));
    sig.params.push(AbiParam::new(types::I64));
    sig.returns.push(AbiParam::new(types::I32));
    sig
}

/// `malloc(size: i64) -> i64` / `free(ptr: i64)`.
pub fn libc_signatures(call_conv: CallConv) -> (Signature, Signature) {
    let mut malloc = Signature::new(call_conv);
    malloc.params.push(AbiParam::new(types::I64));
    malloc.returns.push(AbiParam::new(types::I64));
    let mut free = Signature::new(call_conv);
    free.params.push(AbiParam::new(types::I64));
    (malloc, free)
}

/// Builds the entry function of `k`; `malloc`/`free` are the imported libc functions.
pub fn build_entry(
    module: &mut dyn Module,
    k: &EntryKernel,
    malloc: ClifFuncId,
    free: ClifFuncId,
) -> Function {
    let call_conv = module.isa().default_call_conv();
    let mut func =
        Function::with_name_signature(UserFuncName::default(), entry_signature(call_conv));
    let mut fctx = FunctionBuilderContext::new();
    let mut b = FunctionBuilder::new(&mut func, &mut fctx);
    let malloc = module.declare_func_in_func(malloc, b.func);
    let free = module.declare_func_in_func(free, b.func);
    let group_fn = module.declare_func_in_func(k.group_fn, b.func);

    let start = b.create_block();
    b.append_block_params_for_function_params(start);
    b.switch_to_block(start);
    let params = b.block_params(start).to_vec();
    let (args, range) = (params[0], params[1]);
    let fail = b.create_block();
    b.append_block_param(fail, types::I32);
    let user = MemFlagsData::new();

    // work_dim in 1..=3.
    let wd = b
        .ins()
        .load(types::I32, user, range, range_offsets::WORK_DIM);
    let wd_m1 = b.ins().iadd_imm_s(wd, -1);
    let bad = b.ins().icmp_imm_s(IntCC::UnsignedGreaterThan, wd_m1, 2);
    fail_if(&mut b, bad, fail, ERR_WORK_DIM);

    // Sizes past work_dim are 1, offsets 0; a zero global size fails.
    let placeholder = b.ins().iconst(types::I64, 0);
    let mut global = [placeholder; 3];
    let mut offset = global;
    let mut local = global;
    let mut any_zero_local = b.ins().iconst(types::I8, 0);
    for d in 0..3 {
        let active = b.ins().icmp_imm_s(IntCC::UnsignedGreaterThan, wd, d as i64);
        let one = b.ins().iconst(types::I64, 1);
        let zero = b.ins().iconst(types::I64, 0);
        let at = 8 * d as i32;
        let g = b
            .ins()
            .load(types::I64, user, range, range_offsets::GLOBAL_SIZE + at);
        global[d] = b.ins().select(active, g, one);
        let o = b
            .ins()
            .load(types::I64, user, range, range_offsets::GLOBAL_OFFSET + at);
        offset[d] = b.ins().select(active, o, zero);
        let l = b
            .ins()
            .load(types::I64, user, range, range_offsets::LOCAL_SIZE + at);
        local[d] = b.ins().select(active, l, one);
        let g_zero = b.ins().icmp_imm_s(IntCC::Equal, global[d], 0);
        fail_if(&mut b, g_zero, fail, ERR_GLOBAL_SIZE);
        let l_zero = b.ins().icmp_imm_s(IntCC::Equal, local[d], 0);
        any_zero_local = b.ins().bor(any_zero_local, l_zero);
    }

    // The work-group size: the caller's, or (all zero) the kernel's choice.
    let chosen = b.create_block();
    let given = b.create_block();
    let resolved = b.create_block();
    for _ in 0..3 {
        b.append_block_param(resolved, types::I64);
    }
    b.ins().brif(any_zero_local, chosen, &[], given, &[]);
    b.switch_to_block(chosen);
    let picked = match k.reqd {
        Some(q) => q.map(|x| b.ins().iconst(types::I64, x as i64)),
        None => default_local_size(&mut b, global),
    };
    b.ins().jump(resolved, &picked.map(|v| v.into()));
    b.switch_to_block(given);
    if let Some(q) = k.reqd {
        for d in 0..3 {
            let differs = b.ins().icmp_imm_s(IntCC::NotEqual, local[d], q[d] as i64);
            fail_if(&mut b, differs, fail, ERR_LOCAL_SIZE);
        }
    }
    b.ins().jump(resolved, &local.map(|v| v.into()));
    b.switch_to_block(resolved);
    let local: [Value; 3] = b.block_params(resolved).to_vec().try_into().unwrap();

    // Each local size at most the maximum and dividing the global size.
    let mut groups = local;
    for d in 0..3 {
        let big = b.ins().icmp_imm_s(
            IntCC::UnsignedGreaterThan,
            local[d],
            MAX_WORK_GROUP_SIZE as i64,
        );
        fail_if(&mut b, big, fail, ERR_LOCAL_SIZE);
        let rem = b.ins().urem(global[d], local[d]);
        let uneven = b.ins().icmp_imm_s(IntCC::NotEqual, rem, 0);
        fail_if(&mut b, uneven, fail, ERR_LOCAL_SIZE);
        groups[d] = b.ins().udiv(global[d], local[d]);
    }
    let l01 = b.ins().imul(local[0], local[1]);
    let total = b.ins().imul(l01, local[2]);
    let big = b.ins().icmp_imm_s(
        IntCC::UnsignedGreaterThan,
        total,
        MAX_WORK_GROUP_SIZE as i64,
    );
    fail_if(&mut b, big, fail, ERR_LOCAL_SIZE);

    // One allocation: static __local area, __local arguments, per-work-item state.
    let mut local_sizes = Vec::new();
    let static_size = round_up(k.static_local_size.max(1) as i64);
    let mut bytes = b.ins().iconst(types::I64, static_size + AREA_ALIGN);
    for off in k.local_args {
        let size = b.ins().load(types::I64, user, args, *off as i32);
        let zero = b.ins().icmp_imm_s(IntCC::Equal, size, 0);
        fail_if(&mut b, zero, fail, ERR_LOCAL_ARG);
        let huge = b
            .ins()
            .icmp_imm_s(IntCC::UnsignedGreaterThan, size, MAX_LOCAL_ARG);
        fail_if(&mut b, huge, fail, ERR_OUT_OF_MEMORY);
        let padded = b.ins().iadd_imm_s(size, AREA_ALIGN - 1);
        let rounded = b.ins().band_imm_s(padded, -AREA_ALIGN);
        bytes = b.ins().iadd(bytes, rounded);
        local_sizes.push(rounded);
    }
    let wi_bytes = b.ins().imul_imm_s(total, k.wi_state_size as i64);
    bytes = b.ins().iadd(bytes, wi_bytes);
    let call = b.ins().call(malloc, &[bytes]);
    let base = b.inst_results(call)[0];
    let null = b.ins().icmp_imm_s(IntCC::Equal, base, 0);
    fail_if(&mut b, null, fail, ERR_OUT_OF_MEMORY);
    let padded = b.ins().iadd_imm_s(base, AREA_ALIGN - 1);
    let local_mem = b.ins().band_imm_s(padded, -AREA_ALIGN);

    // The argument block the work-group function reads.
    let block = b.create_sized_stack_slot(StackSlotData::new(
        StackSlotKind::ExplicitSlot,
        k.args.total as u32,
        4,
    ));
    let mine = MemFlagsData::trusted();
    for at in (0..k.args.total as i32).step_by(8) {
        let v = b.ins().load(types::I64, user, args, at);
        b.ins().stack_store(types::I64, v, block, at);
    }
    let mut cursor = b.ins().iadd_imm_s(local_mem, static_size);
    for (off, size) in k.local_args.iter().zip(&local_sizes) {
        b.ins().stack_store(types::I64, cursor, block, *off as i32);
        cursor = b.ins().iadd(cursor, *size);
    }
    let wi_state = cursor;

    // The work-group context, the same for every group but its id.
    let ctx = b.create_sized_stack_slot(StackSlotData::new(
        StackSlotKind::ExplicitSlot,
        std::mem::size_of::<WorkGroupContext>() as u32,
        4,
    ));
    for d in 0..3 {
        let at = 8 * d as i32;
        b.ins()
            .stack_store(types::I64, local[d], ctx, ctx_offsets::LOCAL_SIZE + at);
        b.ins()
            .stack_store(types::I64, groups[d], ctx, ctx_offsets::NUM_GROUPS + at);
        b.ins()
            .stack_store(types::I64, offset[d], ctx, ctx_offsets::GLOBAL_OFFSET + at);
        b.ins()
            .stack_store(types::I64, global[d], ctx, ctx_offsets::GLOBAL_SIZE + at);
    }
    let wd64 = b.ins().uextend(types::I64, wd);
    b.ins()
        .stack_store(types::I64, wd64, ctx, ctx_offsets::WORK_DIM);
    b.ins()
        .stack_store(types::I64, local_mem, ctx, ctx_offsets::LOCAL_MEM);
    b.ins()
        .stack_store(types::I64, wi_state, ctx, ctx_offsets::WI_STATE);
    let block_addr = b.ins().stack_addr(types::I64, block, 0);
    let ctx_addr = b.ins().stack_addr(types::I64, ctx, 0);

    for_range(&mut b, groups[2], &mut |b, z| {
        b.ins().store(mine, z, ctx_addr, ctx_offsets::GROUP_ID + 16);
        for_range(b, groups[1], &mut |b, y| {
            b.ins().store(mine, y, ctx_addr, ctx_offsets::GROUP_ID + 8);
            for_range(b, groups[0], &mut |b, x| {
                b.ins().store(mine, x, ctx_addr, ctx_offsets::GROUP_ID);
                b.ins().call(group_fn, &[block_addr, ctx_addr]);
            });
        });
    });
    b.ins().call(free, &[base]);
    let ok = b.ins().iconst(types::I32, 0);
    b.ins().return_(&[ok]);

    b.switch_to_block(fail);
    let code = b.block_params(fail)[0];
    b.ins().return_(&[code]);
    b.seal_all_blocks();
    b.finalize(module.isa().frontend_config());
    func
}

/// `(x + 127) & !127` for a compile-time size.
fn round_up(x: i64) -> i64 {
    (x + AREA_ALIGN - 1) & -AREA_ALIGN
}

/// Returns `code` from the function when `cond` holds; continues in a new block otherwise.
fn fail_if(b: &mut FunctionBuilder, cond: Value, fail: cranelift_codegen::ir::Block, code: i32) {
    let next = b.create_block();
    let code = b.ins().iconst(types::I32, code as i64);
    b.ins().brif(cond, fail, &[code.into()], next, &[]);
    b.switch_to_block(next);
}

/// Runs `body(i)` for `i` in `0..n`.
fn for_range(b: &mut FunctionBuilder, n: Value, body: &mut dyn FnMut(&mut FunctionBuilder, Value)) {
    let header = b.create_block();
    b.append_block_param(header, types::I64);
    let inner = b.create_block();
    let exit = b.create_block();
    let zero = b.ins().iconst(types::I64, 0);
    b.ins().jump(header, &[zero.into()]);
    b.switch_to_block(header);
    let i = b.block_params(header)[0];
    let done = b.ins().icmp(IntCC::UnsignedGreaterThanOrEqual, i, n);
    b.ins().brif(done, exit, &[], inner, &[]);
    b.switch_to_block(inner);
    body(b, i);
    let next = b.ins().iadd_imm_s(i, 1);
    b.ins().jump(header, &[next.into()]);
    b.switch_to_block(exit);
}

/// The runtime's default work-group size (`oclc_runtime_lite::default_local_size`): in
/// each dimension (x first) the largest divisor of the global size that is at most 64 for
/// x and keeps the product at most 256. Sizes past `work_dim` are 1 and pick 1.
fn default_local_size(b: &mut FunctionBuilder, global: [Value; 3]) -> [Value; 3] {
    let mut out = global;
    let mut product = b.ins().iconst(types::I64, 1);
    for d in 0..3 {
        let limit = if d == 0 {
            b.ins().iconst(types::I64, 64)
        } else {
            let c = b.ins().iconst(types::I64, 256);
            b.ins().udiv(c, product)
        };
        let first = b.ins().umin(limit, global[d]);
        let search = b.create_block();
        b.append_block_param(search, types::I64);
        let found = b.create_block();
        b.append_block_param(found, types::I64);
        let step = b.create_block();
        b.ins().jump(search, &[first.into()]);
        b.switch_to_block(search);
        let l = b.block_params(search)[0];
        // l >= 1 always: 1 divides everything, so the search stops there.
        let rem = b.ins().urem(global[d], l);
        let divides = b.ins().icmp_imm_s(IntCC::Equal, rem, 0);
        b.ins().brif(divides, found, &[l.into()], step, &[]);
        b.switch_to_block(step);
        let lower = b.ins().iadd_imm_s(l, -1);
        b.ins().jump(search, &[lower.into()]);
        b.switch_to_block(found);
        out[d] = b.block_params(found)[0];
        product = b.ins().imul(product, out[d]);
    }
    out
}
