//! Calls to functions the program declares but never defines ([`Function::is_import`]):
//! SPIR-V for OpenCL imports them by name for the consumer to link; a Vulkan module and a
//! CPU object have nothing to link them with, so those targets refuse the first call, at
//! its place in the sources.
//!
//! Rules. Only calls count: a prototype nothing calls is no error (clang compiles it too).

use crate::diag::refusal::Refusal;
use crate::module::{walk_stmts, Function, Module, Stmt};
use crate::op::Op;

/// The first call in `module` to a function it declares but never defines, as a refusal
/// located at the call (none when there is no such call).
pub fn first_import_call(module: &Module) -> Option<Refusal> {
    for f in &module.functions {
        if let Some(r) = first_in(module, f) {
            return Some(r);
        }
    }
    None
}

fn first_in(module: &Module, f: &Function) -> Option<Refusal> {
    let mut found = None;
    walk_stmts(&f.body, &mut |s| {
        if found.is_some() {
            return;
        }
        if let Stmt::Let {
            value,
            op: Op::Call { func, .. },
        } = s
        {
            let callee = module.function(*func);
            if callee.is_import {
                found = Some(
                    Refusal::new(format!(
                        "function '{}' is declared but never defined (only SPIR-V for \
                         OpenCL can import it)",
                        callee.name
                    ))
                    .at_value(f, *value),
                );
            }
        }
    });
    found
}
