//! Mapping front-end types to IR types.

use oclc_frontend::checked::{
    AddrSpace, CType, ImageAccess, ImageDim, OpaqueKind, ScalarKind, StructRef,
};
use std::cell::RefCell;

use crate::struct_plan::plan;
use oclc_ir::op::Const;
use oclc_ir::types::{self as ir, AddressSpace, ScalarType, Type, TypeId, TypeTable};

/// The IR scalar for a front-end scalar kind.
pub fn scalar(kind: ScalarKind) -> ScalarType {
    match kind {
        ScalarKind::Char => ScalarType::I8,
        ScalarKind::UChar => ScalarType::U8,
        ScalarKind::Short => ScalarType::I16,
        ScalarKind::UShort => ScalarType::U16,
        ScalarKind::Int => ScalarType::I32,
        ScalarKind::UInt => ScalarType::U32,
        ScalarKind::Long => ScalarType::I64,
        ScalarKind::ULong => ScalarType::U64,
        ScalarKind::Half => ScalarType::F16,
        ScalarKind::Float => ScalarType::F32,
        ScalarKind::Double => ScalarType::F64,
    }
}

/// The IR address space for a front-end one.
pub fn space(s: AddrSpace) -> AddressSpace {
    match s {
        AddrSpace::Private => AddressSpace::Private,
        AddrSpace::Global => AddressSpace::Global,
        AddrSpace::Local => AddressSpace::Local,
        AddrSpace::Constant => AddressSpace::Constant,
        AddrSpace::Generic => AddressSpace::Generic,
    }
}

/// The IR type of a *value* of type `ty` (`bool` is an IR bool).
pub fn value_type(t: &mut TypeTable, ty: &CType) -> TypeId {
    match ty {
        CType::Bool => t.scalar(ScalarType::Bool),
        _ => storage_type(t, ty),
    }
}

thread_local! {
    /// First type the IR cannot express, met by [`storage_type`] since the last
    /// [`take_unsupported_type`]; structs being converted (recursion guard).
    static UNSUPPORTED: RefCell<(Option<String>, Vec<u32>)> = const { RefCell::new((None, Vec::new())) };
}

fn note_unsupported(msg: String) {
    UNSUPPORTED.with(|u| {
        let mut u = u.borrow_mut();
        if u.0.is_none() {
            u.0 = Some(msg);
        }
    });
}

/// Returns (and clears) the description of a type [`storage_type`] could not express.
pub fn take_unsupported_type() -> Option<String> {
    UNSUPPORTED.with(|u| u.borrow_mut().0.take())
}

fn struct_type(t: &mut TypeTable, ty: &CType, s: &StructRef) -> TypeId {
    let id = s.0.id;
    let Some(layout) = s.layout() else {
        note_unsupported(format!("incomplete type {}", ty.display()));
        return t.scalar(ScalarType::U8);
    };
    if UNSUPPORTED.with(|u| u.borrow().1.contains(&id)) {
        note_unsupported(format!(
            "self-referential struct types are not supported yet ({})",
            ty.display()
        ));
        return t.scalar(ScalarType::U8);
    }
    if s.is_union() {
        return union_storage(t, s, layout.size, layout.align);
    }
    UNSUPPORTED.with(|u| u.borrow_mut().1.push(id));
    let members: Vec<TypeId> = layout
        .fields
        .iter()
        .map(|f| storage_type(t, &f.ty))
        .collect();
    UNSUPPORTED.with(|u| u.borrow_mut().1.retain(|x| *x != id));
    let Some(plan) = plan(t, layout, &members) else {
        note_unsupported(format!(
            "the layout of {} cannot be expressed in the IR",
            ty.display()
        ));
        return t.scalar(ScalarType::U8);
    };
    let name = if s.name().is_empty() {
        format!("anon{id}")
    } else {
        s.name().to_string()
    };
    t.intern(Type::Struct {
        name,
        fields: plan.fields,
        packed: plan.packed,
    })
}

/// The IR field index of member `field` of the (complete, non-union) struct `s`: members
/// keep their order, but padding fields may sit between them (see [`crate::struct_plan`]).
pub fn ir_field_index(t: &mut TypeTable, s: &StructRef, field: u32) -> u32 {
    let Some(layout) = s.layout() else {
        return field;
    };
    let members: Vec<TypeId> = layout
        .fields
        .iter()
        .map(|f| storage_type(t, &f.ty))
        .collect();
    plan(t, layout, &members)
        .and_then(|p| p.index.get(field as usize).copied())
        .unwrap_or(field)
}

/// A union's storage: a struct holding one array of filler elements whose alignment is the
/// union's and whose total size is the union's, so that it lays out exactly as the front
/// end computed. Members are reached by reinterpreting the union's address as a pointer to
/// the member's type (every member starts at offset 0).
fn union_storage(t: &mut TypeTable, s: &StructRef, size: u64, align: u64) -> TypeId {
    let filler = match align {
        1 => t.scalar(ScalarType::U8),
        2 => t.scalar(ScalarType::U16),
        4 => t.scalar(ScalarType::U32),
        8 => t.scalar(ScalarType::U64),
        16 => t.vector(ScalarType::U32, 4),
        32 => t.vector(ScalarType::U64, 4),
        64 => t.vector(ScalarType::U64, 8),
        _ => t.vector(ScalarType::U64, 16),
    };
    let len = size.div_ceil(align.clamp(1, 128)) as u32;
    let name = if s.name().is_empty() {
        format!("union{}", s.0.id)
    } else {
        format!("union.{}", s.name())
    };
    let bytes = t.array(filler, len);
    t.intern(Type::Struct {
        name,
        fields: vec![bytes],
        packed: None,
    })
}

/// The IR type of an image of the front end's dimensionality and access qualifier.
fn image_type(d: ImageDim, a: ImageAccess) -> Type {
    let (dim, arrayed) = match d {
        ImageDim::D1 => (ir::ImageDim::D1, false),
        ImageDim::D1Array => (ir::ImageDim::D1, true),
        ImageDim::D1Buffer => (ir::ImageDim::Buffer, false),
        ImageDim::D2 => (ir::ImageDim::D2, false),
        ImageDim::D2Array => (ir::ImageDim::D2, true),
        ImageDim::D3 => (ir::ImageDim::D3, false),
    };
    let access = match a {
        ImageAccess::ReadOnly => ir::ImageAccess::Read,
        ImageAccess::WriteOnly => ir::ImageAccess::Write,
        ImageAccess::ReadWrite => ir::ImageAccess::ReadWrite,
    };
    Type::Image {
        dim,
        arrayed,
        access,
    }
}

/// The IR type of *memory* holding a `ty` (`bool` is stored as a byte). Types the IR
/// cannot express are recorded (see [`take_unsupported_type`]) and give a byte.
pub fn storage_type(t: &mut TypeTable, ty: &CType) -> TypeId {
    match ty {
        CType::Struct(s) => struct_type(t, ty, s),
        // Async copies complete before they return (see `builtins::async_copy`), so an
        // event is a dummy integer.
        CType::Opaque(OpaqueKind::Event) => t.scalar(ScalarType::U32),
        CType::Opaque(OpaqueKind::Sampler) => t.intern(Type::Sampler),
        CType::Opaque(OpaqueKind::Image(d, a)) => t.intern(image_type(*d, *a)),
        CType::Void => t.void(),
        CType::Bool => t.scalar(ScalarType::U8),
        CType::Scalar(k) => t.scalar(scalar(*k)),
        // OpenCL C 2.0 atomic objects are stored like their scalar.
        CType::Atomic(k) => t.scalar(scalar(*k)),
        CType::Vector(k, n) => t.vector(scalar(*k), *n),
        CType::Pointer {
            space: s, pointee, ..
        } => {
            let p = storage_type(t, pointee);
            t.pointer(space(*s), p)
        }
        CType::Array { elem, len } => {
            let e = storage_type(t, elem);
            let Ok(len) = u32::try_from(*len) else {
                note_unsupported(format!(
                    "array type {} has more elements than oclc supports ({})",
                    ty.display(),
                    u32::MAX
                ));
                return t.scalar(ScalarType::U8);
            };
            t.array(e, len)
        }
    }
}

/// A scalar constant of IR scalar type `s` with the given integer value.
pub fn int_const(s: ScalarType, v: i64) -> Const {
    if s.is_float() {
        Const::float(s, v as f64)
    } else if s == ScalarType::Bool {
        Const::bool(v != 0)
    } else {
        Const::int(s, v)
    }
}

/// True when the IR type is a vector.
pub fn is_vector(t: &TypeTable, id: TypeId) -> bool {
    matches!(t.get(id), Type::Vector { .. })
}
