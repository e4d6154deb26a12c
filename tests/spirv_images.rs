//! Image and sampler kernels (tests/spirv_images/*.cl) compile to OpenCL SPIR-V that
//! spirv-val accepts and llvm-spirv-14 reads back; the disassembly is kept as insta
//! snapshots. A file's `// RUN-OPTIONS: ...` line gives extra compile options.

mod common;

use common::*;

fn options(file: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .filter_map(|l| l.trim().strip_prefix("// RUN-OPTIONS:"))
        .flat_map(|l| l.split_whitespace().map(str::to_string))
        .collect()
}

#[test]
fn image_kernels_give_valid_spirv_with_snapshots() {
    if !require_tool("spirv-val") || !require_tool("spirv-dis") || !require_tool("llvm-spirv-14") {
        return;
    }
    let files = cl_files(&root().join("tests/spirv_images"));
    assert!(
        files.len() >= 4,
        "tests/spirv_images should hold the image kernels"
    );
    for file in files {
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        let dir = scratch(&format!("spirv-image-{stem}"));
        let spv = dir
            .join(format!("{stem}.spv"))
            .to_string_lossy()
            .into_owned();
        let mut args = vec![file.to_string_lossy().into_owned()];
        args.extend(options(&file));
        args.extend(["-o".to_string(), spv.clone()]);
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = oclc(&argv, &dir);
        assert!(
            out.status.success(),
            "{stem}: oclc failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let tool = |name: &str, args: &[&str]| {
            let out = std::process::Command::new(name)
                .args(args)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{stem}: {name} rejected the module:\n{}",
                String::from_utf8_lossy(&out.stderr)
            );
            out.stdout
        };
        tool("spirv-val", &[&spv]);
        let bc = dir
            .join(format!("{stem}.bc"))
            .to_string_lossy()
            .into_owned();
        tool(
            "llvm-spirv-14",
            &["-r", "--spirv-target-env=CL2.0", &spv, "-o", &bc],
        );
        let dis = tool("spirv-dis", &["--no-header", "--raw-id", &spv]);
        insta::assert_snapshot!(format!("{stem}.spvasm"), String::from_utf8_lossy(&dis));
    }
}

#[test]
fn front_end_image_test_kernel_gives_valid_spirv() {
    if !require_tool("spirv-val") {
        return;
    }
    let dir = scratch("spirv-image-valid");
    let file = root().join("tests/valid/images_samplers.cl");
    let out = oclc(&[&file.to_string_lossy(), "-o", "k.spv"], &dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let val = std::process::Command::new("spirv-val")
        .arg(dir.join("k.spv"))
        .output()
        .unwrap();
    assert!(
        val.status.success(),
        "{}",
        String::from_utf8_lossy(&val.stderr)
    );
}

/// Sampler values oclc cannot express give located errors, never a panic or a guess.
#[test]
fn bad_sampler_values_give_located_errors() {
    let dir = scratch("spirv-image-bad-samplers");
    let cases = [
        (
            "const sampler_t s = 0x40 | CLK_FILTER_NEAREST;\n  o[0] = read_imagef(img, s, (int2)(0, 0));",
            "sampler value 0x50 has bits no CLK_* constant defines",
        ),
        (
            "sampler_t s = n;\n  o[0] = read_imagef(img, s, (int2)(0, 0));",
            "a sampler must be initialized with an integer constant expression",
        ),
    ];
    for (i, (body, expect)) in cases.iter().enumerate() {
        let src = format!(
            "__kernel void k(read_only image2d_t img, __global float4 *o, int n) {{\n  {body}\n}}\n"
        );
        let name = format!("bad{i}.cl");
        std::fs::write(dir.join(&name), src).unwrap();
        let out = oclc(&[&name, "-o", "k.spv"], &dir);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{name} compiled");
        assert!(
            err.contains("error[E0900]")
                && err.contains(expect)
                && err.contains(&format!("{name}:2:")),
            "{name}: {err}"
        );
    }
}
