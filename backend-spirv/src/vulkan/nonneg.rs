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

/// The `ptr_offset` indices of `f` that are not known non-negative but are a sum of a part
/// that may be negative and one that is known non-negative (`row * n + k`), by index:
/// (the part that may be negative, the non-negative part). Both parts have the sum's type,
/// a signed integer of 32 bits or more, or a 64-bit one, so that the sum widened to `i64`
/// is the sum of the widened parts (signed overflow being undefined).
pub(crate) fn split_offsets(
    types: &TypeTable,
    f: &Function,
    known: &HashSet<ValueId>,
) -> HashMap<ValueId, (ValueId, ValueId)> {
    let mut defs: HashMap<ValueId, &Op> = HashMap::new();
    let mut indices = Vec::new();
    walk_stmts(&f.body, &mut |s| {
        if let Stmt::Let { value, op } = s {
            defs.insert(*value, op);
            if let Op::PtrOffset { index, .. } = op {
                indices.push(*index);
            }
        }
    });
    let splittable = |v: ValueId| match types.get(f.value_type(v)) {
        Type::Scalar(s) => s.is_int() && (s.bits() == 64 || (s.is_signed() && s.bits() >= 32)),
        _ => false,
    };
    let mut splits = HashMap::new();
    for index in indices.into_iter().filter(|i| !known.contains(i)) {
        let mut sum = index;
        if let Some(Op::Convert { value, .. }) = defs.get(&index) {
            sum = *value;
        }
        if !splittable(sum) {
            continue;
        }
        if let Some(Op::Binary(BinaryOp::Add, a, b)) = defs.get(&sum) {
            if known.contains(b) {
                splits.insert(index, (*a, *b));
            } else if known.contains(a) {
                splits.insert(index, (*b, *a));
            }
        }
    }
    splits
}

/// The indices of `f`'s `ptr_offset`s whose base is one of `f`'s own pointer parameters,
/// when `f` is a kernel: such a pointer is the start of a buffer (as a `cl_mem` argument
/// is), so a negative index off it would read before the buffer, which OpenCL leaves
/// undefined. Taking them as non-negative keeps `a[row * n + k]` an `OpPtrAccessChain`
/// (on the H100 a naive matrix product ran 5% faster than with the row's offset as
/// address arithmetic). Pointers derived from arguments (`p = a + 8; p[-2]`) are not
/// covered, and the Vulkan ABI asks for buffer starts (see [`super::reflection`]).
pub(crate) fn argument_offsets(types: &TypeTable, f: &Function) -> HashSet<ValueId> {
    let mut out = HashSet::new();
    if !f.is_kernel() {
        return out;
    }
    let args: HashSet<ValueId> = f
        .params
        .iter()
        .filter(|p| types.pointee(p.ty).is_some())
        .map(|p| p.value)
        .collect();
    walk_stmts(&f.body, &mut |s| {
        if let Stmt::Let {
            op: Op::PtrOffset { base, index },
            ..
        } = s
        {
            if args.contains(base) {
                out.insert(*index);
            }
        }
    });
    out
}

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

#[cfg(test)]
mod tests {
    use oclc_ir::{walk_stmts, Op, Stmt};

    /// The IR (vulkan.ir stage) of
    /// ```c
    /// kernel void k(global int *a, int m, uint u) {
    ///   size_t i = get_global_id(0);
    ///   for (int j = 0; j < 4; j++) a[j] = 0;
    ///   for (int d = 4; d >= 0; d--) a[d] = 1;
    ///   a[i] = a[m] + a[u] + a[i - 1] + a[max(m, 0)] + a[m & 7];
    /// }
    /// ```
    const KERNEL: &str = r#"kernel @k(%0 "a": ptr<global, i32> type "__global int *", %1 "m": i32 type "int", %2 "u": u32 type "uint") -> void {
  local $0 "i": private u64
  local $1 "j": private i32
  local $2 "d": private i32
  %3: ptr<private, u64> = local_addr $0
  %4: u64 = global_id 0
  store %3, %4
  %5: ptr<private, i32> = local_addr $1
  %6: i32 = const 0
  store %5, %6
  loop {
    %7: ptr<private, i32> = local_addr $1
    %8: i32 = load %7
    %9: i32 = const 4
    %10: bool = cmp.lt %8, %9
    %16: bool = not %10
    if %16 {
      break
    } else {
    }
    %17: ptr<private, i32> = local_addr $1
    %18: i32 = load %17
    %19: i64 = convert %18
    %20: ptr<global, i32> = ptr_offset %0, %19
    %21: i32 = const 0
    store %20, %21
  } continuing {
    %22: ptr<private, i32> = local_addr $1
    %23: i32 = load %22
    %24: i32 = const 1
    %25: i32 = add %23, %24
    store %22, %25
  }
  %26: ptr<private, i32> = local_addr $2
  %27: i32 = const 4
  store %26, %27
  loop {
    %28: ptr<private, i32> = local_addr $2
    %29: i32 = load %28
    %30: i32 = const 0
    %31: bool = cmp.ge %29, %30
    %37: bool = not %31
    if %37 {
      break
    } else {
    }
    %38: ptr<private, i32> = local_addr $2
    %39: i32 = load %38
    %40: i64 = convert %39
    %41: ptr<global, i32> = ptr_offset %0, %40
    %42: i32 = const 1
    store %41, %42
  } continuing {
    %43: ptr<private, i32> = local_addr $2
    %44: i32 = load %43
    %45: i32 = const 1
    %46: i32 = sub %44, %45
    store %43, %46
  }
  %47: ptr<private, u64> = local_addr $0
  %48: u64 = load %47
  %49: i64 = convert %48
  %50: ptr<global, i32> = ptr_offset %0, %49
  %51: i64 = convert %1
  %52: ptr<global, i32> = ptr_offset %0, %51
  %53: i32 = load %52
  %54: i64 = convert %2
  %55: ptr<global, i32> = ptr_offset %0, %54
  %56: i32 = load %55
  %57: i32 = add %53, %56
  %58: ptr<private, u64> = local_addr $0
  %59: u64 = load %58
  %60: u64 = const 1
  %61: u64 = sub %59, %60
  %62: i64 = convert %61
  %63: ptr<global, i32> = ptr_offset %0, %62
  %64: i32 = load %63
  %65: i32 = add %57, %64
  %66: i32 = const 0
  %67: i32 = math.max %1, %66
  %68: i64 = convert %67
  %69: ptr<global, i32> = ptr_offset %0, %68
  %70: i32 = load %69
  %71: i32 = add %65, %70
  %72: i32 = const 7
  %73: i32 = and %1, %72
  %74: i64 = convert %73
  %75: ptr<global, i32> = ptr_offset %0, %74
  %76: i32 = load %75
  %77: i32 = add %71, %76
  store %50, %77
  return
}
"#;

    #[test]
    fn offsets_known_non_negative() {
        let m = oclc_ir::parse_module(KERNEL).unwrap();
        let f = &m.functions[0];
        let known = super::nonneg_values(&m.types, f);
        let mut offsets = Vec::new();
        walk_stmts(&f.body, &mut |s| {
            if let Stmt::Let {
                op: Op::PtrOffset { index, .. },
                ..
            } = s
            {
                offsets.push(known.contains(index));
            }
        });
        // a[j] (counting up from 0), a[d] (counting down), a[i], a[m], a[u], a[i - 1],
        // a[max(m, 0)], a[m & 7].
        assert_eq!(offsets, [true, false, true, false, true, false, true, true]);
    }
}
