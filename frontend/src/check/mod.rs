//! Semantic checker: name resolution, OpenCL typing rules, built-in overload
//! resolution and kernel rules. Produces the [`crate::checked`] AST.

mod address_const;
mod aggregate;
pub mod builtins;
pub use private_size::PRIVATE_BYTES_WARNING;
mod compound;
mod consteval;
mod convert;
#[cfg(test)]
mod corpus_tests;
mod decl;
mod enums;
mod expr;
mod fp64;
mod gnu_builtins;
mod half;
mod init;
mod labels;
mod nested_cases;
mod offsetof;
mod opaque;
mod overload;
mod private_size;
mod recursion;
mod stmt;
mod ternary;
mod types;
mod warnings;

/// True for the type names OpenCL C 2.0 adds (`atomic_int`, `memory_order`, ...).
pub fn cl20_type_name(name: &str) -> bool {
    types::cl20_type(name).is_some()
}

pub use types::builtin_type;

use crate::ast;
use crate::checked::{
    CType, CheckedProgram, FuncId, Function, GlobalId, GlobalVar, VarId, VarInfo,
};
use crate::diagnostic::{Diagnostic, Diagnostics};
// Fx-hashed: identifier lookups are among the checker's most frequent operations.
use crate::fast_hash::FxHashMap as HashMap;

/// What a name refers to.
#[derive(Clone, Debug)]
pub(crate) enum Binding {
    /// Local variable or parameter.
    Var(VarId),
    /// Program-scope variable.
    Global(GlobalId),
    /// Typedef name, with the alignment an `aligned` attribute on the typedef gave it.
    Typedef(CType, Option<u64>),
    /// Struct/union tag (key `tag:NAME`).
    Tag(crate::checked::StructRef),
    /// Enum tag (key `tag:NAME`) with the enumeration's integer type.
    EnumTag(CType),
    /// Enumeration constant: value and type (`int` when the value fits, see `enums`).
    EnumConst(i128, CType),
    /// A program-scope `__constant` pointer initialized with an address constant: reading
    /// it gives that address (see `address_const`).
    ConstAddress(Box<crate::checked::Expr>),
}

/// Per-function state while checking a body.
pub(crate) struct FnCtx {
    vars: Vec<VarInfo>,
    ret: CType,
    is_kernel: bool,
    loop_depth: u32,
    switch_depth: u32,
    name: String,
    id: FuncId,
    /// Labels defined in the body so far (name, span).
    labels: Vec<(String, crate::source::Span)>,
    /// Inside a statement expression nested in a loop or switch (`break`/`continue` would
    /// leave it).
    leaving_stmt_expr: bool,
    /// `goto` statements of the body (target, span), resolved at the end.
    gotos: Vec<(String, crate::source::Span)>,
    /// For each enclosing switch rewritten because of nested case labels (innermost
    /// last): the label each of its case statements became (see `nested_cases`).
    case_labels: Vec<std::collections::HashMap<usize, String>>,
    /// Labels generated for such switches so far.
    case_label_count: u32,
}

/// Checker state for one translation unit.
pub(crate) struct Checker {
    pub(crate) diags: Diagnostics,
    functions: Vec<Function>,
    defined: Vec<bool>,
    func_names: HashMap<String, FuncId>,
    /// Overload sets of names declared `overloadable` (see `overload`).
    overloads: HashMap<String, Vec<FuncId>>,
    /// The functions declared `overloadable`.
    overloadable_fns: std::collections::HashSet<FuncId>,
    /// Where each member of an overload set names itself (for candidate notes).
    overload_name_spans: HashMap<FuncId, crate::source::Span>,
    globals: Vec<GlobalVar>,
    scopes: Vec<HashMap<String, Binding>>,
    cur: Option<FnCtx>,
    next_struct_id: u32,
    /// User-function calls `(caller, callee, call span)` for recursion detection.
    calls: Vec<(FuncId, FuncId, crate::source::Span)>,
    /// Language version (for version-dependent rules).
    cl_std: crate::options::ClStd,
    /// `#pragma OPENCL EXTENSION cl_khr_fp16 : enable|disable` directives in order.
    fp16_pragmas: Vec<(crate::source::Span, bool)>,
    /// Loop-unrolling requests not yet given to a loop, by the place of the first token
    /// they apply to.
    loop_hints: HashMap<(crate::source::FileId, u32), crate::checked::LoopHint>,
    /// `double` may be used (`cl_khr_fp64`, see [`crate::extensions`]).
    pub(crate) fp64: bool,
    /// `-cl-single-precision-constant`: unsuffixed floating constants are `float`.
    pub(crate) single_precision_constant: bool,
}

/// Checks a translation unit. Returns the program when no error was found, plus
/// all diagnostics (warnings included).
pub fn check_program(
    tu: &ast::TranslationUnit,
    diags: Diagnostics,
) -> (Option<CheckedProgram>, Diagnostics) {
    check_program_with(tu, diags, crate::options::ClStd::default())
}

/// [`check_program`] for a given OpenCL C version.
pub fn check_program_with(
    tu: &ast::TranslationUnit,
    diags: Diagnostics,
    cl_std: crate::options::ClStd,
) -> (Option<CheckedProgram>, Diagnostics) {
    check_program_full(tu, diags, cl_std, Default::default())
}

/// [`check_program_with`], also given the pragmas the preprocessor met (see
/// `preprocess_with_pragmas`): `cl_khr_fp16` ones allow `half` values where they are
/// enabled, loop-unrolling requests go to the loops they precede.
pub fn check_program_full(
    tu: &ast::TranslationUnit,
    diags: Diagnostics,
    cl_std: crate::options::ClStd,
    pragmas: crate::preprocess::Pragmas,
) -> (Option<CheckedProgram>, Diagnostics) {
    let opts = crate::options::FrontendOptions {
        cl_std,
        ..Default::default()
    };
    check_program_opts(tu, diags, &opts, pragmas)
}

/// [`check_program_full`] under the language rules of `opts` (version, `cl_khr_fp64`
/// after `-cl-ext`, `-cl-single-precision-constant`).
pub fn check_program_opts(
    tu: &ast::TranslationUnit,
    diags: Diagnostics,
    opts: &crate::options::FrontendOptions,
    pragmas: crate::preprocess::Pragmas,
) -> (Option<CheckedProgram>, Diagnostics) {
    let cl_std = opts.cl_std;
    let mut c = Checker {
        diags,
        functions: Vec::new(),
        defined: Vec::new(),
        func_names: HashMap::default(),
        overloads: HashMap::default(),
        overloadable_fns: Default::default(),
        overload_name_spans: HashMap::default(),
        globals: Vec::new(),
        scopes: vec![HashMap::default()],
        cur: None,
        next_struct_id: 0,
        calls: Vec::new(),
        cl_std,
        fp16_pragmas: pragmas.fp16,
        loop_hints: pragmas
            .loop_hints
            .into_iter()
            .map(|h| ((h.next.file, h.next.start), h))
            .collect(),
        fp64: opts.extension_set().fp64(),
        single_precision_constant: opts.single_precision_constant,
    };
    for item in &tu.items {
        match item {
            ast::ExternalDecl::Function(f) => c.function_def(f),
            ast::ExternalDecl::Declaration(d) => c.global_decl(d),
        }
    }
    c.check_recursion();
    c.report_stray_loop_hints();
    c.warn_large_private();
    let program = CheckedProgram {
        globals: c.globals,
        functions: c.functions,
        uses_volatile: false,
    };
    if c.diags.has_errors() {
        (None, c.diags)
    } else {
        (Some(program), c.diags)
    }
}

impl Checker {
    /// Records an error.
    pub(crate) fn error(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    pub(crate) fn lookup(&self, name: &str) -> Option<Binding> {
        self.scopes.iter().rev().find_map(|s| s.get(name).cloned())
    }

    pub(crate) fn push_scope(&mut self) {
        self.scopes.push(HashMap::default());
    }

    pub(crate) fn pop_scope(&mut self) {
        self.scopes.pop();
    }

    /// Binds a name in the innermost scope; reports redefinitions.
    pub(crate) fn bind(&mut self, name: &ast::Ident, b: Binding) {
        if name.name == "true" || name.name == "false" {
            // OpenCL C's bool literals are keywords (clang: "expected identifier").
            self.diags.push(Diagnostic::error(
                "E0200",
                format!("expected identifier, found keyword '{}'", name.name),
                name.span,
            ));
            return;
        }
        let scope = self.scopes.last_mut().expect("scope");
        if scope.contains_key(&name.name) {
            self.diags.push(Diagnostic::error(
                "E0309",
                format!("redefinition of '{}'", name.name),
                name.span,
            ));
            return;
        }
        scope.insert(name.name.clone(), b);
    }

    /// Adds a variable to the current function.
    pub(crate) fn new_var(&mut self, info: VarInfo) -> VarId {
        let ctx = self.cur.as_mut().expect("inside a function");
        ctx.vars.push(info);
        VarId(ctx.vars.len() as u32 - 1)
    }

    pub(crate) fn var(&self, id: VarId) -> &VarInfo {
        &self.cur.as_ref().expect("inside a function").vars[id.0 as usize]
    }
}
