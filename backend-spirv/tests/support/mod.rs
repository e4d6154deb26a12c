//! Helpers shared by the integration tests: external tools (spirv-val, spirv-dis,
//! llvm-spirv-14) and small IR modules.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

use oclc_backend_spirv::{emit_opencl, SpirvOptions};
use oclc_ir::Module;

/// True when missing tools may skip a test (`OCLC_ALLOW_MISSING_TOOLS=1`).
pub fn allow_missing() -> bool {
    std::env::var("OCLC_ALLOW_MISSING_TOOLS").is_ok_and(|v| v == "1")
}

/// Finds `tool` on PATH. Missing tools fail the test unless `OCLC_ALLOW_MISSING_TOOLS=1`,
/// in which case `None` is returned after printing why the check is skipped.
pub fn tool(tool: &str) -> Option<PathBuf> {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|p| p.join(tool))
            .find(|p| p.is_file())
    });
    match found {
        Some(p) => Some(p),
        None if allow_missing() => {
            eprintln!("SKIPPED: `{tool}` is not installed (OCLC_ALLOW_MISSING_TOOLS=1)");
            None
        }
        None => panic!(
            "`{tool}` is not installed; install it (spirv-tools, llvm-spirv-14, pocl-opencl-icd, \
             ocl-icd-opencl-dev, gcc) or set OCLC_ALLOW_MISSING_TOOLS=1 to skip"
        ),
    }
}

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("oclc-spirv-{}-{n}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes SPIR-V words as a little-endian binary file.
pub fn write_spv(path: &Path, words: &[u32]) {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(path, bytes).unwrap();
}

/// Runs a command and panics with its output when it fails.
pub fn run_ok(cmd: &mut Command, what: &str) -> String {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot run: {e}"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{what} failed:\n{text}");
    text
}

/// Emits `m` with default options.
pub fn emit(m: &Module) -> Vec<u32> {
    oclc_ir::verify_module(m).expect("test module must verify");
    emit_opencl(m, &SpirvOptions::default()).expect("emission")
}

/// Validates with spirv-val for the universal 1.0 and the OpenCL 1.2 environments.
pub fn validate(words: &[u32], name: &str) {
    let Some(val) = tool("spirv-val") else { return };
    let dir = scratch(&format!("val-{name}"));
    let spv = dir.join(format!("{name}.spv"));
    write_spv(&spv, words);
    for env in ["spv1.0", "opencl1.2"] {
        run_ok(
            Command::new(&val).arg("--target-env").arg(env).arg(&spv),
            &format!(
                "spirv-val --target-env {env} {name}:\n{}",
                dis_or_rspirv(words)
            ),
        );
    }
}

/// Reads the module back with llvm-spirv-14 and returns the bitcode path.
pub fn to_llvm_bc(words: &[u32], name: &str) -> Option<PathBuf> {
    let tr = tool("llvm-spirv-14")?;
    let dir = scratch(&format!("llvm-{name}"));
    let spv = dir.join(format!("{name}.spv"));
    let bc = dir.join(format!("{name}.bc"));
    write_spv(&spv, words);
    run_ok(
        Command::new(&tr)
            .arg("-r")
            .arg("--spirv-target-env=CL1.2")
            .arg(&spv)
            .arg("-o")
            .arg(&bc),
        &format!("llvm-spirv-14 -r {name}"),
    );
    Some(bc)
}

/// spirv-dis output (or rspirv's disassembly when spirv-dis is missing and allowed).
pub fn dis_or_rspirv(words: &[u32]) -> String {
    spirv_dis(words).unwrap_or_else(|| oclc_backend_spirv::disassemble(words))
}

/// spirv-dis output with raw ids (stable, no friendly-name guessing).
pub fn spirv_dis(words: &[u32]) -> Option<String> {
    let dis = tool("spirv-dis")?;
    let dir = scratch("dis");
    let spv = dir.join("m.spv");
    write_spv(&spv, words);
    Some(run_ok(
        Command::new(dis)
            .arg("--no-color")
            .arg("--no-header")
            .arg(&spv),
        "spirv-dis",
    ))
}

use oclc_ir::{AddressSpace, FunctionBuilder, FunctionKind, Op, ScalarType, Stmt, TypeId, ValueId};

/// A module with one kernel whose body `f` builds (a `return` is appended).
pub fn one_kernel(f: impl FnOnce(&mut FunctionBuilder)) -> Module {
    let mut m = Module::new();
    let void = m.types.void();
    let mut b = FunctionBuilder::new(
        &mut m.types,
        "k",
        FunctionKind::Kernel(Default::default()),
        void,
    );
    f(&mut b);
    if !b.terminated() {
        b.push(Stmt::Return(None));
    }
    let func = b.finish();
    m.functions.push(func);
    m
}

/// Adds a `global T*` parameter for the scalar/vector type `elem x lanes`.
pub fn global_param(b: &mut FunctionBuilder, name: &str, elem: ScalarType, lanes: u8) -> ValueId {
    let t = b.types.vector(elem, lanes);
    let p = b.types.pointer(AddressSpace::Global, t);
    b.param(name, p)
}

/// Loads `p[i]`.
pub fn load_at(b: &mut FunctionBuilder, p: ValueId, i: i64) -> ValueId {
    let idx = b.const_i64(i);
    let pt = b.value_type(p);
    let q = b.emit(
        Op::PtrOffset {
            base: p,
            index: idx,
        },
        pt,
    );
    b.load(q)
}

/// Stores `v` to `p[i]`.
pub fn store_at(b: &mut FunctionBuilder, p: ValueId, i: i64, v: ValueId) {
    let idx = b.const_i64(i);
    let pt = b.value_type(p);
    let q = b.emit(
        Op::PtrOffset {
            base: p,
            index: idx,
        },
        pt,
    );
    b.store(q, v);
}

/// A kernel `k(global T* out, global S* in)` with `out[0] = f(in[0], in[1])`; returns the
/// validated, read-back module's disassembly.
pub fn op_case(
    src: (ScalarType, u8),
    dst: (ScalarType, u8),
    f: impl FnOnce(&mut FunctionBuilder, ValueId, ValueId, TypeId) -> ValueId,
) -> String {
    let m = one_kernel(|b| {
        let out = global_param(b, "out", dst.0, dst.1);
        let inp = global_param(b, "in", src.0, src.1);
        let x = load_at(b, inp, 0);
        let y = load_at(b, inp, 1);
        let rt = b.types.vector(dst.0, dst.1);
        let r = f(b, x, y, rt);
        store_at(b, out, 0, r);
    });
    checked(&m, "op_case")
}

/// Emits, validates and reads back `m`; returns its disassembly.
pub fn checked(m: &Module, name: &str) -> String {
    let words = emit(m);
    validate(&words, name);
    to_llvm_bc(&words, name);
    oclc_backend_spirv::disassemble(&words)
}
