//! The "vectorize" stage of the CPU backend: consecutive work-items of dimension 0 run as the
//! lanes of 128-bit SIMD vectors inside a region (see `crate::codegen::vector` for the code
//! generation). This module decides, per region, whether that is possible.
//!
//! A region is vectorised unless it has a switch on a varying value, a `continue` under a varying condition
//! (see [`analysis`] for what varies), a varying `return` in a kernel with barriers, a private
//! variable kept in a stack slot (one slot serves all work-items of the scalar loop), a
//! dynamic-dimension work-item query, or an image write (image reads run once per lane).
//! Varying `if`s and loops run under lane masks. Other regions keep the scalar work-item loop.
//! Loop variables that start affine in the lane and step uniformly are found by [`induction`].

pub mod analysis;
pub mod groups;
pub mod induction;
pub mod movable_loads;
pub mod pressure;
pub mod row_cut;

use oclc_ir::{Dim, Function, Op, Stmt};

use crate::plan::Plan;
pub use analysis::{analyze, analyze_group, Uniformity};
pub use pressure::interleaved_chunk_count;

/// Work-items per vector chunk.
pub const LANES: usize = 4;

/// The largest private variable kept in a stack slot that a vectorised region copies per lane.
const MAX_LANE_COPY: u64 = 4096;

/// Why the region `stmts` of `func` cannot be vectorised, or `None` when it can.
pub fn region_blocker(
    types: &oclc_ir::TypeTable,
    func: &Function,
    plan: &Plan,
    u: &Uniformity,
    stmts: &[Stmt],
) -> Option<String> {
    let mut why = None;
    walk(stmts, &mut Ctx::default(), u, &mut |s, ctx| {
        if why.is_some() {
            return;
        }
        why = match s {
            Stmt::Switch { selector, .. } if u.is_varying(*selector) => {
                Some("a switch on a value that varies between work-items".to_string())
            }
            Stmt::Switch { .. } if ctx.divergent() => {
                Some("a switch under a condition that varies between work-items".to_string())
            }
            Stmt::Continue if ctx.divergent_since_loop() => {
                Some("a continue under a condition that varies between work-items".to_string())
            }
            Stmt::Return(_) if plan.has_barrier && ctx.divergent() => Some(
                "a return under a condition that varies between work-items (with barriers)"
                    .to_string(),
            ),
            Stmt::Break if ctx.loops.is_empty() && ctx.divergent() => {
                Some("a break out of a group-level loop under a varying condition".to_string())
            }
            Stmt::Break if ctx.loops.last().is_some_and(|l| l.2) && ctx.divergent_since_loop() => {
                Some("a break out of a switch under a varying condition".to_string())
            }
            Stmt::Let { op, .. } => op_blocker(types, func, plan, op),
            _ => None,
        };
    });
    why
}

/// The most statements a region may have for its chunks to be interleaved (each chunk
/// doubles the region's code).
const MAX_INTERLEAVED_STATEMENTS: usize = 4096;

/// True when the chunks of region `stmts` may run interleaved statement by statement
/// (`crate::codegen::vector::interleave`): the region has a loop, every `if`, loop exit and
/// `return` is the same for all work-items except in loops that lanes only leave
/// ([`exit_only_loop`], not nested in another loop), there is no `switch`, no math function that
/// calls a library routine ([`crate::mathlib::routine_symbol`]), and the region is not too
/// large. (Short straight-line regions, which run their pairs one chunk after the other,
/// have no loop.)
///
/// Measured (bench/results/middle-end.txt, stop 35): Cranelift computes each value where it
/// is first used, so in straight-line code the chunks' arithmetic ends up one chunk after
/// the other behind all their loads, which then stay live together (Black-Scholes and the
/// chapter's DefConvolve at width 3 ran 1.2-1.4x slower). In a loop the chunks' values meet
/// at every iteration's end, which keeps them close. A call clobbers every vector register,
/// so what the other chunk keeps live across it is spilled.
pub fn interleaves_chunks(
    types: &oclc_ir::TypeTable,
    func: &Function,
    stmts: &[Stmt],
    u: &Uniformity,
) -> bool {
    let mut count = 0;
    let mut has_loop = false;
    let mut ok = true;
    walk(stmts, &mut Ctx::default(), u, &mut |s, ctx| {
        count += 1;
        has_loop |= matches!(s, Stmt::Loop { .. });
        // Inside an exit-only loop (checked at its `Loop`), lanes diverge only by leaving.
        let in_exit_loop = ctx.loops.first().is_some_and(|l| l.1);
        ok &= (!ctx.divergent() || in_exit_loop)
            && match s {
                Stmt::If { cond, .. } => !u.is_varying(*cond) || in_exit_loop,
                Stmt::Loop {
                    body,
                    continuing,
                    break_if,
                    ..
                } => {
                    !loop_is_divergent(body, continuing, *break_if, u)
                        || (ctx.loops.is_empty() && exit_only_loop(body, continuing, u))
                }
                Stmt::Switch { .. } | Stmt::Barrier { .. } => false,
                // The same decision as the translation's (`codegen::math`).
                Stmt::Let {
                    op: Op::Math { func: m, args },
                    ..
                } => args.first().is_none_or(|a| {
                    types
                        .scalar_of(func.value_type(*a))
                        .is_none_or(|t| crate::mathlib::routine_symbol(*m, t).is_none())
                }),
                Stmt::Let {
                    op: Op::Call { .. } | Op::Printf { .. },
                    ..
                } => false,
                _ => true,
            };
    });
    ok && has_loop && count <= MAX_INTERLEAVED_STATEMENTS
}

/// True when a loop whose exit varies diverges only by lanes leaving it: its body is
/// straight-line code and `if (c) break;` statements (any `c`), its continuing block
/// straight-line code, with no loop, `switch`, `return` or `continue` inside. Such a loop
/// runs two interleaved chunks, each with its own mask of lanes still iterating, until no
/// lane of either is left (mandelbrot's escape loop).
fn exit_only_loop(body: &oclc_ir::Block, continuing: &oclc_ir::Block, u: &Uniformity) -> bool {
    let straight = |s: &Stmt| matches!(s, Stmt::Let { .. } | Stmt::Store { .. });
    let break_if = |s: &Stmt| match s {
        Stmt::If {
            cond,
            then_body,
            else_body,
        } => {
            u.is_varying(*cond)
                && matches!(then_body.stmts.as_slice(), [Stmt::Break])
                && else_body.stmts.is_empty()
        }
        _ => false,
    };
    body.stmts.iter().all(|s| straight(s) || break_if(s)) && continuing.stmts.iter().all(straight)
}

/// True when the region `stmts` has a `return` that only some lanes may reach.
pub fn has_divergent_return(stmts: &[Stmt], u: &Uniformity) -> bool {
    let mut found = false;
    walk(stmts, &mut Ctx::default(), u, &mut |s, ctx| {
        found |= matches!(s, Stmt::Return(_)) && ctx.divergent();
    });
    found
}

/// True when lanes may leave the loop at different iterations: its exit condition varies,
/// or a `break` of this loop sits under a varying condition.
pub fn loop_is_divergent(
    body: &oclc_ir::Block,
    continuing: &oclc_ir::Block,
    break_if: Option<oclc_ir::ValueId>,
    u: &Uniformity,
) -> bool {
    if break_if.is_some_and(|c| u.is_varying(c)) {
        return true;
    }
    let mut found = false;
    let mut ctx = Ctx {
        loops: vec![(0, false, false)],
        loop_exits: false,
        ..Ctx::default()
    };
    for b in [body, continuing] {
        walk(&b.stmts, &mut ctx, u, &mut |s, ctx| {
            found |= matches!(s, Stmt::Break) && ctx.loops.len() == 1 && ctx.divergent_since_loop();
        });
    }
    found
}

/// Where a statement sits: the number of enclosing varying `if`s, and per enclosing loop or
/// switch (what `break` leaves) that number at its entry, whether its exit varies, and
/// whether it is a switch. `loop_exits` says whether the walk works out each nested
/// loop's exit divergence: the walk inside [`loop_is_divergent`] goes without (it reads
/// only the `if`s since its own loop), which keeps it linear in the nesting depth instead
/// of doubling the work per nested loop.
struct Ctx {
    ifs: usize,
    loops: Vec<(usize, bool, bool)>,
    loop_exits: bool,
}

impl Default for Ctx {
    fn default() -> Self {
        Ctx {
            ifs: 0,
            loops: Vec::new(),
            loop_exits: true,
        }
    }
}

impl Ctx {
    fn divergent(&self) -> bool {
        self.ifs > 0 || self.loops.iter().any(|l| l.1)
    }

    fn divergent_since_loop(&self) -> bool {
        self.loops.last().is_some_and(|l| self.ifs > l.0)
    }
}

fn walk(stmts: &[Stmt], ctx: &mut Ctx, u: &Uniformity, visit: &mut dyn FnMut(&Stmt, &Ctx)) {
    for s in stmts {
        visit(s, ctx);
        match s {
            Stmt::If {
                cond,
                then_body,
                else_body,
            } => {
                let v = u.is_varying(*cond);
                ctx.ifs += v as usize;
                walk(&then_body.stmts, ctx, u, visit);
                walk(&else_body.stmts, ctx, u, visit);
                ctx.ifs -= v as usize;
            }
            Stmt::Loop {
                body,
                continuing,
                break_if,
                ..
            } => {
                let d = ctx.loop_exits && loop_is_divergent(body, continuing, *break_if, u);
                ctx.loops.push((ctx.ifs, d, false));
                walk(&body.stmts, ctx, u, visit);
                walk(&continuing.stmts, ctx, u, visit);
                ctx.loops.pop();
            }
            Stmt::Switch { cases, .. } => {
                ctx.loops.push((ctx.ifs, false, true));
                for c in cases {
                    walk(&c.body.stmts, ctx, u, visit);
                }
                ctx.loops.pop();
            }
            _ => {}
        }
    }
}

fn op_blocker(types: &oclc_ir::TypeTable, func: &Function, plan: &Plan, op: &Op) -> Option<String> {
    match op {
        Op::WorkItem {
            dim: Dim::Dynamic(_),
            ..
        } => Some("a work-item query with a non-constant dimension".to_string()),
        Op::Call { .. } => Some("a call".to_string()),
        // A write is a side effect the per-lane translation would not mask.
        Op::ImageWrite { .. } => Some("an image write".to_string()),
        // to_global/to_local/to_private decide by address ranges that per-lane copies of
        // private variables would not match.
        Op::GenericCast { .. } => {
            Some("an address-space query (to_global/to_local/to_private)".to_string())
        }
        Op::LocalAddr(l) => {
            let local = &func.locals[l.0 as usize];
            let in_slot = local.space != oclc_ir::AddressSpace::Local
                && !plan.promoted.contains(&l.0)
                && !plan.private_offsets.contains_key(&l.0);
            // Stack-slot variables get one copy per lane, within reason.
            let too_big = in_slot && types.layout(local.ty).size > MAX_LANE_COPY;
            too_big.then(|| {
                format!(
                    "the private variable '{}' is larger than {MAX_LANE_COPY} bytes",
                    local.name
                )
            })
        }
        _ => None,
    }
}
