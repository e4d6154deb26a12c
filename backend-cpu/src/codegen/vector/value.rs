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
/// `nowrap` says whether that also holds without wrapping, which lets a widening conversion
/// keep the form without a guard.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Aff {
    pub base: Value,
    pub stride: i64,
    pub guard: Option<Value>,
    pub nowrap: NoWrap,
}

/// What is known about wrapping between the lanes of an affine integer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NoWrap {
    /// The lanes may wrap in the value's type (unsigned arithmetic, a narrowing conversion).
    Maybe,
    /// `base + i * stride` holds in the integers: computed by signed arithmetic from values
    /// that are exact themselves, where a lane that overflowed would be undefined behaviour
    /// in OpenCL C (as in C99), or by a conversion that keeps every lane's value.
    Exact,
    /// Exact, and every lane is a local id of dimension 0 (below the largest work-group size,
    /// which fits in 32 bits).
    LocalId,
    /// Exact, and every lane is a global id of dimension 0 (at most `i32::MAX` in a chunk
    /// that passed its id check, `VState::small_ids`).
    GlobalId,
}

impl NoWrap {
    /// True when the lanes are known not to wrap.
    pub fn exact(self) -> bool {
        self != NoWrap::Maybe
    }

    /// The result of signed (`signed`) or unsigned arithmetic on two values.
    pub fn arith(self, other: NoWrap, signed: bool) -> NoWrap {
        if signed && self.exact() && other.exact() {
            NoWrap::Exact
        } else {
            NoWrap::Maybe
        }
    }
}

/// One piece of a varying value.
#[derive(Clone, Copy, Debug)]
pub(crate) enum PieceVal {
    /// A vector with one lane per work-item.
    Vector(Value),
    /// One scalar per work-item.
    Lanes([Value; LANES]),
    /// A `bool` as an i32x4 mask (all ones where true), from a SIMD comparison.
    Mask(Value),
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
                PieceVal::Mask(m) => {
                    let x = b.ins().extractlane(m, lane as u8);
                    b.ins()
                        .icmp_imm_s(cranelift_codegen::ir::condcodes::IntCC::NotEqual, x, 0)
                }
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
        let lanes = match self {
            VVal::Uni(xs) => {
                let vt = vector_type(b.func.dfg.value_type(xs[p]))?;
                return Some(b.ins().splat(vt, xs[p]));
            }
            VVal::Var { pieces, aff } => match pieces[p] {
                PieceVal::Vector(v) => return Some(v),
                PieceVal::Mask(_) => return None,
                PieceVal::Lanes(l) => match aff {
                    Some(a) if pieces.len() == 1 && a.guard.is_none() => {
                        if let Some(v) = affine_vector(b, a) {
                            return Some(v);
                        }
                        l
                    }
                    _ => l,
                },
            },
        };
        let vt = vector_type(b.func.dfg.value_type(lanes[0]))?;
        let mut v = b.ins().splat(vt, lanes[0]);
        for (i, l) in lanes.iter().enumerate().skip(1) {
            v = b.ins().insertlane(v, *l, i as u8);
        }
        Some(v)
    }

    /// Piece `p` alone, as a one-piece value.
    pub fn piece_only(&self, p: usize) -> VVal {
        match self {
            VVal::Uni(xs) => VVal::Uni(vec![xs[p]]),
            VVal::Var { pieces, .. } => VVal::Var {
                pieces: vec![pieces[p]],
                aff: None,
            },
        }
    }

    /// The affine form, if known (uniform values are affine with stride 0).
    pub fn aff(&self) -> Option<Aff> {
        match self {
            VVal::Uni(v) if v.len() == 1 => Some(Aff {
                base: v[0],
                stride: 0,
                guard: None,
                nowrap: NoWrap::Exact,
            }),
            VVal::Uni(_) => None,
            VVal::Var { aff, .. } => *aff,
        }
    }
}

/// The lanes of an exact affine 32-bit integer as a vector: the base splatted plus the
/// constant lane offsets.
fn affine_vector(b: &mut FunctionBuilder, a: &Aff) -> Option<Value> {
    if b.func.dfg.value_type(a.base) != types::I32 {
        return None;
    }
    let bytes: Vec<u8> = (0..LANES as i64)
        .flat_map(|i| (a.stride.wrapping_mul(i) as i32).to_le_bytes())
        .collect();
    let c = b.func.dfg.constants.insert(bytes.into());
    let offsets = b.ins().vconst(types::I32X4, c);
    let s = b.ins().splat(types::I32X4, a.base);
    Some(b.ins().iadd(s, offsets))
}

/// An i32x4 mask (all ones where true) from a `bool` value (uniform or varying).
pub(crate) fn mask_of(b: &mut FunctionBuilder, v: &VVal) -> Value {
    if let VVal::Var { pieces, .. } = v {
        if let PieceVal::Mask(m) = pieces[0] {
            return m;
        }
    }
    let to_mask = |b: &mut FunctionBuilder, x: Value| {
        let w = b.ins().uextend(types::I32, x);
        b.ins().ineg(w)
    };
    let l0 = v.lane_piece(b, 0, 0);
    let m0 = to_mask(b, l0);
    let mut m = b.ins().splat(types::I32X4, m0);
    if !v.is_uniform() {
        for i in 1..LANES {
            let li = v.lane_piece(b, 0, i);
            let mi = to_mask(b, li);
            m = b.ins().insertlane(m, mi, i as u8);
        }
    }
    m
}
