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
