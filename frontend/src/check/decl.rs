//! Declarations: functions (prototypes and definitions, kernel rules, attributes),
//! program-scope variables, typedefs and local variables.

use super::types::SpecInfo;
use super::{address_const, consteval, Binding, Checker, FnCtx};
use crate::ast::{self, DeclSpec, Derived, Qualifier, StorageKw};
use crate::checked::{
    AddrSpace, CType, ConstInit, FuncId, Function, FunctionAttrs, GlobalId, GlobalVar, Initializer,
    Param, Stmt, VarInfo,
};
use crate::diagnostic::Diagnostic;
use crate::source::Span;

/// Function signature extracted from a declarator.
struct Sig {
    name: ast::Ident,
    ret: CType,
    params: Vec<(Option<ast::Ident>, CType, bool, Span)>,
    /// Parameters spelled with a pointer-sized integer type (`size_t`,
    /// `ptrdiff_t`, `intptr_t`, `uintptr_t`): name, type name, span.
    size_params: Vec<(String, String, Span)>,
    /// Per parameter: a pointer declared `restrict`.
    restrict: Vec<bool>,
    /// Attributes written after the declarator (`void k(...) __attribute__((...))`).
    attrs: Vec<ast::Attribute>,
}

impl Checker {
    /// Binds a typedef name; a redefinition in the same scope is allowed (C11) only
    /// with the same type.
    fn bind_typedef(&mut self, name: &ast::Ident, ty: CType, align: Option<u64>) {
        let previous = self.scopes.last().and_then(|s| s.get(&name.name));
        match previous {
            Some(Binding::Typedef(old, _)) if *old == ty => {}
            Some(Binding::Typedef(old, _)) => {
                let message = format!(
                    "typedef redefinition with different types ('{}' vs '{}')",
                    ty.display(),
                    old.display()
                );
                self.error(Diagnostic::error("E0309", message, name.span));
            }
            _ => self.bind(name, Binding::Typedef(ty, align)),
        }
    }

    /// The alignment a typedef declaration gives its name: its `aligned` attribute's, else
    /// the one of an aligned typedef it renames.
    fn typedef_align(&mut self, spec: &SpecInfo, decl: &ast::Declarator) -> Option<u64> {
        let attrs: Vec<ast::Attribute> = spec.attrs.iter().chain(&decl.attrs).cloned().collect();
        self.aligned_attr(&attrs)
            .or(spec.typedef_align.filter(|_| decl.derived.is_empty()))
    }

    fn signature(&mut self, spec: &SpecInfo, d: &ast::Declarator) -> Option<Sig> {
        let name = d.name.clone()?;
        let (Derived::Function(params, fn_span), rest) = d.derived.split_last()? else {
            return None;
        };
        if matches!(rest.last(), Some(Derived::Function(..))) {
            self.error(Diagnostic::error(
                "E0313",
                "function cannot return function type",
                *fn_span,
            ));
            return None;
        }
        // An address space in the specifiers qualifies the pointee of a returned pointer
        // (`__local int *f()`); on a value it is an error, as in clang.
        if spec.space.is_some() && rest.is_empty() {
            self.error(Diagnostic::error(
                "E0317",
                "return value cannot be qualified with address space",
                name.span,
            ));
        }
        let mut ret_spec = spec.clone();
        if rest.is_empty() {
            // Declared without the space, so that calls are not reported again.
            ret_spec.space = None;
        }
        let ret = self.apply_derived(&ret_spec, rest, false)?.ty;
        if matches!(ret, CType::Array { .. }) {
            self.error(Diagnostic::error(
                "E0313",
                format!("function cannot return array type '{}'", ret.display()),
                *fn_span,
            ));
            return None;
        }
        if ret == CType::Scalar(crate::checked::ScalarKind::Half)
            && !self.require_fp16(
                name.span,
                "declaring function return value of type 'half' is not allowed; did you forget * ?",
            )
        {
            return None;
        }
        if super::opaque::is_image_or_sampler(&ret) {
            self.error(Diagnostic::error(
                "E0304",
                format!(
                    "declaring function return value of type '{}' is not allowed",
                    ret.display()
                ),
                name.span,
            ));
            return None;
        }
        let mut out = Vec::new();
        let mut size_params = Vec::new();
        let mut restrict = Vec::new();
        let void_only = params.len() == 1
            && params[0].declarator.name.is_none()
            && params[0].declarator.derived.is_empty()
            && self
                .resolve_specs(&params[0].specs)
                .is_some_and(|s| s.ty == CType::Void);
        if !void_only {
            for p in params {
                let ps = self.resolve_specs(&p.specs)?;
                let dt = self.apply_derived(&ps, &p.declarator.derived, true)?;
                if dt.ty == CType::Void {
                    self.error(Diagnostic::error(
                        "E0312",
                        "parameter has type 'void'",
                        p.span,
                    ));
                    return None;
                }
                if dt.space.is_some_and(|s| s != AddrSpace::Private) {
                    self.error(Diagnostic::error(
                        "E0317",
                        "parameter may not be qualified with an address space other than __private",
                        p.span,
                    ));
                    return None;
                }
                if dt.ty == CType::Scalar(crate::checked::ScalarKind::Half)
                    && !self.require_fp16(
                        p.span,
                        "declaring function parameter of type 'half' is not allowed; did you forget * ?",
                    )
                {
                    return None;
                }
                if let Some(t) = pointer_sized_type_name(p) {
                    let pname = p.declarator.name.as_ref().map_or("", |n| n.name.as_str());
                    size_params.push((pname.to_string(), t, p.span));
                }
                out.push((p.declarator.name.clone(), dt.ty, dt.is_const, p.span));
                restrict.push(matches!(
                    p.declarator.derived.last(),
                    Some(Derived::Pointer(quals, _))
                        if quals.iter().any(|q| matches!(q, DeclSpec::Qual(Qualifier::Restrict, _)))
                ));
            }
        }
        Some(Sig {
            name,
            ret,
            params: out,
            size_params,
            restrict,
            attrs: d.attrs.clone(),
        })
    }

    fn attrs(&mut self, spec: &SpecInfo) -> FunctionAttrs {
        let mut a = FunctionAttrs::default();
        for at in &spec.attrs {
            let name = at.name.trim_matches('_');
            match name {
                "reqd_work_group_size" | "work_group_size_hint" => {
                    let vals: Vec<u32> = at
                        .args
                        .iter()
                        .filter_map(|x| match x {
                            ast::AttrArg::Expr(e) => self.const_int(e).map(|v| v as u32),
                            ast::AttrArg::Type(_) => None,
                        })
                        .collect();
                    if vals.len() != 3 || vals.contains(&0) {
                        self.error(Diagnostic::error(
                            "E0319",
                            format!("'{name}' requires three positive integer arguments"),
                            at.span,
                        ));
                        continue;
                    }
                    let v = Some([vals[0], vals[1], vals[2]]);
                    if name == "reqd_work_group_size" {
                        a.reqd_work_group_size = v;
                    } else {
                        a.work_group_size_hint = v;
                    }
                }
                "vec_type_hint" => {
                    let [ast::AttrArg::Type(t)] = at.args.as_slice() else {
                        self.error(Diagnostic::error(
                            "E0319",
                            "'vec_type_hint' requires one type argument",
                            at.span,
                        ));
                        continue;
                    };
                    match self.resolve_type_name(t) {
                        Some(t @ (CType::Scalar(_) | CType::Vector(..))) => {
                            a.vec_type_hint = Some(t)
                        }
                        Some(t) => self.error(Diagnostic::error(
                            "E0319",
                            format!(
                                "invalid 'vec_type_hint' argument '{}': expected a vector or vectorizable scalar type",
                                t.display()
                            ),
                            at.span,
                        )),
                        None => {}
                    }
                }
                "always_inline" | "noinline" | "overloadable" | "const" | "pure" | "nosvm" => {}
                _ => self.diags.push(Diagnostic::warning(
                    "W0300",
                    format!("unknown attribute '{}' ignored", at.name),
                    at.span,
                )),
            }
        }
        a
    }

    /// Registers (or re-declares) a function and returns its id.
    fn declare_function(&mut self, spec: &SpecInfo, sig: &Sig, span: Span) -> Option<FuncId> {
        let attrs = if sig.attrs.is_empty() {
            self.attrs(spec)
        } else {
            let mut with_trailing = spec.clone();
            with_trailing.attrs.extend(sig.attrs.iter().cloned());
            self.attrs(&with_trailing)
        };
        if spec.kernel {
            self.kernel_rules(sig);
        }
        if sig.name.name == "main" {
            let what = if spec.kernel { "kernel" } else { "function" };
            self.error(Diagnostic::error(
                "E0309",
                format!("{what} cannot be called 'main'"),
                sig.name.span,
            ));
        }
        if super::builtins::is_builtin(&sig.name.name) {
            self.error(Diagnostic::error(
                "E0309",
                format!("redefinition of built-in function '{}'", sig.name.name),
                sig.name.span,
            ));
            return None;
        }
        let params: Vec<Param> = sig
            .params
            .iter()
            .enumerate()
            .map(|(i, (n, t, _, _))| Param {
                name: n.as_ref().map(|n| n.name.clone()).unwrap_or_default(),
                ty: t.clone(),
                var: crate::checked::VarId(i as u32),
                is_restrict: sig.restrict.get(i).copied().unwrap_or(false),
            })
            .collect();
        let overloadable = super::overload::has_overloadable(&spec.attrs)
            || super::overload::has_overloadable(&sig.attrs);
        if overloadable || self.overloads.contains_key(&sig.name.name) {
            return self.declare_overload(super::overload::OverloadDecl {
                name: &sig.name,
                ret: sig.ret.clone(),
                params,
                attrs,
                overloadable,
                kernel: spec.kernel,
                span,
            });
        }
        if let Some(&id) = self.func_names.get(&sig.name.name) {
            let f = &self.functions[id.0 as usize];
            let same = f.ret == sig.ret
                && f.params.len() == params.len()
                && f.params.iter().zip(&params).all(|(a, b)| a.ty == b.ty)
                && f.is_kernel == spec.kernel;
            if !same {
                self.error(
                    Diagnostic::error(
                        "E0309",
                        format!("conflicting types for '{}'", sig.name.name),
                        sig.name.span,
                    )
                    .with_secondary(f.span, "previous declaration is here"),
                );
                return None;
            }
            return Some(id);
        }
        let id = FuncId(self.functions.len() as u32);
        self.functions.push(Function {
            name: sig.name.name.clone(),
            is_kernel: spec.kernel,
            attrs,
            ret: sig.ret.clone(),
            params,
            vars: Vec::new(),
            body: None,
            span,
        });
        self.defined.push(false);
        self.func_names.insert(sig.name.name.clone(), id);
        Some(id)
    }

    fn kernel_rules(&mut self, sig: &Sig) {
        if sig.ret != CType::Void {
            self.error(
                Diagnostic::error("E0304", "kernel must have void return type", sig.name.span)
                    .with_label(format!(
                        "kernel '{}' returns '{}'",
                        sig.name.name,
                        sig.ret.display()
                    )),
            );
        }
        for (name, ty, _, span) in &sig.params {
            let pname = name.as_ref().map_or("", |n| n.name.as_str());
            match ty {
                CType::Pointer { space: AddrSpace::Private, .. } => self.error(Diagnostic::error(
                    "E0305",
                    format!("kernel parameter '{pname}' cannot be a pointer to the __private address space"),
                    *span,
                )),
                CType::Pointer { space: AddrSpace::Generic, .. } => self.error(Diagnostic::error(
                    "E0305",
                    format!("kernel parameter '{pname}': pointer arguments to kernel functions must reside in '__global', '__constant' or '__local' address space"),
                    *span,
                )),
                CType::Pointer { pointee, .. } if pointee.is_pointer() => self.error(Diagnostic::error(
                    "E0305",
                    format!("kernel parameter '{pname}' cannot be a pointer to a pointer"),
                    *span,
                )),
                CType::Opaque(crate::checked::OpaqueKind::Event) => self.error(Diagnostic::error(
                    "E0305",
                    format!("kernel parameter '{pname}' cannot have type 'event_t'"),
                    *span,
                )),
                CType::Struct(s) if struct_has_pointer(s) => self.error(Diagnostic::error(
                    "E0305",
                    format!("kernel parameter '{pname}' cannot be a struct containing a pointer ('{}')", ty.display()),
                    *span,
                )),
                CType::Bool | CType::Scalar(crate::checked::ScalarKind::Half) => self.error(Diagnostic::error(
                    "E0305",
                    format!("kernel parameter '{pname}' cannot have type '{}'", ty.display()),
                    *span,
                )),
                _ => {}
            }
        }
        for (pname, tname, span) in &sig.size_params {
            self.error(Diagnostic::error(
                "E0305",
                format!("kernel parameter '{pname}' cannot have type '{tname}'"),
                *span,
            ));
        }
    }

    pub(crate) fn function_def(&mut self, f: &ast::FunctionDef) {
        let Some(spec) = self.resolve_specs(&f.specs) else {
            return;
        };
        let errors_before = self.diags.error_count();
        let Some(sig) = self.signature(&spec, &f.declarator) else {
            if self.diags.error_count() == errors_before {
                self.error(Diagnostic::error(
                    "E0312",
                    "invalid function declarator",
                    f.declarator.span,
                ));
            }
            return;
        };
        let Some(id) = self.declare_function(&spec, &sig, f.span) else {
            return;
        };
        if self.defined[id.0 as usize] {
            self.error(Diagnostic::error(
                "E0309",
                format!("redefinition of '{}'", sig.name.name),
                sig.name.span,
            ));
            return;
        }
        self.defined[id.0 as usize] = true;
        self.cur = Some(FnCtx {
            vars: Vec::new(),
            ret: sig.ret.clone(),
            is_kernel: spec.kernel,
            loop_depth: 0,
            switch_depth: 0,
            name: sig.name.name.clone(),
            id,
            labels: Vec::new(),
            gotos: Vec::new(),
            leaving_stmt_expr: false,
            case_labels: Vec::new(),
            case_label_count: 0,
        });
        self.push_scope();
        for (name, ty, is_const, span) in &sig.params {
            let v = self.new_var(VarInfo {
                name: name.as_ref().map(|n| n.name.clone()).unwrap_or_default(),
                ty: ty.clone(),
                space: AddrSpace::Private,
                is_const: *is_const,
                is_param: true,
                span: *span,
            });
            if let Some(n) = name {
                self.bind(n, Binding::Var(v));
            }
        }
        let body = self.block_stmts(&f.body);
        self.check_gotos();
        self.pop_scope();
        let ctx = self.cur.take().expect("function context");
        let old = self.functions[id.0 as usize].attrs.clone();
        let attrs = self.attrs_cache_merge(old, &spec);
        let func = &mut self.functions[id.0 as usize];
        func.vars = ctx.vars;
        func.body = Some(body);
        func.span = f.span;
        func.attrs = attrs;
    }

    fn attrs_cache_merge(&mut self, old: FunctionAttrs, spec: &SpecInfo) -> FunctionAttrs {
        if spec.attrs.is_empty() {
            old
        } else {
            let mut quiet = std::mem::take(&mut self.diags);
            let a = self.attrs(spec);
            std::mem::swap(&mut quiet, &mut self.diags);
            a
        }
    }

    pub(crate) fn global_decl(&mut self, d: &ast::Declaration) {
        let Some(spec) = self.resolve_specs(&d.specs) else {
            return;
        };
        for id in &d.declarators {
            let decl = &id.declarator;
            if matches!(decl.derived.last(), Some(Derived::Function(..))) {
                if let Some(sig) = self.signature(&spec, decl) {
                    self.declare_function(&spec, &sig, d.span);
                }
                continue;
            }
            let Some(name) = decl.name.clone() else {
                continue;
            };
            let sized = sized_by_initializer(&spec.ty, decl, id.init.as_ref());
            let derived: &[Derived] = sized.as_deref().unwrap_or(&decl.derived);
            let Some(dt) = self.apply_derived(&spec, derived, false) else {
                continue;
            };
            if spec.storage == Some(StorageKw::Typedef) {
                let align = self.typedef_align(&spec, decl);
                self.bind_typedef(&name, dt.ty, align);
                continue;
            }
            // Program-scope `sampler_t` variables are implicitly in the constant space.
            let is_sampler = matches!(dt.ty, CType::Opaque(crate::checked::OpaqueKind::Sampler));
            if is_sampler && !self.program_sampler_ok(&dt, name.span) {
                continue;
            }
            if dt.space != Some(AddrSpace::Constant) && !is_sampler {
                self.error(Diagnostic::error(
                    "E0317",
                    "program scope variable must reside in constant address space",
                    name.span,
                ));
                // Still bind the name so that later uses are not reported as
                // undeclared; the program is rejected anyway.
                let gid = GlobalId(self.globals.len() as u32);
                self.globals.push(GlobalVar {
                    name: name.name.clone(),
                    ty: dt.ty,
                    space: AddrSpace::Constant,
                    init: None,
                    span: name.span,
                });
                self.bind(&name, Binding::Global(gid));
                continue;
            }
            let init = match &id.init {
                Some(i) => match self.program_initializer(i, &dt.ty) {
                    ProgramInit::Value(v) => v,
                    ProgramInit::Address(e) => {
                        self.bind(&name, Binding::ConstAddress(Box::new(e)));
                        continue;
                    }
                },
                None => {
                    self.error(Diagnostic::error(
                        "E0314",
                        "variable in constant address space must be initialized",
                        name.span,
                    ));
                    None
                }
            };
            let gid = GlobalId(self.globals.len() as u32);
            self.globals.push(GlobalVar {
                name: name.name.clone(),
                ty: dt.ty,
                space: AddrSpace::Constant,
                init,
                span: name.span,
            });
            self.bind(&name, Binding::Global(gid));
        }
    }

    /// The initializer of a program-scope variable: folded to constants, or, for a pointer,
    /// an address constant the variable's name stands for.
    fn program_initializer(&mut self, i: &ast::Initializer, ty: &CType) -> ProgramInit {
        let Some(checked) = self.initializer(i, ty) else {
            return ProgramInit::Value(None);
        };
        if let (CType::Pointer { .. }, Initializer::Expr(e)) = (ty, &checked) {
            if address_const::is_address_constant(e) {
                return ProgramInit::Address(e.clone());
            }
        }
        ProgramInit::Value(self.fold_program_init(&checked, i.span()))
    }

    fn fold_program_init(&mut self, checked: &Initializer, span: Span) -> Option<ConstInit> {
        let globals = &self.globals;
        let r = fold_init(checked, &|g| globals.get(g.0 as usize)?.init.clone());
        if r.is_none() {
            self.error(Diagnostic::error(
                "E0314",
                "initializer element is not a compile-time constant",
                span,
            ));
        }
        r
    }

    /// Local declaration statement(s).
    pub(crate) fn local_decl(&mut self, d: &ast::Declaration, out: &mut Vec<Stmt>) {
        let Some(spec) = self.resolve_specs(&d.specs) else {
            return;
        };
        for id in &d.declarators {
            let decl = &id.declarator;
            let Some(name) = decl.name.clone() else {
                continue;
            };
            if matches!(decl.derived.last(), Some(Derived::Function(..))) {
                if let Some(sig) = self.signature(&spec, decl) {
                    self.declare_function(&spec, &sig, d.span);
                }
                continue;
            }
            let sized = sized_by_initializer(&spec.ty, decl, id.init.as_ref());
            let derived: &[Derived] = sized.as_deref().unwrap_or(&decl.derived);
            let Some(dt) = self.apply_derived(&spec, derived, false) else {
                continue;
            };
            if spec.storage == Some(StorageKw::Typedef) {
                let align = self.typedef_align(&spec, decl);
                self.bind_typedef(&name, dt.ty, align);
                continue;
            }
            if matches!(spec.storage, Some(StorageKw::Static | StorageKw::Extern)) {
                self.error(Diagnostic::error(
                    "E0313",
                    "static and extern local variables are not supported",
                    name.span,
                ));
                continue;
            }
            if self.reject_storage(spec.storage, name.span) {
                continue;
            }
            if !self.complete_object_type(&dt.ty, name.span, &format!("variable '{}'", name.name)) {
                continue;
            }
            if super::half::is_half_object(&dt.ty)
                && !self.require_fp16(
                    name.span,
                    format!(
                        "declaring variable of type '{}' is not allowed",
                        dt.ty.display()
                    ),
                )
            {
                continue;
            }
            if matches!(&dt.ty, CType::Opaque(k) if k.is_image()) {
                self.error(Diagnostic::error(
                    "E0305",
                    format!("variable '{}' cannot have image type '{}' (images are only allowed as parameters)", name.name, dt.ty.display()),
                    name.span,
                ));
                continue;
            }
            // A variable with an invalid address space is still bound (and then
            // dropped) so that later uses do not report it as undeclared.
            let (space, valid) = match dt.space {
                Some(AddrSpace::Constant) if id.init.is_none() => {
                    self.error(Diagnostic::error(
                        "E0314",
                        "variable in constant address space must be initialized",
                        name.span,
                    ));
                    (AddrSpace::Private, false)
                }
                None | Some(AddrSpace::Private) | Some(AddrSpace::Constant) => {
                    (AddrSpace::Private, true)
                }
                Some(AddrSpace::Local) => {
                    let kernel = self.cur.as_ref().is_some_and(|c| c.is_kernel);
                    if !kernel {
                        self.error(Diagnostic::error(
                            "E0317",
                            "non-kernel function variable cannot be declared in local address space",
                            name.span,
                        ));
                        (AddrSpace::Local, false)
                    } else if id.init.is_some() {
                        self.error(Diagnostic::error(
                            "E0314",
                            "'__local' variable cannot have an initializer",
                            name.span,
                        ));
                        (AddrSpace::Local, false)
                    } else {
                        (AddrSpace::Local, true)
                    }
                }
                Some(AddrSpace::Global) => {
                    self.error(Diagnostic::error(
                        "E0317",
                        "function scope variable cannot be declared in global address space",
                        name.span,
                    ));
                    (AddrSpace::Private, false)
                }
                Some(AddrSpace::Generic) => {
                    self.error(Diagnostic::error(
                        "E0317",
                        "automatic variable qualified with an invalid address space",
                        name.span,
                    ));
                    (AddrSpace::Private, false)
                }
            };
            let is_const = dt.is_const || dt.space == Some(AddrSpace::Constant);
            let var = self.new_var(VarInfo {
                name: name.name.clone(),
                ty: dt.ty.clone(),
                space,
                is_const,
                is_param: false,
                span: name.span,
            });
            // C: the variable is in scope in its own initializer (`int x = sizeof(x);`).
            self.bind(&name, Binding::Var(var));
            let init = match &id.init {
                Some(i) if valid => self.initializer(i, &dt.ty),
                _ => None,
            };
            if valid {
                out.push(Stmt::Decl { var, init });
            }
        }
    }

    /// Name of the function being checked.
    pub(crate) fn current_fn_name(&self) -> String {
        self.cur
            .as_ref()
            .map(|c| c.name.clone())
            .unwrap_or_default()
    }
}

/// What a program-scope variable's initializer gives it.
enum ProgramInit {
    /// Folded constants (`None` when they could not be folded; reported).
    Value(Option<ConstInit>),
    /// The address constant a `__constant` pointer stands for.
    Address(crate::checked::Expr),
}

fn fold_init(
    i: &Initializer,
    globals: &dyn Fn(GlobalId) -> Option<ConstInit>,
) -> Option<ConstInit> {
    match i {
        Initializer::Expr(e) => consteval::eval_in(e, globals),
        Initializer::List(l) => Some(ConstInit::List(
            l.iter()
                .map(|x| fold_init(x, globals))
                .collect::<Option<Vec<_>>>()?,
        )),
        Initializer::Zero => Some(ConstInit::Int(0)),
    }
}

/// `T a[] = { x, y, ... }`: the declarator with the array length set to the number of
/// elements (for arrays of scalars, and for arrays whose elements are all brace lists).
/// Items may start with an `[index]` designator: the length is then the largest
/// `index + 1 + items that follow it` (a constant expression the caller evaluates).
/// `char s[] = "abc"` (or `{"abc"}`) gets the literal's length with its NUL.
pub(super) fn sized_by_initializer(
    base: &CType,
    decl: &ast::Declarator,
    init: Option<&ast::Initializer>,
) -> Option<Vec<Derived>> {
    let (Some(Derived::Array(None, sp)), Some(init)) = (decl.derived.last(), init) else {
        return None;
    };
    let int_lit = |n: usize| ast::Expr {
        kind: ast::ExprKind::IntLit(n.to_string()),
        span: *sp,
    };
    let len = match init {
        ast::Initializer::Expr(e) => string_init_len(base, decl, e).map(int_lit)?,
        ast::Initializer::List(items, _) => {
            let braced_string = match items.as_slice() {
                [item] if item.designators.is_empty() => match &item.init {
                    ast::Initializer::Expr(e) => string_init_len(base, decl, e),
                    _ => None,
                },
                _ => None,
            };
            match braced_string {
                Some(n) => int_lit(n),
                None => list_len(base, decl, items, *sp)?,
            }
        }
    };
    let mut d = decl.derived.clone();
    *d.last_mut().expect("array declarator") = Derived::Array(Some(Box::new(len)), *sp);
    Some(d)
}

/// Length of `char a[]` initialized by string literal `e` (bytes plus the NUL).
fn string_init_len(base: &CType, decl: &ast::Declarator, e: &ast::Expr) -> Option<usize> {
    let ast::ExprKind::StrLit(parts) = &e.kind else {
        return None;
    };
    if decl.derived.len() != 1
        || !matches!(
            base,
            CType::Scalar(crate::checked::ScalarKind::Char | crate::checked::ScalarKind::UChar)
        )
    {
        return None;
    }
    let mut n = 1;
    for p in parts {
        n += crate::literal::parse_string(p).ok()?.len();
    }
    Some(n)
}

/// The length expression of an unsized array initialized by brace list `items`.
fn list_len(
    base: &CType,
    decl: &ast::Declarator,
    items: &[ast::InitItem],
    sp: Span,
) -> Option<ast::Expr> {
    let ok = !items.is_empty()
        && items
            .iter()
            .all(|it| matches!(it.designators.as_slice(), [] | [ast::Designator::Index(..)]))
        && (items
            .iter()
            .all(|it| matches!(it.init, ast::Initializer::List(..)))
            || (decl.derived.len() == 1 && matches!(base, CType::Scalar(_))));
    if !ok {
        return None;
    }
    let expr = |kind| ast::Expr { kind, span: sp };
    let int_lit = |n: usize| expr(ast::ExprKind::IntLit(n.to_string()));
    // Each `[index]` item starts a run of consecutive elements; track each run's end.
    let mut ends: Vec<ast::Expr> = Vec::new();
    let mut start: Option<ast::Expr> = None;
    let mut count = 0usize;
    let run_end = |start: &Option<ast::Expr>, count: usize| match start {
        None => int_lit(count),
        Some(s) => expr(ast::ExprKind::Binary(
            ast::BinaryOp::Add,
            Box::new(expr(ast::ExprKind::Paren(Box::new(s.clone())))),
            Box::new(int_lit(count)),
        )),
    };
    for it in items {
        if let Some(ast::Designator::Index(index, _)) = it.designators.first() {
            ends.push(run_end(&start, count));
            start = Some(index.clone());
            count = 0;
        }
        count += 1;
    }
    ends.push(run_end(&start, count));
    // The largest end, as nested `a > b ? a : b`.
    ends.into_iter().reduce(|a, b| {
        let (pa, pb) = (
            expr(ast::ExprKind::Paren(Box::new(a))),
            expr(ast::ExprKind::Paren(Box::new(b))),
        );
        expr(ast::ExprKind::Ternary(
            Box::new(expr(ast::ExprKind::Binary(
                ast::BinaryOp::Gt,
                Box::new(pa.clone()),
                Box::new(pb.clone()),
            ))),
            Box::new(pa),
            Box::new(pb),
        ))
    })
}

/// The pointer-sized integer type name (`size_t`, ...) a non-pointer parameter
/// is spelled with, if any.
fn pointer_sized_type_name(p: &ast::ParamDecl) -> Option<String> {
    if !p.declarator.derived.is_empty() {
        return None;
    }
    p.specs.items.iter().find_map(|it| match it {
        ast::DeclSpec::TypeName(n, _)
            if matches!(
                n.as_str(),
                "size_t" | "ptrdiff_t" | "intptr_t" | "uintptr_t"
            ) =>
        {
            Some(n.clone())
        }
        _ => None,
    })
}

/// Whether a struct (or a nested struct or array member) holds a pointer.
fn struct_has_pointer(s: &crate::checked::StructRef) -> bool {
    fn has(ty: &CType) -> bool {
        match ty {
            CType::Pointer { .. } => true,
            CType::Struct(s) => struct_has_pointer(s),
            CType::Array { elem, .. } => has(elem),
            _ => false,
        }
    }
    s.layout()
        .is_some_and(|l| l.fields.iter().any(|f| has(&f.ty)))
}

#[cfg(test)]
mod tests {
    use crate::source::SourceMap;
    use crate::{compile_to_checked, FrontendOptions};

    /// Compiles `src` and returns its rendered diagnostics (empty when accepted).
    fn diagnostics(src: &str) -> String {
        let mut map = SourceMap::new();
        let file = map.add("t.cl".to_string(), src);
        let out = compile_to_checked(&mut map, file, &FrontendOptions::default());
        out.diagnostics.render(&map)
    }

    #[test]
    fn typedef_redefinition_with_the_same_type_is_accepted() {
        // clang-14 accepts this (a C11 feature warning only).
        let src = "typedef int T;\ntypedef int T;\ntypedef float *P;\ntypedef float *P;\n\
                   __kernel void k(__global T *o) { P p = 0; o[0] = (T)1 + (p == 0); }\n";
        assert_eq!(diagnostics(src), "");
    }
}
