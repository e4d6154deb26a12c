//! Kernels with barriers: inside `if`s and nested loops, values and private variables live
//! across barriers, a helper with a barrier and an early return, non-power-of-two groups.
#![allow(clippy::needless_range_loop)]

mod common;

use common::*;
use oclc_ir::{
    AddressSpace, BinaryOp, Block, CmpOp, Const, FuncId, FunctionBuilder, FunctionKind, MemFence,
    Module, Op, ScalarType, Stmt, ValueId, WorkItemQuery,
};
use oclc_runtime_lite::{ArgValue, NDRange, Program};

fn barrier(b: &mut FunctionBuilder) {
    b.push(Stmt::Barrier {
        fence: MemFence {
            local: true,
            global: false,
        },
    });
}

/// `for (var = 0; ; ) { body; var++; if (var >= limit) break; }` as an IR loop.
fn counted_loop(
    b: &mut FunctionBuilder,
    var: oclc_ir::LocalId,
    limit: ValueId,
    body: impl FnOnce(&mut FunctionBuilder),
) {
    let i32t = b.types.scalar(ScalarType::I32);
    let boolt = b.types.scalar(ScalarType::Bool);
    let p = b.local_addr(var);
    let z = b.constant(Const::i32(0));
    b.store(p, z);
    b.open_block();
    body(b);
    let body_block = b.close_block();
    b.open_block();
    let p = b.local_addr(var);
    let v = b.load(p);
    let one = b.constant(Const::i32(1));
    let v1 = b.emit(Op::Binary(BinaryOp::Add, v, one), i32t);
    b.store(p, v1);
    let done = b.emit(Op::Compare(CmpOp::Ge, v1, limit), boolt);
    let continuing = b.close_block();
    b.push(Stmt::Loop {
        body: body_block,
        continuing,
        break_if: Some(done),
        unroll: oclc_ir::Unroll::Auto,
    });
}

/// out[gid] = val * 1000 + gid * 3 where, if `flag != 0`, `rounds` times twice:
/// `tmp[lid] = val; barrier; val = tmp[(lid + 1) % ls] + i; barrier`.
fn rotate() -> Module {
    let mut m = Module::new();
    let void = m.types.void();
    let i32t = m.types.scalar(ScalarType::I32);
    let i64t = m.types.scalar(ScalarType::I64);
    let boolt = m.types.scalar(ScalarType::Bool);
    let arr = m.types.array(i32t, 64);
    let lptr = m.types.pointer(AddressSpace::Local, i32t);
    let mut b = FunctionBuilder::new(&mut m.types, "rotate", kernel(), void);
    let pi = gptr(&mut b, ScalarType::I32);
    let out = b.param("out", pi);
    let rounds = b.param("rounds", i32t);
    let flag = b.param("flag", i32t);
    let tmp = b.local("tmp", arr, AddressSpace::Local);
    let val = b.local("val", i32t, AddressSpace::Private);
    let iv = b.local("i", i32t, AddressSpace::Private);
    let jv = b.local("j", i32t, AddressSpace::Private);
    let lid = wi(&mut b, WorkItemQuery::LocalId, 0);
    let lid = conv(&mut b, lid, ScalarType::I64);
    let ls = wi(&mut b, WorkItemQuery::LocalSize, 0);
    let ls = conv(&mut b, ls, ScalarType::I64);
    let gid = wi(&mut b, WorkItemQuery::GlobalId, 0);
    let gid = conv(&mut b, gid, ScalarType::I64);
    let three = b.const_i64(3);
    let x = b.emit(Op::Binary(BinaryOp::Mul, gid, three), i64t);
    let vp = b.local_addr(val);
    let lid32 = conv(&mut b, lid, ScalarType::I32);
    b.store(vp, lid32);
    let zero = b.constant(Const::i32(0));
    let on = b.emit(Op::Compare(CmpOp::Ne, flag, zero), boolt);
    b.open_block();
    counted_loop(&mut b, iv, rounds, |b| {
        let two = b.constant(Const::i32(2));
        counted_loop(b, jv, two, |b| {
            let base = b.local_addr(tmp);
            let slot = b.emit(Op::IndexAddr { base, index: lid }, lptr);
            let vp = b.local_addr(val);
            let v = b.load(vp);
            b.store(slot, v);
            barrier(b);
            let one = b.const_i64(1);
            let l1 = b.emit(Op::Binary(BinaryOp::Add, lid, one), i64t);
            let nb = b.emit(Op::Binary(BinaryOp::Rem, l1, ls), i64t);
            let base = b.local_addr(tmp);
            let other = b.emit(Op::IndexAddr { base, index: nb }, lptr);
            let t = b.load(other);
            let ip = b.local_addr(iv);
            let i = b.load(ip);
            let nv = b.emit(Op::Binary(BinaryOp::Add, t, i), i32t);
            let vp = b.local_addr(val);
            b.store(vp, nv);
            barrier(b);
        });
    });
    let then_body = b.close_block();
    b.push(Stmt::If {
        cond: on,
        then_body,
        else_body: Block::new(),
    });
    let vp = b.local_addr(val);
    let v = b.load(vp);
    let v = conv(&mut b, v, ScalarType::I64);
    let k = b.const_i64(1000);
    let v = b.emit(Op::Binary(BinaryOp::Mul, v, k), i64t);
    let r = b.emit(Op::Binary(BinaryOp::Add, v, x), i64t);
    let r = conv(&mut b, r, ScalarType::I32);
    let p = elem(&mut b, out, gid);
    b.store(p, r);
    b.push(Stmt::Return(None));
    let f = b.finish();
    m.functions.push(f);
    m
}

fn rotate_reference(n: usize, local: usize, rounds: i32, flag: bool) -> Vec<i32> {
    let mut out = vec![0; n];
    for g in 0..n / local {
        let mut val: Vec<i32> = (0..local as i32).collect();
        if flag {
            for i in 0..rounds.max(1) {
                for _ in 0..2 {
                    let old = val.clone();
                    for l in 0..local {
                        val[l] = old[(l + 1) % local] + i;
                    }
                }
            }
        }
        for l in 0..local {
            let gid = g * local + l;
            out[gid] = val[l] * 1000 + gid as i32 * 3;
        }
    }
    out
}

#[test]
fn barriers_in_if_and_nested_loops() {
    let prog = Program::new(rotate()).unwrap();
    let info = prog.kernel("rotate").unwrap();
    assert!(info.has_barrier);
    assert_eq!(info.static_local_size, 256);
    for (n, local, rounds, flag) in [
        (48, 12, 3i32, true),
        (60, 5, 2, true),
        (128, 64, 4, true),
        (24, 12, 3, false),
    ] {
        let out = run_threads(
            &prog,
            "rotate",
            &[
                ArgValue::Buffer(0),
                ArgValue::Bytes(rounds.to_le_bytes().to_vec()),
                ArgValue::Bytes((flag as i32).to_le_bytes().to_vec()),
            ],
            &[vec![0; 4 * n]],
            &NDRange::d1(n as u64, Some(local as u64)),
        );
        assert_eq!(
            bytes_to_i32s(&out[0]),
            rotate_reference(n, local, rounds, flag),
            "n={n} local={local} rounds={rounds} flag={flag}"
        );
    }
}

/// A helper with barriers and an early (uniform) return, inlined into the kernel:
/// `int neighbour(local int* t, long lid, long ls, int limit) { t[lid] = lid * 10; barrier;
/// int r = t[(lid + 1) % ls]; barrier; if (ls > limit) return -1; return r * 2; }` and the
/// kernel stores `neighbour(...) + 1` to `out[gid]`, passing a `__local` pointer argument.
fn helper_barrier() -> Module {
    let mut m = Module::new();
    let void = m.types.void();
    let i32t = m.types.scalar(ScalarType::I32);
    let i64t = m.types.scalar(ScalarType::I64);
    let boolt = m.types.scalar(ScalarType::Bool);
    let lptr = m.types.pointer(AddressSpace::Local, i32t);
    let mut h = FunctionBuilder::new(&mut m.types, "neighbour", FunctionKind::Helper, i32t);
    let t = h.param("t", lptr);
    let lid = h.param("lid", i64t);
    let ls = h.param("ls", i64t);
    let limit = h.param("limit", i64t);
    let slot = elem(&mut h, t, lid);
    let ten = h.const_i64(10);
    let v = h.emit(Op::Binary(BinaryOp::Mul, lid, ten), i64t);
    let v = conv(&mut h, v, ScalarType::I32);
    h.store(slot, v);
    barrier(&mut h);
    let one = h.const_i64(1);
    let l1 = h.emit(Op::Binary(BinaryOp::Add, lid, one), i64t);
    let nb = h.emit(Op::Binary(BinaryOp::Rem, l1, ls), i64t);
    let other = elem(&mut h, t, nb);
    let r = h.load(other);
    barrier(&mut h);
    let big = h.emit(Op::Compare(CmpOp::Gt, ls, limit), boolt);
    h.open_block();
    let m1 = h.constant(Const::i32(-1));
    h.push(Stmt::Return(Some(m1)));
    let then_body = h.close_block();
    h.push(Stmt::If {
        cond: big,
        then_body,
        else_body: Block::new(),
    });
    let two = h.constant(Const::i32(2));
    let r2 = h.emit(Op::Binary(BinaryOp::Mul, r, two), i32t);
    h.push(Stmt::Return(Some(r2)));
    let hf = h.finish();
    m.functions.push(hf);
    let mut b = FunctionBuilder::new(&mut m.types, "use_helper", kernel(), void);
    let pi = gptr(&mut b, ScalarType::I32);
    let out = b.param("out", pi);
    let scratch = b.param("scratch", lptr);
    let limit = b.param("limit", i64t);
    let lid = wi(&mut b, WorkItemQuery::LocalId, 0);
    let lid = conv(&mut b, lid, ScalarType::I64);
    let ls = wi(&mut b, WorkItemQuery::LocalSize, 0);
    let ls = conv(&mut b, ls, ScalarType::I64);
    let r = b.call(FuncId(0), vec![scratch, lid, ls, limit], i32t);
    let one = b.constant(Const::i32(1));
    let r = b.emit(Op::Binary(BinaryOp::Add, r, one), i32t);
    let gid = wi(&mut b, WorkItemQuery::GlobalId, 0);
    let gid = conv(&mut b, gid, ScalarType::I64);
    let p = elem(&mut b, out, gid);
    b.store(p, r);
    b.push(Stmt::Return(None));
    let f = b.finish();
    m.functions.push(f);
    m
}

#[test]
fn helper_with_barrier_and_early_return_is_inlined() {
    let prog = Program::new(helper_barrier()).unwrap();
    assert!(prog.kernel("use_helper").unwrap().has_barrier);
    let (n, local) = (42usize, 7usize);
    for limit in [100i64, 3] {
        let out = run_threads(
            &prog,
            "use_helper",
            &[
                ArgValue::Buffer(0),
                ArgValue::Local(4 * local as u64),
                ArgValue::Bytes(limit.to_le_bytes().to_vec()),
            ],
            &[vec![0; 4 * n]],
            &NDRange::d1(n as u64, Some(local as u64)),
        );
        let got = bytes_to_i32s(&out[0]);
        for gid in 0..n {
            let l = gid % local;
            let want = if local as i64 > limit {
                0
            } else {
                ((l + 1) % local) as i32 * 10 * 2 + 1
            };
            assert_eq!(got[gid], want, "gid {gid} limit {limit}");
        }
    }
}
