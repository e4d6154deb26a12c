//! Constructs from the real-kernel corpus (issue 3: darktable, silx, pyopencl) that clang
//! accepts and the front end must accept too.

use crate::source::SourceMap;
use crate::{compile_to_checked, FrontendOptions};

fn accepts(src: &str) {
    let mut map = SourceMap::new();
    let file = map.add("t.cl", src);
    let out = compile_to_checked(&mut map, file, &FrontendOptions::default());
    assert!(
        out.program.is_some(),
        "rejected:\n{}",
        out.diagnostics.render(&map)
    );
}

#[test]
fn sampler_initialized_from_clk_constants() {
    accepts(
        "constant sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;\n\
         static const sampler_t t = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;\n\
         kernel void k(global float *p) { p[0] = 1.0f; }\n",
    );
}

#[test]
fn stray_semicolon_at_file_scope() {
    accepts("kernel void k(global int *p) { p[0] = 1; };\n;\n");
}

#[test]
fn pointer_to_array_parameter() {
    accepts(
        "int f(const int r, const int c, global const unsigned char (*const x)[6]) {\n\
           return x[r % 6][c % 6];\n\
         }\n\
         kernel void k(global int *p, global const unsigned char (*x)[6]) { p[0] = f(1, 2, x); }\n",
    );
}

#[test]
fn unsized_constant_array_takes_its_length_from_the_initializer() {
    accepts(
        "__constant const float c[] = { 1.0f, 2.0f, 3.0f };\n\
         __constant const int2 v[] = { {1, 2}, {3, 4} };\n\
         kernel void k(global float *p) { p[0] = c[2] + sizeof(c) + v[1].y + sizeof(v); }\n",
    );
}

#[test]
fn double_limits_and_constants_are_predefined() {
    accepts(
        "kernel void k(global double *p) { p[0] = DBL_MAX + DBL_MIN + DBL_EPSILON + M_PI + M_E + M_SQRT2; }\n",
    );
}

#[test]
fn pragma_once_includes_a_header_once() {
    let dir = std::env::temp_dir().join(format!("oclc-pragma-once-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("h.h"), "#pragma once\nconstant int one = 1;\n").unwrap();
    let main = dir.join("m.cl");
    std::fs::write(
        &main,
        "#include \"h.h\"\n#include \"h.h\"\nkernel void k(global int *p) { p[0] = one; }\n",
    )
    .unwrap();
    let mut map = SourceMap::new();
    let file = map.load(&main).unwrap();
    let out = compile_to_checked(&mut map, file, &FrontendOptions::default());
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.program.is_some(),
        "rejected:\n{}",
        out.diagnostics.render(&map)
    );
}
