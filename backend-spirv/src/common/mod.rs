//! Module-building code shared by every SPIR-V flavour: type and constant tables, the
//! function emitter with structured control flow, and the lowering of each IR operation.
//! Flavour-specific choices (storage classes, work-item built-ins, math instruction set)
//! are consulted through [`Flavour`].

mod arith;
mod atomic;
mod constants;
mod context;
mod control;
mod convert;
mod debug;
mod function;
mod image;
mod math;
mod memory;
mod printf;
mod switch;
mod sync;
mod types;
mod vector;
mod workitem;

pub(crate) use context::{Flavour, ModuleCtx};
pub(crate) use function::{emit_function, emit_items_entry, EmitKind, FnEmitter};
