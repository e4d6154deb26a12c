//! Constant folding: operations whose operands are all constants become `const`
//! statements (same value number, so no use changes), a `select` on a constant scalar
//! condition is replaced by the chosen operand, and an `if` on a constant condition by the
//! statements of the branch taken (spliced into the enclosing block).
//!
//! Only scalar results are folded. Constant lanes of vectors built by `splat`, `compose` or
//! `insert` are tracked so that `extract` (and one-lane `shuffle`) of them folds, but vector
//! arithmetic is left alone. Work-item queries are never folded. The evaluation
//! rules live in [`int`], [`float`], [`convert`] and [`math`].

pub mod convert;
pub mod float;
pub mod int;
pub mod math;

use crate::fx::HashMap;

use crate::module::{Block, Function, Module, Stmt};
use crate::op::{Const, Op, UnaryOp, ValueId};
use crate::pipeline::FunctionPass;
use crate::types::{ScalarType, Type, TypeId, TypeTable};
use crate::visit::{resolve, stmt_uses_mut};

/// The constant-folding pass.
pub struct ConstFold;

impl FunctionPass for ConstFold {
    fn name(&self) -> &'static str {
        "const_fold"
    }

    fn run_function(&self, module: &mut Module, index: usize) -> bool {
        let Module {
            types, functions, ..
        } = module;
        fold_function(types, &mut functions[index])
    }
}

/// Folds one function; returns true when it changed.
pub fn fold_function(types: &TypeTable, func: &mut Function) -> bool {
    let mut folder = Folder {
        types,
        value_types: &func.value_types,
        scalars: Scalars(vec![None; func.value_types.len()]),
        vectors: HashMap::default(),
        alias: HashMap::default(),
        changed: false,
    };
    folder.block(&mut func.body, false);
    folder.changed
}

struct Folder<'m> {
    types: &'m TypeTable,
    value_types: &'m [TypeId],
    /// Values known to be scalar constants.
    scalars: Scalars,
    /// Vectors with some lanes known to be constants.
    vectors: HashMap<ValueId, Vec<Option<Const>>>,
    /// Values replaced by other values (from folded `select`s).
    alias: HashMap<ValueId, ValueId>,
    changed: bool,
}

/// The values known to be scalar constants, by value number (a lookup per operand costs
/// no hashing).
struct Scalars(Vec<Option<Const>>);

impl Scalars {
    fn get(&self, v: &ValueId) -> Option<&Const> {
        self.0.get(v.0 as usize)?.as_ref()
    }

    fn insert(&mut self, v: ValueId, c: Const) {
        let i = v.0 as usize;
        if i >= self.0.len() {
            self.0.resize(i + 1, None);
        }
        self.0[i] = Some(c);
    }
}

impl Folder<'_> {
    /// Folds the statements of `block`. In a loop's `continuing` block, an `if` whose taken
    /// branch breaks, continues or returns is not spliced (that block may not do so).
    fn block(&mut self, block: &mut Block, continuing: bool) {
        let mut out = Vec::with_capacity(block.stmts.len());
        for mut stmt in std::mem::take(&mut block.stmts) {
            self.resolve_uses(&mut stmt);
            match &mut stmt {
                Stmt::Let { value, op } => {
                    if let Some(target) = self.select_target(op) {
                        self.alias.insert(*value, target);
                        self.changed = true;
                        continue;
                    }
                    self.fold_let(*value, op);
                }
                Stmt::If {
                    cond,
                    then_body,
                    else_body,
                } => {
                    self.block(then_body, false);
                    self.block(else_body, false);
                    if let Some(c) = self.scalars.get(cond) {
                        let taken = if c.bits != 0 { then_body } else { else_body };
                        let exits = taken
                            .stmts
                            .iter()
                            .any(|s| matches!(s, Stmt::Break | Stmt::Continue | Stmt::Return(_)));
                        if !(continuing && exits) {
                            out.append(&mut taken.stmts);
                            self.changed = true;
                            continue;
                        }
                    }
                }
                Stmt::Loop {
                    body, continuing, ..
                } => {
                    self.block(body, false);
                    self.block(continuing, true);
                    // `break_if` reads a value of `continuing`, aliased only after it.
                    self.resolve_uses(&mut stmt);
                }
                _ => {}
            }
            out.push(stmt);
        }
        block.stmts = out;
    }

    /// Rewrites the values `stmt` reads to the values they alias (none until a `select`
    /// folds).
    fn resolve_uses(&self, stmt: &mut Stmt) {
        if self.alias.is_empty() {
            return;
        }
        let alias = &self.alias;
        stmt_uses_mut(stmt, &mut |v| *v = resolve(alias, *v));
    }

    /// The scalar type of a value, if it is a scalar.
    fn scalar_type(&self, v: ValueId) -> Option<ScalarType> {
        match self.types.get(*self.value_types.get(v.0 as usize)?) {
            Type::Scalar(s) => Some(*s),
            _ => None,
        }
    }

    /// For `select` on a constant scalar condition, the operand chosen.
    fn select_target(&self, op: &Op) -> Option<ValueId> {
        let Op::Select {
            cond,
            if_true,
            if_false,
        } = op
        else {
            return None;
        };
        self.scalar_type(*cond)?;
        let c = self.scalars.get(cond)?;
        Some(if c.bits != 0 { *if_true } else { *if_false })
    }

    /// Folds `let value = op` in place when possible and records what is known of it.
    fn fold_let(&mut self, value: ValueId, op: &mut Op) {
        if let Some(c) = self.scalar_type(value).and_then(|ty| self.eval(op, ty)) {
            if *op != Op::Const(c) {
                *op = Op::Const(c);
                self.changed = true;
            }
            self.scalars.insert(value, c);
            return;
        }
        if let Some(lanes) = self.eval_vector(op) {
            self.vectors.insert(value, lanes);
        }
    }

    /// What is known of each lane of a scalar or vector value (all unknown when nothing is).
    fn lanes(&self, v: ValueId) -> Vec<Option<Const>> {
        if let Some(c) = self.scalars.get(&v) {
            return vec![Some(*c)];
        }
        if let Some(lanes) = self.vectors.get(&v) {
            return lanes.clone();
        }
        let n = self
            .value_types
            .get(v.0 as usize)
            .and_then(|t| self.types.lanes_of(*t))
            .unwrap_or(1);
        vec![None; usize::from(n)]
    }

    /// The lanes of a vector built by `splat`, `compose` or `insert` when any is known.
    fn eval_vector(&self, op: &Op) -> Option<Vec<Option<Const>>> {
        let lanes = match op {
            Op::Splat { value, to } => {
                let c = *self.scalars.get(value)?;
                vec![Some(c); usize::from(self.types.lanes_of(*to)?)]
            }
            Op::Compose { parts, .. } => parts.iter().flat_map(|p| self.lanes(*p)).collect(),
            Op::Insert {
                vector,
                lane,
                value,
            } => {
                let mut lanes = self.lanes(*vector);
                *lanes.get_mut(usize::from(*lane))? = self.scalars.get(value).copied();
                lanes
            }
            _ => return None,
        };
        lanes.iter().any(Option::is_some).then_some(lanes)
    }

    /// The constant value of `op`, whose result has scalar type `ty`, if it can be folded.
    fn eval(&self, op: &Op, ty: ScalarType) -> Option<Const> {
        let k = |v: &ValueId| self.scalars.get(v).copied();
        match op {
            Op::Const(c) => Some(*c),
            Op::Unary(u, a) => {
                let a = k(a)?;
                if a.ty.is_float() {
                    float::unary(*u, a)
                } else if a.ty.is_int() || *u == UnaryOp::Not {
                    Some(int::unary(*u, a))
                } else {
                    None
                }
            }
            Op::Binary(b, x, y) => {
                let (x, y) = (k(x)?, k(y)?);
                if x.ty.is_float() {
                    float::binary(*b, x, y)
                } else {
                    int::binary(*b, x, y)
                }
            }
            Op::Compare(c, x, y) => {
                let (x, y) = (k(x)?, k(y)?);
                Some(if x.ty.is_float() {
                    float::compare(*c, x, y)
                } else {
                    int::compare(*c, x, y)
                })
            }
            Op::Convert {
                value,
                saturate,
                rounding,
                ..
            } => convert::convert(k(value)?, ty, *saturate, *rounding),
            Op::Bitcast { value, .. } => {
                let c = k(value)?;
                let same_size = c.ty.bits() == ty.bits() && c.ty != ScalarType::Bool;
                same_size.then_some(Const { ty, bits: c.bits })
            }
            Op::Extract { vector, lane } => {
                self.vectors.get(vector)?.get(usize::from(*lane)).copied()?
            }
            Op::Shuffle { a, b, lanes } if lanes.len() == 1 => {
                let mut all = self.lanes(*a);
                all.extend(self.lanes(*b));
                all.get(usize::from(lanes[0])).copied()?
            }
            Op::Math { func, args } => {
                let args: Option<Vec<Const>> = args.iter().map(k).collect();
                math::fold(*func, &args?, ty)
            }
            _ => None,
        }
    }
}
