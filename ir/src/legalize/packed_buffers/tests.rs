//! File-driven tests of [`super`]: the cases in `packed_buffers_tests/`, and the layout
//! predicates.

use std::path::Path;

use super::*;
use crate::module::walk_stmts;
use crate::{parse_module, print_module, verify_module};

/// What no module may hold after the pass: a buffer pointer to a byte-addressed type,
/// or a load or store through a buffer pointer below the scalar alignment of its type
/// (what the Vulkan backend checks).
fn assert_lowered(m: &Module) {
    for f in &m.functions {
        let align = AccessAlign::of_function(&m.types, f);
        for &ty in &f.value_types {
            if let Some((space, pointee)) = m.types.pointee(ty) {
                assert!(
                    !(is_physical(space) && byte_addressed(&m.types, pointee)),
                    "{} left",
                    m.types.display(ty)
                );
            }
        }
        walk_stmts(&f.body, &mut |s| {
            let ptr = match s {
                Stmt::Let {
                    op: Op::Load { ptr },
                    ..
                }
                | Stmt::Store { ptr, .. } => *ptr,
                _ => return,
            };
            let (space, ty) = m.types.pointee(f.value_type(ptr)).unwrap();
            if is_physical(space) {
                let have = align.access(&m.types, f, ptr);
                assert!(
                    have >= scalar_align(&m.types, ty),
                    "{s:?}: aligned to {have}"
                );
            }
        });
    }
}

/// Every `packed_buffers_tests/NAME.ir` (the IR the Vulkan pipeline gives the pass, with
/// its source in the header) runs through the pass; the snapshot `NAME` holds the
/// output, or the refusal. Adding a case is adding a file.
#[test]
fn every_case() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/legalize/packed_buffers_tests");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ir"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "{files:?}");
    for path in files {
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let mut m = parse_module(&text).unwrap_or_else(|e| panic!("{stem}: {e}"));
        verify_module(&m).unwrap_or_else(|e| panic!("{stem}: input: {e}"));
        let out = match lower_packed_buffers(&mut m) {
            Ok(changed) => {
                verify_module(&m).unwrap_or_else(|e| panic!("{stem}: {e}\n{}", print_module(&m)));
                assert_lowered(&m);
                let text = print_module(&m);
                assert_eq!(print_module(&parse_module(&text).unwrap()), text);
                format!("changed: {changed}\n{text}")
            }
            Err(refusal) => format!("refused: {}", refusal.message),
        };
        insta::with_settings!({
            description => format!("packed_buffers on src/legalize/packed_buffers_tests/{stem}.ir"),
            omit_expression => true,
        }, {
            insta::assert_snapshot!(format!("packed_buffers__{stem}"), out);
        });
    }
}

/// The layout predicates on the types of the cases: a `uint` at byte 1, a 12-byte struct
/// holding a `double` (its array stride breaks the alignment), a plain struct.
#[test]
fn byte_addressed_types() {
    let mut types = TypeTable::new();
    let (u8_ty, u32_ty, f64_ty) = (
        types.scalar(ScalarType::U8),
        types.scalar(ScalarType::U32),
        types.scalar(ScalarType::F64),
    );
    let packed = |types: &mut TypeTable, fields: Vec<TypeId>, packed| {
        types.intern(Type::Struct {
            name: "s".into(),
            fields,
            packed,
        })
    };
    let odd = packed(&mut types, vec![u8_ty, u32_ty], Some(1));
    let twelve = packed(&mut types, vec![f64_ty, u32_ty], Some(4));
    let plain = packed(&mut types, vec![u8_ty, u32_ty], None);
    assert!(byte_addressed(&types, odd));
    assert_eq!(misaligned_member(&types, odd), Some(1));
    assert!(byte_addressed(&types, twelve));
    assert_eq!(misaligned_member(&types, twelve), None);
    let array = types.array(twelve, 2);
    assert!(byte_addressed(&types, array));
    assert!(!byte_addressed(&types, plain));
    let plain_array = types.array(plain, 4);
    assert!(!byte_addressed(&types, plain_array));
    assert_eq!(scalar_align(&types, twelve), 8);
}
