//! Unrolling hints for a driver's compiler: a loop that is not a counted loop
//! ([`counted_loop`]: a constant step and an invariant bound) and whose unrolling the
//! source left to the compiler is marked `nounroll` (`Unroll::Never`), which the SPIR-V
//! emitters write as `DontUnroll` in its `OpLoopMerge`.
//!
//! Why. Such a loop runs while a condition on its data holds (a Collatz step, an escape-time
//! iteration, a `do`-`while` over a value read from memory); its trip count cannot be
//! computed at its entry, so unrolled copies only repeat the exit test, and on a GPU the
//! work-items of a subgroup leave it at different iterations. NVIDIA's Vulkan compiler
//! treats such loops better when told not to unroll them: with the hint the bench's
//! control_flow ran 1.03 -> 1.2 of NVIDIA's OpenCL, and no other bench kernel moved
//! (bench/results/gpu-loop-form.txt). Counted loops keep no
//! hint: the driver unrolls those well, and a hint on every loop slowed the optimisation
//! chapter's convolutions by up to 11% (same file).
//!
//! Rules. Every loop is judged as the pass finds it, before the loops inside it; a loop
//! with any request of the source (`#pragma unroll`, `nounroll`, `opencl_unroll_hint`)
//! keeps it. The pass changes no computation: only the hint. It runs at the end of the
//! optimisations (after this compiler's own unrolling, which reads the same hint) and only
//! in pipelines whose consumer compiles loops itself (the Vulkan target).

use crate::analysis::defs::Defs;
use crate::analysis::loops::counted_loop;
use crate::analysis::vars::{variables, Variables};
use crate::diag::refusal::Refusal;
use crate::module::{Block, Function, Module, Stmt, Unroll};
use crate::pipeline::Pass;
use crate::types::TypeTable;

/// The loop-hint pass.
pub struct LoopHints;

impl Pass for LoopHints {
    fn name(&self) -> &'static str {
        "loop_hints"
    }

    fn run(&self, module: &mut Module) -> Result<bool, Refusal> {
        let mut changed = false;
        for f in &mut module.functions {
            let judge = Judge {
                f,
                types: &module.types,
                vars: variables(f, &module.types),
                defs: Defs::of_function(f),
            };
            let mut uncounted = Vec::new();
            judge.collect(&f.body, &mut Vec::new(), &mut uncounted);
            for path in &uncounted {
                if let Some(Stmt::Loop { unroll, .. }) = stmt_at(&mut f.body, path) {
                    *unroll = Unroll::Never;
                    changed = true;
                }
            }
        }
        Ok(changed)
    }
}

/// What judging the loops of one function needs.
struct Judge<'a> {
    f: &'a Function,
    types: &'a TypeTable,
    vars: Variables,
    defs: Defs,
}

impl Judge<'_> {
    /// Adds to `out` the path of every loop in `block` (and the blocks nested in it) that
    /// has no request of the source and is not a counted loop. A path holds the statement
    /// index, then for each nesting the child block's index and the statement's index in it.
    fn collect(&self, block: &Block, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        for (i, s) in block.stmts.iter().enumerate() {
            path.push(i);
            if let Stmt::Loop {
                body,
                continuing,
                break_if,
                unroll: Unroll::Auto,
            } = s
            {
                let preceding = &block.stmts[..i];
                let (f, types, vars, defs) = (self.f, self.types, &self.vars, &self.defs);
                if counted_loop(f, types, vars, defs, preceding, body, continuing, *break_if)
                    .is_none()
                {
                    out.push(path.clone());
                }
            }
            for (c, child) in s.child_blocks().enumerate() {
                path.push(c);
                self.collect(child, path, out);
                path.pop();
            }
            path.pop();
        }
    }
}

/// The statement at `path` (as [`Judge::collect`] builds it).
fn stmt_at<'a>(block: &'a mut Block, path: &[usize]) -> Option<&'a mut Stmt> {
    let (&i, rest) = path.split_first()?;
    let s = block.stmts.get_mut(i)?;
    match rest.split_first() {
        None => Some(s),
        Some((&c, rest)) => stmt_at(s.child_blocks_mut().nth(c)?, rest),
    }
}
