//! Loads and stores through under-aligned buffer addresses, for [`super`]: a scalar or
//! vector in little-endian pieces as large as the address allows, a struct or array member
//! by member through a private copy.

use crate::diag::refusal::Refusal;
use crate::module::{Function, Stmt};
use crate::op::{BinaryOp, Op, Rounding, ValueId};
use crate::types::{AddressSpace, ScalarType, Type, TypeId, TypeTable};

use super::{int_const, MAX_LEAVES};

/// A load or store that must be done piece by piece.
pub(super) struct Access {
    /// The address as the program computes it.
    pub ptr: ValueId,
    /// Its address space (`__global` or `__constant`).
    pub space: AddressSpace,
    /// The type read or written.
    pub ty: TypeId,
    /// The alignment the address is known to have.
    pub align: u64,
}

/// A scalar or vector inside an aggregate: its byte offset, type and the field numbers or
/// element indices that reach it.
struct Leaf {
    offset: u64,
    ty: TypeId,
    path: Vec<u32>,
}

/// Why an aggregate cannot be copied member by member.
enum LeafError {
    /// A member of this type (`bool`, a pointer, an image) has no byte form to copy.
    Member(TypeId),
    /// More than [`MAX_LEAVES`] scalars and vectors.
    TooMany,
}

impl Access {
    /// Replaces `let value = load ptr`.
    pub fn load(
        &self,
        types: &mut TypeTable,
        f: &mut Function,
        out: &mut Vec<Stmt>,
        value: ValueId,
    ) -> Result<(), Refusal> {
        let leaves = self.leaves(types, f, value, "a read")?;
        let base = self.byte_base(types, f, out);
        match leaves {
            None => {
                let whole = self.at(base, 0, self.ty).load(types, f, out);
                rename_last(out, whole, value);
            }
            Some(leaves) => {
                let copy = self.private_copy(types, f, out);
                for leaf in &leaves {
                    let v = self.at(base, leaf.offset, leaf.ty).load(types, f, out);
                    let at = leaf_addr(types, f, out, copy, &leaf.path);
                    out.push(Stmt::Store { ptr: at, value: v });
                }
                out.push(Stmt::Let {
                    value,
                    op: Op::Load { ptr: copy },
                });
            }
        }
        Ok(())
    }

    /// Replaces `store ptr, value`.
    pub fn store(
        &self,
        types: &mut TypeTable,
        f: &mut Function,
        out: &mut Vec<Stmt>,
        value: ValueId,
    ) -> Result<(), Refusal> {
        let leaves = self.leaves(types, f, self.ptr, "a write")?;
        let base = self.byte_base(types, f, out);
        match leaves {
            None => self.at(base, 0, self.ty).store(types, f, out, value),
            Some(leaves) => {
                let copy = self.private_copy(types, f, out);
                out.push(Stmt::Store { ptr: copy, value });
                for leaf in &leaves {
                    let at = leaf_addr(types, f, out, copy, &leaf.path);
                    let v = f.push_let(out, leaf.ty, Op::Load { ptr: at });
                    self.at(base, leaf.offset, leaf.ty).store(types, f, out, v);
                }
            }
        }
        Ok(())
    }

    /// The members of an aggregate access (`None` for a scalar or vector), or the refusal
    /// located at `at`.
    fn leaves(
        &self,
        types: &TypeTable,
        f: &Function,
        at: ValueId,
        what: &str,
    ) -> Result<Option<Vec<Leaf>>, Refusal> {
        let mut leaves = Vec::new();
        let found = collect_leaves(types, self.ty, 0, &mut Vec::new(), &mut leaves);
        let refuse = |detail: String| {
            Err(Refusal::new(format!(
                "unsupported: {what} of {} at an address that may sit at a multiple of {} \
                 bytes only (a packed struct, or one under #pragma pack): {detail}",
                types.display(self.ty),
                self.align
            ))
            .at_value(f, at)
            .at_value(f, self.ptr))
        };
        match found {
            Err(LeafError::Member(t)) => refuse(format!(
                "its {} member cannot be copied byte by byte",
                types.display(t)
            )),
            Err(LeafError::TooMany) => refuse(format!(
                "it has more than {MAX_LEAVES} members to copy one by one"
            )),
            Ok(()) if matches!(types.get(self.ty), Type::Scalar(_) | Type::Vector { .. }) => {
                Ok(None)
            }
            Ok(()) => Ok(Some(leaves)),
        }
    }

    /// The scalar or vector of type `ty` at `offset` bytes into the accessed value, whose
    /// address as a byte pointer is `base`.
    fn at(&self, base: ValueId, offset: u64, ty: TypeId) -> Piecewise {
        Piecewise {
            base,
            space: self.space,
            offset,
            align: piece_align(self.align, offset),
            ty,
        }
    }

    /// The address as a byte pointer (a cast that disappears when it already is one).
    fn byte_base(&self, types: &mut TypeTable, f: &mut Function, out: &mut Vec<Stmt>) -> ValueId {
        let u8_ty = types.scalar(ScalarType::U8);
        let to = types.pointer(self.space, u8_ty);
        f.push_let(
            out,
            to,
            Op::Bitcast {
                value: self.ptr,
                to,
            },
        )
    }

    /// The address of a new private variable of the accessed type.
    fn private_copy(
        &self,
        types: &mut TypeTable,
        f: &mut Function,
        out: &mut Vec<Stmt>,
    ) -> ValueId {
        let local = f.new_local("packed.copy", self.ty, AddressSpace::Private);
        let ptr = types.pointer(AddressSpace::Private, self.ty);
        f.push_let(out, ptr, Op::LocalAddr(local))
    }
}

/// Collects the scalars and vectors of `ty` placed at `offset`.
fn collect_leaves(
    types: &TypeTable,
    ty: TypeId,
    offset: u64,
    path: &mut Vec<u32>,
    leaves: &mut Vec<Leaf>,
) -> Result<(), LeafError> {
    match types.get(ty) {
        Type::Scalar(ScalarType::Bool)
        | Type::Vector {
            elem: ScalarType::Bool,
            ..
        } => Err(LeafError::Member(ty)),
        Type::Scalar(_) | Type::Vector { .. } => {
            if leaves.len() == MAX_LEAVES {
                return Err(LeafError::TooMany);
            }
            leaves.push(Leaf {
                offset,
                ty,
                path: path.clone(),
            });
            Ok(())
        }
        Type::Struct { fields, .. } => {
            let (offsets, _) = types.struct_layout(ty);
            for (i, (&field, at)) in fields.iter().zip(offsets).enumerate() {
                path.push(i as u32);
                collect_leaves(types, field, offset + at, path, leaves)?;
                path.pop();
            }
            Ok(())
        }
        Type::Array { elem, len } => {
            let stride = types.layout(*elem).size;
            for i in 0..*len {
                path.push(i);
                collect_leaves(types, *elem, offset + i as u64 * stride, path, leaves)?;
                path.pop();
            }
            Ok(())
        }
        _ => Err(LeafError::Member(ty)),
    }
}

/// The address of the member at `path` inside the private variable at `base`.
fn leaf_addr(
    types: &mut TypeTable,
    f: &mut Function,
    out: &mut Vec<Stmt>,
    mut at: ValueId,
    path: &[u32],
) -> ValueId {
    for &step in path {
        let (space, ty) = types.pointee(f.value_type(at)).expect("a pointer");
        let (op, member) = match types.get(ty).clone() {
            Type::Struct { fields, .. } => (
                Op::FieldAddr {
                    base: at,
                    field: step,
                },
                fields[step as usize],
            ),
            Type::Array { elem, .. } => {
                let i64_ty = types.scalar(ScalarType::I64);
                let index = f.push_let(out, i64_ty, int_const(ScalarType::I64, step as u64));
                (Op::IndexAddr { base: at, index }, elem)
            }
            other => unreachable!("a path step into {other:?}"),
        };
        let ptr = types.pointer(space, member);
        at = f.push_let(out, ptr, op);
    }
    at
}

/// The alignment of `offset` bytes past an address aligned to `align`.
fn piece_align(align: u64, offset: u64) -> u64 {
    match offset {
        0 => align,
        o => align.min(1 << o.trailing_zeros()),
    }
}

/// The unsigned integer type of `bytes` bytes.
fn unsigned(bytes: u64) -> ScalarType {
    match bytes {
        1 => ScalarType::U8,
        2 => ScalarType::U16,
        4 => ScalarType::U32,
        _ => ScalarType::U64,
    }
}

/// A pointer to the `piece` type at `offset` bytes past the byte pointer `base`.
fn piece_ptr(
    types: &mut TypeTable,
    f: &mut Function,
    out: &mut Vec<Stmt>,
    (base, space): (ValueId, AddressSpace),
    offset: u64,
    piece: ScalarType,
) -> ValueId {
    let u8_ty = types.scalar(ScalarType::U8);
    let byte_ptr = types.pointer(space, u8_ty);
    let at = if offset == 0 {
        base
    } else {
        let i64_ty = types.scalar(ScalarType::I64);
        let index = f.push_let(out, i64_ty, int_const(ScalarType::I64, offset));
        f.push_let(out, byte_ptr, Op::PtrOffset { base, index })
    };
    if piece == ScalarType::U8 {
        return at;
    }
    let piece_ty = types.scalar(piece);
    let to = types.pointer(space, piece_ty);
    f.push_let(out, to, Op::Bitcast { value: at, to })
}

/// A scalar or vector of type `ty` at `offset` bytes past the byte pointer `base`, whose
/// address is aligned to `align`: read or written in pieces of at most one lane.
struct Piecewise {
    base: ValueId,
    space: AddressSpace,
    offset: u64,
    align: u64,
    ty: TypeId,
}

/// The types of one piece-wise access: the lane's scalar and its unsigned integer twin,
/// the piece's unsigned integer, and the sizes.
struct Shape {
    scalar: ScalarType,
    lanes: u64,
    lane: u64,
    piece: u64,
    scalar_ty: TypeId,
    lane_int: ScalarType,
    lane_int_ty: TypeId,
    piece_int: ScalarType,
    piece_ty: TypeId,
}

impl Piecewise {
    fn shape(&self, types: &mut TypeTable) -> Shape {
        let scalar = types.scalar_of(self.ty).expect("a scalar or vector");
        let lanes = types.lanes_of(self.ty).expect("a scalar or vector") as u64;
        let lane = scalar.size() as u64;
        let piece = self.align.clamp(1, lane);
        let (lane_int, piece_int) = (unsigned(lane), unsigned(piece));
        Shape {
            scalar,
            lanes,
            lane,
            piece,
            scalar_ty: types.scalar(scalar),
            lane_int,
            lane_int_ty: types.scalar(lane_int),
            piece_int,
            piece_ty: types.scalar(piece_int),
        }
    }

    /// The pointer to piece `j` of lane `l`.
    fn piece_ptr(
        &self,
        types: &mut TypeTable,
        f: &mut Function,
        out: &mut Vec<Stmt>,
        s: &Shape,
        (l, j): (u64, u64),
    ) -> ValueId {
        let offset = self.offset + l * s.lane + j * s.piece;
        piece_ptr(types, f, out, (self.base, self.space), offset, s.piece_int)
    }

    /// Reads the value; the result is the value of the last statement pushed.
    fn load(&self, types: &mut TypeTable, f: &mut Function, out: &mut Vec<Stmt>) -> ValueId {
        let s = self.shape(types);
        let mut parts = Vec::with_capacity(s.lanes as usize);
        for l in 0..s.lanes {
            let mut acc = None;
            for j in 0..s.lane / s.piece {
                let at = self.piece_ptr(types, f, out, &s, (l, j));
                let mut x = f.push_let(out, s.piece_ty, Op::Load { ptr: at });
                if s.piece < s.lane {
                    x = widen_or_narrow(f, out, x, s.lane_int_ty);
                }
                if j > 0 {
                    let bits = int_const(s.lane_int, j * s.piece * 8);
                    let bits = f.push_let(out, s.lane_int_ty, bits);
                    x = f.push_let(out, s.lane_int_ty, Op::Binary(BinaryOp::Shl, x, bits));
                }
                acc = Some(match acc {
                    None => x,
                    Some(a) => f.push_let(out, s.lane_int_ty, Op::Binary(BinaryOp::Or, a, x)),
                });
            }
            let mut v = acc.expect("a lane has at least one piece");
            if s.scalar != s.lane_int {
                let op = Op::Bitcast {
                    value: v,
                    to: s.scalar_ty,
                };
                v = f.push_let(out, s.scalar_ty, op);
            }
            parts.push(v);
        }
        if s.lanes == 1 {
            return parts[0];
        }
        let ty = self.ty;
        f.push_let(out, ty, Op::Compose { ty, parts })
    }

    /// Writes `value`.
    fn store(&self, types: &mut TypeTable, f: &mut Function, out: &mut Vec<Stmt>, value: ValueId) {
        let s = self.shape(types);
        for l in 0..s.lanes {
            let mut v = value;
            if s.lanes > 1 {
                let op = Op::Extract {
                    vector: value,
                    lane: l as u8,
                };
                v = f.push_let(out, s.scalar_ty, op);
            }
            if s.scalar != s.lane_int {
                let op = Op::Bitcast {
                    value: v,
                    to: s.lane_int_ty,
                };
                v = f.push_let(out, s.lane_int_ty, op);
            }
            for j in 0..s.lane / s.piece {
                let mut x = v;
                if j > 0 {
                    let bits = int_const(s.lane_int, j * s.piece * 8);
                    let bits = f.push_let(out, s.lane_int_ty, bits);
                    x = f.push_let(out, s.lane_int_ty, Op::Binary(BinaryOp::Shr, x, bits));
                }
                if s.piece < s.lane {
                    x = widen_or_narrow(f, out, x, s.piece_ty);
                }
                let at = self.piece_ptr(types, f, out, &s, (l, j));
                out.push(Stmt::Store { ptr: at, value: x });
            }
        }
    }
}

/// `value` converted to the unsigned integer type `to` (zero-extended or truncated).
fn widen_or_narrow(f: &mut Function, out: &mut Vec<Stmt>, value: ValueId, to: TypeId) -> ValueId {
    let op = Op::Convert {
        value,
        to,
        saturate: false,
        rounding: Rounding::Default,
    };
    f.push_let(out, to, op)
}

/// Makes the last statement of `out`, which defines `last`, define `value` instead.
fn rename_last(out: &mut [Stmt], last: ValueId, value: ValueId) {
    match out.last_mut() {
        Some(Stmt::Let { value: v, .. }) if *v == last => *v = value,
        _ => unreachable!("the last statement defines the loaded value"),
    }
}
