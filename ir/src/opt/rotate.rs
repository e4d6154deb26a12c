//! Loop rotation: a loop tested at the top (`while`, `for`) becomes a guarded loop tested
//! at the bottom, `if (c) do { body } while (c)`, the form LLVM's loop-rotate gives and
//! clang-based OpenCL compilers hand their back ends. NVIDIA's Vulkan compiler runs some
//! top-tested loops slowly: the bench histogram's two loops cost it about 25%, and the same
//! kernel with its loops rotated by hand ran 1.09x NVIDIA's OpenCL instead of 0.86x
//! (bench/results/gpu-loop-form.txt). Targets whose compilers rotate loops themselves do
//! not need the pass.
//!
//! Counted loops (`for (i = a; i < n; i += 4)`: [`counted_loop`], a constant step and an
//! invariant bound) stay as they are: NVIDIA's Vulkan compiler runs those well tested at
//! the top, and rotated they ran up to 15% slower (the optimisation chapter's
//! ConvolveFloat4 at 0.80-0.86 of NVIDIA's OpenCL rotated, 0.92-1.01 not; ConvolveUnroll
//! at widths 3 and 5 9-11% slower: bench/results/gpu-loop-form.txt, stop 36). The loops
//! rotation helps step by a run-time amount (the histogram's `b += lsize`) or have no
//! induction variable (mandelbrot's, a `while` over a condition).
//!
//! Rules. A loop qualifies when it is not a counted loop, has no exit test of its own yet
//! (`break_if` is empty) and its body starts with at most [`MAX_PREFIX`] `let`s followed
//! by an exit test: an `if c { break } else { rest }` or `if c { rest } else { break }` at
//! the body's top level. The `let`s (the test's computation: loads of the loop's variables and
//! arithmetic) must be pure operations or loads (not when the module uses `volatile`):
//! they run once more, in front of the loop, and again at the end of each iteration.
//! The loop becomes:
//! - in front of it, a copy of the `let`s and the guard `if` (the loop runs only when the
//!   first test lets it);
//! - the body: the `let`s (their values still serve the body; what only the test needed
//!   is dead), then `rest` and the statements after the test;
//! - `continuing`: as before, then a copy of the `let`s, and the exit test (`c`, or its
//!   negation) as the loop's `break_if`.
//!
//! A value of the `let`s that the body uses and that costs more than a load (arithmetic
//! on numbers: mandelbrot's `zi * zi` serves both its test and its body) is not computed
//! again in the body: the copies in front of the loop and in `continuing` store it in a
//! private variable of its own, which the body loads (a register once the driver's
//! compiler promotes it). Loads, booleans and pointers are recomputed.
//!
//! Each test runs at the same point of the execution as before: before the first
//! iteration, and after each `continuing`. Nested loops are rotated too.

use crate::fx::{HashMap, HashSet};

use super::clone::clone_fresh;
use crate::analysis::defs::Defs;
use crate::analysis::loops::counted_loop;
use crate::analysis::vars::{variables, Variables};
use crate::diag::refusal::Refusal;
use crate::module::{walk_stmt_list, Block, Function, LocalId, Module, Stmt};
use crate::op::{Op, UnaryOp, ValueId};
use crate::pipeline::Pass;
use crate::types::{AddressSpace, Type, TypeId, TypeTable};
use crate::visit::{replace_uses, stmt_uses};

/// The most `let`s in front of a loop's exit test that rotation copies.
pub const MAX_PREFIX: usize = 24;

/// The loop rotation pass.
pub struct Rotate;

impl Pass for Rotate {
    fn name(&self) -> &'static str {
        "rotate"
    }

    fn run(&self, module: &mut Module) -> Result<bool, Refusal> {
        let volatile = module.volatile_memory;
        let mut changed = false;
        for f in &mut module.functions {
            // Analyses of the function as it comes: each loop is judged before the loops
            // inside it are rotated.
            let vars = variables(f, &module.types);
            let defs = Defs::of_function(f);
            let mut body = std::mem::take(&mut f.body);
            let mut cx = Rotation {
                f,
                types: &mut module.types,
                volatile,
                vars,
                defs,
            };
            changed |= cx.block(&mut body);
            f.body = body;
        }
        Ok(changed)
    }
}

/// What rotating the loops of one function needs.
struct Rotation<'a> {
    f: &'a mut Function,
    types: &'a mut TypeTable,
    volatile: bool,
    /// The function's promotable variables, before rotation.
    vars: Variables,
    /// The function's definitions, before rotation.
    defs: Defs,
}

impl Rotation<'_> {
    /// Rotates the loops of `block` and of the blocks nested in it; true when any changed.
    fn block(&mut self, block: &mut Block) -> bool {
        let mut changed = false;
        let stmts = std::mem::take(&mut block.stmts);
        for mut s in stmts {
            // Decided before the loops inside it change.
            let counted = self.is_counted(&s, &block.stmts);
            for child in s.child_blocks_mut() {
                changed |= self.block(child);
            }
            if counted {
                block.stmts.push(s);
                continue;
            }
            match self.rotated(s) {
                Ok(replacement) => {
                    block.stmts.extend(replacement);
                    changed = true;
                }
                Err(s) => block.stmts.push(s),
            }
        }
        changed
    }

    /// Whether `s` is a counted loop ([`counted_loop`]; `preceding` are the statements
    /// before it in its block), which rotation leaves as it is.
    fn is_counted(&self, s: &Stmt, preceding: &[Stmt]) -> bool {
        let Stmt::Loop {
            body,
            continuing,
            break_if,
            ..
        } = s
        else {
            return false;
        };
        counted_loop(
            self.f, self.types, &self.vars, &self.defs, preceding, body, continuing, *break_if,
        )
        .is_some()
    }

    /// Whether a value of type `ty` the body needs is carried in a variable rather than
    /// computed again: numbers and vectors of numbers.
    fn carried(&self, ty: TypeId) -> bool {
        match self.types.get(ty) {
            Type::Scalar(t) | Type::Vector { elem: t, .. } => t.is_int() || t.is_float(),
            _ => false,
        }
    }
}

/// Whether the `let` may run again at the end of each iteration and in front of the loop.
fn copyable(s: &Stmt, volatile: bool) -> bool {
    match s {
        Stmt::Let { op, .. } => op.is_pure() || (!volatile && matches!(op, Op::Load { .. })),
        _ => false,
    }
}

impl Rotation<'_> {
    /// `s` rotated (the guard `if` and what goes in front of it), or `s` back when it is
    /// not a loop that qualifies.
    fn rotated(&mut self, s: Stmt) -> Result<Vec<Stmt>, Stmt> {
        let Stmt::Loop {
            body,
            continuing,
            break_if: None,
            unroll,
        } = s
        else {
            return Err(s);
        };
        let test_at = body
            .stmts
            .iter()
            .position(|s| !matches!(s, Stmt::Let { .. }));
        let qualifies = test_at.is_some_and(|t| {
            t <= MAX_PREFIX
                && body.stmts[t].exit_test().is_some()
                && body.stmts[..t].iter().all(|s| copyable(s, self.volatile))
        });
        let Some(t) = test_at.filter(|_| qualifies) else {
            return Err(Stmt::Loop {
                body,
                continuing,
                break_if: None,
                unroll,
            });
        };
        let mut stmts = body.stmts;
        let after = stmts.split_off(t + 1);
        let test = stmts.pop().expect("the exit test");
        let prefix = stmts;
        let (cond, leaves_when, rest) = test.exit_test().expect("checked above");
        let mut rest = Block {
            stmts: rest.to_vec(),
        };
        rest.stmts.extend(after);
        let carried = self.carried_values(&prefix, &rest);

        // In front of the loop: the test's computation, the carried values and the guard.
        let mut out = Vec::new();
        let entry_cond = self.copy_prefix(&prefix, cond, &carried, &mut out);
        let enters = if leaves_when {
            self.negation(entry_cond, &mut out)
        } else {
            entry_cond
        };

        // At the end of each iteration: the computation again, and the exit test.
        let mut continuing = continuing;
        let again = self.copy_prefix(&prefix, cond, &carried, &mut continuing.stmts);
        let break_if = if leaves_when {
            again
        } else {
            self.negation(again, &mut continuing.stmts)
        };

        // The body: the computation (what only the test needed is dead now), the carried
        // values loaded, then the rest.
        let mut new_body = prefix;
        let mut loaded = HashMap::default();
        for &(value, var) in &carried {
            let ty = self.f.value_type(value);
            let ptr_ty = self.types.pointer(AddressSpace::Private, ty);
            let ptr = self.f.push_let(&mut new_body, ptr_ty, Op::LocalAddr(var));
            let load = self.f.push_let(&mut new_body, ty, Op::Load { ptr });
            self.f.spans.inherit(load, value);
            loaded.insert(value, load);
        }
        replace_uses(&mut rest, &loaded);
        new_body.extend(rest.stmts);
        let lp = Stmt::Loop {
            body: Block { stmts: new_body },
            continuing,
            break_if: Some(break_if),
            unroll,
        };
        out.push(Stmt::If {
            cond: enters,
            then_body: Block { stmts: vec![lp] },
            else_body: Block::default(),
        });
        Ok(out)
    }

    /// The values of `prefix` that `rest` uses and that go through a variable of their
    /// own, each with its new variable.
    fn carried_values(&mut self, prefix: &[Stmt], rest: &Block) -> Vec<(ValueId, LocalId)> {
        let mut used = HashSet::default();
        walk_stmt_list(&rest.stmts, &mut |s| used.extend(stmt_uses(s)));
        let mut carried = Vec::new();
        for s in prefix {
            let Stmt::Let { value, op } = s else {
                continue;
            };
            let ty = self.f.value_type(*value);
            if used.contains(value) && !matches!(op, Op::Load { .. }) && self.carried(ty) {
                let var =
                    self.f
                        .new_local(format!("rotated.{}", value.0), ty, AddressSpace::Private);
                carried.push((*value, var));
            }
        }
        carried
    }

    /// Appends a copy of `prefix` to `out`, stores the copies of the carried values in
    /// their variables, and returns the copy of `cond`.
    fn copy_prefix(
        &mut self,
        prefix: &[Stmt],
        cond: ValueId,
        carried: &[(ValueId, LocalId)],
        out: &mut Vec<Stmt>,
    ) -> ValueId {
        let mut map = HashMap::default();
        out.extend(clone_fresh(self.f, prefix, &mut map));
        for &(value, var) in carried {
            let ty = self.f.value_type(value);
            let ptr_ty = self.types.pointer(AddressSpace::Private, ty);
            let ptr = self.f.push_let(out, ptr_ty, Op::LocalAddr(var));
            out.push(Stmt::Store {
                ptr,
                value: map[&value],
            });
        }
        *map.get(&cond).unwrap_or(&cond)
    }

    /// Appends `not cond` to `out` and returns it.
    fn negation(&mut self, cond: ValueId, out: &mut Vec<Stmt>) -> ValueId {
        let ty = self.f.value_type(cond);
        let not = self.f.push_let(out, ty, Op::Unary(UnaryOp::Not, cond));
        self.f.spans.inherit(not, cond);
        not
    }
}
