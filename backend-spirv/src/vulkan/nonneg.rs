//! Which integer values of a function are known to be non-negative, so that a pointer
//! offset by them may stay an `OpPtrAccessChain` on Vulkan (NVIDIA's driver reads 0
//! through a physical pointer made by `OpPtrAccessChain` with a negative index; see
//! [`super::pointers`]).
//!
//! A value is non-negative when its type is an unsigned integer narrower than 64 bits, or
//! when it is built from non-negative parts: constants >= 0 (below 2^63 for `u64`),
//! work-item queries, `+ * / % >> << & | ^ min max clamp select` of non-negative values,
//! conversions of them, and loads of private scalar variables whose every store is
//! non-negative and whose address is used for nothing else (loop counters counting up
//! from 0, `size_t i = get_global_id(0)`). Subtraction and negation never are. Two
//! assumptions beyond the types: arithmetic on non-negative values does not overflow
//! into the sign bit (undefined for signed types in C; for `size_t` it would need an
//! index of 2^63 elements), and narrowing a non-negative value to a signed type keeps it
//! non-negative (it must fit for the kernel's index to be meaningful).

use std::collections::{HashMap, HashSet};

use oclc_ir::{
    walk_stmts, BinaryOp, Function, LocalId, MathFn, Op, ScalarType, Stmt, Type, TypeTable, ValueId,
};

/// The integer values of `f` known to be non-negative.
pub(crate) fn nonneg_values(types: &TypeTable, f: &Function) -> HashSet<ValueId> {
    let addrs = local_addresses(f);
    let mut vars = tracked_variables(types, f, &addrs);
    loop {
        let known = forward(types, f, &addrs, &vars);
        let before = vars.len();
        walk_stmts(&f.body, &mut |s| {
            if let Stmt::Store { ptr, value } = s {
                if let Some(l) = addrs.get(ptr) {
                    if !known.contains(value) {
                        vars.remove(l);
                    }
                }
            }
        });
        if vars.len() == before {
            return known;
        }
    }
}

/// The values that are `local_addr` of a variable, and the variable.
fn local_addresses(f: &Function) -> HashMap<ValueId, LocalId> {
    let mut addrs = HashMap::new();
    walk_stmts(&f.body, &mut |s| {
        if let Stmt::Let {
            value,
            op: Op::LocalAddr(l),
        } = s
        {
            addrs.insert(*value, *l);
        }
    });
    addrs
}

/// Private scalar integer variables whose address is only loaded from and stored to
/// (the candidates, assumed non-negative until a store says otherwise).
fn tracked_variables(
    types: &TypeTable,
    f: &Function,
    addrs: &HashMap<ValueId, LocalId>,
) -> HashSet<LocalId> {
    let mut vars: HashSet<LocalId> = (0..f.locals.len() as u32)
        .map(LocalId)
        .filter(|&l| {
            let local = f.local(l);
            local.space == oclc_ir::AddressSpace::Private
                && matches!(types.get(local.ty), Type::Scalar(s) if s.is_int())
        })
        .collect();
    walk_stmts(&f.body, &mut |s| match s {
        Stmt::Let {
            op: Op::Load { .. },
            ..
        } => {}
        Stmt::Let { op, .. } => {
            for v in op.operands() {
                if let Some(l) = addrs.get(&v) {
                    vars.remove(l);
                }
            }
        }
        Stmt::Store { value, .. } => {
            if let Some(l) = addrs.get(value) {
                vars.remove(l);
            }
        }
        Stmt::Return(Some(v)) => {
            if let Some(l) = addrs.get(v) {
                vars.remove(l);
            }
        }
        _ => {}
    });
    vars
}

/// One pass in program order (values are defined before they are used), taking loads of
/// the variables in `vars` as non-negative.
fn forward(
    types: &TypeTable,
    f: &Function,
    addrs: &HashMap<ValueId, LocalId>,
    vars: &HashSet<LocalId>,
) -> HashSet<ValueId> {
    let mut known = HashSet::new();
    for (i, &ty) in f.value_types.iter().enumerate() {
        if matches!(types.get(ty), Type::Scalar(s) if s.is_int() && !s.is_signed() && s.bits() < 64)
        {
            known.insert(ValueId(i as u32));
        }
    }
    walk_stmts(&f.body, &mut |s| {
        let Stmt::Let { value, op } = s else { return };
        let Type::Scalar(ty) = types.get(f.value_type(*value)) else {
            return;
        };
        if ty.is_int() && op_nonneg(*ty, op, &known, addrs, vars) {
            known.insert(*value);
        }
    });
    known
}

/// Whether `op`, giving a `ty`, gives a non-negative value.
fn op_nonneg(
    ty: ScalarType,
    op: &Op,
    known: &HashSet<ValueId>,
    addrs: &HashMap<ValueId, LocalId>,
    vars: &HashSet<LocalId>,
) -> bool {
    let all = |vs: &[ValueId]| vs.iter().all(|v| known.contains(v));
    match op {
        Op::Const(c) => match ty {
            ScalarType::U64 => c.bits < 1 << 63,
            _ if ty.is_signed() => (c.bits >> (ty.bits() - 1)) & 1 == 0,
            _ => true,
        },
        Op::WorkItem { .. } => true,
        Op::Convert { value, .. } | Op::Bitcast { value, .. } => known.contains(value),
        Op::Binary(op, a, b) => match op {
            BinaryOp::Add
            | BinaryOp::Mul
            | BinaryOp::Div
            | BinaryOp::Rem
            | BinaryOp::Or
            | BinaryOp::Xor => all(&[*a, *b]),
            BinaryOp::Shl | BinaryOp::Shr => known.contains(a),
            BinaryOp::And => known.contains(a) || known.contains(b),
            BinaryOp::Sub => false,
        },
        Op::Select {
            if_true, if_false, ..
        } => all(&[*if_true, *if_false]),
        Op::Math { func, args } => match func {
            MathFn::Max => args.iter().any(|v| known.contains(v)),
            MathFn::Min => all(args),
            MathFn::Clamp => args.get(1).is_some_and(|lo| known.contains(lo)),
            _ => false,
        },
        Op::Load { ptr } => addrs.get(ptr).is_some_and(|l| vars.contains(l)),
        _ => false,
    }
}
