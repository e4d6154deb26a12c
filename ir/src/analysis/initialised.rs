//! Definite initialisation of private variables: the register-like variables ([`Variables`])
//! that every path through the function stores before it loads them, so that no load of
//! one can read a value nothing wrote.
//!
//! The walk follows the structured control flow with the set of variables stored on every
//! path so far. A branch continues with what both arms stored; a loop's body, its
//! `continuing` block and the code after it start from what was stored before the loop (a
//! `continue` or `break` may skip the rest of the body), each `switch` case from what was
//! stored before the switch. Imprecision only ever leaves a variable out of the result.
//!
//! A write to some components of a vector variable (`v.yx = w`) is a load of the whole
//! vector, `insert`s and a store back ([`component_write_loads`]); that load reads nothing
//! the program uses, so it counts as neither a read nor, until its store, a write. (So a
//! vector written in part and then read whole counts as written.)

use crate::fx::{HashMap, HashSet};

use super::vars::Variables;
use crate::module::{walk_stmts, Block, Function, LocalId, Stmt};
use crate::op::{Op, ValueId};
use crate::visit::use_counts;

/// The promotable variables of `f` (see [`Variables::promotable`]) whose every load is
/// preceded, on every path from the function's entry, by a store to the variable (loads
/// of [`component_write_loads`] aside).
pub fn initialised_before_loads(f: &Function, vars: &Variables) -> HashSet<LocalId> {
    let mut walk = Walk {
        vars,
        component_loads: component_write_loads(f, vars),
        loaded_unset: HashSet::default(),
    };
    let mut stored = HashSet::default();
    walk.block(&f.body, &mut stored);
    vars.promotable()
        .filter(|l| !walk.loaded_unset.contains(l))
        .collect()
}

/// The loads of promotable variables whose value only flows, through a chain of `insert`s
/// each used once, into a store back to the same variable (the stored value may have other
/// uses): the read half of a write to some components of a vector (`v.x = 1`).
pub fn component_write_loads(f: &Function, vars: &Variables) -> HashSet<ValueId> {
    let uses = use_counts(&f.body);
    // The `insert` that takes each value as its vector, and the (value, variable) pairs of
    // the stores.
    let mut inserted_into = HashMap::default();
    let mut stored_to = HashSet::default();
    let mut loads = Vec::new();
    walk_stmts(&f.body, &mut |s| match s {
        Stmt::Let {
            value,
            op: Op::Insert { vector, .. },
        } => {
            inserted_into.insert(*vector, *value);
        }
        Stmt::Let {
            value,
            op: Op::Load { ptr },
        } => {
            if let Some(l) = vars.promoted(*ptr) {
                loads.push((*value, l));
            }
        }
        Stmt::Store { ptr, value } => {
            if let Some(l) = vars.promoted(*ptr) {
                stored_to.insert((*value, l));
            }
        }
        _ => {}
    });
    loads
        .into_iter()
        .filter(|&(load, l)| {
            let mut v = load;
            loop {
                // The whole new value may have other uses; the load and the partial
                // values only feed the next step.
                if v != load && stored_to.contains(&(v, l)) {
                    return true;
                }
                if uses.get(v) != 1 {
                    return false;
                }
                match inserted_into.get(&v) {
                    Some(&next) => v = next,
                    None => return false,
                }
            }
        })
        .map(|(load, _)| load)
        .collect()
}

struct Walk<'v> {
    vars: &'v Variables,
    component_loads: HashSet<ValueId>,
    /// Variables with a load that some path reaches before any store.
    loaded_unset: HashSet<LocalId>,
}

impl Walk<'_> {
    /// Walks `block` from the state `stored` (variables stored on every path), leaving in
    /// it the state at the block's end.
    fn block(&mut self, block: &Block, stored: &mut HashSet<LocalId>) {
        for s in &block.stmts {
            self.stmt(s, stored);
        }
    }

    fn stmt(&mut self, s: &Stmt, stored: &mut HashSet<LocalId>) {
        match s {
            Stmt::Let {
                value,
                op: Op::Load { ptr },
            } => {
                if let Some(l) = self.vars.promoted(*ptr) {
                    if !stored.contains(&l) && !self.component_loads.contains(value) {
                        self.loaded_unset.insert(l);
                    }
                }
            }
            Stmt::Store { ptr, .. } => {
                if let Some(l) = self.vars.promoted(*ptr) {
                    stored.insert(l);
                }
            }
            Stmt::If {
                then_body,
                else_body,
                ..
            } => {
                let mut then_stored = stored.clone();
                self.block(then_body, &mut then_stored);
                let mut else_stored = stored.clone();
                self.block(else_body, &mut else_stored);
                *stored = then_stored.intersection(&else_stored).copied().collect();
            }
            Stmt::Loop {
                body, continuing, ..
            } => {
                self.block(body, &mut stored.clone());
                self.block(continuing, &mut stored.clone());
            }
            Stmt::Switch { cases, .. } => {
                for c in cases {
                    self.block(&c.body, &mut stored.clone());
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::variables;

    /// The names of the variables of the single function of `ir` that are initialised
    /// before every load.
    fn initialised(ir: &str) -> Vec<String> {
        let m = crate::parse_module(ir).expect("the test IR parses");
        crate::verify_module(&m).expect("the test IR verifies");
        let f = &m.functions[0];
        let vars = variables(f, &m.types);
        let mut names: Vec<String> = initialised_before_loads(f, &vars)
            .into_iter()
            .map(|l| f.local(l).name.clone())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_store_before_a_loop_covers_the_loads_in_it() {
        let ir = r#"kernel @k(%0 "p": ptr<global, u32> type "__global uint *") -> void {
  local $0 "k": private u32
  local $1 "late": private u32
  %1: ptr<private, u32> = local_addr $0
  %2: ptr<private, u32> = local_addr $1
  %3: u32 = const 8
  store %1, %3
  loop {
    %4: u32 = load %1
    %5: u32 = load %2
    store %2, %4
    store %0, %5
    break
  } continuing {
  }
  return
}
"#;
        assert_eq!(initialised(ir), vec!["k"]);
    }

    #[test]
    fn a_branch_initialises_only_what_both_arms_store() {
        let ir = r#"kernel @k(%0 "p": ptr<global, u32> type "__global uint *", %1 "c": bool type "bool") -> void {
  local $0 "both": private u32
  local $1 "one": private u32
  %2: ptr<private, u32> = local_addr $0
  %3: ptr<private, u32> = local_addr $1
  %4: u32 = const 1
  if %1 {
    store %2, %4
    store %3, %4
  } else {
    store %2, %4
  }
  %5: u32 = load %2
  %6: u32 = load %3
  %7: u32 = add %5, %6
  store %0, %7
  return
}
"#;
        assert_eq!(initialised(ir), vec!["both"]);
    }

    #[test]
    fn a_write_to_some_components_is_not_a_read() {
        let ir = r#"kernel @k(%0 "o": ptr<global, i32x2> type "__global int2 *", %1 "a": i32 type "int") -> void {
  local $0 "t": private i32x2
  local $1 "u": private i32x2
  %2: ptr<private, i32x2> = local_addr $0
  %3: ptr<private, i32x2> = local_addr $1
  %4: i32x2 = load %2
  %5: i32x2 = insert %4, 1, %1
  %6: i32x2 = insert %5, 0, %1
  store %2, %6
  %7: i32x2 = load %3
  %8: i32x2 = insert %7, 1, %1
  store %2, %8
  %9: i32x2 = load %2
  store %0, %9
  store %3, %9
  return
}
"#;
        // `u`'s load feeds a store to `t`: a real read of `u`.
        assert_eq!(initialised(ir), vec!["t"]);
    }

    #[test]
    fn a_store_in_a_loop_body_does_not_cover_loads_after_the_loop() {
        let ir = r#"kernel @k(%0 "p": ptr<global, u32> type "__global uint *", %1 "c": bool type "bool") -> void {
  local $0 "x": private u32
  %2: ptr<private, u32> = local_addr $0
  loop {
    if %1 {
      break
    } else {
    }
    %3: u32 = const 1
    store %2, %3
  } continuing {
  }
  %4: u32 = load %2
  store %0, %4
  return
}
"#;
        assert!(initialised(ir).is_empty());
    }
}
