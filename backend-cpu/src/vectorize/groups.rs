//! `vloadN` and `vstoreN` as the built-in library expands them: N scalar accesses of one
//! 32-bit type at consecutive addresses (`ptr_offset(base, index + k)` for k = 0..N, with a
//! 64-bit index), either N loads that one `compose` gathers (in component order) or N stores
//! of the lanes `extract v, k` of one vector, in one block with nothing between the first and
//! the last access but `let`s without side effects (and, between loads, other loads). A
//! vectorised region turns such a group into one block access when the lanes' N elements
//! follow one another in memory (see `crate::codegen::vector::access`).
//!
//! Addresses and indices are compared by structure: the same value, or the same pure
//! operation of operands that are the same in turn (the library recomputes `offset * N` for
//! each component).

use std::collections::HashMap;
use std::rc::Rc;

use oclc_ir::{BinaryOp, Block, Function, Op, ScalarType, Stmt, TypeTable, ValueId};

/// One group: the accesses in component order.
#[derive(Debug)]
pub struct Group {
    /// The address of each component.
    pub ptrs: Vec<ValueId>,
    /// Loads: the loaded values; stores: the stored values (`extract`s of `vector`).
    pub values: Vec<ValueId>,
    /// Stores: the vector whose lanes are stored.
    pub vector: Option<ValueId>,
}

/// The groups of a function, by the value each load defines and by each store's address.
#[derive(Debug, Default)]
pub struct Groups {
    /// Every load of a load group.
    pub loads: HashMap<ValueId, Rc<Group>>,
    /// The address of every store of a store group.
    pub stores: HashMap<ValueId, Rc<Group>>,
}

/// Finds the groups of `func`.
pub fn find(types: &TypeTable, func: &Function) -> Groups {
    let mut defs = HashMap::new();
    oclc_ir::walk_stmts(&func.body, &mut |s| {
        if let Stmt::Let { value, op } = s {
            defs.insert(*value, op.clone());
        }
    });
    let cx = Cx { types, func, defs };
    let mut out = Groups::default();
    cx.block(&func.body, &mut out);
    out
}

struct Cx<'a> {
    types: &'a TypeTable,
    func: &'a Function,
    defs: HashMap<ValueId, Op>,
}

/// The component counts of OpenCL vectors.
fn is_width(n: usize) -> bool {
    matches!(n, 2 | 3 | 4 | 8 | 16)
}

impl Cx<'_> {
    fn block(&self, b: &Block, out: &mut Groups) {
        self.load_groups(b, out);
        self.store_groups(b, out);
        for s in &b.stmts {
            match s {
                Stmt::If {
                    then_body,
                    else_body,
                    ..
                } => {
                    self.block(then_body, out);
                    self.block(else_body, out);
                }
                Stmt::Loop {
                    body, continuing, ..
                } => {
                    self.block(body, out);
                    self.block(continuing, out);
                }
                Stmt::Switch { cases, .. } => {
                    for c in cases {
                        self.block(&c.body, out);
                    }
                }
                _ => {}
            }
        }
    }

    fn load_groups(&self, b: &Block, out: &mut Groups) {
        let at: HashMap<ValueId, (usize, ValueId)> = b
            .stmts
            .iter()
            .enumerate()
            .filter_map(|(i, s)| match s {
                Stmt::Let {
                    value,
                    op: Op::Load { ptr },
                } => Some((*value, (i, *ptr))),
                _ => None,
            })
            .collect();
        for s in &b.stmts {
            let Stmt::Let {
                op: Op::Compose { parts, .. },
                ..
            } = s
            else {
                continue;
            };
            let Some(found) = parts
                .iter()
                .map(|p| at.get(p).copied())
                .collect::<Option<Vec<_>>>()
            else {
                continue;
            };
            let (first, last) = (found[0].0, found[found.len() - 1].0);
            let ordered = found.windows(2).all(|w| w[0].0 < w[1].0);
            let quiet = b.stmts[first..=last].iter().all(|s| match s {
                Stmt::Let { op, .. } => op.is_pure() || matches!(op, Op::Load { .. }),
                _ => false,
            });
            let ptrs: Vec<ValueId> = found.iter().map(|f| f.1).collect();
            if ordered && quiet && self.consecutive(parts, &ptrs) {
                let g = Rc::new(Group {
                    ptrs,
                    values: parts.clone(),
                    vector: None,
                });
                for p in parts {
                    out.loads.insert(*p, g.clone());
                }
            }
        }
    }

    fn store_groups(&self, b: &Block, out: &mut Groups) {
        let mut i = 0;
        while i < b.stmts.len() {
            match self.store_group_at(b, i) {
                Some((g, end)) => {
                    let g = Rc::new(g);
                    for p in &g.ptrs {
                        out.stores.insert(*p, g.clone());
                    }
                    i = end;
                }
                None => i += 1,
            }
        }
    }

    /// The store group whose first store is statement `i` of `b`, and the index after it.
    fn store_group_at(&self, b: &Block, i: usize) -> Option<(Group, usize)> {
        let lane_of = |v: &ValueId| match self.defs.get(v) {
            Some(Op::Extract { vector, lane }) => Some((*vector, *lane as usize)),
            _ => None,
        };
        let Stmt::Store { value, .. } = &b.stmts[i] else {
            return None;
        };
        let (vector, 0) = lane_of(value)? else {
            return None;
        };
        let n = self.types.lanes_of(self.func.value_type(vector))? as usize;
        let (mut ptrs, mut values) = (Vec::new(), Vec::new());
        let mut j = i;
        while ptrs.len() < n && j < b.stmts.len() {
            match &b.stmts[j] {
                Stmt::Store { ptr, value } => {
                    if lane_of(value) != Some((vector, ptrs.len())) {
                        return None;
                    }
                    ptrs.push(*ptr);
                    values.push(*value);
                }
                Stmt::Let { op, .. } if op.is_pure() => {}
                _ => return None,
            }
            j += 1;
        }
        (ptrs.len() == n && is_width(n) && self.consecutive(&values, &ptrs)).then_some((
            Group {
                ptrs,
                values,
                vector: Some(vector),
            },
            j,
        ))
    }

    /// True when `values` (scalars of one 32-bit type) are accessed at `ptrs`, component `k`
    /// at `ptrs[0]` plus `k` elements.
    fn consecutive(&self, values: &[ValueId], ptrs: &[ValueId]) -> bool {
        let ty = self.types.scalar_of(self.func.value_type(values[0]));
        let t32 = matches!(
            ty,
            Some(ScalarType::F32 | ScalarType::I32 | ScalarType::U32)
        );
        let same_ty = values
            .iter()
            .all(|v| self.func.value_type(*v) == self.func.value_type(values[0]));
        if !is_width(values.len()) || !t32 || !same_ty {
            return false;
        }
        let Some((base, root, c0)) = self.element_address(ptrs[0]) else {
            return false;
        };
        ptrs.iter().enumerate().skip(1).all(|(k, p)| {
            self.element_address(*p).is_some_and(|(b, r, c)| {
                c == c0 + k as i64 && self.same(b, base, 8) && self.same(r, root, 8)
            })
        })
    }

    /// `ptr` as `ptr_offset(base, root + c)` over 4-byte elements with a 64-bit index:
    /// `(base, root, c)`.
    fn element_address(&self, ptr: ValueId) -> Option<(ValueId, ValueId, i64)> {
        let Some(Op::PtrOffset { base, index }) = self.defs.get(&ptr) else {
            return None;
        };
        let (_, pointee) = self.types.pointee(self.func.value_type(*base))?;
        let wide = self
            .types
            .scalar_of(self.func.value_type(*index))
            .is_some_and(|s| s.bits() == 64);
        if self.types.layout(pointee).size != 4 || !wide {
            return None;
        }
        let (root, c) = match self.defs.get(index) {
            Some(Op::Binary(BinaryOp::Add, a, b)) => match self.constant(*b) {
                Some(c) => (*a, c),
                None => (*index, 0),
            },
            _ => (*index, 0),
        };
        Some((*base, root, c))
    }

    fn constant(&self, v: ValueId) -> Option<i64> {
        match self.defs.get(&v) {
            Some(Op::Const(c)) if c.ty.is_int() && c.ty.bits() == 64 => Some(c.bits as i64),
            _ => None,
        }
    }

    /// True when `a` and `b` are the same value, or the same pure operation of operands that
    /// are the same (to `depth` levels).
    fn same(&self, a: ValueId, b: ValueId, depth: usize) -> bool {
        if a == b {
            return true;
        }
        let (Some(x), Some(y)) = (self.defs.get(&a), self.defs.get(&b)) else {
            return false;
        };
        if depth == 0 || !x.is_pure() || self.func.value_type(a) != self.func.value_type(b) {
            return false;
        }
        let (xs, ys) = (x.operands(), y.operands());
        let mut renamed = y.clone();
        let mut k = 0;
        oclc_ir::visit::op_operands_mut(&mut renamed, &mut |v| {
            if let Some(&xv) = xs.get(k) {
                *v = xv;
            }
            k += 1;
        });
        xs.len() == ys.len()
            && renamed == *x
            && xs
                .iter()
                .zip(&ys)
                .all(|(p, q)| self.same(*p, *q, depth - 1))
    }
}
