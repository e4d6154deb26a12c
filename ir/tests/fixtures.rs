//! The hand-built fixture modules verify and print.

use oclc_ir::{fixtures, print_module, verify_module};

#[test]
fn fixtures_verify_and_print() {
    for (name, m) in [
        ("vecadd", fixtures::vecadd()),
        ("reduce_sum", fixtures::reduce_sum()),
        ("vec4_helper", fixtures::vec4_helper()),
    ] {
        verify_module(&m).unwrap_or_else(|e| panic!("{name}: {e}"));
        let text = print_module(&m);
        assert!(text.contains(&format!("@{name}(")), "{text}");
    }
}

#[test]
fn verifier_rejects_use_before_definition() {
    let mut m = fixtures::vecadd();
    let body = &mut m.functions[0].body.stmts;
    body.swap(0, 1);
    assert!(verify_module(&m).is_err());
}

#[test]
fn print_reduce_sum_for_inspection() {
    println!("{}", print_module(&fixtures::reduce_sum()));
    println!("{}", print_module(&fixtures::vec4_helper()));
}
