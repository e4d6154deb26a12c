//! Kernels that must go through the whole front end without diagnostics.

use oclc_frontend::checked::{CType, ExprKind, ScalarKind, Stmt};
use oclc_frontend::source::SourceMap;
use oclc_frontend::{compile_to_checked, FrontendOptions};
use std::path::Path;

fn compile(name: &str) -> oclc_frontend::FrontendOutput {
    compile_with_map(name).1
}

fn compile_with_map(name: &str) -> (SourceMap, oclc_frontend::FrontendOutput) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/kernels")
        .join(name);
    let mut map = SourceMap::new();
    let file = map.load(&path).expect("kernel file");
    let out = compile_to_checked(&mut map, file, &FrontendOptions::default());
    assert!(
        out.diagnostics.is_empty(),
        "{name}: unexpected diagnostics:\n{}",
        out.diagnostics.render(&map)
    );
    assert!(out.program.is_some());
    (map, out)
}

#[test]
fn vecadd() {
    let out = compile("vecadd.cl");
    let p = out.program.unwrap();
    let k = p.function("vecadd").unwrap();
    assert!(k.is_kernel);
    assert_eq!(k.params.len(), 3);
    assert!(matches!(
        &k.params[0].ty,
        CType::Pointer { is_const: true, .. }
    ));
}

#[test]
fn saxpy() {
    let p = compile("saxpy.cl").program.unwrap();
    let k = p.function("saxpy").unwrap();
    let body = k.body.as_ref().unwrap();
    // `i < n` compares size_t with int: both converted to ulong, result int.
    let Stmt::If { cond, .. } = &body[1] else {
        panic!("expected if")
    };
    let ExprKind::Convert(inner) = &cond.kind else {
        panic!("cond not converted to bool")
    };
    assert_eq!(inner.ty, CType::INT);
}

#[test]
fn reduce_sum() {
    let (map, out) = compile_with_map("reduce_sum.cl");
    let text = out.preprocessed_text(&map);
    assert!(text.contains("barrier(0x01)"), "{text}");
}

#[test]
fn vec4() {
    let p = compile("vec4.cl").program.unwrap();
    let k = p.function("vec4").unwrap();
    assert!(k
        .vars
        .iter()
        .any(|v| v.ty == CType::Vector(ScalarKind::Float, 4)));
}

#[test]
fn misc() {
    let p = compile("misc.cl").program.unwrap();
    let t = p.function("transpose").unwrap();
    assert_eq!(t.attrs.reqd_work_group_size, Some([16, 16, 1]));
    assert!(t
        .vars
        .iter()
        .any(|v| v.name == "tile" && v.space == oclc_frontend::checked::AddrSpace::Local));
    assert_eq!(p.globals.len(), 1);
    assert!(p.function("helper").unwrap().body.is_some());
    assert!(p.function("loops").is_some());
}
