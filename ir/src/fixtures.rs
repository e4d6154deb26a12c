//! Hand-built IR modules covering the foundation subset, so that backends can be tested
//! before (and independently of) the front end. Each mirrors a kernel from `samples/`.

use crate::builder::FunctionBuilder;
use crate::module::{FunctionKind, KernelAttrs, Module, Stmt};
use crate::op::{BinaryOp, CmpOp, Const, Dim, MathFn, MemFence, Op, WorkItemQuery};
use crate::types::{AddressSpace, ScalarType};

fn kernel() -> FunctionKind {
    FunctionKind::Kernel(KernelAttrs::default())
}

/// `c[i] = a[i] + b[i]` with `i = get_global_id(0)`.
pub fn vecadd() -> Module {
    let mut m = Module::new();
    let void = m.types.void();
    let f32t = m.types.scalar(ScalarType::F32);
    let pf = m.types.pointer(AddressSpace::Global, f32t);
    let u64t = m.types.scalar(ScalarType::U64);
    let i64t = m.types.scalar(ScalarType::I64);
    let mut b = FunctionBuilder::new(&mut m.types, "vecadd", kernel(), void);
    let a = b.param("a", pf);
    let bb = b.param("b", pf);
    let c = b.param("c", pf);
    let gid = b.emit(
        Op::WorkItem {
            query: WorkItemQuery::GlobalId,
            dim: Dim::Const(0),
        },
        u64t,
    );
    let i = b.emit(
        Op::Convert {
            value: gid,
            to: i64t,
            saturate: false,
            rounding: Default::default(),
        },
        i64t,
    );
    let pa = b.emit(Op::PtrOffset { base: a, index: i }, pf);
    let pb = b.emit(Op::PtrOffset { base: bb, index: i }, pf);
    let pc = b.emit(Op::PtrOffset { base: c, index: i }, pf);
    let va = b.load(pa);
    let vb = b.load(pb);
    let sum = b.emit(Op::Binary(BinaryOp::Add, va, vb), f32t);
    b.store(pc, sum);
    b.push(Stmt::Return(None));
    let f = b.finish();
    m.functions.push(f);
    m
}

/// A work-group sum with a `__local` array, barriers and a loop whose trip count depends on
/// the local size: `out[group] = sum(in[group*L .. group*L+L])`, plus `sqrt` and `max` so
/// math built-ins appear. Local size must be a power of two, at most 256.
pub fn reduce_sum() -> Module {
    let mut m = Module::new();
    let t = &mut m.types;
    let void = t.void();
    let f32t = t.scalar(ScalarType::F32);
    let u32t = t.scalar(ScalarType::U32);
    let u64t = t.scalar(ScalarType::U64);
    let i64t = t.scalar(ScalarType::I64);
    let boolt = t.scalar(ScalarType::Bool);
    let pf = t.pointer(AddressSpace::Global, f32t);
    let arr = t.array(f32t, 256);
    let mut b = FunctionBuilder::new(&mut m.types, "reduce_sum", kernel(), void);
    let input = b.param("in", pf);
    let out = b.param("out", pf);
    let scratch = b.local("scratch", arr, AddressSpace::Local);
    let s_var = b.local("s", u32t, AddressSpace::Private);
    let conv = |b: &mut FunctionBuilder, v, to| {
        b.emit(
            Op::Convert {
                value: v,
                to,
                saturate: false,
                rounding: Default::default(),
            },
            to,
        )
    };
    let wi = |b: &mut FunctionBuilder, query| {
        b.emit(
            Op::WorkItem {
                query,
                dim: Dim::Const(0),
            },
            u64t,
        )
    };
    let lid64 = wi(&mut b, WorkItemQuery::LocalId);
    let lid = conv(&mut b, lid64, u32t);
    let gid64 = wi(&mut b, WorkItemQuery::GlobalId);
    let gid = conv(&mut b, gid64, i64t);
    let pin = b.emit(
        Op::PtrOffset {
            base: input,
            index: gid,
        },
        pf,
    );
    let x = b.load(pin);
    let base = b.local_addr(scratch);
    let lptr = b.types.pointer(AddressSpace::Local, f32t);
    let lid_i = conv(&mut b, lid, i64t);
    let slot = b.emit(Op::IndexAddr { base, index: lid_i }, lptr);
    b.store(slot, x);
    b.push(Stmt::Barrier {
        fence: MemFence {
            local: true,
            global: false,
        },
    });
    // s = local_size / 2
    let ls64 = wi(&mut b, WorkItemQuery::LocalSize);
    let ls = conv(&mut b, ls64, u32t);
    let one = b.constant(Const::u32(1));
    let half = b.emit(Op::Binary(BinaryOp::Shr, ls, one), u32t);
    let sp = b.local_addr(s_var);
    b.store(sp, half);
    // loop { s = load; if !(s > 0) break; if (lid < s) scratch[lid] += scratch[lid+s]; barrier }
    // continuing { s >>= 1 }
    b.open_block();
    let sp = b.local_addr(s_var);
    let s = b.load(sp);
    let zero = b.constant(Const::u32(0));
    let done = b.emit(Op::Compare(CmpOp::Eq, s, zero), boolt);
    b.open_block();
    b.push(Stmt::Break);
    let then_break = b.close_block();
    b.push(Stmt::If {
        cond: done,
        then_body: then_break,
        else_body: Default::default(),
    });
    let active = b.emit(Op::Compare(CmpOp::Lt, lid, s), boolt);
    b.open_block();
    let other = b.emit(Op::Binary(BinaryOp::Add, lid, s), u32t);
    let other_i = conv(&mut b, other, i64t);
    let base = b.local_addr(scratch);
    let po = b.emit(
        Op::IndexAddr {
            base,
            index: other_i,
        },
        lptr,
    );
    let ps = b.emit(Op::IndexAddr { base, index: lid_i }, lptr);
    let vo = b.load(po);
    let vs = b.load(ps);
    let sum = b.emit(Op::Binary(BinaryOp::Add, vs, vo), f32t);
    b.store(ps, sum);
    let then_add = b.close_block();
    b.push(Stmt::If {
        cond: active,
        then_body: then_add,
        else_body: Default::default(),
    });
    b.push(Stmt::Barrier {
        fence: MemFence {
            local: true,
            global: false,
        },
    });
    let body = b.close_block();
    b.open_block();
    let sp = b.local_addr(s_var);
    let s = b.load(sp);
    let one = b.constant(Const::u32(1));
    let next = b.emit(Op::Binary(BinaryOp::Shr, s, one), u32t);
    b.store(sp, next);
    let continuing = b.close_block();
    b.push(Stmt::Loop {
        body,
        continuing,
        break_if: None,
        unroll: crate::Unroll::Auto,
    });
    // if (lid == 0) out[group] = max(sqrt(scratch[0] * scratch[0]), scratch[0])
    let zero = b.constant(Const::u32(0));
    let first = b.emit(Op::Compare(CmpOp::Eq, lid, zero), boolt);
    b.open_block();
    let base = b.local_addr(scratch);
    let zero64 = b.const_i64(0);
    let p0 = b.emit(
        Op::IndexAddr {
            base,
            index: zero64,
        },
        lptr,
    );
    let total = b.load(p0);
    let sq = b.emit(Op::Binary(BinaryOp::Mul, total, total), f32t);
    let root = b.emit(
        Op::Math {
            func: MathFn::Sqrt,
            args: vec![sq],
        },
        f32t,
    );
    let res = b.emit(
        Op::Math {
            func: MathFn::Max,
            args: vec![root, total],
        },
        f32t,
    );
    let grp = wi(&mut b, WorkItemQuery::GroupId);
    let grp = conv(&mut b, grp, i64t);
    let po = b.emit(
        Op::PtrOffset {
            base: out,
            index: grp,
        },
        pf,
    );
    b.store(po, res);
    let then_store = b.close_block();
    b.push(Stmt::If {
        cond: first,
        then_body: then_store,
        else_body: Default::default(),
    });
    b.push(Stmt::Return(None));
    let f = b.finish();
    m.functions.push(f);
    m
}

/// A float4 kernel with a helper function: `p[i] = scale4(p[i], s).wzyx` where
/// `scale4(v, s) = v * (float4)(s) + (float4)(1, 2, 3, 4)`, exercising splat, compose,
/// shuffle, extract/insert and calls.
pub fn vec4_helper() -> Module {
    let mut m = Module::new();
    let t = &mut m.types;
    let void = t.void();
    let f32t = t.scalar(ScalarType::F32);
    let v4 = t.vector(ScalarType::F32, 4);
    let u64t = t.scalar(ScalarType::U64);
    let i64t = t.scalar(ScalarType::I64);
    let pv = t.pointer(AddressSpace::Global, v4);
    // helper
    let mut h = FunctionBuilder::new(&mut m.types, "scale4", FunctionKind::Helper, v4);
    let v = h.param("v", v4);
    let s = h.param("s", f32t);
    let sv = h.emit(Op::Splat { value: s, to: v4 }, v4);
    let prod = h.emit(Op::Binary(BinaryOp::Mul, v, sv), v4);
    let parts: Vec<_> = [1.0, 2.0, 3.0, 4.0]
        .iter()
        .map(|x| h.constant(Const::float(ScalarType::F32, *x)))
        .collect();
    let k = h.emit(Op::Compose { ty: v4, parts }, v4);
    let r = h.emit(Op::Binary(BinaryOp::Add, prod, k), v4);
    h.push(Stmt::Return(Some(r)));
    let helper = h.finish();
    m.functions.push(helper);
    let helper_id = crate::module::FuncId(0);
    let mut b = FunctionBuilder::new(&mut m.types, "vec4_helper", kernel(), void);
    let p = b.param("p", pv);
    let s = b.param("s", f32t);
    let gid = b.emit(
        Op::WorkItem {
            query: WorkItemQuery::GlobalId,
            dim: Dim::Const(0),
        },
        u64t,
    );
    let i = b.emit(
        Op::Convert {
            value: gid,
            to: i64t,
            saturate: false,
            rounding: Default::default(),
        },
        i64t,
    );
    let pi = b.emit(Op::PtrOffset { base: p, index: i }, pv);
    let x = b.load(pi);
    let y = b.call(helper_id, vec![x, s], v4);
    let w = b.emit(
        Op::Shuffle {
            a: y,
            b: y,
            lanes: vec![3, 2, 1, 0],
        },
        v4,
    );
    let e0 = b.emit(Op::Extract { vector: w, lane: 0 }, f32t);
    let e0 = b.emit(
        Op::Math {
            func: MathFn::Fabs,
            args: vec![e0],
        },
        f32t,
    );
    let w = b.emit(
        Op::Insert {
            vector: w,
            lane: 0,
            value: e0,
        },
        v4,
    );
    b.store(pi, w);
    b.push(Stmt::Return(None));
    let f = b.finish();
    m.functions.push(f);
    m
}
