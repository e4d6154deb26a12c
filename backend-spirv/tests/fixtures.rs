//! Every IR fixture emits, validates with spirv-val, reads back with llvm-spirv-14, is
//! deterministic, and matches its reviewed disassembly snapshot.

mod support;

use oclc_ir::{fixtures, Module};
use support::*;

fn check(name: &str, m: Module) {
    let words = emit(&m);
    assert_eq!(words, emit(&m), "emission must be deterministic");
    assert_eq!(words[0], 0x0723_0203, "SPIR-V magic");
    assert_eq!(words[1], 0x0001_0000, "SPIR-V 1.0 header by default");
    validate(&words, name);
    to_llvm_bc(&words, name);
    if let Some(text) = spirv_dis(&words) {
        insta::assert_snapshot!(name, text);
    }
}

#[test]
fn vecadd() {
    check("vecadd", fixtures::vecadd());
}

#[test]
fn reduce_sum() {
    check("reduce_sum", fixtures::reduce_sum());
}

#[test]
fn vec4_helper() {
    check("vec4_helper", fixtures::vec4_helper());
}
