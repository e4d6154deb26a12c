//! Packed structs on Vulkan: the check that the Vulkan pipeline's `packed_buffers` pass
//! (`oclc_ir::legalize::packed_buffers`) left no type without a buffer layout behind. A
//! packed struct may put a member below its natural alignment (a `uint` at byte 1);
//! Vulkan's explicit layout rules, which every type in a physical storage buffer follows,
//! require each member's `Offset` to be a multiple of its scalar alignment even under
//! scalar block layout, and every load and store through a `__global`/`__constant`
//! pointer to claim no more alignment than its address has. The pass reaches such types
//! through byte pointers and splits under-aligned accesses; a module that did not go
//! through it (or a case it missed) is refused here with the location of the first use,
//! never emitted as invalid SPIR-V. Private and `__local` memory (logical pointers, no
//! explicit layout) need neither.

use oclc_ir::analysis::AccessAlign;
use oclc_ir::diag::describe::describe_value;
use oclc_ir::legalize::packed_buffers::{is_physical, misaligned_member, scalar_align};
use oclc_ir::{walk_stmts, Module, Op, Stmt, TypeId, TypeTable};

use crate::error::{Result, SpirvError};

/// The message for a pointer of type `ptr` into a buffer, when its pointee cannot be laid
/// out for Vulkan.
fn refusal(types: &TypeTable, ptr: TypeId) -> Option<String> {
    let (space, pointee) = types.pointee(ptr)?;
    if !is_physical(space) {
        return None;
    }
    let at = misaligned_member(types, pointee)?;
    Some(format!(
        "{} in {} memory, which puts a member at byte {at} below its natural alignment \
         (a packed struct, or one under #pragma pack), on Vulkan, whose buffers cannot hold it",
        types.display(pointee),
        space.name()
    ))
}

/// Fails at the first `__global`/`__constant` pointer (parameter or value) to a type with
/// a member below its natural alignment.
pub(crate) fn check_packed_buffers(module: &Module) -> Result<()> {
    let types = &module.types;
    for f in &module.functions {
        for p in &f.params {
            if let Some(m) = refusal(types, p.ty) {
                return Err(SpirvError::new(format!(
                    "unsupported: parameter `{}`: a pointer to {m}",
                    p.name
                ))
                .in_function(&f.name)
                .at(first_use(f, p.value).or(oclc_ir::first_span(f))));
            }
        }
        let mut found = None;
        walk_stmts(&f.body, &mut |s| {
            if let Stmt::Let { value, .. } = s {
                if found.is_none() {
                    if let Some(m) = refusal(types, f.value_type(*value)) {
                        let what = describe_value(Some(module), f, *value);
                        found = Some((format!("{what}, a pointer to {m}"), f.span(*value)));
                    }
                }
            }
        });
        if let Some((message, span)) = found {
            return Err(SpirvError::new(format!("unsupported: {message}"))
                .in_function(&f.name)
                .at(span));
        }
        check_accesses(module, f)?;
    }
    Ok(())
}

/// Fails at the first load or store through a `__global`/`__constant` pointer that may sit
/// below the scalar alignment of what it accesses.
fn check_accesses(module: &Module, f: &oclc_ir::Function) -> Result<()> {
    let types = &module.types;
    let mut align = None;
    let mut found = None;
    walk_stmts(&f.body, &mut |s| {
        if found.is_some() {
            return;
        }
        let (ptr, at) = match s {
            Stmt::Let {
                value,
                op: Op::Load { ptr },
            } => (*ptr, f.span(*value)),
            Stmt::Store { ptr, .. } => (*ptr, None),
            _ => return,
        };
        let Some((space, pointee)) = types.pointee(f.value_type(ptr)) else {
            return;
        };
        if !is_physical(space) {
            return;
        }
        let align = align.get_or_insert_with(|| AccessAlign::of_function(types, f));
        let (have, need) = (align.access(types, f, ptr), scalar_align(types, pointee));
        if have < need {
            let what = describe_value(Some(module), f, ptr);
            found = Some((
                format!(
                    "an access to {} in {} memory through {what}, which may sit at a \
                     multiple of {have} bytes only (a packed struct, or one under \
                     #pragma pack), on Vulkan, whose buffers need {need}",
                    types.display(pointee),
                    space.name()
                ),
                at.or(f.span(ptr)).or_else(|| first_use(f, ptr)),
            ));
        }
    });
    match found {
        Some((message, span)) => Err(SpirvError::new(format!("unsupported: {message}"))
            .in_function(&f.name)
            .at(span.or(oclc_ir::first_span(f)))),
        None => Ok(()),
    }
}

/// The span of the first statement with a span that reads `v`.
fn first_use(f: &oclc_ir::Function, v: oclc_ir::ValueId) -> Option<oclc_ir::SourceSpan> {
    let mut found = None;
    walk_stmts(&f.body, &mut |s| {
        if found.is_some() {
            return;
        }
        if let Stmt::Let { value, op } = s {
            if op.operands().contains(&v) {
                found = f.span(*value);
            }
        }
    });
    found
}
