//! The OpenCL flavour: a `Kernel` module with `Physical64` addressing and the `OpenCL`
//! memory model, one `OpEntryPoint Kernel` per IR kernel, and `OpSource OpenCL_C`.

mod globals;
mod large_init;
pub mod pipeline;

use oclc_ir::{FuncId, FunctionKind, Module};
use rspirv::binary::Assemble;
use rspirv::dr::Operand;
use rspirv::spirv::{
    AddressingModel, Capability, Decoration, ExecutionMode, ExecutionModel, LinkageType,
    MemoryModel, SourceLanguage,
};

use crate::common::{emit_function, EmitKind, Flavour, ModuleCtx};
use crate::error::SpirvError;
use crate::options::SpirvOptions;

/// The `OpSource` version of OpenCL C 1.2 (major * 100000 + minor * 1000).
const OPENCL_C_VERSION: u32 = 102_000;

/// Emits `module` as an OpenCL SPIR-V module (binary words). Kernels become entry points;
/// helpers (and kernels that are called) become callable functions. Constructs that
/// SPIR-V for OpenCL cannot express give a [`SpirvError`] naming them.
pub fn emit_opencl(module: &Module, opts: &SpirvOptions) -> Result<Vec<u32>, SpirvError> {
    emit_opencl_debug(module, opts, None)
}

/// [`emit_opencl`], with `OpenCL.DebugInfo.100` source lines for the files of `debug`
/// (`-g`) when given.
pub fn emit_opencl_debug(
    module: &Module,
    opts: &SpirvOptions,
    debug: Option<&oclc_ir::DebugSources>,
) -> Result<Vec<u32>, SpirvError> {
    let mut cx = ModuleCtx::new(module, Flavour::OpenCl, opts.version);
    cx.fast_math = opts.fast_math;
    cx.fp_fast_math = opts.fp_fast_math_mode();
    cx.require(Capability::Addresses);
    cx.require(Capability::Kernel);
    cx.require(Capability::Int64);
    cx.b.memory_model(AddressingModel::Physical64, MemoryModel::OpenCL);
    cx.b.source(
        SourceLanguage::OpenCL_C,
        OPENCL_C_VERSION,
        None,
        None::<String>,
    );

    let entry_ids = cx.assign_function_ids();
    if let Some(sources) = debug {
        cx.enable_debug(sources);
    }

    globals::emit_globals(&mut cx)?;

    // Declarations (imports) come before every function definition in a module.
    for (i, f) in module.functions.iter().enumerate() {
        if f.is_import {
            import_function(&mut cx, FuncId(i as u32))?;
        }
    }
    for (i, f) in module.functions.iter().enumerate() {
        let fid = FuncId(i as u32);
        if f.is_import {
            continue;
        }
        if let Some(id) = entry_ids[i] {
            emit_function(&mut cx, fid, id, EmitKind::Entry)?;
        }
        if !f.is_kernel() || cx.called.contains(&fid) {
            let id = cx.helper_ids[i];
            emit_function(&mut cx, fid, id, EmitKind::Callable)?;
        }
    }

    let all_globals_in_interface = cx.version >= (1, 4);
    for (i, f) in module.functions.iter().enumerate() {
        let (Some(id), FunctionKind::Kernel(attrs)) = (entry_ids[i], &f.kind) else {
            continue;
        };
        let interface: Vec<u32> = cx
            .transitive_uses(id)
            .into_iter()
            .filter(|v| all_globals_in_interface || cx.io_vars.contains(v))
            .collect();
        cx.b.entry_point(ExecutionModel::Kernel, id, f.name.clone(), interface);
        if let Some(s) = attrs.reqd_work_group_size {
            cx.b.execution_mode(id, ExecutionMode::LocalSize, s);
        }
        if let Some(s) = attrs.work_group_size_hint {
            cx.b.execution_mode(id, ExecutionMode::LocalSizeHint, s);
        }
        if let Some((scalar, lanes)) = attrs.vec_type_hint {
            cx.b.execution_mode(
                id,
                ExecutionMode::VecTypeHint,
                [vec_type_hint(scalar, lanes)],
            );
        }
        if opts.denorms_are_zero {
            cx.b.execution_mode(id, ExecutionMode::DenormFlushToZero, [32]);
        }
    }

    if opts.denorms_are_zero && entry_ids.iter().any(Option::is_some) {
        cx.require(Capability::DenormFlushToZero);
        if cx.version < (1, 4) {
            cx.b.extension("SPV_KHR_float_controls");
        }
    }
    if entry_ids.iter().all(Option::is_none) {
        export_library_functions(&mut cx, module);
    }

    let caps: Vec<Capability> = cx.caps.values().copied().collect();
    for cap in caps {
        cx.b.capability(cap);
    }
    Ok(cx.b.module().assemble())
}

/// A function the program declares, calls and never defines ([`oclc_ir::Function::is_import`]):
/// like clang + llvm-spirv, a body-less `OpFunction` decorated `LinkageAttributes NAME
/// Import` (`Linkage` capability), which the consumer links. One nothing calls is left out.
fn import_function(cx: &mut ModuleCtx, fid: FuncId) -> Result<(), SpirvError> {
    if !cx.called.contains(&fid) {
        return Ok(());
    }
    let id = cx.helper_ids[fid.0 as usize];
    emit_function(cx, fid, id, EmitKind::Callable)?;
    cx.require(Capability::Linkage);
    let name = cx.ir.function(fid).name.clone();
    cx.b.decorate(
        id,
        Decoration::LinkageAttributes,
        [
            Operand::LiteralString(name),
            Operand::LinkageType(LinkageType::Import),
        ],
    );
    Ok(())
}

/// A module without kernels is a library (e.g. helper files that a host program
/// concatenates with its kernels, or links): like clang + llvm-spirv, export its functions
/// under their names (`LinkageAttributes ... Export`, `Linkage` capability), which also
/// makes it a valid module without an entry point.
fn export_library_functions(cx: &mut ModuleCtx, module: &Module) {
    cx.require(Capability::Linkage);
    for (i, f) in module.functions.iter().enumerate() {
        if f.is_import {
            continue;
        }
        let id = cx.helper_ids[i];
        cx.b.decorate(
            id,
            Decoration::LinkageAttributes,
            [
                Operand::LiteralString(f.name.clone()),
                Operand::LinkageType(LinkageType::Export),
            ],
        );
    }
}

/// The `VecTypeHint` operand: the element type's code in the low 16 bits (0 char, 1 short,
/// 2 int, 3 long, 4 half, 5 float, 6 double) and the lane count in the high 16 bits.
fn vec_type_hint(scalar: oclc_ir::ScalarType, lanes: u8) -> u32 {
    let code = match (scalar.is_float(), scalar.bits()) {
        (true, 16) => 4,
        (true, 32) => 5,
        (true, _) => 6,
        (false, 8) => 0,
        (false, 16) => 1,
        (false, 32) => 2,
        (false, _) => 3,
    };
    (u32::from(lanes) << 16) | code
}
