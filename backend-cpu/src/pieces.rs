//! How IR values map to Cranelift values: every IR type is flattened into *pieces*, one
//! Cranelift scalar per vector lane, pointer, or leaf of an array/struct, each with its byte
//! offset in memory. Vectors are lowered to per-lane scalars everywhere (a later
//! vectorization pass revisits this); `bool` is an `i8` holding 0 or 1.

use cranelift_codegen::ir::{types, Type as ClifType};
use oclc_ir::{ScalarType, Type, TypeId, TypeTable};

/// One scalar part of a flattened value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Byte offset in the value's memory layout.
    pub offset: u64,
    /// The Cranelift type holding it.
    pub ty: ClifType,
}

/// The Cranelift type of an IR scalar; `half` is carried as its 16-bit pattern.
pub fn clif_scalar(s: ScalarType) -> Option<ClifType> {
    Some(match s {
        ScalarType::Bool | ScalarType::I8 | ScalarType::U8 => types::I8,
        ScalarType::I16 | ScalarType::U16 => types::I16,
        ScalarType::I32 | ScalarType::U32 => types::I32,
        ScalarType::I64 | ScalarType::U64 => types::I64,
        ScalarType::F32 => types::F32,
        ScalarType::F64 => types::F64,
        ScalarType::F16 => types::I16,
    })
}

/// Flattens `ty` into pieces (empty for void; `None` when a part is not supported).
pub fn pieces(types: &TypeTable, ty: TypeId) -> Option<Vec<Piece>> {
    let mut out = Vec::new();
    push_pieces(types, ty, 0, &mut out)?;
    Some(out)
}

fn push_pieces(types: &TypeTable, ty: TypeId, base: u64, out: &mut Vec<Piece>) -> Option<()> {
    match types.get(ty) {
        Type::Void => {}
        Type::Scalar(s) => out.push(Piece {
            offset: base,
            ty: clif_scalar(*s)?,
        }),
        Type::Vector { elem, lanes } => {
            let t = clif_scalar(*elem)?;
            for i in 0..*lanes as u64 {
                out.push(Piece {
                    offset: base + i * elem.size() as u64,
                    ty: t,
                });
            }
        }
        // An image is the address of its descriptor; a sampler its `CLK_*` bits.
        Type::Image { .. } | Type::Pointer { .. } => out.push(Piece {
            offset: base,
            ty: types::I64,
        }),
        Type::Sampler => out.push(Piece {
            offset: base,
            ty: types::I32,
        }),
        Type::Array { elem, len } => {
            let size = types.layout(*elem).size;
            for i in 0..*len as u64 {
                push_pieces(types, *elem, base + i * size, out)?;
            }
        }
        Type::Struct { fields, .. } => {
            let (offsets, _) = types.struct_layout(ty);
            for (f, off) in fields.iter().zip(offsets) {
                push_pieces(types, *f, base + off, out)?;
            }
        }
    }
    Some(())
}
