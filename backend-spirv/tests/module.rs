//! Module-level constructs: structured control flow with early exits, bool variables,
//! program-scope constants, structs, kernel attributes, calls of kernels, SPIR-V 1.4
//! interfaces, and errors for constructs that cannot be emitted.

mod support;

use oclc_backend_spirv::{emit_opencl, SpirvOptions};
use oclc_ir::{
    AddressSpace, Block, CmpOp, Const, FuncId, FunctionBuilder, FunctionKind, Global, GlobalId,
    KernelAttrs, Module, Op, ScalarType, Stmt, Type,
};
use support::*;
use ScalarType::*;

fn if_(b: &mut FunctionBuilder, cond: oclc_ir::ValueId, then_body: Block, else_body: Block) {
    b.push(Stmt::If {
        cond,
        then_body,
        else_body,
    });
}

fn block(stmts: Vec<Stmt>) -> Block {
    Block { stmts }
}

#[test]
fn early_exits_in_loops() {
    let m = one_kernel(|b| {
        let out = global_param(b, "out", I32, 1);
        let x = load_at(b, out, 0);
        let zero = b.constant(Const::i32(0));
        let bt = b.types.scalar(Bool);
        let c = b.emit(Op::Compare(CmpOp::Lt, x, zero), bt);
        // loop { if c { break } else { break }; store (unreachable) }
        b.open_block();
        if_(b, c, block(vec![Stmt::Break]), block(vec![Stmt::Break]));
        store_at(b, out, 1, x);
        let body = b.close_block();
        b.push(Stmt::Loop {
            body,
            continuing: Block::new(),
            break_if: None,
            unroll: oclc_ir::Unroll::Auto,
        });
        // loop { if c { continue }; if !c { return } } continuing { x } break_if c
        b.open_block();
        if_(b, c, block(vec![Stmt::Continue, Stmt::Break]), Block::new());
        let nc = b.emit(Op::Unary(oclc_ir::UnaryOp::Not, c), bt);
        if_(b, nc, block(vec![Stmt::Return(None)]), Block::new());
        // nested loop that only returns: its merge is unreachable
        b.open_block();
        b.push(Stmt::Return(None));
        let inner = b.close_block();
        b.push(Stmt::Loop {
            body: inner,
            continuing: Block::new(),
            break_if: None,
            unroll: oclc_ir::Unroll::Auto,
        });
        let body = b.close_block();
        b.open_block();
        store_at(b, out, 2, x);
        let continuing = b.close_block();
        b.push(Stmt::Loop {
            body,
            continuing,
            break_if: Some(c),
            unroll: oclc_ir::Unroll::Auto,
        });
        store_at(b, out, 3, x);
    });
    let t = checked(&m, "early_exits");
    assert!(
        t.contains("OpLoopMerge") && t.contains("OpUnreachable"),
        "{t}"
    );
}

#[test]
fn bool_variables_are_bytes() {
    let m = one_kernel(|b| {
        let out = global_param(b, "out", I32, 1);
        let bt = b.types.scalar(Bool);
        let flag = b.local("flag", bt, AddressSpace::Private);
        let x = load_at(b, out, 0);
        let zero = b.constant(Const::i32(0));
        let c = b.emit(Op::Compare(CmpOp::Ne, x, zero), bt);
        let p = b.local_addr(flag);
        b.store(p, c);
        let v = b.load(p);
        let it = b.types.scalar(I32);
        let r = b.emit(
            Op::Convert {
                value: v,
                to: it,
                saturate: false,
                rounding: Default::default(),
            },
            it,
        );
        store_at(b, out, 1, r);
    });
    let t = checked(&m, "bool_var");
    assert!(t.contains("OpTypeInt 8 0") && t.contains("Int8"), "{t}");
}

fn table_module() -> Module {
    let mut m = Module::new();
    let f32t = m.types.scalar(F32);
    let i32t = m.types.scalar(I32);
    let arr = m.types.array(f32t, 4);
    let st = m.types.intern(Type::Struct {
        name: "pair".into(),
        fields: vec![i32t, f32t],
        packed: None,
    });
    let init: Vec<u8> = [1.5f32, 2.5, 0.0, -4.0]
        .iter()
        .flat_map(|x| x.to_le_bytes())
        .collect();
    m.globals.push(Global {
        name: "table".into(),
        ty: arr,
        space: AddressSpace::Constant,
        init: Some(init),
    });
    let mut pair = 7i32.to_le_bytes().to_vec();
    pair.extend(0.25f32.to_le_bytes());
    m.globals.push(Global {
        name: "pair".into(),
        ty: st,
        space: AddressSpace::Constant,
        init: Some(pair),
    });
    let void = m.types.void();
    let attrs = KernelAttrs {
        reqd_work_group_size: Some([8, 1, 1]),
        work_group_size_hint: None,
        vec_type_hint: None,
        ..KernelAttrs::default()
    };
    let mut b = FunctionBuilder::new(&mut m.types, "k", FunctionKind::Kernel(attrs), void);
    let out = global_param(&mut b, "out", F32, 1);
    let cpa = b.types.pointer(AddressSpace::Constant, arr);
    let cps = b.types.pointer(AddressSpace::Constant, st);
    let cpf = b.types.pointer(AddressSpace::Constant, f32t);
    let g = b.emit(Op::GlobalAddr(GlobalId(0)), cpa);
    let two = b.const_i64(2);
    let e = b.emit(
        Op::IndexAddr {
            base: g,
            index: two,
        },
        cpf,
    );
    let v = b.load(e);
    let s = b.emit(Op::GlobalAddr(GlobalId(1)), cps);
    let fp = b.emit(Op::FieldAddr { base: s, field: 1 }, cpf);
    let w = b.load(fp);
    let sum = b.emit(Op::Binary(oclc_ir::BinaryOp::Add, v, w), f32t);
    store_at(&mut b, out, 0, sum);
    b.push(Stmt::Return(None));
    let f = b.finish();
    m.functions.push(f);
    m
}

#[test]
fn constant_globals_and_structs() {
    let t = checked(&table_module(), "globals");
    assert!(
        t.contains("UniformConstant") && t.contains("OpConstantComposite"),
        "{t}"
    );
    assert!(t.contains("LocalSize 8 1 1"), "{t}");
}

#[test]
fn spirv_1_4_lists_all_globals_in_interface() {
    let m = oclc_ir::fixtures::reduce_sum();
    let words = emit_opencl(
        &m,
        &SpirvOptions {
            version: (1, 4),
            ..SpirvOptions::default()
        },
    )
    .unwrap();
    assert_eq!(words[1], 0x0001_0400);
    let t = oclc_backend_spirv::disassemble(&words);
    let entry = t.lines().find(|l| l.contains("OpEntryPoint")).unwrap();
    assert_eq!(entry.matches('%').count(), 6, "{entry}");
    if let Some(val) = tool("spirv-val") {
        let dir = scratch("v14");
        let spv = dir.join("m.spv");
        write_spv(&spv, &words);
        run_ok(
            std::process::Command::new(val)
                .args(["--target-env", "spv1.4"])
                .arg(&spv),
            "spirv-val spv1.4",
        );
    }
}

#[test]
fn called_kernels_get_a_callable_copy() {
    let mut m = oclc_ir::fixtures::vecadd();
    let void = m.types.void();
    let f32t = m.types.scalar(F32);
    let pf = m.types.pointer(AddressSpace::Global, f32t);
    let mut b = FunctionBuilder::new(
        &mut m.types,
        "caller",
        FunctionKind::Kernel(Default::default()),
        void,
    );
    let a = b.param("a", pf);
    b.call(FuncId(0), vec![a, a, a], void);
    b.push(Stmt::Return(None));
    let f = b.finish();
    m.functions.push(f);
    let t = checked(&m, "kernel_call");
    assert_eq!(t.matches("OpEntryPoint").count(), 2, "{t}");
    assert!(
        t.contains("vecadd.callable") && t.contains("OpFunctionCall"),
        "{t}"
    );
}

#[test]
fn unsupported_constructs_are_errors() {
    let mut m = Module::new();
    let i32t = m.types.scalar(I32);
    m.globals.push(Global {
        name: "counter".into(),
        ty: i32t,
        space: AddressSpace::Private,
        init: None,
    });
    let err = emit_opencl(&m, &SpirvOptions::default()).unwrap_err();
    assert!(err.to_string().contains("counter"), "{err}");

    let m = one_kernel(|b| {
        let out = global_param(b, "out", I32, 1);
        let x = load_at(b, out, 0);
        let bt = b.types.scalar(Bool);
        let c = b.emit(Op::Compare(CmpOp::Eq, x, x), bt);
        let arr = b.types.array(bt, 2);
        let l = b.local("arr", arr, AddressSpace::Private);
        let p = b.local_addr(l);
        let v = b.load(p);
        b.emit(
            Op::Select {
                cond: c,
                if_true: v,
                if_false: v,
            },
            arr,
        );
    });
    let err = emit_opencl(&m, &SpirvOptions::default()).unwrap_err();
    assert_eq!(err.function.as_deref(), Some("k"));
    assert!(err.message.contains("select"), "{err}");
}

/// A kernel reading element 65533 of each `__constant` table `(element, length, init)`.
fn tables_module(tables: Vec<(ScalarType, u32, Vec<u8>)>) -> Module {
    let mut types = Vec::new();
    let mut m = one_kernel(|b| {
        let out = global_param(b, "out", U32, 1);
        for (i, (elem, len, _)) in tables.iter().enumerate() {
            let et = b.types.scalar(*elem);
            let ty = b.types.array(et, *len);
            types.push(ty);
            let pa = b.types.pointer(AddressSpace::Constant, ty);
            let pe = b.types.pointer(AddressSpace::Constant, et);
            let g = b.emit(Op::GlobalAddr(GlobalId(i as u32)), pa);
            let index = b.const_i64(65533);
            let e = b.emit(Op::IndexAddr { base: g, index }, pe);
            let v = b.load(e);
            let u32t = b.types.scalar(U32);
            let v = b.emit(Op::Bitcast { value: v, to: u32t }, u32t);
            store_at(b, out, i as i64, v);
        }
    });
    for (i, ((_, _, init), ty)) in tables.into_iter().zip(types).enumerate() {
        m.globals.push(Global {
            name: format!("t{i}"),
            ty,
            space: AddressSpace::Constant,
            init: Some(init),
        });
    }
    m
}

/// Tables beyond one `OpConstantComposite` (65532 constituents): a fully initialised one is
/// split into chunks, a huge one with two initializers is a short array plus a null tail;
/// both validate, read back through llvm-spirv-14, and are cast to the table type where used.
#[test]
fn large_tables_are_split_and_zero_tails_are_null() {
    let full_init: Vec<u8> = (1..=70000u32).flat_map(|x| x.to_le_bytes()).collect();
    let huge_init: Vec<u8> = [1.5f32, 2.5].iter().flat_map(|x| x.to_le_bytes()).collect();
    let m = tables_module(vec![(U32, 70000, full_init), (F32, 1 << 24, huge_init)]);
    let t = checked(&m, "large_tables");
    // Each table's storage type is a struct: {uint[65532], uint[4468]} and
    // {float[2], float[16777214]} (the tail null); the value bitcast makes a third cast.
    assert_eq!(t.matches("OpTypeStruct").count(), 2, "{t}");
    assert_eq!(t.matches("OpConstantNull").count(), 1, "{t}");
    assert_eq!(t.matches("OpBitcast").count(), 3, "{t}");
}
