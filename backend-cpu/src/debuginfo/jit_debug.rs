//! Debug information for JIT-compiled kernels (`-g` in `oclc run` and runtime-lite): the
//! same DWARF as CPU objects get ([`super::dwarf::write_sections`]), with the kernels at
//! the addresses the JIT gave them, registered with debuggers ([`super::gdb_jit`]).

use cranelift_codegen::gimli::write::CommonInformationEntry;
use cranelift_jit::JITModule;
use oclc_ir::DebugSources;

use super::dwarf::{write_sections, KernelSymbol};
use super::gdb_jit::Registration;
use super::jit_image::{self, JitFunction};
use crate::error::CompileError;
use crate::translate::{codegen_error, KernelCode};

/// Registers the debug information of `kernels`, finalized in `jit`, whose source files
/// `sources` names; unwinding under `cie`. `None` when no kernel has debug information.
pub(crate) fn register(
    jit: &JITModule,
    kernels: &[KernelCode],
    sources: &DebugSources,
    cie: Option<CommonInformationEntry>,
) -> Result<Option<Registration>, CompileError> {
    let err = |e: String| codegen_error("<debug information>", e);
    let described: Vec<_> = kernels
        .iter()
        .filter_map(|k| k.debug.as_ref().map(|d| (k, d)))
        .collect();
    if described.is_empty() {
        return Ok(None);
    }
    let symbols: Vec<_> = described
        .iter()
        .enumerate()
        .map(|(i, (k, debug))| KernelSymbol {
            debug,
            symbol: i,
            linkage_name: &k.name,
        })
        .collect();
    let functions: Vec<_> = symbols.iter().map(|k| (&k.debug.code, k.symbol)).collect();
    let sections =
        write_sections(sources, &symbols, &functions, cie).map_err(|e| err(e.to_string()))?;
    let placed: Vec<_> = described
        .iter()
        .map(|(k, debug)| JitFunction {
            name: &k.name,
            address: jit.get_finalized_function(k.id) as u64,
            size: debug.code.code_size as u64,
        })
        .collect();
    let image = jit_image::build(sections, &placed).map_err(err)?;
    Ok(Some(Registration::register(image)))
}
