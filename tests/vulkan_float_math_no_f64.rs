//! Float math built-ins on Vulkan that oclc's built-in library computes in single
//! precision only: a module calling one of them on float must not need doubles (no
//! `Float64` capability, no 64-bit float type), so that it runs on GPUs without
//! shaderFloat64 and at full float speed elsewhere. Each function is compiled on its own
//! with `oclc --target vulkan` and the module is read back with `spirv-dis` (and checked
//! by `spirv-val`); the accuracy of the same functions is measured by
//! tests/vulkan_math_ulp.rs. Add a function to [`DOUBLE_FREE`] when its library version
//! stops using doubles.

mod common;

use std::process::Command;

use common::*;

/// How a built-in is called in the test kernel.
#[derive(Clone, Copy)]
enum Call {
    /// float f(float).
    Unary,
    /// float f(float, float).
    Binary,
    /// float f(float, int).
    WithInt,
    /// float f(float, float, float).
    Ternary,
}

/// The float built-ins whose library versions use no double arithmetic.
const DOUBLE_FREE: &[(&str, Call)] = &[
    ("sqrt", Call::Unary),
    ("exp", Call::Unary),
    ("exp2", Call::Unary),
    ("exp10", Call::Unary),
    ("expm1", Call::Unary),
    ("log", Call::Unary),
    ("log2", Call::Unary),
    ("log10", Call::Unary),
    ("log1p", Call::Unary),
    ("cbrt", Call::Unary),
    ("pow", Call::Binary),
    ("powr", Call::Binary),
    ("pown", Call::WithInt),
    ("rootn", Call::WithInt),
    ("fma", Call::Ternary),
];

/// A kernel applying `name` to float4 vectors (so the per-lane linking is covered too).
fn kernel(name: &str, call: Call) -> String {
    let args = match call {
        Call::Unary => "a[i]",
        Call::Binary => "a[i], b[i]",
        Call::WithInt => "a[i], n[i]",
        Call::Ternary => "a[i], b[i], a[i]",
    };
    format!(
        "__kernel void k(__global const float4 *a, __global const float4 *b,
                __global const int4 *n, __global float4 *out)
{{
    int i = get_global_id(0);
    out[i] = {name}({args});
}}
"
    )
}

/// The disassembly of the Vulkan module of `source`, after spirv-val accepted it.
fn vulkan_disassembly(dir: &std::path::Path, source: &str) -> String {
    std::fs::write(dir.join("k.cl"), source).unwrap();
    let out = oclc(&["k.cl", "--target", "vulkan", "-o", "k.spv"], dir);
    assert!(
        out.status.success(),
        "oclc --target vulkan failed on\n{source}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let val = Command::new("spirv-val")
        .args(["--target-env", "vulkan1.2", "k.spv"])
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        val.status.success(),
        "spirv-val rejected the module of\n{source}\n{}",
        String::from_utf8_lossy(&val.stderr)
    );
    let dis = Command::new("spirv-dis")
        .arg("k.spv")
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(dis.status.success(), "spirv-dis failed");
    String::from_utf8(dis.stdout).unwrap()
}

#[test]
fn single_precision_library_functions_need_no_float64_on_vulkan() {
    if !require_tool("spirv-val") || !require_tool("spirv-dis") {
        return;
    }
    let dir = scratch("vulkan-float-no-f64");
    let mut offenders = Vec::new();
    for &(name, call) in DOUBLE_FREE {
        let dis = vulkan_disassembly(&dir, &kernel(name, call));
        if dis.contains("Capability Float64") || dis.contains("OpTypeFloat 64") {
            offenders.push(name);
        }
    }
    assert!(
        offenders.is_empty(),
        "these float built-ins still compute in double on Vulkan: {offenders:?}"
    );
}

#[test]
fn a_double_function_still_declares_float64() {
    // The check above must be able to fail: a kernel on doubles declares the capability.
    if !require_tool("spirv-val") || !require_tool("spirv-dis") {
        return;
    }
    let dir = scratch("vulkan-float-no-f64-control");
    let dis = vulkan_disassembly(
        &dir,
        "#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void k(__global double *a) { a[get_global_id(0)] = exp(a[get_global_id(0)]); }
",
    );
    assert!(dis.contains("Capability Float64"), "{dis}");
}
