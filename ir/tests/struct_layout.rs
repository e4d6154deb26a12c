//! `TypeTable::struct_layout`: member offsets, size and alignment of plain and packed
//! structs. Every expected value is clang-14's (`clang-14 -x cl -cl-std=CL1.2 -target spir64
//! -Xclang -fdump-record-layouts -fsyntax-only` on the structs of tests/run/packed_structs.cl
//! tests/run/packed_structs_private.cl, tests/run/pragma_pack.cl and
//! tests/run/pragma_pack_private.cl, named in each test). Structs under `#pragma pack(N)`
//! are written as lowering builds them: packed with their C alignment, padding explicit.

use oclc_ir::types::{Layout, ScalarType::*, Type, TypeId, TypeTable};
use oclc_ir::{parse_module, print_module};

fn st(t: &mut TypeTable, name: &str, fields: Vec<TypeId>, packed: bool) -> TypeId {
    st_packed(t, name, fields, packed.then_some(1))
}

fn st_packed(t: &mut TypeTable, name: &str, fields: Vec<TypeId>, packed: Option<u64>) -> TypeId {
    t.intern(Type::Struct {
        name: name.into(),
        fields,
        packed,
    })
}

fn layout(size: u64, align: u64) -> Layout {
    Layout { size, align }
}

#[test]
fn plain_struct_pads_to_natural_alignment() {
    // struct { char c; int x; }: x at 4, size 8, alignment 4.
    let mut t = TypeTable::new();
    let (i8t, i32t) = (t.scalar(I8), t.scalar(I32));
    let s = st(&mut t, "s", vec![i8t, i32t], false);
    assert_eq!(t.struct_layout(s), (vec![0, 4], layout(8, 4)));
    assert_eq!(t.layout(s), layout(8, 4));
}

#[test]
fn packed_struct_has_no_padding() {
    // rec_t { u8 tag; u32 value; u16 hw; u8 tail[3]; } packed: 0, 1, 5, 7, size 10, align 1.
    let mut t = TypeTable::new();
    let (u8t, u16t, u32t) = (t.scalar(U8), t.scalar(U16), t.scalar(U32));
    let tail = t.array(u8t, 3);
    let rec = st(&mut t, "rec_t", vec![u8t, u32t, u16t, tail], true);
    assert_eq!(t.struct_layout(rec), (vec![0, 1, 5, 7], layout(10, 1)));
    // An array of them: 10-byte elements.
    let arr = t.array(rec, 4);
    assert_eq!(t.layout(arr), layout(40, 1));
}

#[test]
fn nested_packed_structs() {
    // struct inner { u8 kind; u32 len; ulong big; u16 check; } packed: 0, 1, 5, 13, size 15;
    // struct outer { u8 count, size, version; struct inner hash; u32 data[4]; } packed:
    // 0, 1, 2, 3, 18, size 34.
    let mut t = TypeTable::new();
    let (u8t, u16t, u32t, u64t) = (t.scalar(U8), t.scalar(U16), t.scalar(U32), t.scalar(U64));
    let inner = st(&mut t, "inner", vec![u8t, u32t, u64t, u16t], true);
    assert_eq!(t.struct_layout(inner), (vec![0, 1, 5, 13], layout(15, 1)));
    let data = t.array(u32t, 4);
    let outer = st(&mut t, "outer", vec![u8t, u8t, u8t, inner, data], true);
    assert_eq!(
        t.struct_layout(outer),
        (vec![0, 1, 2, 3, 18], layout(34, 1))
    );
}

#[test]
fn packed_inside_plain_and_plain_inside_packed() {
    // p_t { uchar c; uint u; ushort s; float f; } packed: size 11, align 1;
    // wrap_t { char a; p_t p; int b; }: 0, 1, 12, size 16, align 4.
    let mut t = TypeTable::new();
    let (i8t, u8t, i16t, u16t, i32t, u32t, f32t) = (
        t.scalar(I8),
        t.scalar(U8),
        t.scalar(I16),
        t.scalar(U16),
        t.scalar(I32),
        t.scalar(U32),
        t.scalar(F32),
    );
    let p = st(&mut t, "p_t", vec![u8t, u32t, u16t, f32t], true);
    assert_eq!(t.struct_layout(p), (vec![0, 1, 5, 7], layout(11, 1)));
    let wrap = st(&mut t, "wrap_t", vec![i8t, p, i32t], false);
    assert_eq!(t.struct_layout(wrap), (vec![0, 1, 12], layout(16, 4)));
    // struct plain_in_packed { char c; short s; }: size 4, align 2;
    // pp_t { char a; struct plain_in_packed in; char z; } packed: 0, 1, 5, size 6.
    let plain = st(&mut t, "plain_in_packed", vec![i8t, i16t], false);
    assert_eq!(t.struct_layout(plain), (vec![0, 2], layout(4, 2)));
    let pp = st(&mut t, "pp_t", vec![i8t, plain, i8t], true);
    assert_eq!(t.struct_layout(pp), (vec![0, 1, 5], layout(6, 1)));
}

#[test]
fn packed_is_part_of_the_type_and_of_its_text_form() {
    let mut t = TypeTable::new();
    let (u8t, u32t) = (t.scalar(U8), t.scalar(U32));
    let plain = st(&mut t, "s", vec![u8t, u32t], false);
    let packed = st(&mut t, "s", vec![u8t, u32t], true);
    assert_ne!(plain, packed);
    assert_eq!(t.display(packed).to_string(), "packed struct s {u8, u32}");
    let text = "kernel @k(%0 \"p\": ptr<global, packed struct s {u8, u32}>) -> void {\n  \
                %1: ptr<global, u32> = field_addr %0, 1\n  \
                %2: u32 = load %1\n  \
                store %1, %2\n  \
                return\n}\n";
    let m = parse_module(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let printed = print_module(&m);
    assert!(printed.contains("packed struct s {u8, u32}"), "{printed}");
    let again = parse_module(&printed).expect("the printed form parses");
    assert_eq!(print_module(&again), printed);
}

#[test]
fn pragma_pack_2_caps_member_alignment() {
    // pragma_pack.cl p2_t { u8 c; u32 u; u16 s; ulong l; } under pack(2): 0, 2, 6, 8,
    // size 16, alignment 2 (u8 padding at 1 as lowering places it).
    let mut t = TypeTable::new();
    let (u8t, u16t, u32t, u64t) = (t.scalar(U8), t.scalar(U16), t.scalar(U32), t.scalar(U64));
    let pad1 = t.array(u8t, 1);
    let p2 = st_packed(&mut t, "p2", vec![u8t, pad1, u32t, u16t, u64t], Some(2));
    assert_eq!(t.struct_layout(p2), (vec![0, 1, 2, 6, 8], layout(16, 2)));
    // outer_t { u8 c; p2_t in; u32 tail; } under pack(2): 0, 2, 18, size 22, alignment 2.
    let outer = st_packed(&mut t, "outer", vec![u8t, pad1, p2, u32t], Some(2));
    assert_eq!(t.struct_layout(outer), (vec![0, 1, 2, 18], layout(22, 2)));
    // union p2_u { uchar c[3]; uint u; } under pack(2): size 4, alignment 2.
    let u16x2 = t.array(u16t, 2);
    let u = st(&mut t, "union.p2_u", vec![u16x2], false);
    assert_eq!(t.layout(u), layout(4, 2));
}

#[test]
fn pragma_pack_4_and_the_default_packing_around_it() {
    // pragma_pack.cl p4_t { double d; int i; } under pack(4): 0, 8, size 12, alignment 4.
    let mut t = TypeTable::new();
    let (u8t, i32t, u32t, f64t) = (t.scalar(U8), t.scalar(I32), t.scalar(U32), t.scalar(F64));
    let p4 = st_packed(&mut t, "p4", vec![f64t, i32t], Some(4));
    assert_eq!(t.struct_layout(p4), (vec![0, 8], layout(12, 4)));
    // p4a_t { u8 c; double d; u32 u __attribute__((aligned(8))); } under pack(4) (the
    // member's aligned(8) capped at 4): 0, 4, 12, size 16, alignment 4.
    let pad3 = t.array(u8t, 3);
    let p4a = st_packed(&mut t, "p4a", vec![u8t, pad3, f64t, u32t], Some(4));
    assert_eq!(t.struct_layout(p4a), (vec![0, 1, 4, 12], layout(16, 4)));
    // plain_t { u8 c; p4_t in; u8 z; } after pack(pop): a plain struct holding one of
    // alignment 4: 0, 4, 16, size 20, alignment 4.
    let plain = st(&mut t, "plain", vec![u8t, p4, u8t], false);
    assert_eq!(t.struct_layout(plain), (vec![0, 4, 16], layout(20, 4)));
    // A packed struct's size rounds up to its alignment: { double; u8 } packed(4) is 12.
    let tail = st_packed(&mut t, "tail", vec![f64t, u8t], Some(4));
    assert_eq!(t.struct_layout(tail), (vec![0, 8], layout(12, 4)));
}

#[test]
fn packed_alignment_is_part_of_the_type_and_of_its_text_form() {
    let mut t = TypeTable::new();
    let (i32t, f64t) = (t.scalar(I32), t.scalar(F64));
    let p1 = st_packed(&mut t, "s", vec![f64t, i32t], Some(1));
    let p4 = st_packed(&mut t, "s", vec![f64t, i32t], Some(4));
    assert_ne!(p1, p4);
    assert_eq!(t.display(p4).to_string(), "packed(4) struct s {f64, i32}");
    let text = "kernel @k(%0 \"p\": ptr<global, packed(4) struct s {f64, i32}>) -> void {\n  \
                %1: ptr<global, i32> = field_addr %0, 1\n  \
                %2: i32 = load %1\n  \
                store %1, %2\n  \
                return\n}\n";
    let m = parse_module(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let printed = print_module(&m);
    assert!(
        printed.contains("packed(4) struct s {f64, i32}"),
        "{printed}"
    );
    let again = parse_module(&printed).expect("the printed form parses");
    assert_eq!(print_module(&again), printed);
    assert!(parse_module(&text.replace("packed(4)", "packed(3)")).is_err());
}
