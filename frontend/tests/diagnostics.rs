//! Snapshot tests of rendered diagnostics for invalid programs.

use oclc_frontend::source::SourceMap;
use oclc_frontend::{compile_to_checked, FrontendOptions};

fn diagnose(src: &str) -> String {
    let mut map = SourceMap::new();
    let file = map.add("bad.cl", src);
    let out = compile_to_checked(&mut map, file, &FrontendOptions::default());
    assert!(out.program.is_none(), "expected an error");
    out.diagnostics.render(&map)
}

#[test]
fn syntax_error() {
    insta::assert_snapshot!(diagnose(
        "__kernel void k(__global int *p) {\n    p[0] = 1\n    p[1] = 2;\n}\n"
    ));
}

#[test]
fn undeclared_identifier() {
    insta::assert_snapshot!(diagnose(
        "__kernel void k(__global int *p) {\n    p[0] = count;\n}\n"
    ));
}

#[test]
fn implicit_function() {
    insta::assert_snapshot!(diagnose(
        "__kernel void k(__global float *p) {\n    p[0] = frobnicate(p[1]);\n}\n"
    ));
}

#[test]
fn non_void_kernel() {
    insta::assert_snapshot!(diagnose(
        "__kernel int k(__global int *p) {\n    return p[0];\n}\n"
    ));
}

#[test]
fn vector_mismatch() {
    insta::assert_snapshot!(diagnose(
        "__kernel void k(__global float4 *out) {\n    float4 a = 1.0f;\n    int4 b = 2;\n    out[0] = a + b;\n}\n"
    ));
}

#[test]
fn missing_include() {
    insta::assert_snapshot!(diagnose(
        "#include \"does_not_exist.h\"\n__kernel void k() {}\n"
    ));
}

#[test]
fn unterminated_if() {
    insta::assert_snapshot!(diagnose("#if 1\n__kernel void k() {}\n"));
}

#[test]
fn private_pointer_kernel_param() {
    insta::assert_snapshot!(diagnose("__kernel void k(float *p) {}\n"));
}

#[test]
fn duplicate_swizzle_assignment() {
    insta::assert_snapshot!(diagnose("__kernel void k(__global float4 *p) {\n    float4 v = p[0];\n    v.xx = (float2)(1.0f, 2.0f);\n    p[0] = v;\n}\n"));
}

#[test]
fn unterminated_comment() {
    insta::assert_snapshot!(diagnose("__kernel void k() {}\n/* never closed\n"));
}
