//! Small hand-built kernels checking integer and conversion semantics.
#![allow(clippy::needless_range_loop)]

mod common;

use common::*;
use oclc_ir::{
    BinaryOp, CmpOp, Const, FunctionBuilder, Module, Op, Rounding, ScalarType, Stmt, WorkItemQuery,
};
use oclc_runtime_lite::{ArgValue, NDRange, Program};

/// `out[8i..8i+8]` = a/b, (uint)a/(uint)b, a>>b, (uint)a>>b, a<b, (uint)a<(uint)b, a%b, a<<b.
fn int_ops() -> Module {
    let mut m = Module::new();
    let void = m.types.void();
    let mut b = FunctionBuilder::new(&mut m.types, "int_ops", kernel(), void);
    let pi = gptr(&mut b, ScalarType::I32);
    let (pa, pb, po) = (b.param("a", pi), b.param("b", pi), b.param("out", pi));
    let i32t = b.types.scalar(ScalarType::I32);
    let u32t = b.types.scalar(ScalarType::U32);
    let boolt = b.types.scalar(ScalarType::Bool);
    let gid = wi(&mut b, WorkItemQuery::GlobalId, 0);
    let i = conv(&mut b, gid, ScalarType::I64);
    let ea = elem(&mut b, pa, i);
    let eb = elem(&mut b, pb, i);
    let x = b.load(ea);
    let y = b.load(eb);
    let ux = conv(&mut b, x, ScalarType::U32);
    let uy = conv(&mut b, y, ScalarType::U32);
    let mut results = Vec::new();
    results.push(b.emit(Op::Binary(BinaryOp::Div, x, y), i32t));
    let r = b.emit(Op::Binary(BinaryOp::Div, ux, uy), u32t);
    results.push(conv(&mut b, r, ScalarType::I32));
    results.push(b.emit(Op::Binary(BinaryOp::Shr, x, y), i32t));
    let r = b.emit(Op::Binary(BinaryOp::Shr, ux, uy), u32t);
    results.push(conv(&mut b, r, ScalarType::I32));
    let r = b.emit(Op::Compare(CmpOp::Lt, x, y), boolt);
    results.push(conv(&mut b, r, ScalarType::I32));
    let r = b.emit(Op::Compare(CmpOp::Lt, ux, uy), boolt);
    results.push(conv(&mut b, r, ScalarType::I32));
    results.push(b.emit(Op::Binary(BinaryOp::Rem, x, y), i32t));
    results.push(b.emit(Op::Binary(BinaryOp::Shl, x, y), i32t));
    let eight = b.const_i64(8);
    let i64t = b.types.scalar(ScalarType::I64);
    let base = b.emit(Op::Binary(BinaryOp::Mul, i, eight), i64t);
    for (k, r) in results.into_iter().enumerate() {
        let kk = b.const_i64(k as i64);
        let idx = b.emit(Op::Binary(BinaryOp::Add, base, kk), i64t);
        let p = elem(&mut b, po, idx);
        b.store(p, r);
    }
    b.push(Stmt::Return(None));
    let f = b.finish();
    m.functions.push(f);
    m
}

#[test]
fn signed_and_unsigned_integer_ops() {
    let prog = Program::new(int_ops()).unwrap();
    let a: Vec<i32> = vec![-7, 7, -8, 100, i32::MIN, -1, 5, 1 << 30, -123456, 3];
    let bv: Vec<i32> = vec![2, -2, 3, 7, 3, 33, -1, 31, 1000, 35];
    let n = a.len();
    let out = run_threads(
        &prog,
        "int_ops",
        &[
            ArgValue::Buffer(0),
            ArgValue::Buffer(1),
            ArgValue::Buffer(2),
        ],
        &[i32s_to_bytes(&a), i32s_to_bytes(&bv), vec![0; 32 * n]],
        &NDRange::d1(n as u64, Some(1)),
    );
    let got = bytes_to_i32s(&out[2]);
    for i in 0..n {
        let (x, y) = (a[i], bv[i]);
        let (ux, uy) = (x as u32, y as u32);
        let want = [
            x.wrapping_div(y),
            ux.wrapping_div(uy) as i32,
            x >> (y & 31),
            (ux >> (uy & 31)) as i32,
            (x < y) as i32,
            (ux < uy) as i32,
            x.wrapping_rem(y),
            x << (y & 31),
        ];
        assert_eq!(&got[8 * i..8 * i + 8], &want, "a={x} b={y}");
    }
}

#[test]
fn division_by_zero_does_not_trap() {
    let prog = Program::new(int_ops()).unwrap();
    let a = vec![5, i32::MIN];
    let bv = vec![0, -1];
    let out = run_threads(
        &prog,
        "int_ops",
        &[
            ArgValue::Buffer(0),
            ArgValue::Buffer(1),
            ArgValue::Buffer(2),
        ],
        &[i32s_to_bytes(&a), i32s_to_bytes(&bv), vec![0; 64]],
        &NDRange::d1(2, None),
    );
    // Undefined values, but the launch must finish; MIN / -1 wraps.
    assert_eq!(bytes_to_i32s(&out[2])[8], i32::MIN);
}

/// `out[4i..4i+4]` = (int)x, convert_uchar_sat(x), convert_int_sat_rte(x), (uint)x as bits.
fn float_to_int() -> Module {
    let mut m = Module::new();
    let void = m.types.void();
    let mut b = FunctionBuilder::new(&mut m.types, "f2i", kernel(), void);
    let pf = gptr(&mut b, ScalarType::F32);
    let pi = gptr(&mut b, ScalarType::I32);
    let (px, po) = (b.param("x", pf), b.param("out", pi));
    let gid = wi(&mut b, WorkItemQuery::GlobalId, 0);
    let i = conv(&mut b, gid, ScalarType::I64);
    let ex = elem(&mut b, px, i);
    let x = b.load(ex);
    let r0 = conv(&mut b, x, ScalarType::I32);
    let r1 = conv_full(&mut b, x, ScalarType::U8, true, Rounding::Default);
    let r1 = conv(&mut b, r1, ScalarType::I32);
    let r2 = conv_full(&mut b, x, ScalarType::I32, true, Rounding::Rte);
    let r3 = conv(&mut b, x, ScalarType::U32);
    let r3 = conv(&mut b, r3, ScalarType::I32);
    let four = b.const_i64(4);
    let i64t = b.types.scalar(ScalarType::I64);
    let base = b.emit(Op::Binary(BinaryOp::Mul, i, four), i64t);
    for (k, r) in [r0, r1, r2, r3].into_iter().enumerate() {
        let kk = b.constant(Const::int(ScalarType::I64, k as i64));
        let idx = b.emit(Op::Binary(BinaryOp::Add, base, kk), i64t);
        let p = elem(&mut b, po, idx);
        b.store(p, r);
    }
    b.push(Stmt::Return(None));
    let f = b.finish();
    m.functions.push(f);
    m
}

#[test]
fn float_to_int_conversions() {
    let prog = Program::new(float_to_int()).unwrap();
    let xs = [
        2.5f32,
        -2.5,
        3.7,
        -3.7,
        300.0,
        -5.0,
        1e20,
        f32::NAN,
        0.5,
        1.5,
    ];
    let out = run_threads(
        &prog,
        "f2i",
        &[ArgValue::Buffer(0), ArgValue::Buffer(1)],
        &[f32s_to_bytes(&xs), vec![0; 16 * xs.len()]],
        &NDRange::d1(xs.len() as u64, None),
    );
    let got = bytes_to_i32s(&out[1]);
    for (i, x) in xs.iter().enumerate() {
        let want_sat_u8 = x.clamp(0.0, 255.0) as u8 as i32; // NaN -> 0 in Rust too
        let want_rte = x.round_ties_even() as i32;
        assert_eq!(
            got[4 * i + 1],
            if x.is_nan() { 0 } else { want_sat_u8 },
            "sat u8 of {x}"
        );
        assert_eq!(got[4 * i + 2], want_rte, "rte of {x}");
        if x.abs() < 1e9 {
            assert_eq!(got[4 * i], *x as i32, "int of {x}");
        }
        if *x >= 0.0 && *x < 4e9 {
            assert_eq!(got[4 * i + 3] as u32, *x as u32, "uint of {x}");
        }
    }
}
