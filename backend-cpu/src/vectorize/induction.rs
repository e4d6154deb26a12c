//! Lane induction variables: a private variable that a loop steps by a uniform amount
//! (`for (b = lid; b < n; b += lsize)`) stays an affine function of the lane number inside
//! the loop, so a vectorised region can keep it as one scalar base (see
//! `crate::codegen::vector::induction`) instead of one value per lane, and its comparisons,
//! loads and stores become SIMD.
//!
//! Lanes that leave such a loop early would have to keep their last value, which an affine
//! form cannot express; this is only allowed when nothing reads the variable after the loop,
//! so the steps may run for every lane (the values of lanes that left are never read).

use std::collections::HashMap;

use oclc_ir::{BinaryOp, Block, Function, Op, Stmt, Type, TypeId, TypeTable, ValueId};

use super::{loop_is_divergent, Uniformity};

/// True when private variable `l` is a lane induction variable of the loop statement `lp`:
/// every store to it inside the loop runs for all lanes still in the loop (no varying `if`,
/// switch or divergent inner loop around it) and stores `l + u` or `l - u` for a uniform `u`
/// (a load of `l` plus or minus a uniform value, possibly computed in a wider integer type
/// and converted back), and every load of `l` in `func` lies
/// inside the loop. The caller checks that the value at loop entry is affine.
pub fn is_lane_induction(
    types: &TypeTable,
    func: &Function,
    u: &Uniformity,
    lp: &Stmt,
    l: u32,
) -> bool {
    let Stmt::Loop {
        body, continuing, ..
    } = lp
    else {
        return false;
    };
    let defs = loop_defs(body, continuing);
    let is_load_of_l = |v: ValueId| matches!(defs.get(&v), Some(Op::Load { ptr }) if u.addr_of.get(ptr) == Some(&l));
    // `l` itself, or `l` converted to a wider integer type (`int i; i += size_t`).
    let var_ty = func.locals[l as usize].ty;
    let is_l = |v: ValueId, ty: TypeId| match defs.get(&v) {
        Some(Op::Convert {
            value,
            saturate: false,
            ..
        }) => ty != var_ty && is_load_of_l(*value) && is_wider_int(types, ty, var_ty),
        _ => ty == var_ty && is_load_of_l(v),
    };
    let step = |v: ValueId| match defs.get(&v) {
        Some(Op::Binary(BinaryOp::Add, a, b)) => {
            let ty = func.value_type(v);
            (is_l(*a, ty) && !u.is_varying(*b)) || (is_l(*b, ty) && !u.is_varying(*a))
        }
        Some(Op::Binary(BinaryOp::Sub, a, b)) => is_l(*a, func.value_type(v)) && !u.is_varying(*b),
        _ => false,
    };
    // The step, or the step done in a wider type and converted back (exact modulo the
    // variable's width, whatever the widening did to the other lanes).
    let steps_l = |v: ValueId| match defs.get(&v) {
        Some(Op::Convert {
            value,
            saturate: false,
            ..
        }) => func.value_type(*value) != var_ty && step(*value),
        _ => step(v) && func.value_type(v) == var_ty,
    };
    let mut ok = true;
    for b in [body, continuing] {
        stores_in(
            b,
            false,
            u,
            &mut |value, divergent| {
                ok &= !divergent && steps_l(value);
            },
            l,
        );
    }
    ok && all_loads_inside(func, u, lp, l)
}

/// True when the lane induction variable `l` of loop `lp` (see [`is_lane_induction`]) has
/// a signed type and every step is an addition or subtraction in that type (no conversion
/// back from a wider one): a step that overflowed would be undefined behaviour, so lanes
/// that start without wrapping never wrap.
pub fn steps_without_wrapping(
    types: &TypeTable,
    func: &Function,
    u: &Uniformity,
    lp: &Stmt,
    l: u32,
) -> bool {
    let Stmt::Loop {
        body, continuing, ..
    } = lp
    else {
        return false;
    };
    let signed = matches!(types.get(func.locals[l as usize].ty), Type::Scalar(t) if t.is_int() && t.is_signed());
    let defs = loop_defs(body, continuing);
    let mut ok = signed;
    for b in [body, continuing] {
        stores_in(
            b,
            false,
            u,
            &mut |value, _| {
                ok &= matches!(
                    defs.get(&value),
                    Some(Op::Binary(BinaryOp::Add | BinaryOp::Sub, _, _))
                );
            },
            l,
        );
    }
    ok
}

/// True when `s` is a loop and every load of variable `l` in `func` lies inside it.
pub fn all_loads_inside(func: &Function, u: &Uniformity, s: &Stmt, l: u32) -> bool {
    let n = match s {
        Stmt::Loop {
            body, continuing, ..
        } => loads_of(body, u, l) + loads_of(continuing, u, l),
        _ => return false,
    };
    loads_of(&func.body, u, l) == n
}

/// Calls `visit(value, divergent)` for each store to `l` in `b`, `divergent` telling whether
/// it sits under control flow that may leave some of the lanes out.
fn stores_in(
    b: &Block,
    divergent: bool,
    u: &Uniformity,
    visit: &mut dyn FnMut(ValueId, bool),
    l: u32,
) {
    for s in &b.stmts {
        match s {
            Stmt::Store { ptr, value } if u.addr_of.get(ptr) == Some(&l) => {
                visit(*value, divergent)
            }
            Stmt::If {
                cond,
                then_body,
                else_body,
            } => {
                let d = divergent || u.is_varying(*cond);
                stores_in(then_body, d, u, visit, l);
                stores_in(else_body, d, u, visit, l);
            }
            Stmt::Loop {
                body,
                continuing,
                break_if,
                ..
            } => {
                let d = divergent || loop_is_divergent(body, continuing, *break_if, u);
                stores_in(body, d, u, visit, l);
                stores_in(continuing, d, u, visit, l);
            }
            Stmt::Switch { selector, cases } => {
                let d = divergent || u.is_varying(*selector);
                for c in cases {
                    stores_in(&c.body, d, u, visit, l);
                }
            }
            _ => {}
        }
    }
}

/// The number of loads of variable `l` in `b`.
fn loads_of(b: &Block, u: &Uniformity, l: u32) -> usize {
    let mut n = 0;
    oclc_ir::walk_stmts(b, &mut |s| {
        if let Stmt::Let {
            op: Op::Load { ptr },
            ..
        } = s
        {
            n += (u.addr_of.get(ptr) == Some(&l)) as usize;
        }
    });
    n
}

/// True when `wide` and `narrow` are integer scalars and `wide` has more bits.
fn is_wider_int(types: &TypeTable, wide: TypeId, narrow: TypeId) -> bool {
    match (types.get(wide), types.get(narrow)) {
        (Type::Scalar(w), Type::Scalar(n)) => w.is_int() && n.is_int() && w.bits() > n.bits(),
        _ => false,
    }
}

/// The bounds of a loop that counts variable `l` up to a constant: `(bound, step)` when
/// `lp`'s body opens with `if (!(l < bound)) break;` (only `let`s before it) and the one
/// store to `l` in the loop is the continuing block's `l = l + step`, both constants
/// (`consts`), positive and below 2^24, on a variable of at least 32 bits (so `l + step`
/// cannot wrap for `l` below a local size). With every lane starting below `bound` and at
/// least `bound - step`, the loop runs exactly once per lane.
pub fn constant_count_up(
    types: &TypeTable,
    func: &Function,
    u: &Uniformity,
    consts: &HashMap<ValueId, i64>,
    lp: &Stmt,
    l: u32,
) -> Option<(i64, i64)> {
    let Stmt::Loop {
        body,
        continuing,
        break_if: None,
        ..
    } = lp
    else {
        return None;
    };
    let defs = loop_defs(body, continuing);
    let is_load_of_l = |v: ValueId| matches!(defs.get(&v), Some(Op::Load { ptr }) if u.addr_of.get(ptr) == Some(&l));
    // The exit test.
    let first = body.stmts.iter().find(|s| !matches!(s, Stmt::Let { .. }))?;
    let Stmt::If {
        cond,
        then_body,
        else_body,
    } = first
    else {
        return None;
    };
    if !matches!(then_body.stmts.as_slice(), [Stmt::Break]) || !else_body.stmts.is_empty() {
        return None;
    }
    let Some(Op::Unary(oclc_ir::UnaryOp::Not, t)) = defs.get(cond) else {
        return None;
    };
    let Some(Op::Compare(oclc_ir::CmpOp::Lt, x, bound)) = defs.get(t) else {
        return None;
    };
    let bound = *consts.get(bound)?;
    if !is_load_of_l(*x) {
        return None;
    }
    // The step: the only store to `l` in the loop.
    let mut stores = Vec::new();
    for b in [body, continuing] {
        stores_in(b, false, u, &mut |value, _| stores.push(value), l);
    }
    let [value] = stores.as_slice() else {
        return None;
    };
    let mut in_continuing = false;
    stores_in(continuing, false, u, &mut |_, _| in_continuing = true, l);
    let Some(Op::Binary(BinaryOp::Add, a, b)) = defs.get(value) else {
        return None;
    };
    let step = match (is_load_of_l(*a), is_load_of_l(*b)) {
        (true, false) => *consts.get(b)?,
        (false, true) => *consts.get(a)?,
        _ => return None,
    };
    let var_ty = func.locals[l as usize].ty;
    let wide = matches!(types.get(var_ty), Type::Scalar(t) if t.is_int() && t.bits() >= 32);
    let small = |n: i64| n > 0 && n < 1 << 24;
    (in_continuing && wide && small(step) && small(bound) && func.value_type(*value) == var_ty)
        .then_some((bound, step))
}

/// The defining operation of every `let` in a loop's body and continuing block.
fn loop_defs<'a>(body: &'a Block, continuing: &'a Block) -> HashMap<ValueId, &'a Op> {
    let mut defs = HashMap::new();
    for b in [body, continuing] {
        oclc_ir::walk_stmts(b, &mut |s| {
            if let Stmt::Let { value, op } = s {
                defs.insert(*value, op);
            }
        });
    }
    defs
}
