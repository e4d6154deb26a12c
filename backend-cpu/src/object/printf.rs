//! `printf` in object files, without any oclc runtime: each call's OpenCL format is
//! translated when the kernel is compiled into a C format ([`crate::printf::c_format`],
//! kept in the object as read-only data), and a local routine `oclc.printf(index, data)`
//! (the object's stand-in for the JIT's `oclc_printf`; the kernel code passes the call's
//! index and its lanes' 8-byte slots) widens the lanes into a variadic argument area and
//! calls the C library's `vprintf` with a `va_list` pointing at it.
//!
//! The `va_list` follows the System V AMD64 ABI (AMD64 Architecture Processor Supplement,
//! section 3.5.7 "Variable Argument Lists", figure 3.34 and the `va_arg` algorithm):
//! `{ u32 gp_offset; u32 fp_offset; void *overflow_arg_area; void *reg_save_area; }`.
//! With `gp_offset` = 48 (all 6 general registers used) and `fp_offset` = 304 (48 + 16 * 16,
//! all vector registers used), `va_arg` fetches every argument from `overflow_arg_area`,
//! each integer, pointer and double from the next 8-byte slot, so the area is an array of
//! 8-byte slots: integers extended to 64 bits, floats as doubles. `reg_save_area` is never
//! read. Other targets have other `va_list`s, and objects for them refuse printf.
//! The arguments are widened as the JIT's formatter reads them (`crate::printf::format`),
//! except that a NaN's sign is dropped (PoCL prints `nan` where glibc prints `-nan`).
//!
//! The routine returns OpenCL's printf result: 0 on success, -1 when `vprintf` failed.
//! Output goes to C's `stdout` stream, buffered as the program has it. The entry runs
//! work-items one after another on the calling thread, so the lines come in work-item order
//! within a group and group after group; with the vectorize stage a kernel's consecutive
//! work-items run as the lanes of one SIMD group, each printf call printing for every active
//! lane before the next call does (OpenCL does not define the interleaving either).

use std::collections::HashMap;

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{
    types, AbiParam, FuncRef, Function, InstBuilder, MemFlagsData, Signature, StackSlotData,
    StackSlotKind, UserFuncName, Value,
};
use cranelift_codegen::isa::CallConv;
use cranelift_codegen::Context;
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Switch};
use cranelift_module::{DataDescription, DataId, FuncId as ClifFuncId, Linkage, Module};
use oclc_ir::{walk_stmts, Module as IrModule, Op, Stmt};

use crate::error::CompileError;
use crate::printf::{c_format, CArgKind, CFormat, LaneKind, PrintfSpec};
use crate::translate::codegen_error;

/// The object's local printf routine (a name no C identifier can take).
pub const OBJECT_PRINTF_SYMBOL: &str = "oclc.printf";

/// `gp_offset` once every general-purpose argument register is used (6 * 8).
const GP_OFFSET_EXHAUSTED: i64 = 48;
/// `fp_offset` once every vector argument register is used (6 * 8 + 16 * 16).
const FP_OFFSET_EXHAUSTED: i64 = 304;

/// The name of the first function of `module` calling printf, if any.
pub fn first_printf_user(module: &IrModule) -> Option<String> {
    module.functions.iter().find_map(|f| {
        let mut found = false;
        walk_stmts(&f.body, &mut |s| {
            found |= matches!(
                s,
                Stmt::Let {
                    op: Op::Printf { .. },
                    ..
                }
            );
        });
        found.then(|| f.name.clone())
    })
}

/// Fails unless the object's target passes variadic arguments as x86-64 System V does.
pub fn check_target(out: &dyn Module, user: &str) -> Result<(), CompileError> {
    let isa = out.isa();
    // Cranelift's x86-64 back end is named "x64".
    if isa.name() == "x64" && isa.default_call_conv() == CallConv::SystemV {
        return Ok(());
    }
    Err(CompileError::unsupported(
        user,
        format!(
            "printf in CPU object files for {} (objects call the C library's vprintf with an \
             x86-64 System V va_list)",
            isa.triple()
        ),
    ))
}

/// `(index: i64, data: i64) -> i32`, the signature of the printf routine.
pub fn printf_signature(call_conv: CallConv) -> Signature {
    let mut sig = Signature::new(call_conv);
    sig.params.push(AbiParam::new(types::I64));
    sig.params.push(AbiParam::new(types::I64));
    sig.returns.push(AbiParam::new(types::I32));
    sig
}

/// Declares the local printf routine in `out` (defined by [`define_printf`] once every
/// call is known).
pub fn declare_printf(out: &mut dyn Module) -> Result<ClifFuncId, CompileError> {
    let sig = printf_signature(out.isa().default_call_conv());
    out.declare_function(OBJECT_PRINTF_SYMBOL, Linkage::Local, &sig)
        .map_err(|e| codegen_error(OBJECT_PRINTF_SYMBOL, e.to_string()))
}

/// Defines the routine `id` for the calls in `specs` (by index): one `vprintf` call per
/// distinct translated call (the vectorize stage lowers a printf once per lane and once
/// for its scalar fallback, all alike), its C format local read-only data; an unknown
/// index returns -1.
pub fn define_printf(
    out: &mut dyn Module,
    id: ClifFuncId,
    specs: &[Box<PrintfSpec>],
) -> Result<(), CompileError> {
    let call_conv = out.isa().default_call_conv();
    let err = |e: String| codegen_error(OBJECT_PRINTF_SYMBOL, e);
    let vprintf = out
        .declare_function("vprintf", Linkage::Import, &printf_signature(call_conv))
        .map_err(|e| err(e.to_string()))?;
    // The distinct calls, and for each spec index the position of its call among them.
    let mut distinct: Vec<(DataId, CFormat)> = Vec::new();
    let mut position: HashMap<CFormat, usize> = HashMap::new();
    let mut case_of = Vec::with_capacity(specs.len());
    for spec in specs {
        let c = c_format(spec);
        if let Some(&k) = position.get(&c) {
            case_of.push(k);
            continue;
        }
        let data = out
            .declare_data(
                &format!("oclc.printf.format.{}", distinct.len()),
                Linkage::Local,
                false,
                false,
            )
            .map_err(|e| err(e.to_string()))?;
        let mut desc = DataDescription::new();
        desc.define(c.format.clone().into_boxed_slice());
        out.define_data(data, &desc)
            .map_err(|e| err(e.to_string()))?;
        position.insert(c.clone(), distinct.len());
        case_of.push(distinct.len());
        distinct.push((data, c));
    }
    let mut func =
        Function::with_name_signature(UserFuncName::default(), printf_signature(call_conv));
    let mut fctx = FunctionBuilderContext::new();
    let mut b = FunctionBuilder::new(&mut func, &mut fctx);
    let entry = b.create_block();
    b.append_block_params_for_function_params(entry);
    b.switch_to_block(entry);
    let (index, data) = (b.block_params(entry)[0], b.block_params(entry)[1]);
    let unknown = b.create_block();
    let cases: Vec<_> = distinct.iter().map(|_| b.create_block()).collect();
    let mut switch = Switch::new();
    for (i, k) in case_of.iter().enumerate() {
        switch.set_entry(i as u128, cases[*k]);
    }
    switch.emit(&mut b, index, unknown);
    let vprintf_ref = out.declare_func_in_func(vprintf, b.func);
    for ((format_data, c), block) in distinct.iter().zip(&cases) {
        b.switch_to_block(*block);
        call_vprintf(&mut b, out, vprintf_ref, *format_data, c, data);
    }
    b.switch_to_block(unknown);
    let minus_one = b.ins().iconst(types::I32, -1);
    b.ins().return_(&[minus_one]);
    b.seal_all_blocks();
    b.finalize(out.isa().frontend_config());
    let mut ctx = Context::for_function(func);
    out.define_function(id, &mut ctx)
        .map_err(|e| err(format!("{e:?}")))
}

/// Emits one call: widens the lanes of `data` into the argument area, builds the
/// `va_list` over it, calls `vprintf` with the format `format_data` and returns OpenCL's
/// result (0, or -1 when `vprintf` returned a negative count).
fn call_vprintf(
    b: &mut FunctionBuilder,
    out: &mut dyn Module,
    vprintf: FuncRef,
    format_data: DataId,
    c: &CFormat,
    data: Value,
) {
    let area = b.create_sized_stack_slot(StackSlotData::new(
        StackSlotKind::ExplicitSlot,
        (c.args.len().max(1) * 8) as u32,
        4,
    ));
    for (k, arg) in c.args.iter().enumerate() {
        let v = widen_lane(b, data, arg.slot, arg.lane, arg.kind);
        b.ins().stack_store(types::I64, v, area, (k * 8) as i32);
    }
    let va = b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, 24, 3));
    let gp = b.ins().iconst(types::I32, GP_OFFSET_EXHAUSTED);
    let fp = b.ins().iconst(types::I32, FP_OFFSET_EXHAUSTED);
    let area_addr = b.ins().stack_addr(types::I64, area, 0);
    b.ins().stack_store(types::I64, gp, va, 0);
    b.ins().stack_store(types::I64, fp, va, 4);
    b.ins().stack_store(types::I64, area_addr, va, 8);
    b.ins().stack_store(types::I64, area_addr, va, 16);
    let gv = out.declare_data_in_func(format_data, b.func);
    let fmt = b.ins().symbol_value(types::I64, gv);
    let va_addr = b.ins().stack_addr(types::I64, va, 0);
    let call = b.ins().call(vprintf, &[fmt, va_addr]);
    let written = b.inst_results(call)[0];
    let failed = b.ins().icmp_imm_s(IntCC::SignedLessThan, written, 0);
    let minus_one = b.ins().iconst(types::I32, -1);
    let zero = b.ins().iconst(types::I32, 0);
    let result = b.ins().select(failed, minus_one, zero);
    b.ins().return_(&[result]);
}

/// Loads lane `slot` of `data` (stored as `lane`) and widens it to the 8-byte value C
/// reads as `kind` (as the JIT's formatter reads lanes: `crate::printf::format`).
fn widen_lane(
    b: &mut FunctionBuilder,
    data: Value,
    slot: usize,
    lane: LaneKind,
    kind: CArgKind,
) -> Value {
    let flags = MemFlagsData::trusted();
    let at = (slot * 8) as i32;
    match (lane, kind) {
        (LaneKind::Int { bits, signed }, _) => {
            let ty = types::Type::int(bits.max(8) as u16).unwrap_or(types::I64);
            let raw = b.ins().load(ty, flags, data, at);
            let wide = match (ty == types::I64, signed) {
                (true, _) => raw,
                (false, true) => b.ins().sextend(types::I64, raw),
                (false, false) => b.ins().uextend(types::I64, raw),
            };
            match kind {
                CArgKind::Integer => wide,
                CArgKind::Double => b.ins().fcvt_from_sint(types::F64, wide),
            }
        }
        (LaneKind::Ptr, CArgKind::Integer) => b.ins().load(types::I64, flags, data, at),
        (LaneKind::Ptr, CArgKind::Double) => {
            let raw = b.ins().load(types::I64, flags, data, at);
            b.ins().fcvt_from_sint(types::F64, raw)
        }
        (LaneKind::F32 | LaneKind::F64, _) => {
            let ty = if lane == LaneKind::F32 {
                types::F32
            } else {
                types::F64
            };
            let raw = b.ins().load(ty, flags, data, at);
            let double = match kind {
                CArgKind::Integer => return b.ins().fcvt_to_sint_sat(types::I64, raw),
                CArgKind::Double if ty == types::F32 => b.ins().fpromote(types::F64, raw),
                CArgKind::Double => raw,
            };
            // A NaN prints as `nan` whatever its sign bit, as PoCL prints it (glibc would
            // print `-nan`): OpenCL arithmetic leaves a NaN's sign unspecified anyway.
            let nan = b.ins().fcmp(FloatCC::Unordered, double, double);
            let positive = b.ins().fabs(double);
            b.ins().select(nan, positive, double)
        }
    }
}
