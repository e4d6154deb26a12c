//! oclc's typed intermediate representation.
//!
//! The IR sits between the front end and every backend: the lowering from the checked AST
//! (the `oclc-lower` crate) produces a [`Module`], passes (in `passes/`) rewrite it, and the
//! SPIR-V and CPU backends consume it. It has a text form ([`print_module`]) written by `-save-temps`, and
//! a [`verify_module`] check run after lowering and after each pass.
//!
//! Design (after naga and Cranelift): types are interned ([`TypeId`]); functions hold
//! variables ([`Local`]), the type of every value, and a structured body of statements
//! ([`Stmt`]): `Let` defines a value with an [`Op`], and `If`/`Loop`/`Break`/`Continue`/`Return`
//! and `Barrier` give structured control flow, which Vulkan SPIR-V requires and Cranelift and
//! OpenCL SPIR-V accept. Implicit conversions are explicit; built-ins are IR operations.
//!
//! This crate knows no front end (as naga's IR knows none), SPIR-V or Cranelift: an app that
//! only runs precompiled kernels links it without a parser. The built-in library reaches
//! [`library::link`] compiled, through [`library::LibrarySource`].

pub mod analysis;
pub mod builder;
pub mod debug_sources;
pub mod diag;
pub mod fixtures;
pub mod fx;
pub mod legalize;
pub mod library;
pub mod module;
pub mod op;
pub mod opt;
pub mod parse;
pub mod pipeline;
pub mod print;
pub mod span;
pub mod types;
pub mod verify;
pub mod visit;

pub use builder::FunctionBuilder;
pub use debug_sources::{first_span, DebugFile, DebugSources, SourcePos};
pub use library::{link, Library, LibrarySource, LinkError, LinkReport};
pub use module::{
    walk_stmt_list, walk_stmts, Block, FuncId, Function, FunctionKind, Global, GlobalId,
    KernelAttrs, Local, LocalId, Module, Param, Stmt, SwitchCase, Unroll,
};
pub use op::{
    AtomicOp, BinaryOp, CmpOp, Const, Dim, MathFn, MathSig, MemFence, MemoryOrder, MemoryScope, Op,
    Rounding, UnaryOp, ValueId, WorkItemQuery,
};
pub use op::{ImageQuery, SamplerBits};
pub use parse::{parse_module, ParseError};
pub use pipeline::{Pass, PassFailure, Pipeline};
pub use print::print_module;
pub use span::{SourceSpan, SpanTable};
pub use types::{AddressSpace, ImageAccess, ImageDim, Layout, ScalarType, Type, TypeId, TypeTable};
pub use verify::{verify_module, VerifyError};
