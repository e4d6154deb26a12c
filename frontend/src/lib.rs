//! oclc front end: turns OpenCL C source into a type-checked AST.
//!
//! Pipeline (data flows one way): [`source`] files → [`preprocess`] (tokens from
//! [`lexer`]) → [`parser`] (lalrpop grammar) producing an [`ast`] → semantic
//! [`check`] producing the [`checked`] AST, which is the contract consumed by the IR
//! lowering. This crate must not depend on the IR or on any backend.

pub mod ast;
mod ast_drop;
pub mod diagnostic;
pub mod diagnostic_json;
pub mod diagnostic_origins;
pub mod extensions;
pub mod lexer;
pub mod literal;
pub mod nesting;
pub mod options;
pub mod parser;
mod precedence;
pub mod preprocess;
pub mod source;
pub mod source_origins;
pub mod warning_flags;

#[allow(clippy::all, missing_docs, unused_parens)]
mod grammar {
    include!(concat!(env!("OUT_DIR"), "/grammar.rs"));
}
mod api;
pub mod brook;
pub mod check;
pub mod checked;
pub(crate) mod fast_hash;
pub mod intern;

pub use api::*;
