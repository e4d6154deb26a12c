//! Wide rows: one call of the work-group function runs the rows of the consecutive groups it
//! is given as one row, `count * local_size[0]` work-items long, instead of a loop over the
//! groups (16x16 groups: rows of 16 x count work-items). Short rows cost: a 16x16 group
//! touches 16 lines of 64 bytes of each image row it reads or writes, one after another,
//! where a wide row streams through whole image rows (the loops themselves are not the cost:
//! one loop over a 16x16 group's work-items was slower, bench/results/middle-end.txt).
//!
//! A kernel may run so when nothing it does can tell the groups apart along dimension 0:
//! - no barrier (groups run their work-items one after another anyway) and no `__local`
//!   memory, variable or argument (each group has its own);
//! - no `get_local_id(0)` or `get_group_id(0)` (nor a query whose dimension is not a constant),
//!   whose values would be a wide row's;
//! - no `printf`, whose output keeps its group-by-group order;
//! - no image access (their coordinates are not analysed below).
//!
//! Whether it *should* is a question of memory order: a row of 1024 work-items that writes a
//! column each (`out[x * n + y]`) leaves 1024 output lines half-written before the next row
//! comes back to them (the naive transpose ran 1.9x slower). So every `__global` and
//! `__constant` access must move by at most a cache line from one work-item of a row to the
//! next: its address, as a function of `get_global_id(0)`, has a stride of 0 to 64 bytes. The
//! strides are a cheap over-approximating analysis ([`Stride`]); private variables take the
//! join of what is stored to them.

use std::collections::HashMap;

use oclc_ir::{
    walk_stmts, AddressSpace, BinaryOp, Dim, Function, LocalId, MathFn, Op, Stmt, TypeId,
    TypeTable, ValueId, WorkItemQuery,
};

/// The largest stride, in bytes, an access of a wide-row kernel may have along dimension 0.
const MAX_STRIDE: i64 = 64;

/// How a value changes from one work-item to the next along dimension 0 (same other ids).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stride {
    /// The same for every work-item of the row.
    Uniform,
    /// Grows by this much per work-item (bytes for pointers, units for numbers).
    By(i64),
    /// Anything else.
    Unknown,
}

impl Stride {
    fn of(k: i64) -> Stride {
        if k == 0 {
            Stride::Uniform
        } else {
            Stride::By(k)
        }
    }

    fn step(self) -> Option<i64> {
        match self {
            Stride::Uniform => Some(0),
            Stride::By(k) => Some(k),
            Stride::Unknown => None,
        }
    }

    /// The stride of a value that is one of `self` and `other`.
    fn join(self, other: Stride) -> Stride {
        match (self, other) {
            (Stride::Uniform, s) | (s, Stride::Uniform) => s,
            (a, b) if a == b => a,
            _ => Stride::Unknown,
        }
    }

    fn add(self, other: Stride, sign: i64) -> Stride {
        match (self.step(), other.step()) {
            (Some(a), Some(b)) => a
                .checked_add(b.saturating_mul(sign))
                .map_or(Stride::Unknown, Stride::of),
            _ => Stride::Unknown,
        }
    }

    fn scale(self, by: Option<i64>) -> Stride {
        match (self, by) {
            (Stride::Uniform, _) => Stride::Uniform,
            (Stride::By(k), Some(c)) => k.checked_mul(c).map_or(Stride::Unknown, Stride::of),
            _ => Stride::Unknown,
        }
    }
}

/// True when `func` (an inlined kernel without barriers) may and should run wide rows.
pub fn wide_rows(types: &TypeTable, func: &Function) -> bool {
    if func.locals.iter().any(|l| l.space == AddressSpace::Local)
        || func.params.iter().any(|p| is_local_pointer(types, p.ty))
    {
        return false;
    }
    let mut allowed = true;
    walk_stmts(&func.body, &mut |s| {
        if let Stmt::Let { op, .. } = s {
            allowed &= op_allowed(op);
        }
    });
    allowed && accesses_stay_close(types, func)
}

fn is_local_pointer(types: &TypeTable, ty: TypeId) -> bool {
    matches!(types.pointee(ty), Some((AddressSpace::Local, _)))
}

fn op_allowed(op: &Op) -> bool {
    match op {
        Op::WorkItem { query, dim } => {
            let group_bound = matches!(query, WorkItemQuery::LocalId | WorkItemQuery::GroupId);
            !(group_bound && matches!(dim, Dim::Const(0) | Dim::Dynamic(_)))
        }
        Op::Printf { .. } | Op::ImageRead { .. } | Op::ImageWrite { .. } => false,
        _ => true,
    }
}

/// The strides of a function's values, with those of its private variables.
struct Strides<'f> {
    types: &'f TypeTable,
    func: &'f Function,
    values: HashMap<ValueId, Stride>,
    consts: HashMap<ValueId, i64>,
    /// The variable each private address points into.
    var_of: HashMap<ValueId, LocalId>,
    vars: HashMap<LocalId, Stride>,
    /// True when a store changed a variable's stride in this sweep.
    changed: bool,
    /// False once an access moves too far between neighbouring work-items.
    close: bool,
}

/// True when every `__global`/`__constant` access of `func` has a stride of at most
/// [`MAX_STRIDE`] bytes along dimension 0.
fn accesses_stay_close(types: &TypeTable, func: &Function) -> bool {
    let mut s = Strides {
        types,
        func,
        values: HashMap::new(),
        consts: crate::codegen::vector::int_consts(func),
        var_of: HashMap::new(),
        vars: HashMap::new(),
        changed: true,
        close: true,
    };
    // Variables' strides only grow (Uniform, then By(k), then Unknown): a few sweeps settle.
    for _ in 0..8 {
        if !s.changed {
            return s.close;
        }
        s.changed = false;
        s.close = true;
        walk_stmts(&func.body, &mut |st| s.stmt(st));
    }
    false
}

impl Strides<'_> {
    fn get(&self, v: ValueId) -> Stride {
        self.values.get(&v).copied().unwrap_or(Stride::Uniform)
    }

    fn stmt(&mut self, st: &Stmt) {
        match st {
            Stmt::Let { value, op } => {
                let s = self.op(*value, op);
                self.values.insert(*value, s);
            }
            Stmt::Store { ptr, value } => {
                let s = self.get(*value);
                match self.var_of.get(ptr) {
                    Some(&l) => {
                        let old = self.vars.get(&l).copied().unwrap_or(Stride::Uniform);
                        let new = old.join(s);
                        if new != old {
                            self.vars.insert(l, new);
                            self.changed = true;
                        }
                    }
                    None => self.check_access(*ptr),
                }
            }
            _ => {}
        }
    }

    /// Notes a memory access through `ptr` that moves too far between work-items.
    fn check_access(&mut self, ptr: ValueId) {
        let Some((space, pointee)) = self.types.pointee(self.func.value_type(ptr)) else {
            return;
        };
        if space == AddressSpace::Private {
            return;
        }
        let size = self.types.layout(pointee).size as i64;
        self.close &= match self.get(ptr).step() {
            Some(k) => k == 0 || k.abs() <= MAX_STRIDE.max(size),
            None => false,
        };
    }

    fn elem_size(&self, ptr: ValueId) -> Option<i64> {
        let (_, pointee) = self.types.pointee(self.func.value_type(ptr))?;
        Some(self.types.layout(pointee).size as i64)
    }

    fn op(&mut self, value: ValueId, op: &Op) -> Stride {
        match op {
            Op::WorkItem {
                query: WorkItemQuery::GlobalId,
                dim: Dim::Const(0),
            } => Stride::By(1),
            Op::Binary(BinaryOp::Add, a, b) => self.get(*a).add(self.get(*b), 1),
            Op::Binary(BinaryOp::Sub, a, b) => self.get(*a).add(self.get(*b), -1),
            Op::Binary(BinaryOp::Mul, a, b) => {
                let (sa, sb) = (self.get(*a), self.get(*b));
                if sa == Stride::Uniform {
                    sb.scale(self.consts.get(a).copied())
                } else {
                    sa.scale(self.consts.get(b).copied())
                }
            }
            Op::Binary(BinaryOp::Shl, a, b) => {
                let shift = self.consts.get(b).filter(|k| (0..32).contains(*k));
                self.get(*a).scale(shift.map(|k| 1i64 << k))
            }
            Op::Convert { value, .. } | Op::Bitcast { value, .. } => self.get(*value),
            Op::LocalAddr(l) => {
                self.var_of.insert(value, *l);
                Stride::Uniform
            }
            Op::PtrOffset { base, index } | Op::IndexAddr { base, index } => {
                self.follow_var(value, *base);
                let elem = match op {
                    Op::PtrOffset { .. } => self.elem_size(*base),
                    _ => self.array_elem_size(*base),
                };
                self.get(*base).add(self.get(*index).scale(elem), 1)
            }
            Op::FieldAddr { base, .. } => {
                self.follow_var(value, *base);
                self.get(*base)
            }
            Op::Load { ptr } => match self.var_of.get(ptr) {
                Some(l) => self.vars.get(l).copied().unwrap_or(Stride::Uniform),
                None => {
                    self.check_access(*ptr);
                    uniform_or_unknown(self.get(*ptr))
                }
            },
            Op::Atomic { ptr, .. } => {
                self.check_access(*ptr);
                Stride::Unknown
            }
            // Clamped and chosen indices mostly follow the varying operand.
            Op::Math {
                func: MathFn::Min | MathFn::Max | MathFn::Clamp,
                args,
            } => args
                .iter()
                .fold(Stride::Uniform, |s, a| s.join(self.get(*a))),
            Op::Select {
                cond,
                if_true,
                if_false,
            } if self.get(*cond) == Stride::Uniform => self.get(*if_true).join(self.get(*if_false)),
            _ => {
                let mut all_uniform = true;
                oclc_ir::visit::op_operands(op, &mut |v| {
                    all_uniform &= self.get(v) == Stride::Uniform
                });
                uniform_or_unknown(if all_uniform {
                    Stride::Uniform
                } else {
                    Stride::Unknown
                })
            }
        }
    }

    fn follow_var(&mut self, value: ValueId, base: ValueId) {
        if let Some(&l) = self.var_of.get(&base) {
            self.var_of.insert(value, l);
        }
    }

    fn array_elem_size(&self, base: ValueId) -> Option<i64> {
        let (_, array) = self.types.pointee(self.func.value_type(base))?;
        match self.types.get(array) {
            oclc_ir::Type::Array { elem, .. } => Some(self.types.layout(*elem).size as i64),
            _ => None,
        }
    }
}

fn uniform_or_unknown(s: Stride) -> Stride {
    if s == Stride::Uniform {
        Stride::Uniform
    } else {
        Stride::Unknown
    }
}
