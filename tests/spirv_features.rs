//! SPIR-V for OpenCL, feature by feature: each `tests/spirv/*.cl` compiles (with the options
//! of its `// RUN-OPTIONS:` line) to a module that spirv-val accepts and llvm-spirv-14 reads
//! back; every `// CHECK: text` line of the file must occur in the disassembly (what the
//! feature must look like in SPIR-V, written by hand from the specification), and the whole
//! disassembly is an insta snapshot (`tests/spirv/snapshots/`).

mod common;

use common::*;

/// The values of the file's `// KEY` lines.
fn directives(text: &str, key: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix(key))
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn feature_kernels_give_valid_spirv_with_snapshots() {
    for tool in ["spirv-val", "spirv-dis", "llvm-spirv-14"] {
        if !require_tool(tool) {
            return;
        }
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.set_snapshot_path(root().join("tests/spirv/snapshots"));
    let files = cl_files(&root().join("tests/spirv"));
    assert!(
        files.len() >= 8,
        "tests/spirv should hold the feature kernels"
    );
    for file in files {
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&file).unwrap();
        let dir = scratch(&format!("spirv-feature-{stem}"));
        let mut args = vec![file.to_string_lossy().into_owned(), "-w".into()];
        for opts in directives(&text, "// RUN-OPTIONS:") {
            args.extend(opts.split_whitespace().map(str::to_string));
        }
        args.extend(["-o".into(), "k.spv".into()]);
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = oclc(&argv, &dir);
        assert!(
            out.status.success(),
            "{stem}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let run = |tool: &str, args: &[&str]| {
            let o = std::process::Command::new(tool)
                .args(args)
                .current_dir(&dir)
                .output()
                .unwrap();
            assert!(
                o.status.success(),
                "{stem}: {tool} failed:\n{}{}",
                String::from_utf8_lossy(&o.stdout),
                String::from_utf8_lossy(&o.stderr)
            );
            String::from_utf8_lossy(&o.stdout).into_owned()
        };
        run("spirv-val", &["k.spv"]);
        run("llvm-spirv-14", &["-r", "k.spv", "-o", "k.bc"]);
        let dis = run("spirv-dis", &["k.spv"]);
        for check in directives(&text, "// CHECK:") {
            assert!(
                dis.contains(&check),
                "{stem}: the disassembly lacks '{check}':\n{dis}"
            );
        }
        settings.bind(|| insta::assert_snapshot!(stem.clone(), dis));
    }
}
