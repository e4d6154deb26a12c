//! oclc-lower: the stage between the front end and the IR. It lowers the front end's checked
//! AST to IR ([`lower_program`]) and compiles oclc's built-in library ([`library`]), which is
//! OpenCL C and so needs the front end too.
//!
//! The IR crate (`oclc-ir`) knows no front end, as naga's IR knows none: this crate is the
//! only one that reads both, so backends and runtime-lite, which take IR, build without the
//! parser. The lowering is the only place that reads front-end types; its output holds none of them. The
//! checked AST already has every implicit conversion explicit and every call resolved, so
//! lowering is a direct walk:
//! - every variable becomes an IR [`Local`](oclc_ir::Local) (private, or `local` for kernel-scope
//!   `__local` declarations), except parameters that are never assigned or addressed, which
//!   stay plain values; backends promote non-escaping private scalars to registers;
//! - images are parameters (plain values); `sampler_t` variables, local or program-scope,
//!   are bound to their value, which folds to `Op::SamplerConst` (see `builtins::image`);
//! - `bool` values are IR `bool`; stored `bool`s are bytes (0/1);
//! - loops become `Loop { body, continuing, break_if }`: `while`/`for` test at the top of the
//!   body, `do`/`while` tests with `break_if` after the body, `for` steps in `continuing`;
//! - `&&`, `||` and `?:` with effects branch through a temporary variable;
//! - comparisons give IR bools, turned into the `int` 0/1 (scalars) or `-1`/`0` vectors that
//!   OpenCL C defines.

mod builtins;
mod expr;
mod function;
mod goto;
mod imports;
mod init_bytes;
pub mod library;
mod limits;
mod lvalue;
mod stmt;
mod string_literals;
mod struct_plan;
mod ternary;
mod types;
mod zero_fill;

use std::cell::RefCell;
use std::fmt;

use oclc_frontend::checked::CheckedProgram;
use oclc_frontend::source::Span;

use oclc_ir::module::{FuncId, Global, Module};

/// A construct the lowering cannot express (yet), with the source span that holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct LowerError {
    /// What is unsupported, in words a user understands.
    pub message: String,
    /// Where it is in the source.
    pub span: Span,
}

/// The IR's copy of a front-end span.
pub(crate) fn source_span(span: Span) -> oclc_ir::span::SourceSpan {
    oclc_ir::span::SourceSpan {
        file: span.file.0,
        start: span.start,
        end: span.end,
    }
}

impl fmt::Display for LowerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for LowerError {}

/// Lowers a checked program into an IR module: every function with a body (kernels and
/// helpers, in source order), then the functions calls use that have none (imports, see
/// [`imports`]), and every program-scope variable.
pub fn lower_program(program: &CheckedProgram) -> Result<Module, LowerError> {
    let mut module = Module::new();
    module.volatile_memory = program.uses_volatile;
    let mut data = limits::Budget::program_scope();
    for g in &program.globals {
        if builtins::image::is_sampler(&g.ty) {
            // Folded to `Op::SamplerConst` where used (see `builtins::image`).
            continue;
        }
        let size = limits::check_variable(&g.name, &g.ty, g.space, true, g.span)?;
        data.add(&g.name, size, g.span)?;
        let ty = types::storage_type(&mut module.types, &g.ty);
        if let Some(message) = types::take_unsupported_type() {
            return Err(LowerError {
                message,
                span: g.span,
            });
        }
        let init = match &g.init {
            Some(init) => Some(init_bytes::const_init_bytes(&g.ty, init, g.span)?),
            None => None,
        };
        module.globals.push(Global {
            name: g.name.clone(),
            ty,
            space: types::space(g.space),
            init,
        });
    }
    // IR function ids follow the order of the functions that have bodies.
    let mut ids = Vec::with_capacity(program.functions.len());
    let mut next = 0u32;
    for f in &program.functions {
        if f.body.is_some() {
            ids.push(Some(FuncId(next)));
            next += 1;
        } else {
            ids.push(None);
        }
    }
    let imports = RefCell::new(imports::Imports::new(next));
    let strings = RefCell::new(string_literals::StringLiterals::new(
        module.globals.len() as u32
    ));
    for f in &program.functions {
        if f.body.is_some() {
            let _ = types::take_unsupported_type();
            let lowered =
                function::lower_function(program, &ids, &imports, &strings, &mut module.types, f);
            if let Some(message) = types::take_unsupported_type() {
                return Err(LowerError {
                    message,
                    span: f.span,
                });
            }
            let lowered = lowered?;
            module.functions.push(lowered);
        }
    }
    for &index in imports.borrow().used() {
        let f = &program.functions[index];
        let _ = types::take_unsupported_type();
        let decl = imports::declaration(&mut module.types, f);
        if let Some(message) = types::take_unsupported_type() {
            return Err(LowerError {
                message,
                span: f.span,
            });
        }
        module.functions.push(decl);
    }
    let strings = strings.into_inner().into_globals(&mut module.types);
    module.globals.extend(strings);
    Ok(module)
}
