//! The IR verifier: checks that every value is defined before use and in scope, that
//! operand types fit each operation, and that control flow is well formed. Run after
//! lowering and after every pass; a failure is a compiler bug, reported with the function
//! and statement that broke the rules.

mod image;

use crate::fx::HashSet;
use std::fmt;

use crate::module::{Block, Function, FunctionKind, Module, Stmt};
use crate::op::{AtomicOp, BinaryOp, Dim, MathSig, Op, UnaryOp, ValueId};
use crate::types::{AddressSpace, ScalarType, Type, TypeId};
use crate::visit::op_operands;

/// A broken IR rule.
#[derive(Clone, Debug, PartialEq)]
pub struct VerifyError {
    /// The function where it was found.
    pub function: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "IR verification failed in @{}: {}",
            self.function, self.message
        )
    }
}

impl std::error::Error for VerifyError {}

/// Verifies every function of `module`.
pub fn verify_module(module: &Module) -> Result<(), VerifyError> {
    for g in &module.globals {
        let (have, size) = (
            g.init.as_ref().map_or(0, Vec::len),
            module.types.layout(g.ty).size,
        );
        if have as u64 > size {
            return Err(VerifyError {
                function: g.name.clone(),
                message: format!("the initializer has {have} bytes, the variable {size}"),
            });
        }
    }
    for f in &module.functions {
        Verifier {
            module,
            func: f,
            scopes: Scopes::new(f.params.iter().map(|p| p.value)),
            defined: vec![false; f.value_types.len()],
            loop_depth: 0,
            switch_depth: 0,
        }
        .run()?;
    }
    Ok(())
}

/// The values in scope: one flag per value (a lookup is O(1) however deeply blocks nest;
/// scanning a set per enclosing block made a 4000-deep `else if` chain quadratic) and the
/// values each open block defined, cleared when it closes.
struct Scopes {
    live: Vec<bool>,
    opened: Vec<Vec<ValueId>>,
}

impl Scopes {
    fn new(params: impl Iterator<Item = ValueId>) -> Self {
        let mut s = Scopes {
            live: Vec::new(),
            opened: vec![Vec::new()],
        };
        params.for_each(|v| s.define(v));
        s
    }

    fn visible(&self, v: ValueId) -> bool {
        self.live.get(v.0 as usize).copied().unwrap_or(false)
    }

    fn define(&mut self, v: ValueId) {
        let i = v.0 as usize;
        if i >= self.live.len() {
            self.live.resize(i + 1, false);
        }
        self.live[i] = true;
        self.opened.last_mut().expect("a scope").push(v);
    }

    fn push(&mut self) {
        self.opened.push(Vec::new());
    }

    fn pop(&mut self) {
        for v in self.opened.pop().expect("a scope") {
            self.live[v.0 as usize] = false;
        }
    }
}

struct Verifier<'a> {
    module: &'a Module,
    func: &'a Function,
    scopes: Scopes,
    /// By value number: defined by a parameter or a `let` already seen.
    defined: Vec<bool>,
    loop_depth: u32,
    switch_depth: u32,
}

impl Verifier<'_> {
    fn err<T>(&self, message: impl Into<String>) -> Result<T, VerifyError> {
        Err(VerifyError {
            function: self.func.name.clone(),
            message: message.into(),
        })
    }

    fn run(mut self) -> Result<(), VerifyError> {
        if matches!(self.func.kind, FunctionKind::Kernel(_))
            && *self.module.types.get(self.func.ret) != Type::Void
        {
            return self.err("a kernel must return void");
        }
        for p in &self.func.params {
            if p.value.0 as usize >= self.func.value_types.len() {
                return self.err(format!("parameter %{} has no type", p.value.0));
            }
            if self.func.value_type(p.value) != p.ty {
                return self.err(format!("parameter %{} type mismatch", p.value.0));
            }
            self.first_definition(p.value);
        }
        let body = &self.func.body;
        self.block(body)
    }

    /// Marks `v` (a value with a type) defined; false when it already was.
    fn first_definition(&mut self, v: ValueId) -> bool {
        !std::mem::replace(&mut self.defined[v.0 as usize], true)
    }

    fn visible(&self, v: ValueId) -> bool {
        self.scopes.visible(v)
    }

    fn use_value(&self, v: ValueId) -> Result<TypeId, VerifyError> {
        if !self.visible(v) {
            return self.err(format!("%{} is used where it is not defined", v.0));
        }
        Ok(self.func.value_type(v))
    }

    fn block(&mut self, block: &Block) -> Result<(), VerifyError> {
        self.scopes.push();
        for stmt in &block.stmts {
            self.stmt(stmt)?;
        }
        self.scopes.pop();
        Ok(())
    }

    fn ty(&self, id: TypeId) -> &Type {
        self.module.types.get(id)
    }

    fn expect_bool(&self, v: ValueId, what: &str) -> Result<(), VerifyError> {
        let t = self.use_value(v)?;
        if *self.ty(t) != Type::Scalar(ScalarType::Bool) {
            return self.err(format!("{what} %{} must be a scalar bool", v.0));
        }
        Ok(())
    }

    fn stmt(&mut self, stmt: &Stmt) -> Result<(), VerifyError> {
        match stmt {
            Stmt::Let { value, op } => {
                if value.0 as usize >= self.func.value_types.len() {
                    return self.err(format!("%{} has no type", value.0));
                }
                if !self.first_definition(*value) {
                    return self.err(format!("%{} is defined twice", value.0));
                }
                self.op(*value, op)?;
                self.scopes.define(*value);
            }
            Stmt::Store { ptr, value } => {
                let pt = self.use_value(*ptr)?;
                let vt = self.use_value(*value)?;
                match self.module.types.pointee(pt) {
                    Some((_, pointee)) if pointee == vt => {}
                    _ => {
                        return self.err(format!(
                            "store of %{} through %{}: type mismatch",
                            value.0, ptr.0
                        ))
                    }
                }
            }
            Stmt::If {
                cond,
                then_body,
                else_body,
            } => {
                self.expect_bool(*cond, "if condition")?;
                self.block(then_body)?;
                self.block(else_body)?;
            }
            Stmt::Loop {
                body,
                continuing,
                break_if,
                unroll: _,
            } => {
                self.loop_depth += 1;
                self.block(body)?;
                self.loop_depth -= 1;
                self.scopes.push();
                for s in &continuing.stmts {
                    if matches!(s, Stmt::Break | Stmt::Continue | Stmt::Return(_)) {
                        return self.err("a continuing block may not break, continue or return");
                    }
                    self.stmt(s)?;
                }
                if let Some(c) = break_if {
                    self.expect_bool(*c, "break_if")?;
                }
                self.scopes.pop();
            }
            Stmt::Break => {
                if self.loop_depth == 0 && self.switch_depth == 0 {
                    return self.err("break outside a loop or switch");
                }
            }
            Stmt::Continue => {
                if self.loop_depth == 0 {
                    return self.err("continue outside a loop");
                }
            }
            Stmt::Fence { .. } => {}
            Stmt::Switch { selector, cases } => {
                let st = self.use_value(*selector)?;
                if !matches!(self.ty(st), Type::Scalar(s) if s.is_int()) {
                    return self.err(format!(
                        "switch selector %{} must be a scalar integer",
                        selector.0
                    ));
                }
                if cases.iter().filter(|c| c.is_default).count() > 1 {
                    return self.err("a switch has more than one default case");
                }
                let mut seen = HashSet::default();
                for c in cases {
                    for v in &c.values {
                        if !seen.insert(*v) {
                            return self.err(format!("duplicate switch case value {v}"));
                        }
                    }
                }
                // Loops inside a case are entered fresh; a break directly in a case leaves
                // the switch.
                let saved = self.loop_depth;
                self.switch_depth += 1;
                for c in cases {
                    self.block(&c.body)?;
                }
                self.switch_depth -= 1;
                self.loop_depth = saved;
            }
            Stmt::Return(v) => {
                let ret = self.func.ret;
                match v {
                    Some(v) => {
                        if self.use_value(*v)? != ret {
                            return self
                                .err(format!("return of %{} does not match the result type", v.0));
                        }
                    }
                    None => {
                        if *self.ty(ret) != Type::Void {
                            return self.err("return without a value in a non-void function");
                        }
                    }
                }
            }
            Stmt::Barrier { .. } => {}
        }
        Ok(())
    }

    fn shape(&self, t: TypeId) -> Option<(ScalarType, u8)> {
        Some((
            self.module.types.scalar_of(t)?,
            self.module.types.lanes_of(t)?,
        ))
    }

    fn op(&self, result: ValueId, op: &Op) -> Result<(), VerifyError> {
        let rt = self.func.value_type(result);
        let types = &self.module.types;
        let mut operands = Ok(());
        op_operands(op, &mut |v| {
            if operands.is_ok() {
                operands = self.use_value(v).map(|_| ());
            }
        });
        operands?;
        let bad = |what: &str| {
            self.err::<()>(format!("%{} = {what}: operand types do not fit", result.0))
        };
        match op {
            Op::Const(c) => {
                if *types.get(rt) != Type::Scalar(c.ty) {
                    return bad("const");
                }
            }
            Op::Unary(u, a) => {
                let at = self.func.value_type(*a);
                let Some((s, _)) = self.shape(at) else {
                    return bad("unary");
                };
                if at != rt || (*u == UnaryOp::Not && s.is_float()) {
                    return bad("unary");
                }
            }
            Op::Binary(b, x, y) => {
                let (xt, yt) = (self.func.value_type(*x), self.func.value_type(*y));
                let Some((s, _)) = self.shape(xt) else {
                    return bad("binary");
                };
                let int_only = matches!(
                    b,
                    BinaryOp::Shl | BinaryOp::Shr | BinaryOp::And | BinaryOp::Or | BinaryOp::Xor
                );
                let bool_ok = matches!(b, BinaryOp::And | BinaryOp::Or | BinaryOp::Xor);
                if xt != yt
                    || xt != rt
                    || (int_only && s.is_float())
                    || (s == ScalarType::Bool && !bool_ok)
                {
                    return bad("binary");
                }
            }
            Op::Compare(_, x, y) => {
                let (xt, yt) = (self.func.value_type(*x), self.func.value_type(*y));
                let (Some((_, n)), Some((rs, rn))) = (self.shape(xt), self.shape(rt)) else {
                    return bad("compare");
                };
                if xt != yt || rs != ScalarType::Bool || rn != n {
                    return bad("compare");
                }
            }
            Op::Select {
                cond,
                if_true,
                if_false,
            } => {
                let ct = self.func.value_type(*cond);
                let (tt, ft) = (
                    self.func.value_type(*if_true),
                    self.func.value_type(*if_false),
                );
                if tt != ft || tt != rt {
                    return bad("select");
                }
                match self.shape(ct) {
                    Some((ScalarType::Bool, 1)) => {}
                    Some((ScalarType::Bool, n)) if self.shape(tt).map(|s| s.1) == Some(n) => {}
                    _ => return bad("select"),
                }
            }
            Op::Convert { value, to, .. } => {
                let vt = self.func.value_type(*value);
                match (self.shape(vt), self.shape(*to)) {
                    (Some((_, a)), Some((_, b))) if a == b && *to == rt => {}
                    _ => return bad("convert"),
                }
            }
            Op::Bitcast { value, to } => {
                let vt = self.func.value_type(*value);
                if *to != rt || types.layout(vt).size != types.layout(*to).size {
                    return bad("bitcast");
                }
            }
            Op::GenericCast { value, to } => {
                let from = types.pointee(self.func.value_type(*value));
                let into = types.pointee(*to);
                let ok = matches!(
                    (from, into),
                    (Some((AddressSpace::Generic, _)), Some((s, _)))
                        if s != AddressSpace::Generic && s != AddressSpace::Constant
                );
                if *to != rt || !ok {
                    return bad("generic_cast");
                }
            }
            Op::Splat { value, to } => {
                let vt = self.func.value_type(*value);
                match (types.get(vt), types.get(*to)) {
                    (Type::Scalar(s), Type::Vector { elem, .. }) if s == elem && *to == rt => {}
                    _ => return bad("splat"),
                }
            }
            Op::Extract { vector, lane } => {
                let vt = self.func.value_type(*vector);
                match types.get(vt) {
                    Type::Vector { elem, lanes }
                        if *lane < *lanes && *types.get(rt) == Type::Scalar(*elem) => {}
                    _ => return bad("extract"),
                }
            }
            Op::Insert {
                vector,
                lane,
                value,
            } => {
                let vt = self.func.value_type(*vector);
                let xt = self.func.value_type(*value);
                match types.get(vt) {
                    Type::Vector { elem, lanes }
                        if *lane < *lanes && *types.get(xt) == Type::Scalar(*elem) && vt == rt => {}
                    _ => return bad("insert"),
                }
            }
            Op::Shuffle { a, b, lanes } => {
                let (at, bt) = (self.func.value_type(*a), self.func.value_type(*b));
                let Some((s, n)) = self.shape(at) else {
                    return bad("shuffle");
                };
                let ok = at == bt
                    && lanes.iter().all(|l| (*l as u32) < 2 * n as u32)
                    && self.shape(rt) == Some((s, lanes.len() as u8));
                if !ok {
                    return bad("shuffle");
                }
            }
            Op::Compose { ty, parts } => {
                let Some((s, n)) = self.shape(*ty) else {
                    return bad("compose");
                };
                let mut total = 0u32;
                for p in parts {
                    match self.shape(self.func.value_type(*p)) {
                        Some((ps, pn)) if ps == s => total += pn as u32,
                        _ => return bad("compose"),
                    }
                }
                if total != n as u32 || *ty != rt {
                    return bad("compose");
                }
            }
            Op::LocalAddr(l) => {
                let Some(local) = self.func.locals.get(l.0 as usize) else {
                    return self.err(format!("unknown local ${}", l.0));
                };
                if types.pointee(rt) != Some((local.space, local.ty)) {
                    return bad("local_addr");
                }
            }
            Op::GlobalAddr(g) => {
                let Some(global) = self.module.globals.get(g.0 as usize) else {
                    return self.err(format!("unknown global @g{}", g.0));
                };
                if types.pointee(rt) != Some((global.space, global.ty)) {
                    return bad("global_addr");
                }
            }
            Op::PtrOffset { base, index } => {
                let bt = self.func.value_type(*base);
                if types.pointee(bt).is_none()
                    || bt != rt
                    || *types.get(self.func.value_type(*index)) != Type::Scalar(ScalarType::I64)
                {
                    return bad("ptr_offset");
                }
            }
            Op::IndexAddr { base, index } => {
                let bt = self.func.value_type(*base);
                let ok = match types.pointee(bt) {
                    Some((space, arr)) => match types.get(arr) {
                        Type::Array { elem, .. } => types.pointee(rt) == Some((space, *elem)),
                        _ => false,
                    },
                    None => false,
                };
                if !ok || *types.get(self.func.value_type(*index)) != Type::Scalar(ScalarType::I64)
                {
                    return bad("index_addr");
                }
            }
            Op::FieldAddr { base, field } => {
                let bt = self.func.value_type(*base);
                let ok = match types.pointee(bt) {
                    Some((space, st)) => match types.get(st) {
                        Type::Struct { fields, .. } => fields
                            .get(*field as usize)
                            .is_some_and(|f| types.pointee(rt) == Some((space, *f))),
                        _ => false,
                    },
                    None => false,
                };
                if !ok {
                    return bad("field_addr");
                }
            }
            Op::Load { ptr } => {
                let pt = self.func.value_type(*ptr);
                if types.pointee(pt).map(|p| p.1) != Some(rt) {
                    return bad("load");
                }
            }
            Op::WorkItem { query, dim } => {
                let want = if query.is_dimensionless() {
                    ScalarType::U32
                } else {
                    ScalarType::U64
                };
                if *types.get(rt) != Type::Scalar(want) {
                    return bad("work-item query");
                }
                if let Dim::Dynamic(d) = dim {
                    if *types.get(self.func.value_type(*d)) != Type::Scalar(ScalarType::U32) {
                        return bad("work-item query dimension");
                    }
                }
            }
            Op::Math { func, args } => {
                if args.len() != func.arity() {
                    return bad("math arity");
                }
                let a0 = self.func.value_type(args[0]);
                let Some((s, n)) = self.shape(a0) else {
                    return bad("math");
                };
                if (func.float_only() && !s.is_float()) || (func.int_only() && !s.is_int()) {
                    return bad("math (operand kind)");
                }
                if s == ScalarType::Bool {
                    return bad("math on bool");
                }
                let same_or_scalar = |a: &ValueId| {
                    let t = self.func.value_type(*a);
                    t == a0 || self.shape(t) == Some((s, 1))
                };
                let ok = match func.sig() {
                    MathSig::Float(_) | MathSig::Int(_) | MathSig::Any(_) => {
                        rt == a0 && args.iter().all(same_or_scalar)
                    }
                    MathSig::IntToUnsigned(_) => {
                        self.shape(rt) == Some((s.with_signedness(false), n))
                            && args.iter().all(same_or_scalar)
                    }
                    MathSig::FloatInt => {
                        let t1 = self.func.value_type(args[1]);
                        rt == a0
                            && matches!(self.shape(t1), Some((ScalarType::I32, m)) if m == n || m == 1)
                    }
                    MathSig::FloatToInt => self.shape(rt) == Some((ScalarType::I32, n)),
                    MathSig::FloatToBool => self.shape(rt) == Some((ScalarType::Bool, n)),
                    MathSig::Upsample => {
                        let t1 = self.func.value_type(args[1]);
                        let wide = match s.bits() {
                            8 => Some(ScalarType::I16),
                            16 => Some(ScalarType::I32),
                            32 => Some(ScalarType::I64),
                            _ => None,
                        };
                        wide.is_some_and(|w| {
                            self.shape(t1) == Some((s.with_signedness(false), n))
                                && self.shape(rt) == Some((w.with_signedness(s.is_signed()), n))
                        })
                    }
                };
                if !ok {
                    return bad("math");
                }
            }
            Op::Atomic { op, ptr, args, .. } => {
                let pt = self.func.value_type(*ptr);
                let Some((_, pointee)) = types.pointee(pt) else {
                    return bad("atomic (not a pointer)");
                };
                let scalar_ok =
                    matches!(types.get(pointee), Type::Scalar(s) if *s != ScalarType::Bool);
                let result_ok = if *op == AtomicOp::Store {
                    *types.get(rt) == Type::Void
                } else {
                    rt == pointee
                };
                if !scalar_ok
                    || !result_ok
                    || args.len() != op.operand_count()
                    || args.iter().any(|a| self.func.value_type(*a) != pointee)
                {
                    return bad("atomic");
                }
            }
            Op::Printf { .. } => {
                if *types.get(rt) != Type::Scalar(ScalarType::I32) {
                    return bad("printf");
                }
            }
            Op::SamplerConst(_)
            | Op::ImageRead { .. }
            | Op::ImageWrite { .. }
            | Op::ImageQuery { .. } => {
                if let Err(what) = image::check(types, self.func, rt, op) {
                    return bad(what);
                }
            }
            Op::Call { func, args } => {
                let Some(callee) = self.module.functions.get(func.0 as usize) else {
                    return self.err(format!("call of unknown function {}", func.0));
                };
                if callee.is_kernel() {
                    // OpenCL allows calling kernels as functions; the backends inline them.
                }
                if callee.params.len() != args.len()
                    || callee
                        .params
                        .iter()
                        .zip(args)
                        .any(|(p, a)| p.ty != self.func.value_type(*a))
                    || callee.ret != rt
                {
                    return bad("call");
                }
            }
        }
        Ok(())
    }
}
