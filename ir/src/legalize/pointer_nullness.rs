//! Folds comparisons of pointer addresses with NULL where the answer is known: the address
//! of a variable (and anything indexed from it, and a kernel's `__local` pointer argument)
//! is never NULL, and a bitcast of the integer 0 always is. Vulkan gives `__local` and
//! `__private` pointers no address, so `to_local(p) != 0` and `get_fence(p)` compile there
//! only once [`super::infer_spaces`] has resolved the cast and this fold has removed the
//! pointer-to-integer conversions (dead code elimination drops them afterwards).

use crate::fx::{HashMap, HashSet};

use crate::module::{walk_stmts, Block, Function, LocalId, Module, Stmt};
use crate::op::{CmpOp, Const, Op, ValueId};
use crate::opt::dce::dce_function;
use crate::types::{AddressSpace, TypeTable};

/// What is known of a pointer (or of the integer address of one).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Nullness {
    Null,
    NonNull,
}

/// Folds every `cmp.eq`/`cmp.ne` of a pointer's address with NULL whose result is known,
/// then removes the code left dead, in every function. Returns true when anything changed.
pub fn fold_null_compares(module: &mut Module) -> bool {
    let mut changed = false;
    for f in &mut module.functions {
        let known = nullness(&module.types, f);
        if fold_block(&mut f.body, &known) {
            dce_function(f);
            changed = true;
        }
    }
    changed
}

/// The nullness of every pointer, and of every integer that is a pointer's address or 0.
/// A pointer variable whose address is only loaded from and stored to, and whose every
/// store has the same nullness, gives its loads that nullness (flow-insensitively: a load
/// before the first store would read an uninitialized variable).
fn nullness(types: &TypeTable, f: &Function) -> HashMap<ValueId, Nullness> {
    let escaped = escaped_variables(f);
    let mut known = HashMap::default();
    let mut vars: HashMap<LocalId, Option<Nullness>> = HashMap::default();
    // Each round can only learn more; the variables' nullness settles within a few.
    for _ in 0..4 {
        let before = (known.len(), vars.clone());
        nullness_round(types, f, &escaped, &mut known, &mut vars);
        if (known.len(), vars.clone()) == before {
            break;
        }
    }
    known
}

/// The variables whose address is used other than as the address of a load or store.
fn escaped_variables(f: &Function) -> HashSet<LocalId> {
    let addr_of = crate::analysis::local_addresses(f);
    let mut escaped = HashSet::default();
    walk_stmts(&f.body, &mut |s| match s {
        Stmt::Let {
            op: Op::Load { .. },
            ..
        } => {}
        Stmt::Let { op, .. } => {
            for o in op.operands() {
                escaped.extend(addr_of.get(&o));
            }
        }
        Stmt::Store { value, .. } => escaped.extend(addr_of.get(value)),
        _ => {}
    });
    escaped
}

fn nullness_round(
    types: &TypeTable,
    f: &Function,
    escaped: &HashSet<LocalId>,
    known: &mut HashMap<ValueId, Nullness>,
    vars: &mut HashMap<LocalId, Option<Nullness>>,
) {
    if f.is_kernel() {
        for p in &f.params {
            if matches!(types.pointee(p.ty), Some((AddressSpace::Local, _))) {
                known.insert(p.value, Nullness::NonNull);
            }
        }
    }
    let mut int_zero = HashSet::default();
    let mut addr_of = HashMap::default();
    // Loads read what earlier rounds settled over *every* store: a variable set to NULL
    // and later to an address must not give NULL to a load between the two stores.
    let settled = vars.clone();
    walk_stmts(&f.body, &mut |s| {
        if let Stmt::Store { ptr, value } = s {
            if let Some(l) = addr_of.get(ptr) {
                let n = known.get(value).copied();
                let e = vars.entry(*l).or_insert(n);
                if *e != n {
                    *e = None;
                }
            }
            return;
        }
        let Stmt::Let { value, op } = s else { return };
        let k = match op {
            Op::Const(c) if c.ty.is_int() && c.bits == 0 => {
                int_zero.insert(*value);
                Some(Nullness::Null)
            }
            Op::LocalAddr(l) => {
                if !escaped.contains(l) {
                    addr_of.insert(*value, *l);
                }
                Some(Nullness::NonNull)
            }
            Op::GlobalAddr(_) => Some(Nullness::NonNull),
            Op::IndexAddr { base, .. }
            | Op::FieldAddr { base, .. }
            | Op::PtrOffset { base, .. } => {
                known.get(base).copied().filter(|n| *n == Nullness::NonNull)
            }
            Op::Bitcast { value: x, to } => {
                let from_ptr = types.pointee(f.value_type(*x)).is_some();
                let to_ptr = types.pointee(*to).is_some();
                // Integer-to-integer bitcasts are not followed (only the literal 0 counts).
                if from_ptr || to_ptr || int_zero.contains(x) {
                    known.get(x).copied()
                } else {
                    None
                }
            }
            Op::Load { ptr } if types.pointee(f.value_type(*value)).is_some() => addr_of
                .get(ptr)
                .and_then(|l| settled.get(l).copied().flatten()),
            _ => None,
        };
        if let Some(k) = k {
            known.insert(*value, k);
        }
    });
}

fn fold_block(block: &mut Block, known: &HashMap<ValueId, Nullness>) -> bool {
    let mut changed = false;
    for s in &mut block.stmts {
        match s {
            Stmt::Let {
                op: op @ Op::Compare(CmpOp::Eq | CmpOp::Ne, _, _),
                ..
            } => {
                let Op::Compare(cmp, a, b) = op else {
                    unreachable!()
                };
                let equal = match (known.get(a), known.get(b)) {
                    (Some(Nullness::Null), Some(Nullness::Null)) => Some(true),
                    (Some(Nullness::Null), Some(Nullness::NonNull))
                    | (Some(Nullness::NonNull), Some(Nullness::Null)) => Some(false),
                    _ => None,
                };
                if let Some(equal) = equal {
                    *op = Op::Const(Const::bool(equal == (*cmp == CmpOp::Eq)));
                    changed = true;
                }
            }
            Stmt::If {
                then_body,
                else_body,
                ..
            } => {
                changed |= fold_block(then_body, known);
                changed |= fold_block(else_body, known);
            }
            Stmt::Loop {
                body, continuing, ..
            } => {
                changed |= fold_block(body, known);
                changed |= fold_block(continuing, known);
            }
            Stmt::Switch { cases, .. } => {
                for c in cases {
                    changed |= fold_block(&mut c.body, known);
                }
            }
            _ => {}
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_module, print_module};

    /// `int *best = 0; ... if (best != 0) ...; best = x;`: the load between the two stores
    /// may read either, so its comparison stays; `&x != 0` folds to true.
    #[test]
    fn load_between_a_null_store_and_an_address_store_is_unknown() {
        let mut m = parse_module(
            r#"
kernel @k(%0 "out": ptr<global, i32>) -> void {
  local $0 "x": private i32
  local $1 "best": private ptr<private, i32>
  %1: ptr<private, ptr<private, i32>> = local_addr $1
  %2: u64 = const 0
  %3: ptr<private, i32> = bitcast %2
  store %1, %3
  loop {
    %4: ptr<private, i32> = load %1
    %5: u64 = bitcast %4
    %6: bool = cmp.ne %5, %2
    if %6 {
      break
    } else {
    }
    %7: ptr<private, i32> = local_addr $0
    store %1, %7
    %8: u64 = bitcast %7
    %9: bool = cmp.ne %8, %2
    if %9 {
      %10: i32 = const 1
      store %0, %10
    } else {
    }
  } continuing {
  }
  return
}
"#,
        )
        .expect("parses");
        fold_null_compares(&mut m);
        let text = print_module(&m);
        assert!(text.contains("cmp.ne %5, %2"), "{text}");
        assert!(text.contains("%9: bool = const true"), "{text}");
    }
}
