//! Initializers too large for one constant. One `OpConstantComposite` takes at most 65532
//! constituents (an instruction is at most 65535 words), and a table of 2^28 elements with
//! two initializers must not cost 2^28 constants. Such a variable is declared with a
//! storage type of the same size: a struct of arrays of one scalar (the table's element
//! scalar, else `uint` or `uchar`), whose first members hold the initializer's explicit
//! bytes in chunks of at most 65532 elements and whose last member, the zero tail, is
//! `OpConstantNull` (what clang-14 + llvm-spirv-14 emit as a packed struct of the explicit
//! elements and a `zeroinitializer` array); runs of zeros inside are `OpConstantNull` too. Each
//! use casts the variable's address to the pointer type the IR expects (`OpBitcast`).

use oclc_ir::{ScalarType, Type, TypeId};
use rspirv::spirv::Word;

use crate::common::ModuleCtx;

/// The most constituents one `OpConstantComposite` can take (65535 words less the opcode,
/// result type and result id).
pub(crate) const MAX_COMPOSITE_PARTS: usize = 65535 - 3;

/// Runs of at least this many zero elements within the explicit bytes are `OpConstantNull`
/// members of their own.
const MIN_ZERO_RUN: usize = 16;

/// True when a variable of `ty` is initialized through [`storage_initializer`]: one
/// composite per aggregate of the type could exceed [`MAX_COMPOSITE_PARTS`] (every array
/// of a type of at most that many bytes has at most that many elements), or the typed
/// constant would cost a constant per element of a large zero tail.
pub(crate) fn needs_storage_type(cx: &ModuleCtx<'_>, ty: TypeId) -> bool {
    cx.ir.types.layout(ty).size > MAX_COMPOSITE_PARTS as u64
}

/// The scalar the storage type of `ty` is made of: the element scalar of an array (of
/// arrays) of scalars or vectors, else `uint` when the size allows, else `uchar`.
fn unit_scalar(cx: &ModuleCtx<'_>, ty: TypeId) -> ScalarType {
    let types = &cx.ir.types;
    let mut t = ty;
    while let Type::Array { elem, .. } = types.get(t) {
        t = *elem;
    }
    match types.get(t) {
        Type::Scalar(s) | Type::Vector { elem: s, .. } if *s != ScalarType::Bool => *s,
        _ if types.layout(ty).size.is_multiple_of(4) => ScalarType::U32,
        _ => ScalarType::U8,
    }
}

/// The storage type of a variable of `ty` initialized with `bytes` (the rest zero) and
/// its initializer: `(struct type, constant)`.
pub(crate) fn storage_initializer(
    cx: &mut ModuleCtx<'_>,
    ty: TypeId,
    bytes: &[u8],
) -> (Word, Word) {
    let unit = unit_scalar(cx, ty);
    let unit_size = unit.size() as usize;
    let unit_ty = cx.shape_ty(unit, 1, true);
    let size = cx.ir.types.layout(ty).size as usize;
    let explicit_units = bytes.len().div_ceil(unit_size);
    let mut members = Vec::new();
    let mut values = Vec::new();
    let array = |cx: &mut ModuleCtx<'_>, len: usize| {
        let n = cx.const_u32(len as u32);
        cx.b.type_array(unit_ty, n)
    };
    let unit_bits = |u: usize| {
        let mut raw = [0u8; 8];
        let from = u * unit_size;
        let to = (from + unit_size).min(bytes.len());
        raw[..to - from].copy_from_slice(&bytes[from..to]);
        u64::from_le_bytes(raw)
    };
    let zeros_from = |u: usize, most: usize| {
        (u..explicit_units.min(u.saturating_add(most)))
            .take_while(|&v| unit_bits(v) == 0)
            .count()
    };
    let mut u = 0;
    while u < explicit_units {
        let zeros = zeros_from(u, usize::MAX);
        if zeros >= MIN_ZERO_RUN {
            let arr = array(cx, zeros);
            members.push(arr);
            values.push(cx.const_null(arr));
            u += zeros;
            continue;
        }
        let start = u;
        while u < explicit_units
            && u - start < MAX_COMPOSITE_PARTS
            && zeros_from(u, MIN_ZERO_RUN) < MIN_ZERO_RUN
        {
            u += 1;
        }
        let arr = array(cx, u - start);
        let parts: Vec<Word> = (start..u)
            .map(|v| cx.const_scalar_form(unit, unit_bits(v), true))
            .collect();
        members.push(arr);
        values.push(cx.const_composite(arr, parts));
    }
    let tail_units = size / unit_size - explicit_units;
    if tail_units > 0 {
        let arr = array(cx, tail_units);
        members.push(arr);
        values.push(cx.const_null(arr));
    }
    let st = cx.b.type_struct(members);
    let init = cx.const_composite(st, values);
    (st, init)
}
