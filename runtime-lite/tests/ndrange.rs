//! 2-D and 3-D NDRanges with offsets, every work-item query, and launch errors.
#![allow(clippy::needless_range_loop)]

mod common;

use common::*;
use oclc_ir::{BinaryOp, Const, Dim, FunctionBuilder, Module, Op, ScalarType, Stmt, WorkItemQuery};
use oclc_runtime_lite::{default_local_size, ArgValue, NDRange, Program, RuntimeError};

const STRIDE: usize = 40;

/// Each work-item writes, at its linear index (global id minus offset, x fastest), the
/// queries global/local/group id, global/local size, num_groups, offset for dims 0..4
/// (dim 3 is out of range), work_dim, global_id with a dynamic dimension 0..4, and
/// rows_per_invocation (1 on the CPU).
fn queries() -> Module {
    let mut m = Module::new();
    let void = m.types.void();
    let mut b = FunctionBuilder::new(&mut m.types, "queries", kernel(), void);
    let pu = gptr(&mut b, ScalarType::U32);
    let out = b.param("out", pu);
    let u64t = b.types.scalar(ScalarType::U64);
    let i64t = b.types.scalar(ScalarType::I64);
    let mut vals = Vec::new();
    use WorkItemQuery::*;
    for q in [
        GlobalId,
        LocalId,
        GroupId,
        GlobalSize,
        LocalSize,
        NumGroups,
        GlobalOffset,
    ] {
        for d in 0..4 {
            let v = wi(&mut b, q, d);
            vals.push(conv(&mut b, v, ScalarType::U32));
        }
    }
    vals.push(wi(&mut b, WorkDim, 0));
    for d in 0..4 {
        let dv = b.constant(Const::u32(d));
        let v = b.emit(
            Op::WorkItem {
                query: GlobalId,
                dim: Dim::Dynamic(dv),
            },
            u64t,
        );
        vals.push(conv(&mut b, v, ScalarType::U32));
    }
    vals.push(wi(&mut b, RowsPerInvocation, 0));
    // linear = ((gz - oz) * gsy + (gy - oy)) * gsx + (gx - ox)
    let mut lin = b.constant(Const::int(ScalarType::U64, 0));
    for d in (0..3).rev() {
        let g = wi(&mut b, GlobalId, d);
        let o = wi(&mut b, GlobalOffset, d);
        let s = wi(&mut b, GlobalSize, d);
        let rel = b.emit(Op::Binary(BinaryOp::Sub, g, o), u64t);
        let t = b.emit(Op::Binary(BinaryOp::Mul, lin, s), u64t);
        lin = b.emit(Op::Binary(BinaryOp::Add, t, rel), u64t);
    }
    let stride = b.constant(Const::int(ScalarType::U64, STRIDE as i64));
    let base = b.emit(Op::Binary(BinaryOp::Mul, lin, stride), u64t);
    let base = conv(&mut b, base, ScalarType::I64);
    for (k, v) in vals.into_iter().enumerate() {
        let kk = b.const_i64(k as i64);
        let idx = b.emit(Op::Binary(BinaryOp::Add, base, kk), i64t);
        let p = elem(&mut b, out, idx);
        b.store(p, v);
    }
    b.push(Stmt::Return(None));
    let f = b.finish();
    m.functions.push(f);
    m
}

fn check_queries(work_dim: u32, global: [u64; 3], local: [u64; 3], offset: [u64; 3]) {
    let prog = Program::new(queries()).unwrap();
    let total = (global[0] * global[1] * global[2]) as usize;
    let range = NDRange {
        work_dim,
        global,
        local: Some(local),
        offset,
    };
    let out = run_threads(
        &prog,
        "queries",
        &[ArgValue::Buffer(0)],
        &[vec![0; 4 * STRIDE * total]],
        &range,
    );
    let got: Vec<u32> = out[0]
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let groups = [
        global[0] / local[0],
        global[1] / local[1],
        global[2] / local[2],
    ];
    for z in 0..global[2] {
        for y in 0..global[1] {
            for x in 0..global[0] {
                let rel = [x, y, z];
                let lin = ((z * global[1] + y) * global[0] + x) as usize;
                let row = &got[lin * STRIDE..lin * STRIDE + 34];
                let mut want = Vec::new();
                let per_dim = |f: &dyn Fn(usize) -> u64, oor: u64| -> Vec<u32> {
                    (0..4)
                        .map(|d| if d < 3 { f(d) as u32 } else { oor as u32 })
                        .collect()
                };
                want.extend(per_dim(&|d| rel[d] + offset[d], 0));
                want.extend(per_dim(&|d| rel[d] % local[d], 0));
                want.extend(per_dim(&|d| rel[d] / local[d], 0));
                want.extend(per_dim(&|d| global[d], 1));
                want.extend(per_dim(&|d| local[d], 1));
                want.extend(per_dim(&|d| groups[d], 1));
                want.extend(per_dim(&|d| offset[d], 0));
                want.push(work_dim);
                want.extend(per_dim(&|d| rel[d] + offset[d], 0));
                want.push(1);
                assert_eq!(row, &want[..], "work-item {rel:?}");
            }
        }
    }
}

#[test]
fn three_d_range_with_offset() {
    check_queries(3, [6, 4, 3], [3, 2, 3], [10, 20, 30]);
}

/// Enough work-groups (8 layers of them) for the launch to outgrow the calling thread and
/// spread over the pool's workers.
#[test]
fn large_three_d_range_with_offset() {
    check_queries(3, [64, 32, 16], [4, 4, 2], [5, 0, 9]);
}

#[test]
fn two_d_range_with_offset() {
    check_queries(2, [10, 6, 1], [5, 3, 1], [7, 1, 0]);
}

#[test]
fn default_local_size_rule() {
    assert_eq!(default_local_size(1, [4096, 1, 1]), [64, 1, 1]);
    assert_eq!(default_local_size(1, [100, 1, 1]), [50, 1, 1]);
    assert_eq!(default_local_size(2, [64, 64, 1]), [64, 4, 1]);
    assert_eq!(default_local_size(3, [7, 9, 11]), [7, 9, 1]);
}

#[test]
fn launch_errors() {
    let prog = Program::new(oclc_ir::fixtures::vecadd()).unwrap();
    let mut bufs = vec![oclc_runtime_lite::Buffer::new(64).unwrap()];
    let e = prog
        .launch(
            "vecadd",
            &[ArgValue::Buffer(0)],
            &mut bufs,
            &NDRange::d1(16, None),
            Some(1),
        )
        .unwrap_err();
    assert!(
        matches!(
            e,
            RuntimeError::ArgCount {
                expected: 3,
                got: 1,
                ..
            }
        ),
        "{e}"
    );
    let args = [
        ArgValue::Buffer(0),
        ArgValue::Buffer(0),
        ArgValue::Buffer(0),
    ];
    let e = prog
        .launch(
            "vecadd",
            &args,
            &mut bufs,
            &NDRange::d1(16, Some(5)),
            Some(1),
        )
        .unwrap_err();
    assert!(matches!(e, RuntimeError::BadRange(_)), "{e}");
    assert!(e.to_string().contains("does not divide"), "{e}");
    let e = prog
        .launch("nope", &args, &mut bufs, &NDRange::d1(16, None), Some(1))
        .unwrap_err();
    assert!(e.to_string().contains("vecadd"), "{e}");
    let bad = [
        ArgValue::Buffer(0),
        ArgValue::Bytes(vec![0; 4]),
        ArgValue::Buffer(0),
    ];
    let e = prog
        .launch("vecadd", &bad, &mut bufs, &NDRange::d1(16, None), Some(1))
        .unwrap_err();
    assert!(e.to_string().contains("`b`"), "{e}");
    let e = prog
        .launch(
            "vecadd",
            &args,
            &mut bufs,
            &NDRange::d1(8192, Some(8192)),
            Some(1),
        )
        .unwrap_err();
    assert!(matches!(e, RuntimeError::LocalSizeTooLarge { .. }), "{e}");
    let info = prog.kernel("vecadd").unwrap();
    assert_eq!(info.params[2].name, "c");
    assert_eq!(
        info.params[2].kind,
        oclc_runtime_lite::ParamKind::GlobalBuffer
    );
}
