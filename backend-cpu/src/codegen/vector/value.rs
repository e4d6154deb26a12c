//! How IR values are represented inside a vectorised region.
//!
//! A *uniform* value is the same for every lane and keeps its scalar pieces. A *varying*
//! value has, per piece, either one 128-bit vector (f32x4/i32x4) or one scalar per lane;
//! conversions between the two are made where a use needs the other form (never cached,
//! so every conversion dominates its use). Integers and pointers that are an affine function
//! of the lane number also carry that form ([`Aff`]), which turns lane-consecutive addresses
//! into vector loads and stores.

use cranelift_codegen::ir::{types, InstBuilder, Type as ClifType, Value};
use cranelift_frontend::FunctionBuilder;

use crate::vectorize::LANES;

/// `lane i = base + i * stride` (wrapping in the value's type), valid where `guard` (an `i8`
/// truth value, when present) holds; the exact lane values are always kept as well.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Aff {
    pub base: Value,
    pub stride: i64,
    pub guard: Option<Value>,
}

/// One piece of a varying value.
#[derive(Clone, Copy, Debug)]
pub(crate) enum PieceVal {
    /// A vector with one lane per work-item.
    Vector(Value),
    /// One scalar per work-item.
    Lanes([Value; LANES]),
}

/// A value inside a vectorised region.
#[derive(Clone, Debug)]
pub(crate) enum VVal {
    /// The same pieces for every lane.
    Uni(Vec<Value>),
    /// Pieces that may differ between lanes, and the affine form when known.
    Var {
        pieces: Vec<PieceVal>,
        aff: Option<Aff>,
    },
}

/// The vector type holding one lane per work-item for scalar type `t`, if there is one.
pub(crate) fn vector_type(t: ClifType) -> Option<ClifType> {
    match t {
        types::F32 => Some(types::F32X4),
        types::I32 => Some(types::I32X4),
        _ => None,
    }
}

impl VVal {
    /// True when the value is the same in every lane.
    pub fn is_uniform(&self) -> bool {
        matches!(self, VVal::Uni(_))
    }

    /// The number of pieces.
    pub fn len(&self) -> usize {
        match self {
            VVal::Uni(v) => v.len(),
            VVal::Var { pieces, .. } => pieces.len(),
        }
    }

    /// A varying value from per-lane piece lists (`lanes[lane][piece]`).
    pub fn from_lanes(lanes: &[Vec<Value>]) -> VVal {
        let n = lanes[0].len();
        let pieces = (0..n)
            .map(|p| PieceVal::Lanes(std::array::from_fn(|i| lanes[i][p])))
            .collect();
        VVal::Var { pieces, aff: None }
    }

    /// Piece `p` in lane `lane`.
    pub fn lane_piece(&self, b: &mut FunctionBuilder, p: usize, lane: usize) -> Value {
        match self {
            VVal::Uni(v) => v[p],
            VVal::Var { pieces, .. } => match pieces[p] {
                PieceVal::Lanes(l) => l[lane],
                PieceVal::Vector(v) => b.ins().extractlane(v, lane as u8),
            },
        }
    }

    /// All pieces of lane `lane`.
    pub fn lane(&self, b: &mut FunctionBuilder, lane: usize) -> Vec<Value> {
        (0..self.len())
            .map(|p| self.lane_piece(b, p, lane))
            .collect()
    }

    /// The scalars of piece `p`, one per lane.
    pub fn piece_lanes(&self, b: &mut FunctionBuilder, p: usize) -> [Value; LANES] {
        std::array::from_fn(|i| self.lane_piece(b, p, i))
    }

    /// Piece `p` as a vector (`None` when its type has no vector form).
    pub fn piece_vector(&self, b: &mut FunctionBuilder, p: usize) -> Option<Value> {
        match self {
            VVal::Var { pieces: ps, .. } if matches!(ps[p], PieceVal::Vector(_)) => match ps[p] {
                PieceVal::Vector(v) => Some(v),
                PieceVal::Lanes(_) => unreachable!(),
            },
            _ => {
                let lanes = self.piece_lanes(b, p);
                let vt = vector_type(b.func.dfg.value_type(lanes[0]))?;
                let mut v = b.ins().splat(vt, lanes[0]);
                if !self.is_uniform() {
                    for (i, l) in lanes.iter().enumerate().skip(1) {
                        v = b.ins().insertlane(v, *l, i as u8);
                    }
                }
                Some(v)
            }
        }
    }

    /// The affine form, if known (uniform values are affine with stride 0).
    pub fn aff(&self) -> Option<Aff> {
        match self {
            VVal::Uni(v) if v.len() == 1 => Some(Aff {
                base: v[0],
                stride: 0,
                guard: None,
            }),
            VVal::Uni(_) => None,
            VVal::Var { aff, .. } => *aff,
        }
    }
}
