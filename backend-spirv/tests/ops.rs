//! Operation lowering: signedness picks the instruction, conversions (including bool),
//! vector shuffles and composition, work-item queries, memory of bools, constants and
//! globals. Each module is validated with spirv-val and read back with llvm-spirv-14.

mod support;

use oclc_ir::{BinaryOp, CmpOp, Const, Dim, MathFn, Op, Rounding, ScalarType, WorkItemQuery};
use support::*;
use ScalarType::*;

fn bin(s: ScalarType, op: BinaryOp) -> String {
    op_case((s, 1), (s, 1), |b, x, y, rt| {
        b.emit(Op::Binary(op, x, y), rt)
    })
}

fn cmp_select(s: ScalarType, op: CmpOp) -> String {
    op_case((s, 1), (s, 1), |b, x, y, rt| {
        let bt = b.types.scalar(Bool);
        let c = b.emit(Op::Compare(op, x, y), bt);
        b.emit(
            Op::Select {
                cond: c,
                if_true: x,
                if_false: y,
            },
            rt,
        )
    })
}

fn conv(
    from: (ScalarType, u8),
    to: (ScalarType, u8),
    saturate: bool,
    rounding: Rounding,
) -> String {
    op_case(from, to, |b, x, _, rt| {
        b.emit(
            Op::Convert {
                value: x,
                to: rt,
                saturate,
                rounding,
            },
            rt,
        )
    })
}

#[test]
fn signedness_picks_instructions() {
    assert!(bin(I32, BinaryOp::Div).contains("OpSDiv"));
    assert!(bin(U32, BinaryOp::Div).contains("OpUDiv"));
    assert!(bin(I64, BinaryOp::Rem).contains("OpSRem"));
    assert!(bin(U16, BinaryOp::Rem).contains("OpUMod"));
    assert!(bin(I8, BinaryOp::Shr).contains("OpShiftRightArithmetic"));
    assert!(bin(U8, BinaryOp::Shr).contains("OpShiftRightLogical"));
    assert!(bin(F32, BinaryOp::Rem).contains("OpFRem"));
    assert!(cmp_select(I32, CmpOp::Lt).contains("OpSLessThan"));
    assert!(cmp_select(U32, CmpOp::Ge).contains("OpUGreaterThanEqual"));
    assert!(cmp_select(F32, CmpOp::Ne).contains("OpFUnordNotEqual"));
    assert!(cmp_select(F32, CmpOp::Eq).contains("OpFOrdEqual"));
    // One signless 32-bit type for both int and uint.
    let both = op_case((I32, 1), (U32, 1), |b, x, _, rt| {
        b.emit(
            Op::Convert {
                value: x,
                to: rt,
                saturate: false,
                rounding: Rounding::Default,
            },
            rt,
        )
    });
    assert_eq!(both.matches("OpTypeInt 32 0").count(), 1, "{both}");
    assert!(!both.contains("OpTypeInt 32 1"));
}

#[test]
fn shift_counts_are_masked() {
    let t = bin(I16, BinaryOp::Shl);
    assert!(
        t.contains("OpBitwiseAnd") && t.contains("OpShiftLeftLogical"),
        "{t}"
    );
    let v = op_case((U32, 4), (U32, 4), |b, x, y, rt| {
        b.emit(Op::Binary(BinaryOp::Shr, x, y), rt)
    });
    assert!(v.contains("OpConstantComposite"), "{v}");
}

#[test]
fn conversions() {
    let d = Rounding::Default;
    assert!(conv((I8, 1), (I32, 1), false, d).contains("OpSConvert"));
    assert!(conv((U8, 1), (I32, 1), false, d).contains("OpUConvert"));
    assert!(conv((I32, 4), (F32, 4), false, d).contains("OpConvertSToF"));
    assert!(conv((U32, 1), (F32, 1), false, d).contains("OpConvertUToF"));
    assert!(conv((F32, 1), (I32, 1), false, d).contains("OpConvertFToS"));
    assert!(conv((F32, 1), (U64, 1), false, d).contains("OpConvertFToU"));
    assert!(conv((F64, 1), (F32, 1), false, d).contains("OpFConvert"));
    assert!(conv((I32, 1), (U8, 1), true, d).contains("OpSatConvertSToU"));
    let t = conv((I32, 1), (I8, 1), true, d);
    assert!(
        t.contains("SaturatedConversion") && t.contains("OpSConvert"),
        "{t}"
    );
    let t = conv((F32, 1), (I32, 1), true, Rounding::Rte);
    assert!(
        t.contains("rint") && t.contains("SaturatedConversion"),
        "{t}"
    );
    let t = conv((I32, 1), (F32, 1), false, Rounding::Rtz);
    assert!(t.contains("FPRoundingMode RTZ"), "{t}");
}

#[test]
fn bool_conversions() {
    // int -> bool is a comparison with 0; bool -> int a select of 1 and 0.
    let t = op_case((I32, 4), (I32, 4), |b, x, _, rt| {
        let bt = b.types.vector(Bool, 4);
        let c = b.emit(
            Op::Convert {
                value: x,
                to: bt,
                saturate: false,
                rounding: Rounding::Default,
            },
            bt,
        );
        b.emit(
            Op::Convert {
                value: c,
                to: rt,
                saturate: false,
                rounding: Rounding::Default,
            },
            rt,
        )
    });
    assert!(t.contains("OpINotEqual") && t.contains("OpSelect"), "{t}");
    let t = op_case((F32, 1), (F32, 1), |b, x, _, rt| {
        let bt = b.types.scalar(Bool);
        let c = b.emit(
            Op::Convert {
                value: x,
                to: bt,
                saturate: false,
                rounding: Rounding::Default,
            },
            bt,
        );
        b.emit(
            Op::Convert {
                value: c,
                to: rt,
                saturate: false,
                rounding: Rounding::Default,
            },
            rt,
        )
    });
    assert!(
        t.contains("OpFUnordNotEqual") && t.contains("OpSelect"),
        "{t}"
    );
}

#[test]
fn shuffles_and_composition() {
    let t = op_case((F32, 4), (F32, 4), |b, x, y, rt| {
        b.emit(
            Op::Shuffle {
                a: x,
                b: y,
                lanes: vec![0, 5, 2, 7],
            },
            rt,
        )
    });
    assert!(
        t.contains("OpVectorShuffle") && t.contains("0 5 2 7"),
        "{t}"
    );
    let t = op_case((F32, 4), (F32, 1), |b, x, y, rt| {
        b.emit(
            Op::Shuffle {
                a: x,
                b: y,
                lanes: vec![6],
            },
            rt,
        )
    });
    assert!(
        t.contains("OpCompositeExtract") && !t.contains("OpVectorShuffle"),
        "{t}"
    );
    let t = op_case((F32, 2), (F32, 4), |b, x, y, rt| {
        let f = b.types.scalar(F32);
        let e = b.emit(Op::Extract { vector: y, lane: 1 }, f);
        let one = b.constant(Const::float(F32, 1.0));
        b.emit(
            Op::Compose {
                ty: rt,
                parts: vec![x, e, one],
            },
            rt,
        )
    });
    assert!(
        t.contains("OpCompositeInsert") && !t.contains("OpCompositeConstruct"),
        "{t}"
    );
    // Vectors of constants are constants.
    let t = op_case((F32, 4), (F32, 4), |b, x, _, rt| {
        let parts = (0..4)
            .map(|i| b.constant(Const::float(F32, i as f64)))
            .collect();
        let k = b.emit(Op::Compose { ty: rt, parts }, rt);
        b.emit(Op::Binary(BinaryOp::Add, x, k), rt)
    });
    assert!(t.contains("OpConstantComposite"), "{t}");
}

#[test]
fn math_builtins() {
    let t = op_case((F32, 4), (F32, 4), |b, x, y, rt| {
        let f = b.types.scalar(F32);
        let s = b.emit(Op::Extract { vector: y, lane: 0 }, f);
        b.emit(
            Op::Math {
                func: MathFn::Min,
                args: vec![x, s],
            },
            rt,
        )
    });
    assert!(t.contains("fmin"), "{t}");
    let t = op_case((I32, 1), (U32, 1), |b, x, _, rt| {
        b.emit(
            Op::Math {
                func: MathFn::Abs,
                args: vec![x],
            },
            rt,
        )
    });
    assert!(t.contains("s_abs"), "{t}");
    let t = op_case((U32, 1), (U32, 1), |b, x, y, rt| {
        b.emit(
            Op::Math {
                func: MathFn::Clamp,
                args: vec![x, y, y],
            },
            rt,
        )
    });
    assert!(t.contains("u_clamp"), "{t}");
    let t = op_case((I16, 1), (I16, 1), |b, x, y, rt| {
        b.emit(
            Op::Math {
                func: MathFn::Max,
                args: vec![x, y],
            },
            rt,
        )
    });
    assert!(t.contains("s_max") && t.contains("Capability Int16"), "{t}");
}

#[test]
fn work_item_dimensions() {
    let t = op_case((U32, 1), (U64, 1), |b, x, _, rt| {
        let dynamic = b.emit(
            Op::WorkItem {
                query: WorkItemQuery::GlobalSize,
                dim: Dim::Dynamic(x),
            },
            rt,
        );
        let past = b.emit(
            Op::WorkItem {
                query: WorkItemQuery::LocalSize,
                dim: Dim::Const(7),
            },
            rt,
        );
        let off = b.emit(
            Op::WorkItem {
                query: WorkItemQuery::GlobalOffset,
                dim: Dim::Const(1),
            },
            rt,
        );
        let s = b.emit(Op::Binary(BinaryOp::Add, dynamic, past), rt);
        b.emit(Op::Binary(BinaryOp::Add, s, off), rt)
    });
    assert!(
        t.contains("OpVectorExtractDynamic") && t.contains("OpULessThan"),
        "{t}"
    );
    assert!(
        t.contains("BuiltIn GlobalSize") && t.contains("BuiltIn GlobalOffset"),
        "{t}"
    );
    assert!(
        !t.contains("BuiltIn WorkgroupSize"),
        "out-of-range dim is a constant: {t}"
    );
}
