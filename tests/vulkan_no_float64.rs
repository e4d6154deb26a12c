//! Float math built-ins that oclc's built-in library computes in single precision must not
//! make a Vulkan module declare the `Float64` capability (many GPUs lack shaderFloat64, and
//! others run double at a fraction of float's speed). Every kernel in
//! `tests/vulkan_no_float64/` is compiled with `--target vulkan`, validated by
//! `spirv-val --target-env vulkan1.2`, and its disassembly (spirv-dis) must have neither
//! `OpCapability Float64` nor a 64-bit float type. Adding a case means adding a file. A
//! kernel using `double` is the control: it must declare Float64 (so the check reads the
//! disassembly right).

mod common;

use std::path::Path;
use std::process::Command;

use common::*;

#[test]
fn float_library_functions_need_no_float64_on_vulkan() {
    if !require_tool("spirv-dis") || !require_tool("spirv-val") {
        return;
    }
    let dir = scratch("vulkan-no-float64");
    let control = dir.join("double_control.cl");
    std::fs::write(
        &control,
        "__kernel void k(__global double *o) { o[0] = sin(o[0]); }\n",
    )
    .unwrap();
    assert!(
        !float64_lines(&dir, &control).is_empty(),
        "the double control kernel declares no Float64"
    );
    let files = cl_files(&root().join("tests/vulkan_no_float64"));
    assert!(!files.is_empty(), "no kernels in tests/vulkan_no_float64");
    let mut failures = Vec::new();
    for file in files {
        let stem = file.file_stem().unwrap().to_string_lossy().to_string();
        let doubles = float64_lines(&dir, &file);
        if !doubles.is_empty() {
            failures.push(format!("{stem}: {}", doubles.join("; ")));
        }
    }
    assert!(
        failures.is_empty(),
        "modules that declare double support:\n{}",
        failures.join("\n")
    );
}

/// The lines of `file`'s Vulkan module (compiled, validated, disassembled) that declare
/// double support: `OpCapability Float64` or a 64-bit float type.
fn float64_lines(dir: &Path, file: &Path) -> Vec<String> {
    let stem = file.file_stem().unwrap().to_string_lossy().to_string();
    let spv = dir.join(format!("{stem}.spv"));
    let (file_s, spv_s) = (file.to_string_lossy(), spv.to_string_lossy());
    let out = oclc(&[&file_s, "--target", "vulkan", "-o", &spv_s], dir);
    assert!(
        out.status.success(),
        "{stem}: oclc --target vulkan failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let val = Command::new("spirv-val")
        .args(["--target-env", "vulkan1.2", &spv_s])
        .output()
        .expect("cannot start spirv-val");
    assert!(
        val.status.success(),
        "{stem}: spirv-val rejected the module: {}",
        String::from_utf8_lossy(&val.stderr)
    );
    let dis = Command::new("spirv-dis")
        .arg(&*spv_s)
        .output()
        .expect("cannot start spirv-dis");
    assert!(dis.status.success(), "{stem}: spirv-dis failed");
    String::from_utf8_lossy(&dis.stdout)
        .lines()
        .filter(|l| l.contains("OpCapability Float64") || l.contains("OpTypeFloat 64"))
        .map(str::to_string)
        .collect()
}
