//! Float math built-ins that oclc's built-in library computes in single precision only
//! (`ir/src/library/cl/float*.cl`) must not make a Vulkan module declare the `Float64`
//! capability: such a module would not load at all on GPUs without `shaderFloat64`. For
//! each function a kernel calling it on `float` and `float4` is compiled with
//! `oclc --target vulkan`, validated with `spirv-val`, and disassembled with `spirv-dis`,
//! whose capability list must lack `Float64`. A kernel using `double` is the control: it
//! must declare it (so the check reads the disassembly right).

mod common;

use std::path::Path;
use std::process::Command;

use common::*;

/// Built-ins computed without double precision: (name, number of float operands).
const SINGLE_PRECISION: &[(&str, usize)] = &[
    ("sin", 1),
    ("cos", 1),
    ("tan", 1),
    ("sinpi", 1),
    ("cospi", 1),
    ("tanpi", 1),
    ("asin", 1),
    ("acos", 1),
    ("atan", 1),
    ("asinpi", 1),
    ("acospi", 1),
    ("atanpi", 1),
    ("atan2", 2),
    ("atan2pi", 2),
];

/// The capabilities a kernel declares on Vulkan (after checking that spirv-val accepts it).
fn vulkan_capabilities(dir: &Path, name: &str, source: &str) -> Vec<String> {
    std::fs::write(dir.join(format!("{name}.cl")), source).unwrap();
    let spv = format!("{name}.spv");
    let out = oclc(
        &[&format!("{name}.cl"), "--target", "vulkan", "-o", &spv],
        dir,
    );
    assert!(
        out.status.success(),
        "{name}: oclc --target vulkan failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let val = Command::new("spirv-val")
        .args(["--target-env", "vulkan1.2", &spv])
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        val.status.success(),
        "{name}: spirv-val rejected the module: {}",
        String::from_utf8_lossy(&val.stderr)
    );
    let dis = Command::new("spirv-dis")
        .arg(&spv)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(dis.status.success(), "{name}: spirv-dis failed");
    String::from_utf8_lossy(&dis.stdout)
        .lines()
        .filter_map(|l| l.trim().strip_prefix("OpCapability "))
        .map(str::to_string)
        .collect()
}

/// A kernel applying `name` to float and float4 operands.
fn kernel(name: &str, arity: usize) -> String {
    let call = |v: &str| {
        let ops: Vec<String> = (0..arity).map(|k| format!("{v}{k}[i]")).collect();
        format!("{name}({})", ops.join(", "))
    };
    format!(
        "__kernel void k(__global const float *a0, __global const float *a1, __global float *o,
                __global const float4 *v0, __global const float4 *v1, __global float4 *ov)
{{
    int i = get_global_id(0);
    o[i] = {};
    ov[i] = {};
}}
",
        call("a"),
        call("v")
    )
}

#[test]
fn single_precision_builtins_declare_no_float64_on_vulkan() {
    if !require_tool("spirv-val") || !require_tool("spirv-dis") {
        return;
    }
    let dir = scratch("vulkan-float-no-f64");
    let control = vulkan_capabilities(
        &dir,
        "control",
        "__kernel void k(__global double *o) { o[0] = sin(o[0]); }",
    );
    assert!(
        control.iter().any(|c| c == "Float64"),
        "the double control kernel declares no Float64: {control:?}"
    );
    let offenders: Vec<&str> = SINGLE_PRECISION
        .iter()
        .filter(|(name, arity)| {
            vulkan_capabilities(&dir, name, &kernel(name, *arity))
                .iter()
                .any(|c| c == "Float64")
        })
        .map(|(name, _)| *name)
        .collect();
    assert!(
        offenders.is_empty(),
        "these float built-ins make a Vulkan module declare Float64: {offenders:?}"
    );
}
