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
//! index of 2^63 elements), and narrowing a value that is non-negative by construction
//! (a work-item id, a count) to a signed type keeps it non-negative (it must fit for the
//! kernel's index to be meaningful). An unsigned value that is non-negative only by its
//! type (`-abs(x) - 1` computes in `uint`) may turn negative when converted to a signed
//! type of its width or narrower, so such a conversion is not assumed non-negative.

use oclc_ir::fx::{HashMap, HashSet};

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
    let mut defs: HashMap<ValueId, &Op> = HashMap::default();
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
    let mut splits = HashMap::default();
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
    let mut out = HashSet::default();
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
    let mut bounded_vars = vars.clone();
    loop {
        let (known, bounded) = forward(types, f, &addrs, &vars, &bounded_vars);
        let before = (vars.len(), bounded_vars.len());
        walk_stmts(&f.body, &mut |s| {
            if let Stmt::Store { ptr, value } = s {
                if let Some(l) = addrs.get(ptr) {
                    if !known.contains(value) {
                        vars.remove(l);
                    }
                    if !bounded.contains(value) {
                        bounded_vars.remove(l);
                    }
                }
            }
        });
        bounded_vars.retain(|l| vars.contains(l));
        if (vars.len(), bounded_vars.len()) == before {
            return known;
        }
    }
}

/// The values that are `local_addr` of a variable, and the variable.
fn local_addresses(f: &Function) -> HashMap<ValueId, LocalId> {
    let mut addrs = HashMap::default();
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
/// the variables in `vars` as non-negative and those in `bounded_vars` as bounded too.
///
/// Two sets grow together: `known` (non-negative as an index: every unsigned value below
/// 64 bits is, by its type) and `bounded` (non-negative and below its type's signed
/// maximum, by construction: not just by being unsigned). A conversion to a signed type
/// no wider than an unsigned source keeps non-negativity only for a bounded source:
/// `int neg = -abs(x) - 1` computes in `uint` (abs returns `uint`), so the `uint` is
/// "non-negative" while the `int` is negative (NVIDIA hung on the access chain that the
/// old rule allowed; tests/run/ptr_neg_runtime_offsets.cl).
fn forward(
    types: &TypeTable,
    f: &Function,
    addrs: &HashMap<ValueId, LocalId>,
    vars: &HashSet<LocalId>,
    bounded_vars: &HashSet<LocalId>,
) -> (HashSet<ValueId>, HashSet<ValueId>) {
    let scalar = |v: ValueId| match types.get(f.value_type(v)) {
        Type::Scalar(s) => Some(*s),
        _ => None,
    };
    let mut known = HashSet::default();
    for (i, &ty) in f.value_types.iter().enumerate() {
        if matches!(types.get(ty), Type::Scalar(s) if s.is_int() && !s.is_signed() && s.bits() < 64)
        {
            known.insert(ValueId(i as u32));
        }
    }
    let mut bounded = HashSet::default();
    walk_stmts(&f.body, &mut |s| {
        let Stmt::Let { value, op } = s else { return };
        let Some(ty) = scalar(*value).filter(|t| t.is_int()) else {
            return;
        };
        // The source of a conversion to `ty` loses nothing when it is not an unsigned
        // value of at least `ty`'s width going to a signed type.
        let reinterprets = |v: ValueId| {
            ty.is_signed()
                && scalar(v).is_some_and(|s| s.is_int() && !s.is_signed() && s.bits() >= ty.bits())
        };
        let widens_unsigned = |v: ValueId| {
            scalar(v).is_some_and(|s| s.is_int() && !s.is_signed() && s.bits() < ty.bits())
        };
        let is_bounded = op_nonneg(ty, op, &bounded, true, addrs, bounded_vars, &|v| {
            bounded.contains(&v) || widens_unsigned(v)
        });
        let is_known = is_bounded
            || op_nonneg(ty, op, &known, false, addrs, vars, &|v| {
                if reinterprets(v) {
                    bounded.contains(&v)
                } else {
                    known.contains(&v)
                }
            });
        if is_bounded {
            bounded.insert(*value);
        }
        if is_known {
            known.insert(*value);
        }
    });
    (known, bounded)
}

/// Whether `op`, giving a `ty`, gives a non-negative value, its operands judged by `set`
/// and a converted value by `source_ok`. With `strict`, an unsigned constant must also be
/// below its type's signed maximum.
fn op_nonneg(
    ty: ScalarType,
    op: &Op,
    set: &HashSet<ValueId>,
    strict: bool,
    addrs: &HashMap<ValueId, LocalId>,
    vars: &HashSet<LocalId>,
    source_ok: &dyn Fn(ValueId) -> bool,
) -> bool {
    let all = |vs: &[ValueId]| vs.iter().all(|v| set.contains(v));
    match op {
        Op::Const(c) => match ty {
            ScalarType::U64 => c.bits < 1 << 63,
            _ if ty.is_signed() || strict => (c.bits >> (ty.bits() - 1)) & 1 == 0,
            _ => true,
        },
        Op::WorkItem { .. } => true,
        Op::Convert { value, .. } | Op::Bitcast { value, .. } => source_ok(*value),
        Op::Binary(op, a, b) => match op {
            BinaryOp::Add
            | BinaryOp::Mul
            | BinaryOp::Div
            | BinaryOp::Rem
            | BinaryOp::Or
            | BinaryOp::Xor => all(&[*a, *b]),
            BinaryOp::Shl | BinaryOp::Shr => set.contains(a),
            BinaryOp::And => set.contains(a) || set.contains(b),
            BinaryOp::Sub => false,
        },
        Op::Select {
            if_true, if_false, ..
        } => all(&[*if_true, *if_false]),
        Op::Math { func, args } => match func {
            MathFn::Max => args.iter().any(|v| set.contains(v)),
            MathFn::Min => all(args),
            MathFn::Clamp => args.get(1).is_some_and(|lo| set.contains(lo)),
            _ => false,
        },
        Op::Load { ptr } => addrs.get(ptr).is_some_and(|l| vars.contains(l)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use oclc_ir::{walk_stmts, Op, Stmt};

    /// For each `ptr_offset` of the first function of the IR `text`, in order: whether its
    /// index is known non-negative.
    fn offsets_known_non_negative_in(text: &str) -> Vec<bool> {
        let m = oclc_ir::parse_module(text).unwrap();
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
        offsets
    }

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
        let offsets = offsets_known_non_negative_in(KERNEL);
        // a[j] (counting up from 0), a[d] (counting down), a[i], a[m], a[u], a[i - 1],
        // a[max(m, 0)], a[m & 7].
        assert_eq!(offsets, [true, false, true, false, true, false, true, true]);
    }
    /// The IR (vulkan.ir stage, -O0) of
    /// ```c
    /// kernel void k(global int *a, global const int *offs, uint u) {
    ///   int off = offs[0];
    ///   int neg = -abs(off) - 1;
    ///   int big = (int)u;
    ///   uint small = get_local_id(0);
    ///   a[neg] = 1; a[big] = 2; a[(int)small] = 3;
    /// }
    /// ```
    /// `-abs(off) - 1` computes in `uint` (abs returns `uint`): non-negative as a `uint`,
    /// negative as the `int` it is stored to; `(int)u` of a `uint` argument may be negative
    /// too; `(int)small` of a local id is not.
    const REINTERPRETED: &str = r#"kernel @k(%0 "a": ptr<global, i32> type "__global int *", %1 "offs": ptr<global, i32> const type "__global const int *", %2 "u": u32 type "uint") -> void {
  local $0 "off": private i32
  local $1 "neg": private i32
  local $2 "big": private i32
  local $3 "small": private u32
  %3: ptr<private, i32> = local_addr $0
  %4: i64 = const 0
  %5: ptr<global, i32> = ptr_offset %1, %4
  %6: i32 = load %5
  store %3, %6
  %7: ptr<private, i32> = local_addr $1
  %8: ptr<private, i32> = local_addr $0
  %9: i32 = load %8
  %10: u32 = math.abs %9
  %11: u32 = neg %10
  %12: u32 = const 1
  %13: u32 = sub %11, %12
  %14: i32 = convert %13
  store %7, %14
  %15: ptr<private, i32> = local_addr $2
  %16: i32 = convert %2
  store %15, %16
  %17: ptr<private, u32> = local_addr $3
  %18: u64 = local_id 0
  %19: u32 = convert %18
  store %17, %19
  %20: ptr<private, i32> = local_addr $1
  %21: i32 = load %20
  %22: i64 = convert %21
  %23: ptr<global, i32> = ptr_offset %0, %22
  %24: i32 = const 1
  store %23, %24
  %25: ptr<private, i32> = local_addr $2
  %26: i32 = load %25
  %27: i64 = convert %26
  %28: ptr<global, i32> = ptr_offset %0, %27
  %29: i32 = const 2
  store %28, %29
  %30: ptr<private, u32> = local_addr $3
  %31: u32 = load %30
  %32: i32 = convert %31
  %33: i64 = convert %32
  %34: ptr<global, i32> = ptr_offset %0, %33
  %35: i32 = const 3
  store %34, %35
  return
}
"#;

    #[test]
    fn unsigned_values_reinterpreted_as_signed_are_not_assumed_non_negative() {
        let offsets = offsets_known_non_negative_in(REINTERPRETED);
        // offs[0], a[neg], a[big], a[(int)small].
        assert_eq!(offsets, [true, false, false, true]);
    }
}
