//! Compiling directly with the backend: the Cranelift text (`-save-temps`), the plan, and
//! the errors for unsupported constructs.

use oclc_backend_cpu::{compile_module, compile_module_with, CompileError, CpuOptions};
use oclc_ir::{
    fixtures, BinaryOp, Const, FuncId, FunctionBuilder, FunctionKind, KernelAttrs, Module, Op,
    Rounding, ScalarType, Stmt,
};

fn count(text: &str, pat: &str) -> usize {
    text.matches(pat).count()
}

/// The scalar translation (the vectorize stage off, as at `-O0`).
fn scalar(m: &Module) -> oclc_backend_cpu::CpuProgram {
    compile_module_with(m, CpuOptions::for_opt_level(0)).unwrap()
}

#[test]
fn kernel_without_barrier_is_one_work_item_loop() {
    let p = scalar(&fixtures::vecadd());
    let k = p.kernel("vecadd").unwrap();
    assert!(!k.has_barrier);
    assert_eq!(k.wi_state_size, 0);
    assert_eq!(k.args.offsets, vec![0, 8, 16]);
    let text = p.clif_text();
    println!("{text}");
    assert!(text.starts_with(
        "; kernel vecadd\n; vectorize: off (-O0)\n; wide rows: a call's groups run as one row\n\
         function %vecadd(i64, i64)"
    ));
    // z, y and x loops, x over the row of all the call's work-groups (no loop over them):
    // nothing else compares unsigned.
    assert_eq!(count(&text, "icmp ult"), 3, "{text}");
    assert_eq!(count(&text, "fadd"), 1);
}

#[test]
fn vectorize_stage_runs_four_work_items_per_chunk() {
    let p = compile_module(&fixtures::vecadd()).unwrap();
    let text = p.clif_text();
    println!("{text}");
    assert!(text.contains(
        "; vectorize: region 0: vectorised, 4 work-items per chunk, two chunks per loop iteration"
    ));
    // An add on f32x4 loads for each of the two chunks of the pair loop and for the single
    // chunk after it, one scalar add for the remaining work-items.
    assert_eq!(count(&text, "fadd"), 4, "{text}");
    assert_eq!(count(&text, "load.f32x4"), 6, "{text}");
}

#[test]
fn barriers_split_reduce_sum_into_five_regions() {
    let p = scalar(&fixtures::reduce_sum());
    let k = p.kernel("reduce_sum").unwrap();
    assert!(k.has_barrier);
    assert_eq!(k.static_local_size, 1024);
    // Nothing lives per work-item: the local id is recomputed in each region and `s` (the
    // same for the whole group) lives once per group.
    assert_eq!(k.wi_state_size, 0);
    let text = p.clif_text();
    println!("{text}");
    // Five regions (before the first barrier, between it and the loop, the loop body up to
    // its barrier, the continuing block, after the loop): `s = local_size / 2` and the
    // continuing block's `s >>= 1` run once for the group, the other three as three nested
    // work-item loops each, plus the kernel's own `lid < s` (no loop over several
    // work-groups per call in a kernel with loops).
    assert_eq!(count(&text, "icmp ult"), 3 * 3 + 1, "{text}");
    // The group-level loop exits through the pending `break` set inside a region.
    assert!(text.contains("iconst.i8 2"), "{text}");
    assert!(text.contains("sqrt"));
    let vectorised = compile_module(&fixtures::reduce_sum()).unwrap().clif_text();
    assert_eq!(count(&vectorised, "once for the group"), 2, "{vectorised}");
    // The loop's `if (lid < s)` leaves each row at the first chunk that skips it (`s` is
    // known only at run time); the final `if (lid == 0)` runs the first work-item of each
    // row alone; the first region (the copy into `scratch`) has no such `if`.
    let cut = "each row left at the first chunk that skips the final `if`";
    assert_eq!(count(&vectorised, cut), 1, "{vectorised}");
    let first = "each row cut to its first 1 work-item";
    assert_eq!(count(&vectorised, first), 1, "{vectorised}");
}

#[test]
fn half_arithmetic_computes_in_float() {
    // Arithmetic on half (cl_khr_fp16) widens to float, operates, and rounds back; the
    // results are checked against hand-rounded values by tests/run/half_arithmetic.cl.
    let mut m = Module::new();
    let void = m.types.void();
    let half = m.types.scalar(ScalarType::F16);
    let mut b = FunctionBuilder::new(
        &mut m.types,
        "h",
        FunctionKind::Kernel(KernelAttrs::default()),
        void,
    );
    let x = b.constant(Const::float(ScalarType::F16, 1.0));
    b.emit(Op::Binary(BinaryOp::Add, x, x), half);
    b.push(Stmt::Return(None));
    let f = b.finish();
    m.functions.push(f);
    let p = compile_module(&m).unwrap();
    let text = p.clif_text();
    assert!(text.contains("fadd"), "{text}");
}

#[test]
fn half_constants_and_conversions_compile() {
    let mut m = Module::new();
    let void = m.types.void();
    let float = m.types.scalar(ScalarType::F32);
    let mut b = FunctionBuilder::new(
        &mut m.types,
        "h",
        FunctionKind::Kernel(KernelAttrs::default()),
        void,
    );
    let x = b.constant(Const::float(ScalarType::F16, 1.5));
    b.emit(
        Op::Convert {
            value: x,
            to: float,
            saturate: false,
            rounding: Rounding::Default,
        },
        float,
    );
    b.push(Stmt::Return(None));
    let f = b.finish();
    m.functions.push(f);
    let p = compile_module(&m).unwrap();
    let text = p.clif_text();
    println!("{text}");
    assert!(
        text.contains("iconst.i16 0x3e00") && text.contains("call"),
        "{text}"
    );
}

#[test]
fn recursion_is_reported() {
    let mut m = Module::new();
    let void = m.types.void();
    let mut h = FunctionBuilder::new(&mut m.types, "rec", FunctionKind::Helper, void);
    h.call(FuncId(0), vec![], void);
    h.push(Stmt::Return(None));
    let hf = h.finish();
    m.functions.push(hf);
    let mut b = FunctionBuilder::new(
        &mut m.types,
        "k",
        FunctionKind::Kernel(KernelAttrs::default()),
        void,
    );
    b.call(FuncId(0), vec![], void);
    b.push(Stmt::Return(None));
    let f = b.finish();
    m.functions.push(f);
    let e = compile_module(&m).unwrap_err();
    assert_eq!(
        e,
        CompileError::Recursion {
            function: "rec".into()
        }
    );
}

/// `p[n + 1] + p[n + 2]` with `int n`, or with `uint n` (`signedness`), as IR text.
fn neighbour_loads(signedness: &str) -> Module {
    let t = if signedness == "signed" { "i32" } else { "u32" };
    let text = format!(
        r#"kernel @k(%0 "p": ptr<global, f32> type "__global float *", %1 "o": ptr<global, f32> type "__global float *", %2 "n": {t} type "int") -> void {{
  %3: {t} = const 1
  %4: {t} = const 2
  %5: {t} = add %2, %3
  %6: i64 = convert %5
  %7: ptr<global, f32> = ptr_offset %0, %6
  %8: f32 = load %7
  %9: {t} = add %2, %4
  %10: i64 = convert %9
  %11: ptr<global, f32> = ptr_offset %0, %10
  %12: f32 = load %11
  %13: f32 = add %8, %12
  store %1, %13
  return
}}
"#
    );
    oclc_ir::parse_module(&text).unwrap()
}

#[test]
fn signed_index_sums_widen_before_their_constant() {
    // `(long)(n + 1)` is computed as `(long)n + 1` (signed overflow is undefined), and the
    // constant, scaled, lands after the sum with the buffer: `p + n * 4 + 4`, `p + n * 4 + 8`
    // (the text is Cranelift's input: the narrow sums, now unused, go in its optimiser).
    let text = scalar(&neighbour_loads("signed")).clif_text();
    println!("{text}");
    assert!(text.contains("iconst.i64 8\n"), "{text}");
    // Unsigned sums wrap: `(ulong)(n + 1)` stays as it is, scaled as a whole.
    let text = scalar(&neighbour_loads("unsigned")).clif_text();
    println!("{text}");
    assert_eq!(count(&text, "uextend.i64"), 2, "{text}");
    assert!(!text.contains("iconst.i64 8\n"), "{text}");
}

/// How work-items whose id is odd leave [`running_sum`]'s loop early, if they do.
#[derive(Clone, Copy)]
enum OddExit {
    /// They do not: the loop's exit is the same for every work-item.
    None,
    /// `if (c) break;`: lanes only leave the loop.
    ThenBreak,
    /// None, but odd work-items reset their sum in the loop: a varying `if` that is no exit.
    OddReset,
}

/// `o[gid] = sum of p[gid + i] for i < n` (with `loads` > 1: of `p[gid + i + j]` for
/// `j < loads`), with a varying exit in the loop as `exit` says, as IR text.
fn running_sum(exit: OddExit, loads: usize) -> Module {
    let varying_exit = match exit {
        OddExit::None => "",
        OddExit::ThenBreak => "  %30: u64 = const 1\n  %31: u64 = and %3, %30\n  %32: bool = cmp.eq %31, %30\n  if %32 {\n    break\n  } else {\n  }\n",
        OddExit::OddReset => "  %30: u64 = const 1\n  %31: u64 = and %3, %30\n  %32: bool = cmp.eq %31, %30\n  if %32 {\n    store %4, %5\n  } else {\n  }\n",
    };
    // Load j (of p[gid + i + j]) into %(43 + 5j), the sum so far in %(44 + 5j).
    let more_loads: String = (1..loads)
        .map(|j| {
            let [k, at, ptr, x, sum] = [40, 41, 42, 43, 44].map(|v| v + 5 * j);
            let last = if j == 1 { 17 } else { sum - 5 };
            format!(
                "    %{k}: i64 = const {j}\n    %{at}: i64 = add %13, %{k}\n    \
                 %{ptr}: ptr<global, f32> = ptr_offset %0, %{at}\n    \
                 %{x}: f32 = load %{ptr}\n    %{sum}: f32 = add %{last}, %{x}\n"
            )
        })
        .collect();
    let sum = if loads > 1 { 44 + 5 * (loads - 1) } else { 17 };
    let text = format!(
        r#"kernel @k(%0 "p": ptr<global, f32> type "__global float *", %1 "o": ptr<global, f32> type "__global float *", %2 "n": i32 type "int") -> void {{
  local $0 "s": private f32
  local $1 "i": private i32
  %3: u64 = global_id 0
  %4: ptr<private, f32> = local_addr $0
  %5: f32 = const 0.0
  store %4, %5
  %6: ptr<private, i32> = local_addr $1
  %7: i32 = const 0
  store %6, %7
  %12: i64 = convert %3
  loop {{
    %8: i32 = load %6
    %9: bool = cmp.lt %8, %2
    %10: bool = not %9
    if %10 {{
      break
    }} else {{
    }}
{varying_exit}    %11: i64 = convert %8
    %13: i64 = add %12, %11
    %14: ptr<global, f32> = ptr_offset %0, %13
    %15: f32 = load %14
    %16: f32 = load %4
    %17: f32 = add %16, %15
{more_loads}    store %4, %{sum}
    %18: i32 = const 1
    %19: i32 = add %8, %18
    store %6, %19
  }} continuing {{
  }}
  %20: f32 = load %4
  %21: ptr<global, f32> = ptr_offset %1, %12
  store %21, %20
  return
}}
"#
    );
    oclc_ir::parse_module(&text).unwrap()
}

#[test]
fn uniform_loops_run_interleaved_chunks_as_registers_allow() {
    // The loop's exit is the same for every work-item, and per chunk it keeps one load and
    // one sum live (`vectorize::pressure`): the first loop runs the body once for four
    // chunks (four vector adds per iteration), then single chunks (one), then the scalar
    // work-items (one scalar add).
    let region = "; vectorize: region 0: vectorised, 4 work-items per chunk";
    let four = format!("{region}, four chunks per loop iteration, interleaved\n");
    let two = format!("{region}, two chunks per loop iteration, interleaved\n");
    let text = compile_module(&running_sum(OddExit::None, 1))
        .unwrap()
        .clif_text();
    println!("{text}");
    assert!(text.contains(&four), "{text}");
    assert_eq!(count(&text, "fadd"), 6, "{text}");
    // Four loads and the sum per iteration: four chunks would keep 20 vector registers
    // live (x86-64 has 16), so two chunks (four vector adds each), one chunk, the scalar.
    let text = compile_module(&running_sum(OddExit::None, 4))
        .unwrap()
        .clif_text();
    println!("{text}");
    assert!(text.contains(&two), "{text}");
    assert_eq!(count(&text, "fadd"), 4 * 4, "{text}");
    // A loop that work-items only leave at different iterations (`if (odd) break;`) runs
    // two chunks, each with its own mask, until no lane of either is left: one
    // `vany_true` of both chunks' masks after the `if`, one at the loop's end.
    let text = compile_module(&running_sum(OddExit::ThenBreak, 1))
        .unwrap()
        .clif_text();
    println!("{text}");
    assert!(text.contains(&two), "{text}");
    assert!(text.contains("bor.i32x4"), "{text}");
    // A varying `if` that is not an exit runs one chunk at a time.
    let text = compile_module(&running_sum(OddExit::OddReset, 1))
        .unwrap()
        .clif_text();
    println!("{text}");
    assert!(text.contains(&format!("{region}\n")));
}

#[test]
fn shifts_by_uniform_amounts_are_vector_shifts() {
    // out[i] = ((x << 13) >>> 5) + ((int)x >> n): a constant and an argument as counts.
    let text =
        "kernel @k(%0 \"a\": ptr<global, u32>, %1 \"o\": ptr<global, u32>, %2 \"n\": i32) -> void {
  %3: u64 = global_id 0
  %4: ptr<global, u32> = ptr_offset %0, %3
  %5: u32 = load %4
  %6: u32 = const 13
  %7: u32 = shl %5, %6
  %8: u32 = const 5
  %9: u32 = shr %7, %8
  %10: i32 = bitcast %5
  %11: i32 = shr %10, %2
  %12: u32 = bitcast %11
  %13: u32 = add %9, %12
  %14: ptr<global, u32> = ptr_offset %1, %3
  store %14, %13
  return
}
";
    let p = compile_module(&oclc_ir::parse_module(text).unwrap()).unwrap();
    let clif = p.clif_text();
    println!("{clif}");
    // Each shift once per chunk (two in the pair loop, one after it) and once in the scalar
    // remainder; lane by lane there would be four per chunk.
    for op in ["ishl", "ushr", "sshr"] {
        assert_eq!(count(&clif, &format!(" = {op} ")), 4, "{op}: {clif}");
    }
}
