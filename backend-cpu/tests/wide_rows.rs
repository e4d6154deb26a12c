//! When the CPU backend runs a call's work-groups as one wide row (`crate::wide_rows`): each
//! file of tests/data/wide_rows is a kernel's IR whose first line says `; wide rows: yes` or
//! `; wide rows: no`, and why. That the wide rows compute the right results is checked
//! against PoCL by tests/run/wide_rows.cl.

mod common;

use oclc_backend_cpu::compile_module;

const NOTE: &str = "; wide rows: a call's groups run as one row";

#[test]
fn wide_rows_fire_where_each_file_says() {
    let mut wrong = Vec::new();
    for (file, text) in &common::ir_cases("wide_rows", 2) {
        let expected = match text.lines().next() {
            Some(l) if l.starts_with("; wide rows: yes") => true,
            Some(l) if l.starts_with("; wide rows: no") => false,
            _ => panic!(
                "{}: first line must say `; wide rows: yes|no`",
                file.display()
            ),
        };
        let module = common::parse(text);
        let clif = compile_module(&module).unwrap().clif_text();
        if clif.contains(NOTE) != expected {
            wrong.push(format!("{} (expected {expected})", file.display()));
        }
    }
    assert!(
        wrong.is_empty(),
        "wrong decision for:\n{}",
        wrong.join("\n")
    );
}
