//! The real-kernel corpus (issue 3): darktable's, silx's and pyopencl's kernels, fetched by
//! `scripts/corpus/fetch.sh` into `.cache/corpus/` (never committed). When the corpus is there,
//! runs `scripts/corpus/check.py` (oclc -fsyntax-only against clang-14 when it is installed),
//! prints its numbers, and fails when oclc rejects a file listed in
//! `scripts/corpus/oclc_accepted.txt` (the files it accepted when that list was written); and
//! checks the SPIR-V oclc emits for a sample of the files it accepts (see
//! `corpus_modules_are_valid`).

mod common;

use std::process::Command;

#[test]
fn corpus_acceptance_does_not_regress() {
    let root = common::root();
    if !root.join(".cache/corpus").is_dir() {
        println!("corpus not fetched; run scripts/corpus/fetch.sh");
        return;
    }
    let mut cmd = Command::new("python3");
    cmd.arg(root.join("scripts/corpus/check.py"))
        .arg("--oclc")
        .arg(env!("CARGO_BIN_EXE_oclc"))
        .arg("--baseline-check")
        // At most 40 files per source, evenly spread: every file of darktable, silx,
        // pyopencl, pyfai and gputools (the baseline lists the first three), and 40 of
        // hashcat's 1239, which clang-14 alone would take most of CI's time on.
        .args(["--per-source", "40"]);
    let has_clang = Command::new("clang-14")
        .arg("--version")
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    if !has_clang {
        cmd.arg("--no-clang");
    }
    let out = cmd.output().expect("cannot start python3");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    eprintln!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.success(),
        "oclc rejects corpus files it accepted before:\n{stdout}"
    );
}

/// Kernels the front end accepts (as clang does) with constructs one of oclc's code
/// generators does not support yet: the file, its source, the compile's arguments and the
/// error it must give.
const UNSUPPORTED_IN_CODEGEN: &[(&str, &str, &[&str], &str)] = &[(
    "packed_struct_atomic.cl",
    "typedef struct __attribute__((packed)) { char c; int i; } P;\n\
     __kernel void k(__global P *p) { atomic_inc(&p[0].i); }\n",
    &["--target", "vulkan"],
    "an atomic operation on i32 at an address that may sit at a multiple of 1 bytes only",
)];

/// Constructs the front end accepts (as clang does) but a code generator does not support
/// yet must give a located error, never a panic.
#[test]
fn unsupported_constructs_give_located_lowering_errors() {
    let out_dir = std::env::temp_dir().join(format!("oclc-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).expect("temp dir");
    for (file, source, args, expect) in UNSUPPORTED_IN_CODEGEN {
        let path = out_dir.join(file);
        std::fs::write(&path, source).expect("write kernel");
        let out = Command::new(env!("CARGO_BIN_EXE_oclc"))
            .arg(&path)
            .args(*args)
            .arg("-o")
            .arg(out_dir.join("k.spv"))
            .output()
            .expect("run oclc");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{file} compiled:\n{stderr}");
        assert!(!stderr.contains("panicked"), "{file} panicked:\n{stderr}");
        assert!(stderr.contains("error"), "{file}:\n{stderr}");
        assert!(stderr.contains(expect), "{file}:\n{stderr}");
        assert!(
            stderr.contains(&format!("{file}:")),
            "{file} not located:\n{stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(&out_dir);
}

/// SPIR-V over the corpus (issues 4 and 19): runs `scripts/corpus/spirv.py` on at most 12
/// files of each source and 6 of hashcat's, evenly spread, plus pkzip's m17200 (hashcat's kernels take seconds
/// each on Vulkan, where their modules grow to megabytes: bench/results/corpus-spirv.txt).
/// It compiles every file oclc accepts to SPIR-V for OpenCL, and for Vulkan when it defines
/// a kernel, validates each module with spirv-val, prints the counts per source, and fails
/// on an invalid module or on a refusal `scripts/corpus/spirv_known.txt` does not list.
#[test]
fn corpus_modules_are_valid() {
    let root = common::root();
    if !root.join(".cache/corpus").is_dir() {
        println!("corpus not fetched; run scripts/corpus/fetch.sh");
        return;
    }
    if !common::require_tool("spirv-val") {
        return;
    }
    let out = Command::new("python3")
        .arg(root.join("scripts/corpus/spirv.py"))
        .arg("--oclc")
        .arg(env!("CARGO_BIN_EXE_oclc"))
        .args(["--no-clang", "--per-source", "12", "--cap", "hashcat=6"])
        // zlib inflate (a private pointer with a run-time table index in its path) and
        // pkzip's packed structs in buffers: refused on Vulkan until stops 33 and 34.
        .args(["--also", "hashcat/m17200_a0-pure.cl"])
        .arg("--baseline-check")
        .output()
        .expect("cannot start python3");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    eprintln!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.success(),
        "corpus files give invalid modules or new refusals:\n{stdout}"
    );
}
