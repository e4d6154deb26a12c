//! Snapshot tests of the context notes on diagnostics: "in expansion of macro `X`"
//! (with the definition labelled) and "in file included from FILE:LINE" chains.

use oclc_frontend::diagnostic::Diagnostics;
use oclc_frontend::source::SourceMap;
use oclc_frontend::{compile_to_checked, FrontendOptions};

fn diagnose_text(src: &str) -> (Diagnostics, SourceMap) {
    let mut map = SourceMap::new();
    let file = map.add("bad.cl", src);
    let out = compile_to_checked(&mut map, file, &FrontendOptions::default());
    assert!(out.diagnostics.has_errors(), "expected an error");
    (out.diagnostics, map)
}

#[test]
fn error_at_macro_use_names_the_macro_and_its_definition() {
    let (d, map) = diagnose_text(
        "#define ADD(a, b) ((a) + (b))\n\
         __kernel void k(__global float *p) {\n    p[0] = ADD(p, 1.0f);\n}\n",
    );
    let text = d.render_text(&map);
    assert!(
        text.contains("in expansion of macro `ADD` (defined at bad.cl:1:9)"),
        "{text}"
    );
    assert!(text.contains("macro `ADD` defined here"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn error_in_object_like_macro_is_noted() {
    let (d, map) = diagnose_text(
        "#define SCALE undeclared_scale\n\
         __kernel void k(__global float *p) {\n    p[0] = p[1] * SCALE;\n}\n",
    );
    let text = d.render_text(&map);
    assert!(
        text.contains("in expansion of macro `SCALE` (defined at bad.cl:1:9)"),
        "{text}"
    );
    insta::assert_snapshot!(text);
}

#[test]
fn error_outside_macros_has_no_expansion_note() {
    let (d, map) = diagnose_text(
        "#define ONE 1\n__kernel void k(__global int *p) {\n    p[0] = ONE + nothing;\n}\n",
    );
    let text = d.render_text(&map);
    assert!(!text.contains("in expansion of macro"), "{text}");
}

#[test]
fn error_in_included_file_shows_the_include_chain() {
    let mut map = SourceMap::new();
    let file = map
        .load(std::path::Path::new("tests/origins/main.cl"))
        .expect("test kernel exists");
    let out = compile_to_checked(&mut map, file, &FrontendOptions::default());
    let text = out.diagnostics.render_text(&map);
    assert!(
        text.contains("in file included from tests/origins/middle.h:1:10"),
        "{text}"
    );
    assert!(
        text.contains("in file included from tests/origins/main.cl:1:10"),
        "{text}"
    );
    insta::assert_snapshot!(text);
}

#[test]
fn json_carries_the_same_notes() {
    let (d, map) = diagnose_text(
        "#define ADD(a, b) ((a) + (b))\n\
         __kernel void k(__global float *p) {\n    p[0] = ADD(p, 1.0f);\n}\n",
    );
    let json = d.render_json(&map);
    assert_eq!(json.lines().count(), d.items.len());
    insta::assert_snapshot!(json);
}

#[test]
fn span_inside_a_macro_body_points_back_at_the_use() {
    let src = "#define TWICE(x) ((x) * 2)\nint a = TWICE(3);\n";
    let mut map = SourceMap::new();
    let file = map.add("m.cl", src);
    let _ = oclc_frontend::preprocess(&mut map, file, &FrontendOptions::default());
    let star = src.find('*').unwrap();
    let d = oclc_frontend::diagnostic::Diagnostic::error(
        "E9999",
        "test diagnostic in a macro body",
        oclc_frontend::source::Span::new(file, star, star + 1),
    );
    let d = d.with_origins(&map);
    assert_eq!(
        d.notes,
        vec!["in expansion of macro `TWICE` used at m.cl:2:9".to_string()]
    );
    assert_eq!(
        d.secondary[0].span.start as usize,
        src.find("TWICE(3").unwrap()
    );
}
