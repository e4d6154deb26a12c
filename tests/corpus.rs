//! The real-kernel corpus (issue 3): darktable's, silx's and pyopencl's kernels, fetched by
//! `scripts/corpus/fetch.sh` into `.cache/corpus/` (never committed). When the corpus is there,
//! runs `scripts/corpus/check.py` (oclc -fsyntax-only against clang-14 when it is installed),
//! prints its numbers, and fails when oclc rejects a file listed in
//! `scripts/corpus/oclc_accepted.txt` (the files it accepted when that list was written).

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
        .arg("--baseline-check");
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

/// Constructs the front end accepts (as clang does) but oclc's code generators do not
/// support yet must give a located E0900 error when compiling to SPIR-V, never a panic.
#[test]
fn unsupported_constructs_give_located_lowering_errors() {
    let root = common::root();
    let out_dir = std::env::temp_dir().join(format!("oclc-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).expect("temp dir");
    // (images_samplers.cl compiles since images are supported: see tests/spirv_images.rs.)
    let cases: &[(&str, &str)] = &[(
        "goto_labels.cl",
        "goto is not supported by oclc's code generators",
    )];
    for &(file, expect) in cases {
        let path = root.join("tests/valid").join(file);
        let out = Command::new(env!("CARGO_BIN_EXE_oclc"))
            .arg(&path)
            .arg("-o")
            .arg(out_dir.join("k.spv"))
            .output()
            .expect("run oclc");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{file} compiled:\n{stderr}");
        assert!(!stderr.contains("panicked"), "{file} panicked:\n{stderr}");
        assert!(stderr.contains("error[E0900]"), "{file}:\n{stderr}");
        assert!(stderr.contains(expect), "{file}:\n{stderr}");
        assert!(
            stderr.contains(&format!("{file}:")),
            "{file} not located:\n{stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(&out_dir);
}
