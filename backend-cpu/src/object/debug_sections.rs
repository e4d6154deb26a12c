//! The DWARF of an object compiled with `-g`: the kernels' work-group functions described
//! ([`crate::debuginfo`]) and call-frame information for them and the NDRange entries.

use cranelift_codegen::gimli::write::CommonInformationEntry;
use cranelift_module::FuncId;
use cranelift_object::ObjectProduct;
use oclc_ir::DebugSources;

use super::ObjectKernel;
use crate::debuginfo::dwarf::{write_sections, KernelSymbol};
use crate::debuginfo::{elf, FunctionDebug};
use crate::error::CompileError;
use crate::translate::{codegen_error, KernelCode};

/// Adds the debug sections of `kernels` (described by `infos`) and of the entry functions
/// `entries` to `product`.
pub(super) fn add(
    product: &mut ObjectProduct,
    sources: &DebugSources,
    kernels: &[KernelCode],
    infos: &[ObjectKernel],
    entries: &[(FuncId, FunctionDebug)],
    cie: Option<CommonInformationEntry>,
) -> Result<(), CompileError> {
    let err = |e: String| codegen_error("<debug information>", e);
    let mut symbols = Vec::new();
    let mut described = Vec::new();
    let mut functions = Vec::new();
    for (k, info) in kernels.iter().zip(infos) {
        let Some(debug) = &k.debug else { continue };
        symbols.push(product.function_symbol(k.id));
        described.push(KernelSymbol {
            debug,
            symbol: symbols.len() - 1,
            linkage_name: &info.group_symbol,
        });
        functions.push((&debug.code, symbols.len() - 1));
    }
    for (id, f) in entries {
        symbols.push(product.function_symbol(*id));
        functions.push((f, symbols.len() - 1));
    }
    let sections =
        write_sections(sources, &described, &functions, cie).map_err(|e| err(e.to_string()))?;
    elf::add_sections(&mut product.object, &sections, &symbols).map_err(err)
}
