//! When a Vulkan module needs the `VariablePointers` capability. SPIR-V's logical
//! addressing lets a Workgroup or Function pointer be kept in a variable, chosen by
//! `OpSelect` or returned from a function only under `VariablePointers`. spirv-val lets a
//! Function variable of Workgroup pointer type through without it, but NVIDIA's driver
//! (580, H100) segfaults creating the pipeline of such a module (`local int *p = &l[i];`
//! was enough), and runs it once the capability is declared.

use oclc_ir::{walk_stmts, Module, Op, Stmt, Type, TypeId, TypeTable};

/// Whether `module` keeps a logical (Workgroup or Function) pointer in a variable, as the
/// result of a select, or as a function result.
pub(crate) fn needs_variable_pointers(module: &Module) -> bool {
    let types = &module.types;
    module.functions.iter().any(|f| {
        if holds_logical_pointer(types, f.ret)
            || f.locals.iter().any(|l| holds_logical_pointer(types, l.ty))
        {
            return true;
        }
        let mut found = false;
        walk_stmts(&f.body, &mut |s| {
            if let Stmt::Let {
                value,
                op: Op::Select { .. },
            } = s
            {
                found |= holds_logical_pointer(types, f.value_type(*value));
            }
        });
        found
    })
}

/// Whether a value of type `ty` is or contains a pointer into Workgroup or Function memory.
fn holds_logical_pointer(types: &TypeTable, ty: TypeId) -> bool {
    match types.get(ty) {
        Type::Pointer { space, .. } => !super::pointers::is_physical(*space),
        Type::Array { elem, .. } => holds_logical_pointer(types, *elem),
        Type::Struct { fields, .. } => fields.iter().any(|&f| holds_logical_pointer(types, f)),
        _ => false,
    }
}
