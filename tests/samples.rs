//! Every sample compiles to SPIR-V that spirv-val accepts; the SPIR-V disassembly and the IR
//! text are kept as insta snapshots (so changes are reviewed as diffs), and -save-temps
//! writes every stage.

mod common;

use common::*;

#[test]
fn samples_compile_to_valid_spirv_with_snapshots() {
    if !require_tool("spirv-val") || !require_tool("spirv-dis") {
        return;
    }
    let files = cl_files(&root().join("samples"));
    assert!(
        files.len() >= 3,
        "samples/ should hold at least vecadd, saxpy and a __local kernel"
    );
    for file in files {
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        let dir = scratch(&format!("sample-{stem}"));
        let file_s = file.to_string_lossy().into_owned();
        let prefix = dir.join(&stem).to_string_lossy().into_owned();
        let spv = format!("{prefix}.spv");
        let save = format!("-save-temps={prefix}");
        let out = oclc(&[&file_s, "-o", &spv, &save], &dir);
        assert!(
            out.status.success(),
            "{stem}: oclc failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let val = std::process::Command::new("spirv-val")
            .arg(&spv)
            .output()
            .unwrap();
        assert!(
            val.status.success(),
            "{stem}: spirv-val rejected the module:\n{}",
            String::from_utf8_lossy(&val.stderr)
        );
        let dis = std::process::Command::new("spirv-dis")
            .args(["--no-header", "--raw-id", &spv])
            .output()
            .unwrap();
        assert!(dis.status.success());
        insta::assert_snapshot!(
            format!("{stem}.spvasm"),
            String::from_utf8_lossy(&dis.stdout)
        );
        for suffix in ["i", "ir", "opt.ir", "spvasm"] {
            let path = format!("{prefix}.{suffix}");
            assert!(
                std::path::Path::new(&path).exists(),
                "{stem}: -save-temps did not write {path}"
            );
        }
        let ir = std::fs::read_to_string(format!("{prefix}.ir")).unwrap();
        insta::assert_snapshot!(format!("{stem}.ir"), ir);
    }
}

/// Runs oclc in `dir` with `args` plus `-save-temps=PREFIX` and returns the Cranelift text
/// it wrote to `PREFIX.clif`.
fn saved_clif(dir: &std::path::Path, prefix: &str, args: &[&str]) -> String {
    let save = format!("-save-temps={prefix}");
    let mut all = args.to_vec();
    all.push(&save);
    let out = oclc(&all, dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_to_string(dir.join(format!("{prefix}.clif"))).expect("the .clif written")
}

#[test]
fn cpu_target_writes_cranelift_ir() {
    let dir = scratch("clif");
    let file = root().join("samples/reduce.cl");
    let clif = saved_clif(&dir, "r", &[&file.to_string_lossy(), "--target", "cpu"]);
    assert!(clif.contains("function"), "clif text: {clif}");
    assert!(
        clif.contains("; vectorize: region 0: vectorised"),
        "the vectorize stage notes each region: {clif}"
    );
}

#[test]
fn cpu_vectorize_stage_is_off_at_o0() {
    let dir = scratch("clif-o0");
    let file = root().join("samples/reduce.cl");
    let clif = saved_clif(
        &dir,
        "r",
        &[&file.to_string_lossy(), "--target", "cpu", "-O0"],
    );
    assert!(clif.contains("; vectorize: off (-O0)"), "clif text: {clif}");
    assert!(!clif.contains("vectorised"), "clif text: {clif}");
}

#[test]
fn output_is_deterministic() {
    let dir = scratch("determinism");
    let file = root()
        .join("samples/vector_math.cl")
        .to_string_lossy()
        .into_owned();
    let a = oclc(&[&file, "-o", "-"], &dir);
    let b = oclc(&[&file, "-o", "-"], &dir);
    assert!(a.status.success());
    assert!(!a.stdout.is_empty());
    assert_eq!(a.stdout, b.stdout);
    assert_eq!(
        &a.stdout[..4],
        &0x0723_0203u32.to_le_bytes(),
        "SPIR-V magic number"
    );
}

#[test]
fn cpu_strided_loops_keep_lane_induction_variables() {
    // `for (b = lid; b < 256; b += lsize)`: b stays one affine base in the vectorised
    // region, so `bins[b]` is read as one vector (see tests/run/vec_strided_loops.cl for
    // the results compared with PoCL). Lanes leave these loops at different iterations
    // and in no other way, so each region runs two chunks interleaved and then a single
    // chunk: three translations of each loop, each noting its induction variable.
    let dir = scratch("clif-strided");
    let file = root().join("bench/kernels/histogram.cl");
    let clif = saved_clif(&dir, "h", &[&file.to_string_lossy(), "--target", "cpu"]);
    let notes = clif
        .matches("; vectorize: lane induction variable 'b': one affine base, stride 1")
        .count();
    assert_eq!(notes, 2 * 3, "both strided loops: {clif}");
    assert!(clif.contains("load.i32x4"), "bins[b] as a vector: {clif}");
}

#[test]
fn cpu_run_save_temps_shows_the_kernel_compiled_for_its_local_size() {
    // `oclc run --local 256`: the histogram is compiled with get_local_size(0) = 256, so
    // `for (b = lid; b < 256; b += lsize)` runs once per work-item and the vector chunks
    // need no scalar tail (tests/run/cpu_local_size_specialised.cl compares such kernels
    // with PoCL at several local sizes).
    let dir = scratch("clif-specialised");
    let file = root().join("bench/kernels/histogram.cl");
    let file = file.to_string_lossy();
    let run = [
        "run",
        &file,
        "--kernel",
        "histogram",
        "--global",
        "512",
        "--local",
        "256",
        "--arg",
        "u8[512]=rand:3",
        "--arg",
        "u32[512]=zeros",
    ];
    let clif = saved_clif(&dir, "h", &run);
    let (generic, launched) = clif
        .split_once("; kernel histogram as launched, local size 256x1x1\n")
        .unwrap_or_else(|| panic!("the launched kernel follows the generic one: {clif}"));
    assert!(
        launched.starts_with("; specialised: local size 256x1x1\n"),
        "{launched}"
    );
    let once = "; vectorize: loop over 'b' runs once per work-item (local size 256)";
    assert_eq!(launched.matches(once).count(), 2, "{launched}");
    assert!(!generic.contains("runs once"), "{generic}");
}
