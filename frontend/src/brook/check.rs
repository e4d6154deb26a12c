//! The Brook+ semantic checker (A.6): kernel declarations, strong typing, swizzles,
//! gather/scatter/shared arrays, intrinsics, calls and reductions. It records the type of
//! every expression and the implicit conversions the emitter must spell out.

use std::collections::{HashMap, HashSet};

use super::ast::*;
use super::desc::StreamRole;
use super::intrinsics::{intrinsic_type, IntrinsicError};
use super::options::BrookOptions;
use super::types::{Scalar, Ty};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::source::Span;

/// What the checker learned, for the emitter.
#[derive(Clone, Debug, Default)]
pub struct CheckInfo {
    /// Type of each expression, by id.
    pub types: HashMap<u32, Ty>,
    /// Implicit conversions (only without strong typing): expression id -> target type.
    pub convs: HashMap<u32, Ty>,
    /// Conditions that are vector relations: only their `.x` component is tested (A.2).
    pub x_conds: HashSet<u32>,
    /// Void kernels called as sub-kernels (they also get a function form).
    pub sub_kernels: HashSet<String>,
}

/// What a name in a kernel refers to.
#[derive(Clone, Debug)]
pub(crate) enum VarKind {
    /// A local variable (`is_const` when declared const).
    Local { is_const: bool },
    /// A parameter with its role (helpers' parameters are `Constant` but writable).
    Param {
        role: StreamRole,
        rank: usize,
        helper: bool,
    },
    /// A `shared` array of `size` elements.
    Shared { size: i64 },
}

#[derive(Clone, Debug)]
struct Var {
    ty: Ty,
    kind: VarKind,
}

/// Role of a kernel parameter as declared.
pub(crate) fn param_role(p: &Param) -> StreamRole {
    match (&p.shape, p.is_out, p.is_reduce) {
        (_, _, true) => StreamRole::ReduceOutput,
        (ParamShape::Stream(_), true, _) => StreamRole::Output,
        (ParamShape::Stream(_), false, _) => StreamRole::Input,
        (ParamShape::Array(_), true, _) => StreamRole::Scatter,
        (ParamShape::Array(_), false, _) => StreamRole::Gather,
        (ParamShape::Value, _, _) => StreamRole::Constant,
    }
}

/// Rank of a parameter (0 for values).
pub(crate) fn param_rank(p: &Param) -> usize {
    match &p.shape {
        ParamShape::Value => 0,
        ParamShape::Stream(d) | ParamShape::Array(d) => d.len(),
    }
}

/// True when the function is a reduction (declared `reduce`, or with a `reduce` parameter).
pub(crate) fn is_reduction(f: &Func) -> bool {
    f.kind == FuncKind::Reduce || f.params.iter().any(|p| p.is_reduce)
}

/// True when a kernel writes a scatter array.
pub(crate) fn is_scatter_kernel(f: &Func) -> bool {
    f.params
        .iter()
        .any(|p| param_role(p) == StreamRole::Scatter)
}

/// Checks the program; diagnostics go to `diags`.
pub fn check(prog: &BrProgram, opts: &BrookOptions, diags: &mut Diagnostics) -> CheckInfo {
    let mut c = Checker {
        opts,
        diags,
        info: CheckInfo::default(),
        prog,
        defined: Vec::new(),
        scopes: Vec::new(),
        func: None,
        shared_count: 0,
    };
    for (i, f) in prog.funcs.iter().enumerate() {
        if prog.funcs[..i].iter().any(|g| g.name == f.name) {
            c.err(
                "B0801",
                format!(
                    "Variable name Duplicated: function '{}' is defined twice",
                    f.name
                ),
                f.name_span,
            );
        }
        c.func(f);
        c.defined.push(i);
    }
    c.info
}

struct Checker<'a> {
    opts: &'a BrookOptions,
    diags: &'a mut Diagnostics,
    info: CheckInfo,
    prog: &'a BrProgram,
    defined: Vec<usize>,
    scopes: Vec<HashMap<String, Var>>,
    func: Option<&'a Func>,
    shared_count: usize,
}

fn int_ty() -> Ty {
    Ty::scalar(Scalar::Int)
}

impl<'a> Checker<'a> {
    fn err(&mut self, code: &'static str, msg: impl Into<String>, span: Span) {
        self.diags.push(Diagnostic::error(code, msg, span));
    }

    /// A warning of brcc level `level`: hidden above the warning level, an error with -x.
    fn warn(&mut self, level: u8, code: &'static str, msg: impl Into<String>, span: Span) {
        if level > self.opts.warn_level && !(self.opts.strong_typing && level > 1) {
            return;
        }
        let mut d = Diagnostic::warning(code, msg, span);
        if self.opts.strong_typing && level > 1 {
            d.severity = crate::diagnostic::Severity::Error;
            d.notes
                .push("warnings above level 1 are errors with strong typing (A.9)".into());
        } else if self.opts.warnings_as_errors && !self.opts.strong_typing {
            d.severity = crate::diagnostic::Severity::Error;
            d.notes
                .push("warnings are treated as errors (--brook-warnings-as-errors)".into());
        }
        self.diags.push(d);
    }

    fn lookup(&self, name: &str) -> Option<&Var> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    fn declare(&mut self, name: &str, span: Span, var: Var) {
        let dup = self.lookup(name).is_some()
            || self
                .defined
                .iter()
                .any(|&i| self.prog.funcs[i].name == name);
        if dup {
            self.err("B0801", format!("Variable name Duplicated: {name}"), span);
        }
        if let Some(s) = self.scopes.last_mut() {
            s.insert(name.to_string(), var);
        }
    }

    fn in_kernel(&self) -> bool {
        self.func
            .map(|f| f.kind != FuncKind::Helper || is_reduction(f))
            .unwrap_or(false)
    }

    // ------------------------------------------------------------------ declarations

    fn func(&mut self, f: &'a Func) {
        self.func = Some(f);
        self.shared_count = 0;
        self.scopes = vec![HashMap::new()];
        let is_kernel = f.kind != FuncKind::Helper || is_reduction(f);
        // A kernel returning a value is a sub-kernel (A.4.3): callable from kernels only.
        if is_kernel && f.ret != Ty::Void && is_reduction(f) {
            self.err(
                "B0402",
                "unspecified kernel return type: a reduction kernel must return void",
                f.name_span,
            );
        }
        if is_kernel {
            self.kernel_params(f);
        } else if let Some(p) = f
            .params
            .iter()
            .find(|p| p.is_out || p.shape != ParamShape::Value)
        {
            self.err(
                "B0403",
                "streams, arrays and out parameters are only allowed on kernels; declare this function 'kernel'",
                p.span,
            );
        }
        for p in &f.params {
            let role = if is_kernel {
                param_role(p)
            } else {
                StreamRole::Constant
            };
            self.declare(
                &p.name,
                p.span,
                Var {
                    ty: p.ty.clone(),
                    kind: VarKind::Param {
                        role,
                        rank: param_rank(p),
                        helper: !is_kernel,
                    },
                },
            );
        }
        self.block(&f.body);
        if !is_kernel && f.ret != Ty::Void && !returns(&f.body) {
            self.err("B0804", "Must return a value", f.name_span);
        }
        self.scopes.clear();
        self.func = None;
    }

    fn kernel_params(&mut self, f: &Func) {
        let reduce = is_reduction(f);
        let mut scatter = 0;
        let mut outputs = 0;
        let mut constant_buffers = 0;
        for p in &f.params {
            if let Ty::Prim {
                scalar: Scalar::Double,
                lanes,
            } = p.ty
            {
                if lanes > 2 {
                    self.err(
                        "B0303",
                        "double data types can have 1 or 2 components",
                        p.span,
                    );
                }
            }
            if p.is_const {
                self.err(
                    "B0404",
                    "Nothing special to use const qualifier for kernel parameters. It is a reserved usage",
                    p.span,
                );
            }
            if matches!(p.ty, Ty::Void) {
                self.err("B0405", "variable has NULL data type", p.span);
            }
            match &p.shape {
                ParamShape::Stream(dims) => {
                    if dims.len() > 3 {
                        self.err(
                            "B0406",
                            format!(
                                "Problem with stream declaration: dimension == {} not supported (oclc runs 1 to 3 dimensions)",
                                dims.len()
                            ),
                            p.span,
                        );
                    }
                    if dims.iter().any(|d| matches!(d, Some(v) if *v <= 0)) {
                        self.err(
                            "B0407",
                            "Problem with stream declaration: sizes must be positive",
                            p.span,
                        );
                    }
                    if dims.len() > 1
                        && dims[1..].iter().any(|d| d.is_none())
                        && dims.iter().any(|d| d.is_some())
                    {
                        self.err(
                            "B0407",
                            "Problem with stream declaration: all dimensions but the left-most must be given",
                            p.span,
                        );
                    }
                }
                ParamShape::Array(dims) => {
                    if dims.len() > 3 {
                        self.err(
                            "B0406",
                            format!(
                                "arrays of {} dimensions are not supported (1 to 3)",
                                dims.len()
                            ),
                            p.span,
                        );
                    }
                    if p.is_out {
                        scatter += 1;
                        if dims.iter().any(|d| d.is_some()) {
                            self.warn(
                                1,
                                "B0902",
                                "Specifying scatter array sizes have no meaning presently. Do not specify sizes",
                                p.span,
                            );
                        }
                        if matches!(p.ty, Ty::Struct(_)) {
                            self.err("B0408", "Scatter stream not supported for struct", p.span);
                        }
                    } else {
                        let given = dims.iter().filter(|d| d.is_some()).count();
                        if given != 0 && given != dims.len() && !self.opts.legacy_gather {
                            self.err(
                                "B0503",
                                "Problem with Array variable declaration: Incomplete array size specification: Specify all array sizes for cached gather array (e.g. a[5][5]) or no array sizes for Streams (e.g. a[][])",
                                p.span,
                            );
                        }
                        if given == dims.len() && !self.opts.legacy_gather {
                            constant_buffers += 1;
                            let n: i64 = dims.iter().map(|d| d.unwrap_or(1)).product();
                            if n > 4096 {
                                self.err(
                                    "B0504",
                                    format!("constant buffer gather array has {n} elements; at most 4096 are allowed (use --brook-legacy-gather)"),
                                    p.span,
                                );
                            }
                        }
                    }
                }
                ParamShape::Value => {
                    if p.is_out && !p.is_reduce {
                        self.err(
                            "B0409",
                            "non-reduce output parameter must be stream type",
                            p.span,
                        );
                    }
                }
            }
            if p.is_out && !p.is_reduce && matches!(p.shape, ParamShape::Stream(_)) {
                outputs += 1;
            }
        }
        if scatter > 1 {
            self.err("B0410", "Only one scatter output allowed", f.name_span);
        }
        if scatter > 0 && outputs > 0 {
            self.err(
                "B0411",
                "Both scatter output and stream output not allowed",
                f.name_span,
            );
        }
        if constant_buffers > 10 {
            self.err(
                "B0415",
                format!("Maximum number of constant buffers allowed is 10: {} gather arrays have all their sizes given (use --brook-legacy-gather)", constant_buffers),
                f.name_span,
            );
        }
        if outputs > 8 {
            self.err(
                "B0412",
                "a kernel can bind at most 8 output streams",
                f.name_span,
            );
        }
        if reduce {
            let inputs: Vec<&Param> = f
                .params
                .iter()
                .filter(|p| param_role(p) == StreamRole::Input)
                .collect();
            let reds: Vec<&Param> = f.params.iter().filter(|p| p.is_reduce).collect();
            if inputs.len() != 1 || reds.len() != 1 || f.params.len() != 2 {
                if f.kind == FuncKind::Reduce
                    && reds.is_empty()
                    && inputs.is_empty()
                    && f.params.len() == 2
                {
                    // `reduce void max_reduce(double a, reduce double b)` declares a
                    // reduction function whose first parameter is the element.
                } else {
                    self.err(
                        "B0701",
                        "reduction kernel can only have one input stream and one reduction output scalar/stream",
                        f.name_span,
                    );
                    return;
                }
            }
            if let (Some(i), Some(r)) = (f.params.first(), f.params.get(1)) {
                if i.ty != r.ty {
                    self.err(
                        "B0702",
                        format!(
                            "Both the input and the output stream of the reduction must be of the same type: '{}' and '{}'",
                            i.ty, r.ty
                        ),
                        r.span,
                    );
                }
            }
        } else if f.ret == Ty::Void && f.params.iter().all(|p| !p.is_out) {
            self.err(
                "B0413",
                "a kernel needs an output stream, a scatter array or a reduce parameter",
                f.name_span,
            );
        }
        if let Some((vals, span)) = &f.group_size {
            if vals.is_empty() {
                self.err("B0602", "GroupSize must have values", *span);
            } else if vals.len() > 3 {
                self.err(
                    "B0603",
                    "More than 3 components not allowed in GroupSize",
                    *span,
                );
            } else if vals.iter().any(|v| *v <= 0) {
                self.err(
                    "B0602",
                    "GroupSize must have values: positive integers",
                    *span,
                );
            } else if vals.iter().product::<i64>() > 1024 {
                self.err("B0604", "Group size must be <= 1024", *span);
            } else if let Some(n) = vals.iter().skip(1).position(|v| *v != 1) {
                self.err(
                    "B0624",
                    format!(
                        "nth dimension of GroupSize must be 1 where n != 1 (dimension {} is {})",
                        n + 2,
                        vals[n + 1]
                    ),
                    *span,
                );
            }
            if scatter == 0 {
                self.err(
                    "B0605",
                    "Output must be a scatter type if you specify GroupSize attribute",
                    *span,
                );
            }
            if reduce {
                self.err(
                    "B0606",
                    "GroupSize is not allowed on a reduction kernel",
                    *span,
                );
            }
        }
    }

    // ------------------------------------------------------------------ statements

    fn block(&mut self, stmts: &'a [Stmt]) {
        self.scopes.push(HashMap::new());
        for s in stmts {
            self.stmt(s);
        }
        self.scopes.pop();
    }

    fn cond(&mut self, e: &Expr) {
        let Some(t) = self.expr(e) else { return };
        match t.prim() {
            Some((_, 1)) => {}
            Some(_) if matches!(e.kind, ExprKind::Binary(op, ..) if op.is_relational()) => {
                // A.2: a relational operator on vectors tests the x component.
                self.info.x_conds.insert(e.id);
            }
            _ => self.err(
                "B0306",
                "conditional expression must be a scalar data type",
                e.span,
            ),
        }
    }

    fn stmt(&mut self, s: &'a Stmt) {
        match s {
            Stmt::Decl {
                ty,
                shared,
                is_const,
                vars,
                span,
            } => self.decl(ty, *shared, *is_const, vars, *span),
            Stmt::Expr(e) => {
                self.expr(e);
            }
            Stmt::If(c, a, b) => {
                self.cond(c);
                self.sub_block(a);
                if let Some(b) = b {
                    self.sub_block(b);
                }
            }
            Stmt::While(c, b) => {
                self.cond(c);
                self.sub_block(b);
            }
            Stmt::DoWhile(b, c) => {
                self.sub_block(b);
                self.cond(c);
            }
            Stmt::For(init, c, step, body) => {
                self.scopes.push(HashMap::new());
                if let Some(i) = init {
                    self.stmt(i);
                }
                if let Some(c) = c {
                    self.cond(c);
                }
                if let Some(st) = step {
                    self.expr(st);
                }
                self.sub_block(body);
                self.scopes.pop();
            }
            Stmt::Return(e, span) => {
                let f = self.func.expect("in a function");
                match (e, &f.ret) {
                    (None, Ty::Void) => {}
                    (Some(e), Ty::Void) => {
                        self.expr(e);
                        self.err("B0805", "a void function cannot return a value", e.span);
                    }
                    (None, _) => self.err("B0804", "Must return a value", *span),
                    (Some(e), ret) => {
                        let ret = ret.clone();
                        if let Some(t) = self.expr(e) {
                            self.assignable(&ret, &t, e, "return value");
                        }
                    }
                }
            }
            Stmt::Break(_) | Stmt::Continue(_) | Stmt::Empty => {}
            Stmt::Block(b) => self.block(b),
        }
    }

    fn sub_block(&mut self, s: &'a Stmt) {
        if let Stmt::Decl { span, .. } = s {
            self.err("B0100", "a declaration needs braces here", *span);
        }
        self.scopes.push(HashMap::new());
        self.stmt(s);
        self.scopes.pop();
    }

    fn decl(&mut self, ty: &Ty, shared: bool, is_const: bool, vars: &'a [VarDecl], span: Span) {
        if *ty == Ty::Void {
            self.err("B0405", "variable has NULL data type", span);
            return;
        }
        for v in vars {
            if shared {
                self.shared_decl(ty, v, span);
                continue;
            }
            if !v.dims.is_empty() {
                self.err("B0505", "Local Array not supported yet", v.span);
                continue;
            }
            if let Some(init) = &v.init {
                if let Some(t) = self.expr(init) {
                    self.assignable(ty, &t, init, "initializer");
                }
            } else if is_const {
                self.err("B0806", "uninitialized const variable", v.span);
            }
            self.declare(
                &v.name,
                v.span,
                Var {
                    ty: ty.clone(),
                    kind: VarKind::Local { is_const },
                },
            );
        }
    }

    fn shared_decl(&mut self, ty: &Ty, v: &'a VarDecl, span: Span) {
        let f = self.func.expect("in a function");
        let gs = f.group_size.as_ref();
        if f.kind == FuncKind::Helper && !is_reduction(f) {
            self.err(
                "B0607",
                "Shared qualifier valid only for Local Array declared inside kernel",
                span,
            );
            return;
        }
        if gs.is_none() {
            self.err(
                "B0608",
                "Shared array allowed only for computer shaders: specify GroupSize Attribute",
                span,
            );
        }
        self.shared_count += 1;
        if self.shared_count > 1 {
            self.err("B0609", "Only One Shared local array allowed", v.span);
        }
        let bytes = match ty.prim() {
            Some((s, l)) => s.size() * if l == 3 { 4 } else { l as u32 },
            None => 0,
        };
        if bytes != 16 {
            self.err("B0610", "Shared array type must be 128 bit type", span);
        }
        if v.dims.len() != 1 {
            self.err("B0611", "Shared Local Array must be 1D", v.span);
            return;
        }
        if v.init.is_some() {
            self.err(
                "B0612",
                "Shared Local Array should not be initialized",
                v.span,
            );
        }
        let size = match &v.dims[0].kind {
            ExprKind::Int(n, _) if *n > 0 => *n,
            ExprKind::Int(..) => {
                self.err(
                    "B0613",
                    "Local Array size must be non-zero positive int value",
                    v.dims[0].span,
                );
                return;
            }
            _ => {
                self.err(
                    "B0614",
                    "Local Array size expression must be simple constant int",
                    v.dims[0].span,
                );
                return;
            }
        };
        if size * 4 > 4096 {
            self.err(
                "B0615",
                "Shared array size must be <= 4K 32-bit type",
                v.dims[0].span,
            );
        }
        if let Some((vals, _)) = gs {
            let group: i64 = vals.iter().product::<i64>().max(1);
            if size % group != 0 {
                self.err(
                    "B0616",
                    "SharedArraySize%GroupSize must be zero",
                    v.dims[0].span,
                );
            } else if (size / group) * 16 > 64 {
                self.err(
                    "B0617",
                    "SharedArraySize/GroupSize must be <= 64: each thread's share is at most 64 bytes",
                    v.dims[0].span,
                );
            }
        }
        self.declare(
            &v.name,
            v.span,
            Var {
                ty: ty.clone(),
                kind: VarKind::Shared { size },
            },
        );
    }

    // ------------------------------------------------------------------ typing helpers

    /// Checks that a value of type `from` (expression `e`) can be stored in `to`.
    fn assignable(&mut self, to: &Ty, from: &Ty, e: &Expr, what: &str) {
        if to == from {
            return;
        }
        if is_literal(e)
            && to.is_scalar()
            && from.is_scalar()
            && (matches!(e.kind, ExprKind::Int(..))
                || to.prim().map(|p| !p.0.is_integer()).unwrap_or(false))
        {
            self.info.convs.insert(e.id, to.clone());
            return;
        }
        match (to.prim(), from.prim()) {
            (Some((ts, tl)), Some((fs, fl))) if fl == 1 && tl > 1 && ts == fs => {
                // A scalar of the element type fills every component.
            }
            (Some(_), Some(_)) => {
                let msg =
                    format!("Mismatched types: conversion from \"{from}\" to \"{to}\" ({what})");
                if self.opts.strong_typing {
                    self.err("B0307", msg, e.span);
                } else {
                    self.warn(1, "B0903", msg, e.span);
                    self.info.convs.insert(e.id, to.clone());
                }
            }
            _ => self.err(
                "B0307",
                format!("Mismatched types: cannot use \"{from}\" as \"{to}\" ({what})"),
                e.span,
            ),
        }
    }

    /// The common type of a binary arithmetic operation, recording conversions.
    fn unify(&mut self, l: &Expr, lt: &Ty, r: &Expr, rt: &Ty, span: Span) -> Option<Ty> {
        let (ls, ll) = lt.prim()?;
        let (rs, rl) = rt.prim()?;
        if lt == rt {
            return Some(lt.clone());
        }
        // Numeric literals take the other operand's element type.
        if is_literal(r) && rl == 1 && (matches!(r.kind, ExprKind::Int(..)) || !ls.is_integer()) {
            self.info.convs.insert(r.id, Ty::scalar(ls));
            return Some(lt.clone());
        }
        if is_literal(l) && ll == 1 && (matches!(l.kind, ExprKind::Int(..)) || !rs.is_integer()) {
            self.info.convs.insert(l.id, Ty::scalar(rs));
            return Some(rt.clone());
        }
        if ls == rs && (ll == 1 || rl == 1) {
            return Some(Ty::vector(ls, ll.max(rl)));
        }
        let msg = format!(
            "Mismatched operands: both must have same type and same number of components ('{lt}' and '{rt}')"
        );
        if self.opts.strong_typing {
            self.err("B0308", msg, span);
            return None;
        }
        // -a: promote to the larger element type and the larger component count.
        let s = ls.max(rs);
        let lanes = ll.max(rl);
        let to = Ty::vector(s, lanes);
        self.warn(
            1,
            "B0904",
            format!("implicit conversion from '{lt}' and '{rt}' to '{to}'"),
            span,
        );
        if *lt != to {
            self.info.convs.insert(
                l.id,
                if ll == 1 && lanes > 1 {
                    Ty::scalar(s)
                } else {
                    to.clone()
                },
            );
        }
        if *rt != to {
            self.info.convs.insert(
                r.id,
                if rl == 1 && lanes > 1 {
                    Ty::scalar(s)
                } else {
                    to.clone()
                },
            );
        }
        Some(to)
    }

    fn record(&mut self, e: &Expr, t: Option<Ty>) -> Option<Ty> {
        if let Some(t) = &t {
            self.info.types.insert(e.id, t.clone());
        }
        t
    }

    // ------------------------------------------------------------------ expressions

    fn expr(&mut self, e: &Expr) -> Option<Ty> {
        let t = self.expr_inner(e);
        self.record(e, t)
    }

    fn expr_inner(&mut self, e: &Expr) -> Option<Ty> {
        match &e.kind {
            ExprKind::Int(v, unsigned) => Some(if *unsigned || *v > i32::MAX as i64 {
                Ty::scalar(Scalar::UInt)
            } else {
                int_ty()
            }),
            ExprKind::Float(_, f) => {
                Some(Ty::scalar(if *f { Scalar::Float } else { Scalar::Double }))
            }
            ExprKind::Ident(n) => match self.lookup(n) {
                Some(v) => {
                    let v = v.clone();
                    match v.kind {
                        VarKind::Param {
                            role: StreamRole::Gather | StreamRole::Scatter,
                            ..
                        } => {
                            self.err(
                                "B0506",
                                format!("Illegal to use array type '{n}' here: index it"),
                                e.span,
                            );
                            None
                        }
                        VarKind::Shared { .. } => {
                            self.err(
                                "B0506",
                                format!("Illegal to use array type '{n}' here: index it"),
                                e.span,
                            );
                            None
                        }
                        _ => Some(v.ty),
                    }
                }
                None => {
                    self.err("B0807", format!("'{n}' not defined"), e.span);
                    None
                }
            },
            ExprKind::Unary(op, x) => {
                let t = self.expr(x)?;
                let (s, _) = match t.prim() {
                    Some(p) => p,
                    None => {
                        self.err("B0309", "operand is not a Arithmetic type", x.span);
                        return None;
                    }
                };
                match op {
                    UnOp::Not | UnOp::BitNot if !s.is_integer() => {
                        self.err("B0310", "operand is not a Integer type", x.span);
                        None
                    }
                    UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec => {
                        self.lvalue(x);
                        Some(t)
                    }
                    UnOp::Not => Some(Ty::vector(Scalar::Int, t.lanes())),
                    _ => Some(t),
                }
            }
            ExprKind::Binary(op, l, r) => self.binary(*op, l, r, e.span),
            ExprKind::Assign(op, l, r) => {
                let lt = if matches!(l.kind, ExprKind::Index(..)) {
                    let t = self.index(l, true);
                    self.record(l, t)
                } else {
                    self.expr(l)
                };
                let rt = self.expr(r);
                self.lvalue(l);
                self.reduce_update(*op, l, r);
                let (lt, rt) = (lt?, rt?);
                if let Some(op) = op {
                    self.operator_operands(*op, l, &lt, r, &rt)?;
                    if lt != rt {
                        self.assignable(&lt, &rt, r, "compound assignment");
                    }
                } else {
                    self.assignable(&lt, &rt, r, "assignment");
                }
                Some(lt)
            }
            ExprKind::Cond(c, a, b) => {
                self.cond(c);
                let at = self.expr(a);
                let bt = self.expr(b);
                let (at, bt) = (at?, bt?);
                if at.prim().is_none() || bt.prim().is_none() {
                    self.err(
                        "B0311",
                        "conditional resultant type is not a Arithmetic type",
                        e.span,
                    );
                    return None;
                }
                if at == bt {
                    return Some(at);
                }
                let msg = "Mismatched types: True expression type and false expression type must have same types and same number of components";
                if is_literal(a) || is_literal(b) || !self.opts.strong_typing {
                    return self.unify(a, &at, b, &bt, e.span);
                }
                self.err("B0312", msg, e.span);
                None
            }
            ExprKind::Cast(ty, x) => {
                let t = self.expr(x)?;
                match (ty.prim(), t.prim()) {
                    (Some((_, tl)), Some((_, fl))) if tl == fl || fl == 1 => Some(ty.clone()),
                    (Some(_), Some(_)) => {
                        self.err(
                            "B0313",
                            "explicit casting required to have same no of components",
                            e.span,
                        );
                        None
                    }
                    _ => {
                        self.err(
                            "B0314",
                            "Illegal to use this type as casting expression",
                            e.span,
                        );
                        None
                    }
                }
            }
            ExprKind::Ctor(ty, args) => self.ctor(ty, args, e.span),
            ExprKind::Member(base, name) => self.member(base, name, e.span),
            ExprKind::Index(..) => self.index(e, false),
            ExprKind::Call(name, args) => self.call(name, args, e.span),
        }
    }

    fn operator_operands(&mut self, op: BinOp, l: &Expr, lt: &Ty, r: &Expr, rt: &Ty) -> Option<()> {
        let (ls, _) = lt.prim().or_else(|| {
            self.err("B0315", "left operand is not a Arithmetic type", l.span);
            None
        })?;
        let (rs, _) = rt.prim().or_else(|| {
            self.err("B0316", "right operand is not a Arithmetic type", r.span);
            None
        })?;
        let int_only = matches!(
            op,
            BinOp::Rem
                | BinOp::Shl
                | BinOp::Shr
                | BinOp::BitAnd
                | BinOp::BitOr
                | BinOp::BitXor
                | BinOp::And
                | BinOp::Or
        );
        if int_only {
            if !(ls.is_integer() || op == BinOp::And || op == BinOp::Or) {
                self.err("B0317", "left operand is not a Integer type", l.span);
                return None;
            }
            if !(rs.is_integer() || op == BinOp::And || op == BinOp::Or) {
                self.err("B0318", "right operand is not a Integer type", r.span);
                return None;
            }
            if (op == BinOp::And || op == BinOp::Or) && (!ls.is_integer() || !rs.is_integer()) {
                let (side, sp) = if !ls.is_integer() {
                    ("left", l.span)
                } else {
                    ("right", r.span)
                };
                self.err(
                    if side == "left" { "B0317" } else { "B0318" },
                    format!("{side} operand is not a Integer type (logical operators take integer operands)"),
                    sp,
                );
                return None;
            }
        }
        Some(())
    }

    fn binary(&mut self, op: BinOp, l: &Expr, r: &Expr, span: Span) -> Option<Ty> {
        let lt = self.expr(l);
        let rt = self.expr(r);
        let (lt, rt) = (lt?, rt?);
        self.operator_operands(op, l, &lt, r, &rt)?;
        if matches!(op, BinOp::Shl | BinOp::Shr) {
            return Some(lt);
        }
        let t = self.unify(l, &lt, r, &rt, span)?;
        if op.is_relational() || matches!(op, BinOp::And | BinOp::Or) {
            return Some(Ty::vector(Scalar::Int, t.lanes()));
        }
        Some(t)
    }

    fn ctor(&mut self, ty: &Ty, args: &[Expr], span: Span) -> Option<Ty> {
        let (s, lanes) = ty.prim()?;
        if s == Scalar::Double && lanes > 2 {
            self.err(
                "B0303",
                "double data types can have 1 or 2 components",
                span,
            );
            return None;
        }
        if args.len() != lanes as usize {
            self.err(
                "B0319",
                format!(
                    "'{ty}' constructor takes {lanes} scalar components, {} given",
                    args.len()
                ),
                span,
            );
            for a in args {
                self.expr(a);
            }
            return None;
        }
        let elem = Ty::scalar(s);
        for (i, a) in args.iter().enumerate() {
            let Some(t) = self.expr(a) else { continue };
            if t == elem {
                continue;
            }
            if matches!(a.kind, ExprKind::Int(..)) && t.is_scalar() {
                self.info.convs.insert(a.id, elem.clone());
                continue;
            }
            let msg = format!(
                "Mismatched type for element {}: actual type is {t} but expected type is {elem}",
                i + 1
            );
            if self.opts.strong_typing || !t.is_scalar() {
                self.err("B0320", msg, a.span);
            } else {
                self.warn(
                    1,
                    "B0905",
                    format!(
                        "possible lose of data for element {}: conversion from \"{t}\" to \"{elem}\"",
                        i + 1
                    ),
                    a.span,
                );
                self.info.convs.insert(a.id, elem.clone());
            }
        }
        Some(ty.clone())
    }

    fn member(&mut self, base: &Expr, name: &str, span: Span) -> Option<Ty> {
        let bt = self.expr(base)?;
        match &bt {
            Ty::Struct(sn) => {
                let sd = self.prog.structs.iter().find(|s| &s.name == sn)?;
                match sd.fields.iter().find(|(_, f)| f == name) {
                    Some((t, _)) => Some(t.clone()),
                    None => {
                        self.err(
                            "B0321",
                            format!("unrecognized field/swizzle '{name}' of struct {sn}"),
                            span,
                        );
                        None
                    }
                }
            }
            Ty::Prim { scalar, lanes } => {
                if *lanes == 1 {
                    self.err("B0322", "Illegal to use swizzle on scalar types", span);
                    return None;
                }
                let comps: Option<Vec<u8>> = name.chars().map(swizzle_index).collect();
                match comps {
                    Some(c) if !c.is_empty() && c.len() <= 4 && c.iter().all(|i| *i < *lanes) => {
                        Some(Ty::vector(*scalar, c.len() as u8))
                    }
                    _ => {
                        self.err(
                            "B0321",
                            format!("unrecognized field/swizzle '.{name}' on '{bt}'"),
                            span,
                        );
                        None
                    }
                }
            }
            Ty::Void => None,
        }
    }

    /// Flattens `a[i][j]` into the base name and subscripts.
    fn index(&mut self, e: &Expr, as_lvalue: bool) -> Option<Ty> {
        let mut subs = Vec::new();
        let mut cur = e;
        while let ExprKind::Index(b, i) = &cur.kind {
            subs.push(&**i);
            cur = b;
        }
        subs.reverse();
        let ExprKind::Ident(name) = &cur.kind else {
            self.err(
                "B0507",
                "Array expression of index expression must be variable type",
                cur.span,
            );
            return None;
        };
        let Some(var) = self.lookup(name).cloned() else {
            self.err("B0807", format!("'{name}' not defined"), cur.span);
            return None;
        };
        let mut sub_types = Vec::new();
        for s in &subs {
            sub_types.push(self.expr(s)?);
        }
        match var.kind {
            VarKind::Shared { .. } => {
                if subs.len() != 1
                    || sub_types[0] != int_ty()
                        && !(sub_types[0].is_scalar()
                            && sub_types[0]
                                .prim()
                                .map(|p| p.0.is_integer())
                                .unwrap_or(false))
                {
                    self.err(
                        "B0508",
                        "Local array variable dimensions and index expression dimensions must be same (one integer subscript)",
                        e.span,
                    );
                    return None;
                }
                Some(var.ty)
            }
            VarKind::Param {
                role: StreamRole::Gather | StreamRole::Scatter,
                rank,
                ..
            } => {
                let role = if let VarKind::Param { role, .. } = var.kind {
                    role
                } else {
                    unreachable!()
                };
                if role == StreamRole::Scatter && !as_lvalue {
                    self.err(
                        "B0509",
                        "scatter arrays are write only: they can only be assigned",
                        e.span,
                    );
                    return None;
                }
                if role == StreamRole::Gather && as_lvalue {
                    self.err("B0510", "Gather arrays are read only arrays", e.span);
                    return None;
                }
                let ok = if subs.len() == 1 {
                    let l = sub_types[0].lanes() as usize;
                    if l > 1 && l == rank {
                        self.warn(
                            1,
                            "B0906",
                            "Strongly recommended to use c-style indexing for gather/scatter arrays",
                            subs[0].span,
                        );
                        true
                    } else {
                        l == 1 && rank == 1
                    }
                } else {
                    subs.len() == rank && sub_types.iter().all(|t| t.is_scalar())
                };
                if !ok {
                    self.err(
                        "B0511",
                        format!("Gather/scatter array dimensions and subscript vector components must match: '{name}' has {rank} dimension(s)"),
                        e.span,
                    );
                    return None;
                }
                for (s, t) in subs.iter().zip(&sub_types) {
                    if t.prim().is_none() {
                        self.err("B0512", "subscript expression must be scalar type", s.span);
                        return None;
                    }
                }
                Some(var.ty)
            }
            _ => {
                // Indexing a vector by an integer: not Brook+.
                self.err(
                    "B0513",
                    format!("Variable must be array type: '{name}'"),
                    cur.span,
                );
                None
            }
        }
    }

    /// Checks that `e` can be assigned.
    fn lvalue(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Ident(n) => {
                let Some(v) = self.lookup(n).cloned() else {
                    return;
                };
                match v.kind {
                    VarKind::Local { is_const: true } => {
                        self.err("B0323", "lvalue is a constant type", e.span)
                    }
                    VarKind::Param {
                        role: StreamRole::Input,
                        helper: false,
                        ..
                    } => self.err("B0324", "Input streams are read only streams", e.span),
                    VarKind::Param {
                        role: StreamRole::Constant,
                        helper: false,
                        ..
                    } => self.err(
                        "B0325",
                        "Non-stream/Non Array inputs are not allowed to modify inside kernel",
                        e.span,
                    ),
                    _ => {}
                }
            }
            ExprKind::Member(b, name) => {
                if self
                    .info
                    .types
                    .get(&b.id)
                    .map(|t| t.prim().is_some())
                    .unwrap_or(false)
                {
                    let mut seen = HashSet::new();
                    if !name.chars().all(|c| seen.insert(swizzle_index(c))) {
                        self.err(
                            "B0326",
                            "illegal to use components repetition in lvalue expression",
                            e.span,
                        );
                    }
                }
                self.lvalue(b);
            }
            ExprKind::Index(..) => {
                // Re-check as a store (scatter allowed, gather refused).
                let mut cur = e;
                while let ExprKind::Index(b, _) = &cur.kind {
                    cur = b;
                }
                if let ExprKind::Ident(n) = &cur.kind {
                    if let Some(Var {
                        kind: VarKind::Shared { size },
                        ..
                    }) = self.lookup(n).cloned()
                    {
                        if let ExprKind::Index(_, idx) = &e.kind {
                            self.shared_write(idx, size);
                        }
                    }
                }
            }
            _ => self.err("B0327", "Argument must be lvalue type", e.span),
        }
    }

    /// brcc's owner-write rule for shared arrays: `lds[Stride * instanceInGroup().x + offset]`.
    fn shared_write(&mut self, idx: &Expr, size: i64) {
        let group: i64 = self
            .func
            .and_then(|f| f.group_size.as_ref())
            .map(|(v, _)| v.iter().product::<i64>().max(1))
            .unwrap_or(1);
        let stride_needed = size / group;
        let (mul, offset) = match &idx.kind {
            ExprKind::Binary(BinOp::Add, a, b) => (&**a, Some(&**b)),
            _ => (idx, None),
        };
        let ExprKind::Binary(BinOp::Mul, x, y) = &mul.kind else {
            self.err(
                "B0618",
                "Shared array index expression must contain instanceInGroup().x",
                idx.span,
            );
            return;
        };
        let (stride, iig) = if is_instance_in_group_x(y) {
            (&**x, &**y)
        } else {
            (&**y, &**x)
        };
        if !is_instance_in_group_x(iig) {
            self.err(
                "B0619",
                "one of the multiplication operand must be instanceInGroup().x",
                mul.span,
            );
            return;
        }
        match stride.kind {
            ExprKind::Int(s, _) if s == stride_needed => {}
            ExprKind::Int(..) => self.err(
                "B0620",
                format!(
                    "stride value must be equal to (SharedArraySize /groupSize) = {stride_needed}"
                ),
                stride.span,
            ),
            _ => self.err("B0621", "stride must be a integer constant", stride.span),
        }
        if let Some(off) = offset {
            match off.kind {
                ExprKind::Int(o, _) if o >= 0 && o < stride_needed => {}
                ExprKind::Int(o, _) => self.err(
                    "B0622",
                    format!("offset value(\"{o}\") must be in the range of 0 <= offset < (SharedArraySize / groupSize)"),
                    off.span,
                ),
                _ => self.err("B0623", "offset of Shared array index expression must be a constant integer", off.span),
            }
        }
    }

    /// Reduce-kernel rules for updates of the reduction variable.
    fn reduce_update(&mut self, op: Option<BinOp>, l: &Expr, r: &Expr) {
        let Some(f) = self.func else { return };
        if !is_reduction(f) {
            return;
        }
        let ExprKind::Ident(n) = &l.kind else { return };
        let Some(red) = f.params.get(1) else { return };
        if &red.name != n {
            return;
        }
        match op {
            None | Some(BinOp::Add | BinOp::Mul | BinOp::BitOr | BinOp::BitXor) => {}
            Some(o) => self.err(
                "B0703",
                format!("'{}=' is not an associative and commutative reduction operator (use +=, *=, |=, ^= or a reduce function)", o.text()),
                l.span,
            ),
        }
        if op.is_some() {
            let input = &f.params[0].name;
            if !matches!(&r.kind, ExprKind::Ident(x) if x == input) {
                self.warn(
                    0,
                    "B0907",
                    "the reduction operator is applied to an expression of the input: the result is undefined (A.4.1.2)",
                    r.span,
                );
            }
        }
    }

    fn call(&mut self, name: &str, args: &[Expr], span: Span) -> Option<Ty> {
        let f = self.func.expect("in a function");
        let in_reduce = is_reduction(f);
        let in_kernel = self.in_kernel();
        match name {
            "indexof" | "instance" | "instanceInGroup" | "syncGroup" => {
                if in_reduce {
                    self.err(
                        "B0808",
                        format!("Illegal to use {name}() function in reduction kernel"),
                        span,
                    );
                    return None;
                }
                if !in_kernel {
                    self.err(
                        "B0809",
                        format!("{name}() operator has no meaning inside Non-kernel functions"),
                        span,
                    );
                    return None;
                }
                if matches!(name, "instanceInGroup" | "syncGroup") && f.group_size.is_none() {
                    self.err(
                        "B0810",
                        format!("Illegal to use {name}() for pixel shader kernel: specify a GroupSize attribute"),
                        span,
                    );
                    return None;
                }
                if name == "indexof" {
                    let [a] = args else {
                        self.err(
                            "B0811",
                            format!(
                                "incorrect number of parameters expect 1 actual {}",
                                args.len()
                            ),
                            span,
                        );
                        return None;
                    };
                    let ok = match &a.kind {
                        ExprKind::Ident(n) => {
                            match self.lookup(n).map(|v| v.kind.clone()) {
                                Some(VarKind::Param {
                                    role:
                                        StreamRole::Input | StreamRole::Output | StreamRole::Scatter,
                                    ..
                                }) => true,
                                Some(VarKind::Param {
                                    role: StreamRole::Gather,
                                    ..
                                })
                                | Some(VarKind::Shared { .. })
                                | Some(VarKind::Local { .. }) => {
                                    self.err("B0812", "indexof() operator is not allowed on gather array/local array", a.span);
                                    return None;
                                }
                                _ => false,
                            }
                        }
                        _ => false,
                    };
                    if !ok {
                        self.err(
                            "B0813",
                            "indexof()operator allowed only on stream/scatter",
                            a.span,
                        );
                        return None;
                    }
                    self.info.types.insert(a.id, Ty::vector(Scalar::Float, 4));
                    return Some(Ty::vector(Scalar::Float, 4));
                }
                if !args.is_empty() {
                    self.err(
                        "B0811",
                        format!(
                            "incorrect number of parameters expect 0 actual {}",
                            args.len()
                        ),
                        span,
                    );
                    return None;
                }
                return Some(if name == "syncGroup" {
                    Ty::Void
                } else {
                    Ty::vector(Scalar::Int, 4)
                });
            }
            _ => {}
        }
        // User functions first (they may shadow nothing: names are unique).
        if let Some(pos) = self.prog.funcs.iter().position(|g| g.name == name) {
            let callee = &self.prog.funcs[pos];
            if std::ptr::eq(callee, f) {
                self.err("B0814", "Recursion is not allowed in Brook+ kernels", span);
                return None;
            }
            if !self.defined.contains(&pos) {
                self.err(
                    "B0815",
                    "definition must be available before invoking",
                    span,
                );
                return None;
            }
            if is_reduction(callee) {
                self.err("B0816", "callee can't call a reduction kernel (oclc does not run reduce functions as sub-kernels yet)", span);
                return None;
            }
            if is_scatter_kernel(callee) {
                self.err(
                    "B0817",
                    "Illegal to call scatter kernel from any kernel",
                    span,
                );
                return None;
            }
            if callee.kind == FuncKind::Kernel && !in_kernel {
                self.err(
                    "B0818",
                    "kernel can't be called from a non-kernel function",
                    span,
                );
                return None;
            }
            if args.len() != callee.params.len() {
                self.err(
                    "B0811",
                    format!(
                        "incorrect number of parameters expect {} actual {}",
                        callee.params.len(),
                        args.len()
                    ),
                    span,
                );
                return None;
            }
            for (i, (a, p)) in args.iter().zip(&callee.params).enumerate() {
                if matches!(p.shape, ParamShape::Array(_)) {
                    self.err(
                        "B0819",
                        format!(
                            "argument {}: oclc does not pass gather or scatter arrays to sub-kernels yet",
                            i + 1
                        ),
                        a.span,
                    );
                    return None;
                }
                if p.is_out {
                    // An out stream of a sub-kernel takes one of the caller's output streams.
                    let caller_out = match &a.kind {
                        ExprKind::Ident(n) => f.params.iter().find(|q| {
                            &q.name == n
                                && q.is_out
                                && !q.is_reduce
                                && matches!(q.shape, ParamShape::Stream(_))
                        }),
                        _ => None,
                    };
                    match caller_out {
                        None => {
                            self.err(
                                "B0819",
                                format!("argument {}: Expected stream type/variable: an out stream argument must be one of the calling kernel's output streams", i + 1),
                                a.span,
                            );
                            return None;
                        }
                        Some(q) if q.ty != p.ty => {
                            self.err(
                                "B0820",
                                format!(
                                    "Mismatched type for argument {}: actual type is \"{}\" but expected type is \"{}\"",
                                    i + 1,
                                    q.ty,
                                    p.ty
                                ),
                                a.span,
                            );
                            return None;
                        }
                        Some(_) => continue,
                    }
                }
                let Some(t) = self.expr(a) else { continue };
                if t != p.ty {
                    if is_literal(a) && t.is_scalar() && p.ty.is_scalar() {
                        self.info.convs.insert(a.id, p.ty.clone());
                        continue;
                    }
                    let msg = format!(
                        "Mismatched type for argument {}: actual type is \"{t}\" but expected type is \"{}\"",
                        i + 1,
                        p.ty
                    );
                    if self.opts.strong_typing || t.prim().is_none() || p.ty.prim().is_none() {
                        self.err("B0820", msg, a.span);
                    } else {
                        self.warn(1, "B0908", msg, a.span);
                        self.info.convs.insert(a.id, p.ty.clone());
                    }
                }
            }
            if callee.kind == FuncKind::Kernel && callee.ret == Ty::Void {
                self.info.sub_kernels.insert(callee.name.clone());
            }
            return Some(callee.ret.clone());
        }
        let mut tys = Vec::new();
        for a in args {
            tys.push(self.expr(a)?);
        }
        // Integer literals given to float intrinsics become floats.
        match intrinsic_type(name, &tys) {
            Ok(t) => Some(t),
            Err(IntrinsicError::Unknown) => {
                self.err("B0821", format!("callee unknown: '{name}'"), span);
                None
            }
            Err(IntrinsicError::NoMatch(why)) => {
                let fixed: Vec<Ty> = args
                    .iter()
                    .zip(&tys)
                    .map(|(a, t)| {
                        if matches!(a.kind, ExprKind::Int(..)) {
                            Ty::scalar(Scalar::Float)
                        } else {
                            t.clone()
                        }
                    })
                    .collect();
                if fixed != tys {
                    if let Ok(t) = intrinsic_type(name, &fixed) {
                        for (a, t) in args.iter().zip(&fixed) {
                            if matches!(a.kind, ExprKind::Int(..)) {
                                self.info.convs.insert(a.id, t.clone());
                            }
                        }
                        return Some(t);
                    }
                }
                self.err(
                    "B0822",
                    format!("No matched built-in function found: {name}: {why}"),
                    span,
                );
                None
            }
        }
    }
}

fn is_literal(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(..) | ExprKind::Float(..) => true,
        ExprKind::Unary(UnOp::Neg | UnOp::Plus, x) => is_literal(x),
        _ => false,
    }
}

fn is_instance_in_group_x(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Member(b, x) if x == "x"
        && matches!(&b.kind, ExprKind::Call(n, a) if n == "instanceInGroup" && a.is_empty()))
}

/// Component index of a swizzle letter (xyzw or rgba).
pub(crate) fn swizzle_index(c: char) -> Option<u8> {
    match c {
        'x' | 'r' => Some(0),
        'y' | 'g' => Some(1),
        'z' | 'b' => Some(2),
        'w' | 'a' => Some(3),
        _ => None,
    }
}

/// True when every path through `stmts` ends in a return (approximate: last statement).
fn returns(stmts: &[Stmt]) -> bool {
    match stmts.last() {
        Some(Stmt::Return(..)) => true,
        Some(Stmt::If(_, a, Some(b))) => {
            returns(std::slice::from_ref(a)) && returns(std::slice::from_ref(b))
        }
        Some(Stmt::Block(b)) => returns(b),
        _ => false,
    }
}
