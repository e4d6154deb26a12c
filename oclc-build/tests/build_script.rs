//! oclc-build as build scripts use it: generated launchers, `cargo:` lines, rendered
//! errors; and cargo itself on the example app (examples/blur): reruns of its build script
//! when an included header changes (and only then), a kernel syntax error failing
//! `cargo build` with the diagnostic, and no front-end crate in the app's dependencies.

use std::path::{Path, PathBuf};
use std::process::Command;

use oclc_build::{Build, Target};

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("oclc-build-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn compile(dir: &Path, source: &str, targets: &[Target]) -> Result<(String, Vec<String>), String> {
    std::fs::write(dir.join("k.cl"), source).unwrap();
    let mut b = Build::new();
    b.file(dir.join("k.cl")).out_dir(dir).cargo_metadata(false);
    for t in targets {
        b.target(*t);
    }
    let out = b.try_compile("k").map_err(|e| e.message)?;
    Ok((
        std::fs::read_to_string(out.module).unwrap(),
        out.cargo_lines,
    ))
}

#[test]
fn launchers_take_the_parameters_as_rust_types() {
    let dir = scratch("types");
    let (module, _) = compile(
        &dir,
        "typedef struct { int a; float b; } pair;\n\
         __kernel void k(__global const float4 *in, __global int *out, __constant uchar *table,\n\
                         __local double *tmp, uint n, float3 v, pair p, __global half *h)\n\
         { out[0] = n + table[0] + p.a + (int)v.x + (int)in[0].x + (int)tmp[0]; }\n",
        // Vulkan takes no struct by value: the launcher's types do not depend on the target.
        &[Target::Cpu, Target::OpenCl],
    )
    .unwrap();
    let rt = "::oclc_runtime_lite::embed";
    let want = format!(
        "pub fn k(device: &{rt}::Device, range: &{rt}::NDRange, arg0: &{rt}::Buffer<[f32; 4]>, \
         out: &mut {rt}::Buffer<i32>, table: &{rt}::Buffer<u8>, tmp: {rt}::Local<f64>, n: u32, \
         v: [f32; 4], p: &[u8; 8], h: &mut {rt}::Buffer<u16>)"
    );
    assert!(module.contains(&want), "{want}\nnot in\n{module}");
    assert!(!module.contains("K_VULKAN_SPIRV"), "{module}");
    assert!(
        module.contains("pub const K_OPENCL_SPIRV: &[u32]"),
        "{module}"
    );
    assert!(module.contains("pub const K_REQD_WORK_GROUP_SIZE: Option<[u32; 3]> = None;"));
}

#[test]
fn errors_are_rendered_and_headers_still_listed() {
    let dir = scratch("error");
    std::fs::write(dir.join("h.h"), "#define N 4\n").unwrap();
    let err = compile(
        &dir,
        "#include \"h.h\"\n__kernel void k(__global int *p)\n{ p[0] = N +; }\n",
        &[Target::Cpu],
    )
    .unwrap_err();
    // file:line:col, the source line and a caret, as oclc prints it.
    assert!(err.contains("k.cl:3:"), "{err}");
    assert!(err.contains("{ p[0] = N +; }"), "{err}");
    assert!(err.contains('^'), "{err}");
    // A failed build still names what it read, so fixing the header reruns it.
    let mut b = Build::new();
    b.file(dir.join("k.cl")).out_dir(&dir).cargo_metadata(false);
    let lines = format!("{:?}", b.try_compile("k").unwrap_err());
    assert!(lines.contains("k.cl:3:"), "{lines}");
}

#[test]
fn cargo_lines_name_every_file_read_and_warnings() {
    let dir = scratch("lines");
    std::fs::create_dir_all(dir.join("inc/sub")).unwrap();
    std::fs::write(dir.join("inc/a.h"), "#include \"sub/b.h\"\n").unwrap();
    std::fs::write(dir.join("inc/sub/b.h"), "#define TWO 2\n").unwrap();
    std::fs::write(
        dir.join("k.cl"),
        "#include \"a.h\"\n#warning look here\n__kernel void k(__global int *p) { p[0] = TWO; }\n",
    )
    .unwrap();
    let out = Build::new()
        .file(dir.join("k.cl"))
        .include(dir.join("inc"))
        .out_dir(&dir)
        .cargo_metadata(false)
        .try_compile("k")
        .unwrap();
    let rerun: Vec<&String> = out
        .cargo_lines
        .iter()
        .filter(|l| l.starts_with("cargo:rerun-if-changed="))
        .collect();
    let want = [
        dir.join("k.cl"),
        dir.join("inc").join("a.h"),
        dir.join("inc").join("sub/b.h"),
    ];
    assert_eq!(rerun.len(), 3, "{:?}", out.cargo_lines);
    for (line, path) in rerun.iter().zip(&want) {
        let listed = Path::new(line.trim_start_matches("cargo:rerun-if-changed="));
        assert_eq!(listed.canonicalize().unwrap(), path.canonicalize().unwrap());
    }
    assert!(
        out.cargo_lines
            .iter()
            .any(|l| l.starts_with("cargo:warning=") && l.contains("look here")),
        "{:?}",
        out.cargo_lines
    );
    assert!(out
        .cargo_lines
        .contains(&"cargo:rustc-link-lib=static=oclc_k".to_string()));
    assert!(out.library.unwrap().exists());
}

/// Runs cargo in the workspace, in the tests' own target directory, and returns (success,
/// its output).
fn cargo(args: &[&str], env: &[(&str, &str)]) -> (bool, String) {
    let target_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).parent().unwrap();
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut cmd = Command::new(option_env!("CARGO").unwrap_or("cargo"));
    cmd.args(args)
        .arg("--offline")
        .current_dir(workspace)
        .env_remove("BLUR_RADIUS");
    if args[0] != "tree" {
        cmd.arg("--target-dir").arg(target_dir);
        if !cfg!(debug_assertions) {
            cmd.arg("--release");
        }
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("run cargo");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout),
    )
}

/// Whether cargo's verbose output shows blur's build script running.
fn ran_build_script(stderr: &str) -> bool {
    stderr.lines().any(|l| {
        l.trim_start().starts_with("Running `")
            && l.contains("build-script-build`")
            && l.contains(&format!("build{}blur-", std::path::MAIN_SEPARATOR))
    })
}

#[test]
fn cargo_reruns_the_build_script_when_a_header_changes_and_fails_on_errors() {
    // The whole workspace's test targets, as `cargo test --workspace` built them: with the
    // same features, so that cargo only checks what is built (a narrower selection resolves
    // other features and rebuilds the compiler).
    let build = ["build", "-p", "blur", "-v"];
    let (ok, log) = cargo(&build, &[]);
    assert!(ok, "{log}");
    // Nothing changed: cargo runs nothing.
    let (ok, log) = cargo(&build, &[]);
    assert!(
        ok && !ran_build_script(&log) && log.contains("Fresh blur"),
        "{log}"
    );

    // The header included by kernels/blur.cl changes (its time: its content stays).
    let header =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/blur/kernels/include/clamp.h");
    let file = std::fs::File::options().append(true).open(&header).unwrap();
    file.set_modified(std::time::SystemTime::now()).unwrap();
    drop(file);
    let (ok, log) = cargo(&build, &[]);
    assert!(ok && ran_build_script(&log), "{log}");
    let (ok, log) = cargo(&build, &[]);
    assert!(ok && !ran_build_script(&log), "{log}");

    // A radius that is not an expression: the kernel does not compile and cargo shows
    // where, with the source line.
    let (ok, log) = cargo(&build, &[("BLUR_RADIUS", "3 +")]);
    let source = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/blur/kernels/blur.cl"),
    )
    .unwrap();
    let (line, text) = source
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("for (int d = -RADIUS"))
        .unwrap();
    assert!(!ok, "{log}");
    assert!(
        log.contains(&format!("kernels/blur.cl:{}:", line + 1)),
        "{log}"
    );
    assert!(log.contains(text.trim()), "{log}");
    // Back to the default radius (cargo reruns the build script for the variable).
    let (ok, log) = cargo(&build, &[]);
    assert!(ok && ran_build_script(&log), "{log}");
}

/// The packages (names) in `cargo tree`'s output for `args`.
fn tree(args: &[&str]) -> Vec<String> {
    let mut all = vec!["tree", "-e", "normal", "--prefix", "none"];
    all.extend_from_slice(args);
    let (ok, log) = cargo(&all, &[]);
    assert!(ok, "{log}");
    log.lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

#[test]
fn the_app_and_the_runtime_depend_on_no_front_end() {
    // The check can fail: the compiler's own tree has them (lalrpop itself is only a build
    // dependency of the front end, so `-e normal` does not show it).
    let front_end = [
        "oclc-frontend",
        "logos",
        "lalrpop-util",
        "oclc-lower",
        "oclc",
        "lalrpop",
    ];
    let compiler = tree(&["-p", "oclc"]);
    for c in &front_end[..5] {
        assert!(compiler.iter().any(|p| p == c), "{c} not in {compiler:?}");
    }
    for args in [&["-p", "blur"][..], &["-p", "oclc-runtime-lite"][..]] {
        let packages = tree(args);
        assert!(
            packages.iter().any(|p| p == "oclc-runtime-lite"),
            "{packages:?}"
        );
        for c in front_end {
            assert!(
                !packages.iter().any(|p| p == c),
                "{args:?} depends on {c}: {packages:?}"
            );
        }
    }
}
