//! `cargo install --path compiler` installs one binary: copied away from the build tree
//! and run from an unrelated directory, it compiles for every target (the built-in library
//! that Vulkan code links is embedded) and runs kernels, and, traced with strace, it opens
//! no file of the source tree or the build folder.

mod common;

use std::path::Path;
use std::process::Command;

use common::*;

#[test]
fn a_copied_binary_needs_nothing_beside_it() {
    if !require_tool("strace") {
        return;
    }
    let dir = scratch("installed");
    let bin = dir.join("bin/oclc");
    std::fs::create_dir_all(bin.parent().unwrap()).unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_oclc"), &bin).unwrap();
    let work = dir.join("work");
    std::fs::create_dir_all(&work).unwrap();
    // exp, pow and double division come from the built-in library on Vulkan.
    std::fs::write(
        work.join("k.cl"),
        "__kernel void k(__global float *a, __global double *d) {\n\
             int i = get_global_id(0);\n\
             a[i] = exp(a[i]) + pow(a[i], 1.5f);\n\
             d[i] = d[i] / 3.0;\n\
         }\n",
    )
    .unwrap();
    let runs: [&[&str]; 4] = [
        &["k.cl", "-o", "k.spv"],
        &["k.cl", "--target", "vulkan", "-o", "v.spv"],
        &["k.cl", "--target", "cpu", "-o", "k.o"],
        &[
            "run",
            "k.cl",
            "--kernel",
            "k",
            "--global",
            "4",
            "--arg",
            "f32[4]=iota",
            "--arg",
            "f64[4]=iota",
            "--print",
        ],
    ];
    let trace = dir.join("trace");
    let root = root();
    let target_dir = Path::new(env!("CARGO_BIN_EXE_oclc"))
        .parent()
        .unwrap()
        .to_path_buf();
    for args in runs {
        let out = Command::new("strace")
            .args(["-f", "-qq", "-e", "trace=%file", "-o"])
            .arg(&trace)
            .arg(&bin)
            .args(args)
            .current_dir(&work)
            // cargo test points the loader at the build folder; an installed binary has no
            // such variable.
            .env_remove("LD_LIBRARY_PATH")
            .output()
            .expect("strace");
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let log = std::fs::read_to_string(&trace).unwrap();
        for line in log.lines() {
            // The only path of the tree that may appear is the scratch folder's own.
            let quoted = |p: &Path| format!("\"{}", p.display());
            assert!(
                !line.contains(&quoted(&root)) || line.contains(&quoted(&dir)),
                "{args:?} touched the source tree: {line}"
            );
            assert!(
                !line.contains(&quoted(&target_dir)),
                "{args:?} touched the build folder: {line}"
            );
        }
    }
    assert!(work.join("v.spv").exists() && work.join("k.o").exists());
}
