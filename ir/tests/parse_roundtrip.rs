//! The text-form parser reads back what the printer writes: fixtures and a hand-written
//! module using every piece of syntax survive `print(parse(print(m)))` and verify.

use oclc_ir::{fixtures, parse_module, print_module, verify_module};

fn fixture_modules() -> Vec<(&'static str, oclc_ir::Module)> {
    vec![
        ("vecadd", fixtures::vecadd()),
        ("reduce_sum", fixtures::reduce_sum()),
        ("vec4_helper", fixtures::vec4_helper()),
    ]
}

#[test]
fn fixtures_round_trip() {
    for (name, m) in fixture_modules() {
        let text = print_module(&m);
        let parsed = parse_module(&text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        verify_module(&parsed).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(print_module(&parsed), text, "{name}");
    }
}

#[test]
fn every_syntax_form_round_trips() {
    let text = include_str!("parse/all_syntax.ir");
    let m = parse_module(text).unwrap_or_else(|e| panic!("{e}"));
    verify_module(&m).unwrap();
    assert_eq!(print_module(&m), text);
    let k = &m.functions[0];
    assert_eq!(k.params[4].name, "q\"uote");
    assert!(k.params[1].is_const && k.params[0].is_restrict);
    assert_eq!(m.globals[0].init.as_ref().map(Vec::len), Some(16));
    assert_eq!(m.globals[2].init, Some(vec![]));
    assert_eq!(m.globals[1].init, None);
}

#[test]
fn comments_blank_lines_and_later_callees() {
    let text = "; a comment\n\nfunc @f() -> i32 {\n  ; inside\n  %0: i32 = call @g()\n  return %0\n}\nfunc @g() -> i32 {\n  %0: i32 = const 7\n  return %0\n}\n";
    let m = parse_module(text).unwrap();
    verify_module(&m).unwrap();
    assert!(print_module(&m).contains("%0: i32 = call @g()"));
}

#[test]
fn undefined_values_get_void_and_fail_verification() {
    let text = "func @f() -> i32 {\n  return %5\n}\n";
    let m = parse_module(text).unwrap();
    assert_eq!(m.functions[0].value_types.len(), 6);
    assert!(verify_module(&m).is_err());
}

#[test]
fn atomics_printf_fences_switch_and_more_math_round_trip() {
    let text = include_str!("parse/extended_syntax.ir");
    let m = parse_module(text).unwrap_or_else(|e| panic!("{e}"));
    verify_module(&m).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(print_module(&m), text);
}

#[test]
fn images_and_samplers_round_trip() {
    let text = include_str!("parse/image_syntax.ir");
    let m = parse_module(text).unwrap_or_else(|e| panic!("{e}"));
    verify_module(&m).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(print_module(&m), text);
}

/// Each line replaces one statement of `image_syntax.ir`'s kernel with one that breaks an
/// image rule; the verifier must reject it.
#[test]
fn image_rules_are_verified() {
    let base = include_str!("parse/image_syntax.ir");
    let cases = [
        // Reading a write-only image.
        (
            "%15: u32x4 = image_read %0, %14",
            "%15: u32x4 = image_read %1, %14",
        ),
        // Float coordinates without a sampler.
        (
            "%22: f32x4 = image_read %5, %13",
            "%22: f32x4 = image_read %5, %10",
        ),
        // A sampler on a buffer image, and on a read-write one.
        (
            "%22: f32x4 = image_read %5, %13",
            "%22: f32x4 = image_read %5, %7, %13",
        ),
        (
            "%20: i32x4 = image_read %3, %18",
            "%20: i32x4 = image_read %3, %7, %18",
        ),
        // Coordinates of the wrong width (a 3D image takes 4 lanes).
        (
            "%19: f32x4 = image_read %2, %7, %18",
            "%19: f32x4 = image_read %2, %7, %14",
        ),
        // A result that is not a 4-lane texel.
        (
            "%16: i32x4 = image_read %0, %7, %14",
            "%16: i32x2 = image_read %0, %7, %14",
        ),
        // Writing a read-only image; float coordinates for a write.
        (
            "%23: void = image_write %1, %14, %12",
            "%23: void = image_write %0, %14, %12",
        ),
        (
            "%23: void = image_write %1, %14, %12",
            "%23: void = image_write %1, %11, %12",
        ),
        // Queries the image has no answer to, or of the wrong result type.
        (
            "%28: i32 = image_query.depth %2",
            "%28: i32 = image_query.depth %0",
        ),
        (
            "%31: u64 = image_query.array_size %4",
            "%31: u64 = image_query.array_size %0",
        ),
        (
            "%26: i32 = image_query.width %5",
            "%26: u32 = image_query.width %5",
        ),
        // Sampler bits no CLK_* constant defines.
        (
            "%9: sampler = sampler_const 39",
            "%9: sampler = sampler_const 64",
        ),
    ];
    for (from, to) in cases {
        assert!(base.contains(from), "{from}");
        let text = base.replace(from, to);
        let m = parse_module(&text).unwrap_or_else(|e| panic!("{to}: {e}"));
        assert!(verify_module(&m).is_err(), "accepted: {to}");
    }
}

/// A kernel `opt::coarsen_groups` gave a variant, and the variant, print with the link
/// between them (`groups_variant`, `variant_of`) and read back the same.
#[test]
fn coarsened_kernels_and_their_variants_round_trip() {
    use oclc_ir::pipeline::Pass;
    let mut m = parse_module(include_str!("passes/coarsen_groups/transpose.ir")).unwrap();
    assert!(oclc_ir::opt::CoarsenGroups.run(&mut m).unwrap());
    let text = print_module(&m);
    assert!(
        text.contains("groups_variant(\"transpose.groups4\", 1, 4)"),
        "{text}"
    );
    assert!(text.contains("kernel @transpose.groups4("), "{text}");
    assert!(text.contains("variant_of(\"transpose\")"), "{text}");
    let parsed = parse_module(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    verify_module(&parsed).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(print_module(&parsed), text);
}
