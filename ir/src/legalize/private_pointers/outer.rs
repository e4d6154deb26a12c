//! Run-time indices in the middle of a private pointer's path.
//!
//! `pTable = &r->tables[r->type]; d = (uchar *)pTable->lookup; d++` keeps in `d` a pointer
//! whose path from its variable `r` has an array index known only at run time
//! (`r.tables[i].lookup`, [`Step::Any`]) before the element index that the variable holds.
//! Such a variable gets one companion `i64` variable per run-time step: every store to the
//! variable also stores the index of that step of the stored pointer, and every load
//! rebuilds the path with the companion's value (an access chain with a run-time index,
//! which Vulkan's logical pointers allow).
//!
//! Two roots of one variable that differ only in array indices (`&t[0].x` here, `&t[k].x`
//! there) merge into one root with a run-time step where they differ.

use crate::fx::HashMap;

use crate::module::{Function, LocalId, Stmt};
use crate::op::{BinaryOp, Op, ValueId};
use crate::types::{AddressSpace, Type, TypeId};

use super::{is_null_pointer, is_private_pointer, Analysis, Rewriter, Root, Step};

/// The root both `a` and `b` fit: equal but for array indices, which become run-time
/// steps where they differ; `None` when the two point into different objects.
pub(super) fn merge_roots(a: &Root, b: &Root) -> Option<Root> {
    let same_shape = a.local == b.local
        && a.array == b.array
        && a.view == b.view
        && a.elem == b.elem
        && a.steps.len() == b.steps.len();
    if !same_shape {
        return None;
    }
    let mut merged = a.clone();
    for (m, s) in merged.steps.iter_mut().zip(&b.steps) {
        match (*m, *s) {
            (x, y) if x == y => {}
            (Step::Index(_) | Step::Any, Step::Index(_) | Step::Any) => *m = Step::Any,
            _ => return None,
        }
    }
    Some(merged)
}

/// The companion variables of the pointer variables whose roots have run-time steps, and
/// what the rewriting needs to fill them.
#[derive(Default)]
pub(super) struct OuterIndices {
    /// Per pointer variable: the position of each run-time step and its companion.
    companions: HashMap<LocalId, Vec<(usize, LocalId)>>,
    /// The root of every private pointer value the analysis can follow (only filled when
    /// some root has a run-time step).
    provs: HashMap<ValueId, Root>,
    /// Run-time step indices loaded with a pointer variable: (pointer value, position).
    loaded: HashMap<(ValueId, usize), ValueId>,
}

impl OuterIndices {
    /// Adds a companion variable for every run-time step of every variable's root and
    /// records the roots of all pointer values, when any root (of a variable or of a
    /// pointer converted to an integer) has such a step.
    pub(super) fn new(
        analysis: &Analysis,
        roots: &HashMap<LocalId, Root>,
        cast_roots: &HashMap<ValueId, Root>,
    ) -> Self {
        let dynamic = |r: &Root| r.steps.contains(&Step::Any);
        if !roots.values().chain(cast_roots.values()).any(dynamic) {
            return Self::default();
        }
        let provs = analysis
            .defs
            .keys()
            .filter(|v| is_private_pointer(analysis.types, analysis.f.value_type(**v)))
            .filter_map(|v| match analysis.prov(*v, roots) {
                Ok(Some((root, _))) => Some((*v, root)),
                _ => None,
            })
            .collect();
        Self {
            companions: HashMap::default(),
            provs,
            loaded: HashMap::default(),
        }
    }

    /// Creates the companion variables (named `p.outerN`, N the step's position).
    pub(super) fn add_companions(
        &mut self,
        f: &mut Function,
        roots: &HashMap<LocalId, Root>,
        i64t: TypeId,
    ) {
        let mut vars: Vec<_> = roots.iter().collect();
        vars.sort_by_key(|(l, _)| l.0);
        for (l, root) in vars {
            let positions = root.steps.iter().enumerate();
            let dynamic = positions.filter(|(_, s)| **s == Step::Any);
            let name = f.local(*l).name.clone();
            let list = dynamic
                .map(|(n, _)| {
                    let local =
                        f.new_local(format!("{name}.outer{n}"), i64t, AddressSpace::Private);
                    (n, local)
                })
                .collect::<Vec<_>>();
            if !list.is_empty() {
                self.companions.insert(*l, list);
            }
        }
    }
}

impl Rewriter<'_> {
    /// After a store of pointer `value` to variable `var`: stores the run-time steps of
    /// `value` to the variable's companions (nothing for NULL).
    pub(super) fn store_outer(
        &mut self,
        f: &mut Function,
        out: &mut Vec<Stmt>,
        var: LocalId,
        value: ValueId,
    ) -> Result<(), String> {
        let Some(list) = self.outer.companions.get(&var).cloned() else {
            return Ok(());
        };
        let uncast = self.strip_casts(f, value);
        if is_null_pointer(self.types, &self.defs, f, uncast) {
            return Ok(());
        }
        let idx_ptr = self.types.pointer(AddressSpace::Private, self.i64t);
        for (pos, companion) in list {
            let index = self.outer_of(f, out, value, pos)?;
            let addr = f.push_let(out, idx_ptr, Op::LocalAddr(companion));
            out.push(Stmt::Store {
                ptr: addr,
                value: index,
            });
        }
        Ok(())
    }

    /// For a load of variable `var` into `value`: loads the index of the run-time step at
    /// position `pos` of its root from its companion.
    pub(super) fn load_outer(
        &mut self,
        f: &mut Function,
        out: &mut Vec<Stmt>,
        var: LocalId,
        value: ValueId,
        pos: usize,
    ) -> ValueId {
        let companion = self.outer.companions[&var]
            .iter()
            .find(|(n, _)| *n == pos)
            .map(|(_, c)| *c)
            .expect("a companion for every run-time step");
        let idx_ptr = self.types.pointer(AddressSpace::Private, self.i64t);
        let addr = f.push_let(out, idx_ptr, Op::LocalAddr(companion));
        let index = f.push_let(out, self.i64t, Op::Load { ptr: addr });
        self.outer.loaded.insert((value, pos), index);
        index
    }

    /// Emits the array index at step `pos` of the path of private pointer `v`.
    pub(super) fn outer_of(
        &mut self,
        f: &mut Function,
        out: &mut Vec<Stmt>,
        v: ValueId,
        pos: usize,
    ) -> Result<ValueId, String> {
        if let Some(i) = self.outer.loaded.get(&(v, pos)) {
            return Ok(*i);
        }
        let unfollowed = || {
            format!(
                "a private pointer ({}) whose run-time array index the compiler cannot follow \
                 is not supported on Vulkan",
                crate::diag::describe::describe_value_with(f, &self.defs, v)
            )
        };
        let Some(root) = self.outer.provs.get(&v) else {
            return Err(unfollowed());
        };
        if let Some(Step::Index(k)) = root.steps.get(pos) {
            return Ok(self.konst(f, out, *k));
        }
        match self.defs.get(&v).cloned() {
            Some(
                Op::IndexAddr { base, .. }
                | Op::FieldAddr { base, .. }
                | Op::PtrOffset { base, .. }
                | Op::Bitcast { value: base, .. },
            ) => {
                let Some(depth) = self.outer.provs.get(&base).map(|r| r.steps.len()) else {
                    return Err(unfollowed());
                };
                if pos < depth {
                    self.outer_of(f, out, base, pos)
                } else {
                    // The step this address adds: the base's element index.
                    self.index_of(f, out, base)
                }
            }
            Some(Op::Select {
                cond,
                if_true,
                if_false,
            }) => {
                let a = self.outer_of(f, out, if_true, pos)?;
                let b = self.outer_of(f, out, if_false, pos)?;
                Ok(self.select_index(f, out, cond, a, b))
            }
            _ => Err(unfollowed()),
        }
    }

    /// The byte offset that the run-time steps of `root` (the root of pointer `v`) add
    /// to its object's place inside its variable, or `None` when it has none.
    pub(super) fn outer_offset(
        &mut self,
        f: &mut Function,
        out: &mut Vec<Stmt>,
        v: ValueId,
        root: &Root,
    ) -> Result<Option<ValueId>, String> {
        let mut ty = f.local(root.local).ty;
        let mut total = None;
        for (pos, step) in root.steps.iter().enumerate() {
            match (step, self.types.get(ty).clone()) {
                (Step::Field(i), Type::Struct { fields, .. }) => ty = fields[*i as usize],
                (Step::Index(_), Type::Array { elem, .. }) => ty = elem,
                (Step::Any, Type::Array { elem, .. }) => {
                    let index = self.outer_of(f, out, v, pos)?;
                    let size = self.types.layout(elem).size as i64;
                    let size = self.konst(f, out, size);
                    let bytes = f.push_let(out, self.i64t, Op::Binary(BinaryOp::Mul, index, size));
                    total = Some(match total {
                        None => bytes,
                        Some(t) => f.push_let(out, self.i64t, Op::Binary(BinaryOp::Add, t, bytes)),
                    });
                    ty = elem;
                }
                _ => unreachable!("root steps follow the variable's type"),
            }
        }
        Ok(total)
    }
}
