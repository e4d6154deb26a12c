//! Lowering of one function: parameters, variables and the body.

use oclc_ir::fx::HashSet;
use std::cell::RefCell;

use oclc_frontend::checked::{self as ck, CType, CheckedProgram};
use oclc_frontend::source::Span;

use super::imports::Imports;
use super::string_literals::StringLiterals;
use super::{limits, types, LowerError};
use oclc_ir::builder::FunctionBuilder;
use oclc_ir::module::{FuncId, Function, FunctionKind, KernelAttrs, LocalId, Stmt};
use oclc_ir::op::{Const, Op, ValueId};
use oclc_ir::types::{AddressSpace, ScalarType, Type, TypeId, TypeTable};

/// Where a source variable lives in the IR.
#[derive(Clone, Copy, Debug)]
pub enum Binding {
    /// In memory (a private or work-group variable).
    Local(LocalId),
    /// A parameter never written nor addressed: its value.
    Value(ValueId),
}

/// State while lowering one function.
pub struct FnLower<'a, 't> {
    /// The whole checked program (for callee signatures).
    pub program: &'a CheckedProgram,
    /// IR ids of the checked functions (None for body-less prototypes).
    pub func_ids: &'a [Option<FuncId>],
    /// The body-less functions called so far (each an IR import).
    pub imports: &'a RefCell<Imports>,
    /// The string literals used as values so far (each a `__constant` global).
    pub strings: &'a RefCell<StringLiterals>,
    /// The function being built.
    pub b: FunctionBuilder<'t>,
    /// Where each source variable lives, by `VarId`.
    pub vars: Vec<Option<Binding>>,
    /// The source function.
    pub source: &'a ck::Function,
}

impl FnLower<'_, '_> {
    /// An error at `span`.
    pub fn unsupported<T>(&self, span: Span, message: impl Into<String>) -> Result<T, LowerError> {
        Err(LowerError {
            message: message.into(),
            span,
        })
    }

    /// The type table.
    pub fn types(&mut self) -> &mut TypeTable {
        self.b.types
    }

    /// IR value type of a checked type.
    pub fn vty(&mut self, ty: &CType) -> TypeId {
        types::value_type(self.b.types, ty)
    }

    /// IR storage type of a checked type.
    pub fn sty(&mut self, ty: &CType) -> TypeId {
        types::storage_type(self.b.types, ty)
    }

    /// Emits a scalar constant.
    pub fn konst(&mut self, c: Const) -> ValueId {
        self.b.constant(c)
    }

    /// Emits a constant of IR type `ty` (scalar or vector splat) with integer value `v`.
    pub fn const_of(&mut self, ty: TypeId, v: i64) -> ValueId {
        let s = self
            .b
            .types
            .scalar_of(ty)
            .expect("constant of non-numeric type");
        let c = self.konst(types::int_const(s, v));
        if types::is_vector(self.b.types, ty) {
            self.b.emit(Op::Splat { value: c, to: ty }, ty)
        } else {
            c
        }
    }

    /// Emits a float constant of IR type `ty` (scalar or vector splat).
    pub fn fconst_of(&mut self, ty: TypeId, v: f64) -> ValueId {
        let s = self
            .b
            .types
            .scalar_of(ty)
            .expect("constant of non-numeric type");
        let c = self.konst(Const::float(s, v));
        if types::is_vector(self.b.types, ty) {
            self.b.emit(Op::Splat { value: c, to: ty }, ty)
        } else {
            c
        }
    }

    /// A plain numeric conversion to `to`.
    pub fn convert(&mut self, value: ValueId, to: TypeId) -> ValueId {
        if self.b.value_type(value) == to {
            return value;
        }
        self.b.emit(
            Op::Convert {
                value,
                to,
                saturate: false,
                rounding: Default::default(),
            },
            to,
        )
    }

    /// The IR bool (vector) type with the lane count of `ty`.
    pub fn bool_like(&mut self, ty: TypeId) -> TypeId {
        let lanes = self.b.types.lanes_of(ty).unwrap_or(1);
        self.b.types.vector(ScalarType::Bool, lanes)
    }

    /// True when the IR type is a vector.
    pub fn is_vec(&self, ty: TypeId) -> bool {
        matches!(self.b.types.get(ty), Type::Vector { .. })
    }

    /// Creates a fresh private temporary variable.
    pub fn temp(&mut self, name: &str, ty: TypeId) -> LocalId {
        self.b.local(name, ty, AddressSpace::Private)
    }
}

/// Variables written or addressed anywhere in a body (so parameters among them need memory).
fn written_vars(body: &[ck::Stmt]) -> HashSet<u32> {
    let mut out = HashSet::default();
    fn lv(l: &ck::LValue, out: &mut HashSet<u32>) {
        match &l.kind {
            ck::LValueKind::Var(v) => {
                out.insert(v.0);
            }
            ck::LValueKind::ArrayIndex { base, .. }
            | ck::LValueKind::VectorLane { base, .. }
            | ck::LValueKind::Components { base, .. }
            | ck::LValueKind::Field { base, .. } => lv(base, out),
            _ => {}
        }
    }
    fn ex(e: &ck::Expr, out: &mut HashSet<u32>) {
        use ck::ExprKind::*;
        match &e.kind {
            // The target's own expressions may write too: `*p++ = x`, `a[n++] = x`.
            Assign { target, value } | CompoundAssign { target, value, .. } => {
                lv(target, out);
                walk_lvalue_exprs(target, out);
                ex(value, out);
            }
            IncDec { target, .. } | AddrOf(target) | ArrayDecay(target) => {
                lv(target, out);
                walk_lvalue_exprs(target, out);
            }
            Load(l) => walk_lvalue_exprs(l, out),
            Convert(a) | Splat(a) | PtrCast(a) | PtrToInt(a) | IntToPtr(a) => ex(a, out),
            Unary { expr, .. } => ex(expr, out),
            Binary { lhs, rhs, .. } | Logical { lhs, rhs, .. } | PtrDiff { lhs, rhs } => {
                ex(lhs, out);
                ex(rhs, out);
            }
            PtrAdd { ptr, offset } => {
                ex(ptr, out);
                ex(offset, out);
            }
            Ternary { cond, then, els } => {
                ex(cond, out);
                ex(then, out);
                ex(els, out);
            }
            Swizzle { base, .. } => ex(base, out),
            VectorLiteral(parts) => parts.iter().for_each(|p| ex(p, out)),
            CallUser { args, .. } | CallBuiltin { args, .. } => {
                args.iter().for_each(|a| ex(a, out))
            }
            Comma(a, b) => {
                ex(a, out);
                ex(b, out);
            }
            IntConst(_) | FloatConst(_) | StringLit(_) => {}
            StmtExpr { body, value } => {
                body.iter().for_each(|s| st(s, out));
                if let Some(v) = value {
                    ex(v, out);
                }
            }
        }
    }
    fn walk_lvalue_exprs(l: &ck::LValue, out: &mut HashSet<u32>) {
        match &l.kind {
            ck::LValueKind::Deref(e) => ex(e, out),
            ck::LValueKind::ArrayIndex { base, index }
            | ck::LValueKind::VectorLane { base, index } => {
                walk_lvalue_exprs(base, out);
                ex(index, out);
            }
            ck::LValueKind::Components { base, .. } => walk_lvalue_exprs(base, out),
            // Members are addressed through their struct's memory.
            ck::LValueKind::Field { base, .. } => {
                lv(base, out);
                walk_lvalue_exprs(base, out);
            }
            _ => {}
        }
    }
    fn st(s: &ck::Stmt, out: &mut HashSet<u32>) {
        match s {
            ck::Stmt::Expr(e) => ex(e, out),
            ck::Stmt::Decl { init, .. } => {
                fn init_walk(i: &ck::Initializer, out: &mut HashSet<u32>) {
                    match i {
                        ck::Initializer::Expr(e) => ex(e, out),
                        ck::Initializer::List(l) => l.iter().for_each(|i| init_walk(i, out)),
                        ck::Initializer::Zero => {}
                    }
                }
                if let Some(i) = init {
                    init_walk(i, out);
                }
            }
            ck::Stmt::Block(b) => b.iter().for_each(|s| st(s, out)),
            ck::Stmt::If { cond, then, els } => {
                ex(cond, out);
                st(then, out);
                if let Some(e) = els {
                    st(e, out);
                }
            }
            ck::Stmt::While { cond, body, .. } | ck::Stmt::DoWhile { body, cond, .. } => {
                ex(cond, out);
                st(body, out);
            }
            ck::Stmt::For {
                init,
                cond,
                step,
                body,
                ..
            } => {
                init.iter().for_each(|s| st(s, out));
                if let Some(c) = cond {
                    ex(c, out);
                }
                if let Some(s) = step {
                    ex(s, out);
                }
                st(body, out);
            }
            ck::Stmt::Return(Some(e)) => ex(e, out),
            ck::Stmt::Switch { cond, cases } => {
                ex(cond, out);
                cases
                    .iter()
                    .for_each(|c| c.body.iter().for_each(|s| st(s, out)));
            }
            ck::Stmt::Break
            | ck::Stmt::Continue
            | ck::Stmt::Return(None)
            | ck::Stmt::Label(_)
            | ck::Stmt::Goto { .. } => {}
        }
    }
    body.iter().for_each(|s| st(s, &mut out));
    out
}

/// Lowers one function that has a body.
pub fn lower_function(
    program: &CheckedProgram,
    func_ids: &[Option<FuncId>],
    imports: &RefCell<Imports>,
    strings: &RefCell<StringLiterals>,
    types_table: &mut TypeTable,
    f: &ck::Function,
) -> Result<Function, LowerError> {
    let body = f.body.as_ref().expect("lower_function needs a body");
    let kind = if f.is_kernel {
        FunctionKind::Kernel(KernelAttrs {
            reqd_work_group_size: f.attrs.reqd_work_group_size,
            work_group_size_hint: f.attrs.work_group_size_hint,
            vec_type_hint: f.attrs.vec_type_hint.as_ref().and_then(|t| {
                let ir = types::value_type(types_table, t);
                let scalar = types_table.scalar_of(ir)?;
                Some((scalar, types_table.lanes_of(ir)?))
            }),
            ..KernelAttrs::default()
        })
    } else {
        FunctionKind::Helper
    };
    let ret = types::value_type(types_table, &f.ret);
    let b = FunctionBuilder::new(types_table, &f.name, kind, ret);
    let mut cx = FnLower {
        program,
        func_ids,
        imports,
        strings,
        b,
        vars: vec![None; f.vars.len()],
        source: f,
    };
    let written = written_vars(body);
    let mut param_values = Vec::new();
    for p in &f.params {
        let ty = cx.vty(&p.ty);
        let v = cx.b.param(&p.name, ty);
        if let Some(last) = cx.b.params_mut().last_mut() {
            last.type_name = p.ty.display();
            last.is_const = matches!(&p.ty, CType::Pointer { is_const: true, .. });
            last.is_restrict = p.is_restrict;
        }
        param_values.push((p.var, v));
    }
    for (var, v) in param_values {
        if written.contains(&var.0) {
            let info = &f.vars[var.0 as usize];
            let sty = cx.sty(&info.ty);
            let local = cx.b.local(&info.name, sty, AddressSpace::Private);
            let addr = cx.b.local_addr(local);
            let stored = cx.storage_form(v, &info.ty);
            cx.b.store(addr, stored);
            cx.vars[var.0 as usize] = Some(Binding::Local(local));
        } else {
            cx.vars[var.0 as usize] = Some(Binding::Value(v));
        }
    }
    let mut private = limits::Budget::private(&f.name);
    for (i, info) in f.vars.iter().enumerate() {
        if info.is_param || super::builtins::image::is_sampler(&info.ty) {
            // Sampler variables are bound to their value at their declaration.
            continue;
        }
        let size = limits::check_variable(&info.name, &info.ty, info.space, false, info.span)?;
        if info.space != ck::AddrSpace::Local {
            private.add(&info.name, size, info.span)?;
        }
        let sty = cx.sty(&info.ty);
        let space = match info.space {
            ck::AddrSpace::Local => AddressSpace::Local,
            _ => AddressSpace::Private,
        };
        let local = cx.b.local(&info.name, sty, space);
        cx.vars[i] = Some(Binding::Local(local));
    }
    cx.body(body)?;
    if !cx.b.terminated() {
        if matches!(f.ret, CType::Void) {
            cx.b.push(Stmt::Return(None));
        } else {
            // Falling off the end of a non-void function is undefined; return a zero.
            let ret_ty = cx.vty(&f.ret);
            let zero = cx.zero_value(ret_ty, f.span)?;
            cx.b.push(Stmt::Return(Some(zero)));
        }
    }
    Ok(cx.b.finish())
}

impl FnLower<'_, '_> {
    /// A zero of a scalar, vector or bool type.
    pub fn zero_value(&mut self, ty: TypeId, span: Span) -> Result<ValueId, LowerError> {
        match self.b.types.get(ty).clone() {
            Type::Scalar(ScalarType::Bool) => Ok(self.konst(Const::bool(false))),
            Type::Scalar(_) | Type::Vector { .. } => Ok(self.const_of(ty, 0)),
            _ => self.unsupported(
                span,
                "a function returning an aggregate must end with a return",
            ),
        }
    }

    /// Converts a value of checked type `ty` to its storage form (bool -> byte).
    pub fn storage_form(&mut self, v: ValueId, ty: &CType) -> ValueId {
        if matches!(ty, CType::Bool) {
            let u8t = self.b.types.scalar(ScalarType::U8);
            self.convert(v, u8t)
        } else {
            v
        }
    }

    /// Converts a loaded storage value of checked type `ty` to its value form.
    pub fn value_form(&mut self, v: ValueId, ty: &CType) -> ValueId {
        if matches!(ty, CType::Bool) {
            let boolt = self.b.types.scalar(ScalarType::Bool);
            self.convert(v, boolt)
        } else {
            v
        }
    }
}
