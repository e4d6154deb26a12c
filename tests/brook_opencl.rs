//! Brook+ through the other consumers: the generated OpenCL C (`--emit opencl-c`) passes
//! clang-14's OpenCL 1.2 checker, `oclc k.br -o k.spv` passes spirv-val, and the kernels run on
//! PoCL (`--device opencl`, built from the generated source) with the same results as on
//! oclc's CPU backend. The header (`--emit header`) declares every kernel.

mod common;

use common::*;
use std::path::PathBuf;
use std::process::Command;

fn samples() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join("samples/brook"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "br"))
        .collect();
    v.sort();
    v
}

fn ok(out: &std::process::Output, what: &str) {
    assert!(
        out.status.success(),
        "{what}\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn generated_opencl_c_passes_clang_and_spirv_passes_spirv_val() {
    let have_clang = require_tool("clang-14");
    let have_val = require_tool("spirv-val");
    let dir = scratch("brook-opencl-c");
    for path in samples() {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let cl = dir.join(format!("{stem}.cl"));
        let p = path.display().to_string();
        // A sample's `// ARGS:` line gives the options it needs.
        let src = std::fs::read_to_string(&path).unwrap();
        let extra: Vec<String> = src
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// ARGS:"))
            .map(|a| a.split_whitespace().map(String::from).collect())
            .unwrap_or_default();
        let run_oclc = |args: &[&str]| {
            let mut all: Vec<&str> = args.to_vec();
            all.extend(extra.iter().map(String::as_str));
            oclc(&all, &dir)
        };
        let out = run_oclc(&[&p, "--emit", "opencl-c", "-o", &cl.display().to_string()]);
        ok(&out, &format!("oclc --emit opencl-c {p}"));
        let text = std::fs::read_to_string(&cl).unwrap();
        assert!(
            text.contains("How to bind the streams"),
            "no binding notes for {stem}"
        );
        if have_clang {
            let out = Command::new("clang-14")
                .args([
                    "-cc1",
                    "-triple",
                    "spir64-unknown-unknown",
                    "-cl-std=CL1.2",
                    "-finclude-default-header",
                    "-fsyntax-only",
                ])
                .arg(&cl)
                .output()
                .unwrap();
            ok(&out, &format!("clang-14 on the OpenCL C of {stem}"));
        }
        let spv = dir.join(format!("{stem}.spv"));
        let out = run_oclc(&[&p, "-o", &spv.display().to_string()]);
        ok(&out, &format!("oclc -o .spv {p}"));
        if have_val {
            let out = Command::new("spirv-val").arg(&spv).output().unwrap();
            ok(&out, &format!("spirv-val on {stem}"));
        }
        let h = dir.join(format!("{stem}.h"));
        let out = run_oclc(&[&p, "--emit", "header", "-o", &h.display().to_string()]);
        ok(&out, &format!("oclc --emit header {p}"));
        let header = std::fs::read_to_string(&h).unwrap();
        assert!(header.contains("extern void "), "{header}");
    }
}

fn dump(dir: &std::path::Path, args: &[&str], device: &str) -> Vec<Vec<u8>> {
    let d = dir.join(format!("dump-{device}"));
    let _ = std::fs::remove_dir_all(&d);
    let mut argv: Vec<&str> = vec!["run"];
    argv.extend_from_slice(args);
    let ds = d.display().to_string();
    argv.extend_from_slice(&["--device", device, "--dump", &ds]);
    let out = oclc(&argv, dir);
    ok(&out, &format!("oclc {}", argv.join(" ")));
    let mut files: Vec<PathBuf> = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files.iter().map(|f| std::fs::read(f).unwrap()).collect()
}

fn floats(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

#[test]
fn pocl_runs_the_generated_source_like_the_cpu_backend() {
    if !require_opencl() {
        return;
    }
    let dir = scratch("brook-pocl");
    let s = |n: &str| root().join("samples/brook").join(n).display().to_string();
    let cases: Vec<Vec<String>> = vec![
        vec![
            s("mad.br"),
            "--kernel".into(),
            "mad".into(),
            "--arg".into(),
            "f32[64]=rand:1".into(),
            "--arg".into(),
            "f32[64]=rand:2".into(),
            "--arg".into(),
            "f32:0.25".into(),
            "--arg".into(),
            "f32[64]=zeros".into(),
        ],
        vec![
            s("copy.br"),
            "--kernel".into(),
            "copy".into(),
            "--arg".into(),
            "f32[7]=iota".into(),
            "--arg".into(),
            "f32[3]=zeros".into(),
        ],
        vec![
            s("gather.br"),
            "--kernel".into(),
            "gather_ex_1".into(),
            "--arg".into(),
            "f32x2[40]=randu:3:0:20".into(),
            "--arg".into(),
            "f32[20,20]=rand:4".into(),
            "--arg".into(),
            "f32[40]=zeros".into(),
        ],
        vec![
            s("matmult.br"),
            "--kernel".into(),
            "simple_matmult".into(),
            "--arg".into(),
            "f32:16".into(),
            "--arg".into(),
            "f32[12,16]=randu:5:-2:2".into(),
            "--arg".into(),
            "f32[16,12]=randu:6:-2:2".into(),
            "--arg".into(),
            "f32[12,12]=zeros".into(),
        ],
        vec![
            s("reductions.br"),
            "--kernel".into(),
            "sum".into(),
            "--arg".into(),
            "f32[5000]=randu:7:0:4".into(),
            "--arg".into(),
            "f32:0".into(),
        ],
        vec![
            s("reductions.br"),
            "--kernel".into(),
            "max_reduce".into(),
            "--arg".into(),
            "f32[30,40]=rand:8".into(),
            "--arg".into(),
            "f32[30,10]=zeros".into(),
        ],
        vec![
            s("sum_2d.br"),
            "--kernel".into(),
            "sum_2d".into(),
            "--arg".into(),
            "f32x4[2,128]=rand:9".into(),
            "--arg".into(),
            "f32x4[2,128]=rand:10".into(),
            "--arg".into(),
            "f32x4[2,128]=zeros".into(),
        ],
        vec![
            s("scatter.br"),
            "--kernel".into(),
            "scatter".into(),
            "--arg".into(),
            "f32[16]=iota".into(),
            "--arg".into(),
            "f32[16]=rand:11".into(),
            "--arg".into(),
            "f32[16]=zeros".into(),
        ],
        // A struct stream: clang-14 lays out the struct for PoCL, an independent check of
        // the layout oclc's launcher binds (float2, float, pad, float4: 32 bytes).
        vec![
            s("structs.br"),
            "--kernel".into(),
            "step".into(),
            "--arg".into(),
            "f32x8[6]=rand:12".into(),
            "--arg".into(),
            "f32:0.25".into(),
            "--arg".into(),
            "f32x4[6]=zeros".into(),
        ],
        vec![
            s("reduce_ops.br"),
            "--kernel".into(),
            "max_f4".into(),
            "--arg".into(),
            "f32x4[5,300]=rand:13".into(),
            "--arg".into(),
            "f32x4[5,3]=zeros".into(),
        ],
    ];
    for case in cases {
        let args: Vec<&str> = case.iter().map(String::as_str).collect();
        let cpu = dump(&dir, &args, "cpu");
        let cl = dump(&dir, &args, "opencl");
        assert_eq!(cpu.len(), cl.len());
        for (a, b) in cpu.iter().zip(&cl) {
            let (fa, fb) = (floats(a), floats(b));
            for (x, y) in fa.iter().zip(&fb) {
                // Both devices run the same work-group tree, in the same order: expect
                // near-exact agreement.
                assert!(
                    (x - y).abs() <= 1e-5 * x.abs().max(1.0),
                    "{}: {x} vs {y}",
                    case.join(" ")
                );
            }
        }
    }
}
