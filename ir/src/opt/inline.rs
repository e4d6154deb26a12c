//! IR-to-IR inlining of the calls a caller chooses: each chosen call is replaced by the
//! callee's body (the callee's own chosen calls inlined first). The CPU backend inlines every
//! call into kernels (helpers containing barriers need it, and work-item queries inside
//! helpers then read the kernel's context); the Vulkan path inlines helpers taking private
//! pointers ([`super::inline_private`]).
//!
//! A callee whose only `return` is its last top-level statement is spliced in place and the
//! call's result is renamed to the returned value. Otherwise the body is wrapped in a loop
//! that runs once: `return v` stores `v` to a new result variable, sets a new "returned" flag
//! and breaks; after every inner loop or switch that contains a `return`,
//! `if (returned) break;` propagates the exit outward.

use crate::fx::HashMap;
use std::fmt;

use crate::module::{walk_stmts, Block, FuncId, Function, LocalId, Module, Stmt, SwitchCase};
use crate::op::{Const, Op, ValueId};
use crate::types::{AddressSpace, ScalarType, TypeId, TypeTable};

/// Why inlining failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InlineError {
    /// A function to inline is (mutually) recursive.
    Recursion {
        /// The recursive function.
        function: String,
    },
}

impl fmt::Display for InlineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InlineError::Recursion { function } => write!(
                f,
                "the recursive function `{function}` would have to be inlined, which is not supported"
            ),
        }
    }
}

impl std::error::Error for InlineError {}

/// Returns a copy of function `func` of `module` with every call to a function for which
/// `wanted` is true inlined (recursively). New types (pointers to the callee's variables,
/// flags) are interned in `types`, which starts as a copy of the module's table.
pub fn inline_calls(
    module: &Module,
    types: &mut TypeTable,
    func: FuncId,
    wanted: &dyn Fn(FuncId) -> bool,
) -> Result<Function, InlineError> {
    let mut stack = Vec::new();
    inline_rec(module, types, func, wanted, &mut stack)
}

fn inline_rec(
    module: &Module,
    types: &mut TypeTable,
    func: FuncId,
    wanted: &dyn Fn(FuncId) -> bool,
    stack: &mut Vec<FuncId>,
) -> Result<Function, InlineError> {
    let f = module.function(func);
    if stack.contains(&func) {
        return Err(InlineError::Recursion {
            function: f.name.clone(),
        });
    }
    if !has_inlinable_call(&f.body, wanted) {
        return Ok(f.clone());
    }
    stack.push(func);
    let mut out = f.clone();
    let body = std::mem::take(&mut out.body);
    let mut cx = Inliner {
        module,
        types,
        wanted,
        stack,
        f: &mut out,
        subst: HashMap::default(),
    };
    let new_body = cx.block(&body)?;
    out.body = new_body;
    stack.pop();
    Ok(out)
}

fn has_inlinable_call(block: &Block, wanted: &dyn Fn(FuncId) -> bool) -> bool {
    let mut found = false;
    walk_stmts(block, &mut |s| {
        if let Stmt::Let {
            op: Op::Call { func, .. },
            ..
        } = s
        {
            found |= wanted(*func);
        }
    });
    found
}

fn has_return(block: &Block) -> bool {
    let mut found = false;
    walk_stmts(block, &mut |s| found |= matches!(s, Stmt::Return(_)));
    found
}

struct Inliner<'a> {
    module: &'a Module,
    types: &'a mut TypeTable,
    wanted: &'a dyn Fn(FuncId) -> bool,
    stack: &'a mut Vec<FuncId>,
    f: &'a mut Function,
    subst: HashMap<ValueId, ValueId>,
}

impl Inliner<'_> {
    fn block(&mut self, block: &Block) -> Result<Block, InlineError> {
        let mut out = Block::new();
        for stmt in &block.stmts {
            match stmt {
                Stmt::Let {
                    value,
                    op: Op::Call { func, args },
                } if (self.wanted)(*func) => {
                    let args: Vec<ValueId> = args.iter().map(|a| self.map(*a)).collect();
                    self.splice(*value, *func, &args, &mut out)?;
                }
                other => {
                    let s = self.stmt(other)?;
                    out.stmts.push(s);
                }
            }
        }
        Ok(out)
    }

    fn map(&self, v: ValueId) -> ValueId {
        self.subst.get(&v).copied().unwrap_or(v)
    }

    fn stmt(&mut self, stmt: &Stmt) -> Result<Stmt, InlineError> {
        let subst = self.subst.clone();
        let m = |v: ValueId| subst.get(&v).copied().unwrap_or(v);
        Ok(match stmt {
            Stmt::If {
                cond,
                then_body,
                else_body,
            } => Stmt::If {
                cond: m(*cond),
                then_body: self.block(then_body)?,
                else_body: self.block(else_body)?,
            },
            Stmt::Loop {
                body,
                continuing,
                break_if,
                unroll,
            } => {
                let body = self.block(body)?;
                let continuing = self.block(continuing)?;
                let subst = &self.subst;
                Stmt::Loop {
                    body,
                    continuing,
                    break_if: break_if.map(|v| subst.get(&v).copied().unwrap_or(v)),
                    unroll: *unroll,
                }
            }
            Stmt::Switch { selector, cases } => {
                let mut out = Vec::with_capacity(cases.len());
                for c in cases {
                    out.push(SwitchCase {
                        values: c.values.clone(),
                        is_default: c.is_default,
                        body: self.block(&c.body)?,
                        fall_through: c.fall_through,
                    });
                }
                Stmt::Switch {
                    selector: m(*selector),
                    cases: out,
                }
            }
            other => remap_stmt(other, &m, &|l| l),
        })
    }

    /// Appends the inlined body of `callee(args)` defining `result` to `out`.
    fn splice(
        &mut self,
        result: ValueId,
        callee: FuncId,
        args: &[ValueId],
        out: &mut Block,
    ) -> Result<(), InlineError> {
        let g = inline_rec(self.module, self.types, callee, self.wanted, self.stack)?;
        let vbase = self.f.value_types.len() as u32;
        let lbase = self.f.locals.len() as u32;
        self.f.value_types.extend(g.value_types.iter().copied());
        // The callee's values keep their source spans (in the callee's body).
        for i in 0..g.value_types.len() as u32 {
            if let Some(span) = g.spans.get(ValueId(i)) {
                self.f.spans.set(ValueId(i + vbase), span);
            }
        }
        for l in &g.locals {
            self.f.locals.push(l.clone());
        }
        let mut vmap: HashMap<ValueId, ValueId> = HashMap::default();
        for (p, a) in g.params.iter().zip(args) {
            vmap.insert(p.value, *a);
        }
        let mv = move |v: ValueId| vmap.get(&v).copied().unwrap_or(ValueId(v.0 + vbase));
        let ml = move |l: LocalId| LocalId(l.0 + lbase);
        let stmts = &g.body.stmts;
        let last_return = matches!(stmts.last(), Some(Stmt::Return(_)));
        let inner = &stmts[..stmts.len() - usize::from(last_return)];
        if !inner.iter().any(|s| {
            has_return(&Block {
                stmts: vec![s.clone()],
            })
        }) {
            for s in inner {
                out.stmts.push(remap_stmt(s, &mv, &ml));
            }
            if let Some(Stmt::Return(Some(v))) = stmts.last() {
                self.subst.insert(result, mv(*v));
            }
            return Ok(());
        }
        // General case: wrap in a loop that runs once.
        let boolt = self.types.scalar(ScalarType::Bool);
        let pbool = self.types.pointer(AddressSpace::Private, boolt);
        let flag = self
            .f
            .new_local(format!("{}.returned", g.name), boolt, AddressSpace::Private);
        let ret = (g.ret != self.types.void()).then(|| {
            let l = self
                .f
                .new_local(format!("{}.result", g.name), g.ret, AddressSpace::Private);
            let p = self.types.pointer(AddressSpace::Private, g.ret);
            (l, p)
        });
        let ctx = Wrap {
            flag,
            pbool,
            boolt,
            ret,
        };
        let fa = self.let_(out, Op::LocalAddr(flag), pbool);
        let f0 = self.let_(out, Op::Const(Const::bool(false)), boolt);
        out.stmts.push(Stmt::Store { ptr: fa, value: f0 });
        let body = self.wrap_block(&g.body, &ctx, &mv, &ml);
        let mut continuing = Block::new();
        let t = self.let_(&mut continuing, Op::Const(Const::bool(true)), boolt);
        out.stmts.push(Stmt::Loop {
            body,
            continuing,
            break_if: Some(t),
            unroll: crate::Unroll::Auto,
        });
        if let Some((l, p)) = ret {
            let ra = self.let_(out, Op::LocalAddr(l), p);
            out.stmts.push(Stmt::Let {
                value: result,
                op: Op::Load { ptr: ra },
            });
        }
        Ok(())
    }

    fn let_(&mut self, out: &mut Block, op: Op, ty: TypeId) -> ValueId {
        let value = self.f.new_value(ty);
        out.stmts.push(Stmt::Let { value, op });
        value
    }

    fn wrap_block(
        &mut self,
        block: &Block,
        w: &Wrap,
        mv: &dyn Fn(ValueId) -> ValueId,
        ml: &dyn Fn(LocalId) -> LocalId,
    ) -> Block {
        let mut out = Block::new();
        for s in &block.stmts {
            match s {
                Stmt::Return(v) => {
                    if let (Some(v), Some((l, p))) = (v, w.ret) {
                        let ra = self.let_(&mut out, Op::LocalAddr(l), p);
                        out.stmts.push(Stmt::Store {
                            ptr: ra,
                            value: mv(*v),
                        });
                    }
                    let fa = self.let_(&mut out, Op::LocalAddr(w.flag), w.pbool);
                    let t = self.let_(&mut out, Op::Const(Const::bool(true)), w.boolt);
                    out.stmts.push(Stmt::Store { ptr: fa, value: t });
                    out.stmts.push(Stmt::Break);
                }
                Stmt::If {
                    cond,
                    then_body,
                    else_body,
                } => {
                    let then_body = self.wrap_block(then_body, w, mv, ml);
                    let else_body = self.wrap_block(else_body, w, mv, ml);
                    out.stmts.push(Stmt::If {
                        cond: mv(*cond),
                        then_body,
                        else_body,
                    });
                }
                Stmt::Loop {
                    body,
                    continuing,
                    break_if,
                    unroll,
                } => {
                    let returns = has_return(body);
                    let body = self.wrap_block(body, w, mv, ml);
                    let continuing = remap_block(continuing, mv, ml);
                    out.stmts.push(Stmt::Loop {
                        body,
                        continuing,
                        break_if: break_if.map(mv),
                        unroll: *unroll,
                    });
                    if returns {
                        self.break_if_returned(&mut out, w);
                    }
                }
                Stmt::Switch { selector, cases } => {
                    let returns = cases.iter().any(|c| has_return(&c.body));
                    let cases = cases
                        .iter()
                        .map(|c| SwitchCase {
                            values: c.values.clone(),
                            is_default: c.is_default,
                            body: self.wrap_block(&c.body, w, mv, ml),
                            fall_through: c.fall_through,
                        })
                        .collect();
                    out.stmts.push(Stmt::Switch {
                        selector: mv(*selector),
                        cases,
                    });
                    // A `return` inside a case left only the switch: leave the wrapper too.
                    if returns {
                        self.break_if_returned(&mut out, w);
                    }
                }
                other => out.stmts.push(remap_stmt(other, mv, ml)),
            }
        }
        out
    }

    /// Appends `if (returned) break;` (leaving the run-once wrapper loop).
    fn break_if_returned(&mut self, out: &mut Block, w: &Wrap) {
        let fa = self.let_(out, Op::LocalAddr(w.flag), w.pbool);
        let fl = self.let_(out, Op::Load { ptr: fa }, w.boolt);
        out.stmts.push(Stmt::If {
            cond: fl,
            then_body: Block {
                stmts: vec![Stmt::Break],
            },
            else_body: Block::new(),
        });
    }
}

struct Wrap {
    flag: LocalId,
    pbool: TypeId,
    boolt: TypeId,
    ret: Option<(LocalId, TypeId)>,
}

fn remap_block(
    block: &Block,
    mv: &dyn Fn(ValueId) -> ValueId,
    ml: &dyn Fn(LocalId) -> LocalId,
) -> Block {
    Block {
        stmts: block.stmts.iter().map(|s| remap_stmt(s, mv, ml)).collect(),
    }
}

/// Renames the values and variables a statement (and its nested blocks) defines and uses.
fn remap_stmt(
    stmt: &Stmt,
    mv: &dyn Fn(ValueId) -> ValueId,
    ml: &dyn Fn(LocalId) -> LocalId,
) -> Stmt {
    match stmt {
        Stmt::Let { value, op } => Stmt::Let {
            value: mv(*value),
            op: remap_op(op, mv, ml),
        },
        Stmt::Store { ptr, value } => Stmt::Store {
            ptr: mv(*ptr),
            value: mv(*value),
        },
        Stmt::If {
            cond,
            then_body,
            else_body,
        } => Stmt::If {
            cond: mv(*cond),
            then_body: remap_block(then_body, mv, ml),
            else_body: remap_block(else_body, mv, ml),
        },
        Stmt::Loop {
            body,
            continuing,
            break_if,
            unroll,
        } => Stmt::Loop {
            body: remap_block(body, mv, ml),
            continuing: remap_block(continuing, mv, ml),
            break_if: break_if.map(mv),
            unroll: *unroll,
        },
        Stmt::Return(v) => Stmt::Return(v.map(mv)),
        Stmt::Switch { selector, cases } => Stmt::Switch {
            selector: mv(*selector),
            cases: cases
                .iter()
                .map(|c| SwitchCase {
                    values: c.values.clone(),
                    is_default: c.is_default,
                    body: remap_block(&c.body, mv, ml),
                    fall_through: c.fall_through,
                })
                .collect(),
        },
        Stmt::Break | Stmt::Continue | Stmt::Barrier { .. } | Stmt::Fence { .. } => stmt.clone(),
    }
}

/// Renames the values and variables an operation uses.
fn remap_op(op: &Op, mv: &dyn Fn(ValueId) -> ValueId, ml: &dyn Fn(LocalId) -> LocalId) -> Op {
    use crate::op::Dim;
    match op {
        Op::Const(_) | Op::GlobalAddr(_) => op.clone(),
        Op::SamplerConst(_)
        | Op::ImageRead { .. }
        | Op::ImageWrite { .. }
        | Op::ImageQuery { .. } => {
            let mut out = op.clone();
            crate::visit::op_operands_mut(&mut out, &mut |v| *v = mv(*v));
            out
        }
        Op::Atomic {
            op,
            ptr,
            args,
            order,
            scope,
        } => Op::Atomic {
            op: *op,
            ptr: mv(*ptr),
            args: args.iter().map(|a| mv(*a)).collect(),
            order: *order,
            scope: *scope,
        },
        Op::Printf { format, args } => Op::Printf {
            format: format.clone(),
            args: args.iter().map(|a| mv(*a)).collect(),
        },
        Op::LocalAddr(l) => Op::LocalAddr(ml(*l)),
        Op::Unary(u, a) => Op::Unary(*u, mv(*a)),
        Op::Binary(b, x, y) => Op::Binary(*b, mv(*x), mv(*y)),
        Op::Compare(c, x, y) => Op::Compare(*c, mv(*x), mv(*y)),
        Op::Select {
            cond,
            if_true,
            if_false,
        } => Op::Select {
            cond: mv(*cond),
            if_true: mv(*if_true),
            if_false: mv(*if_false),
        },
        Op::Convert {
            value,
            to,
            saturate,
            rounding,
        } => Op::Convert {
            value: mv(*value),
            to: *to,
            saturate: *saturate,
            rounding: *rounding,
        },
        Op::Bitcast { value, to } => Op::Bitcast {
            value: mv(*value),
            to: *to,
        },
        Op::GenericCast { value, to } => Op::GenericCast {
            value: mv(*value),
            to: *to,
        },
        Op::Splat { value, to } => Op::Splat {
            value: mv(*value),
            to: *to,
        },
        Op::Extract { vector, lane } => Op::Extract {
            vector: mv(*vector),
            lane: *lane,
        },
        Op::Insert {
            vector,
            lane,
            value,
        } => Op::Insert {
            vector: mv(*vector),
            lane: *lane,
            value: mv(*value),
        },
        Op::Shuffle { a, b, lanes } => Op::Shuffle {
            a: mv(*a),
            b: mv(*b),
            lanes: lanes.clone(),
        },
        Op::Compose { ty, parts } => Op::Compose {
            ty: *ty,
            parts: parts.iter().map(|p| mv(*p)).collect(),
        },
        Op::PtrOffset { base, index } => Op::PtrOffset {
            base: mv(*base),
            index: mv(*index),
        },
        Op::IndexAddr { base, index } => Op::IndexAddr {
            base: mv(*base),
            index: mv(*index),
        },
        Op::FieldAddr { base, field } => Op::FieldAddr {
            base: mv(*base),
            field: *field,
        },
        Op::Load { ptr } => Op::Load { ptr: mv(*ptr) },
        Op::WorkItem { query, dim } => Op::WorkItem {
            query: *query,
            dim: match dim {
                Dim::Const(c) => Dim::Const(*c),
                Dim::Dynamic(v) => Dim::Dynamic(mv(*v)),
            },
        },
        Op::Math { func, args } => Op::Math {
            func: *func,
            args: args.iter().map(|a| mv(*a)).collect(),
        },
        Op::Call { func, args } => Op::Call {
            func: *func,
            args: args.iter().map(|a| mv(*a)).collect(),
        },
    }
}
