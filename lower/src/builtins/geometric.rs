//! Geometric built-ins: `dot`, `cross`, and `length`, `distance` and `normalize`, which
//! scale their operand by a power of two where its squares would overflow or underflow.

use super::super::function::FnLower;
use oclc_ir::op::{BinaryOp, CmpOp, Const, MathFn, Op, ValueId};
use oclc_ir::types::{ScalarType, TypeId};

/// Power-of-two exponents for summing squares of `s` values without overflow or
/// underflow: sums below `2^tiny` are recomputed from the vector scaled by `2^up`, infinite
/// sums from the vector scaled by `2^down`. `up` makes the smallest subnormal's square
/// normal, `down` brings the largest finite value's square (times 4 lanes) in range, and
/// `tiny` keeps the up-scaled squares finite.
fn square_scales(s: ScalarType) -> (i32, i32, i32) {
    match s {
        ScalarType::F64 => (-200, 563, -514),
        ScalarType::F16 => (-14, 12, -10),
        _ => (-60, 86, -66),
    }
}

impl FnLower<'_, '_> {
    /// `v` (vector or scalar of type `ty`) times the scalar `s`.
    fn scale_by(&mut self, v: ValueId, s: ValueId) -> ValueId {
        let ty = self.b.value_type(v);
        let sv = if self.is_vec(ty) {
            self.b.emit(Op::Splat { value: s, to: ty }, ty)
        } else {
            s
        };
        self.bin(BinaryOp::Mul, v, sv)
    }

    /// `p` scaled by an exact power of two so that its sum of squares neither overflows nor
    /// underflows, and the scalar factor undoing that scale (1 when the plain sum is fine,
    /// which keeps the rounding of the unscaled formula).
    fn scaled_for_squares(&mut self, p: ValueId) -> (ValueId, ValueId) {
        let l2 = self.dot(p, p);
        let st = self.b.value_type(l2);
        let s = self.types().scalar_of(st).expect("float");
        let (tiny, up, down) = square_scales(s);
        let pow2 = |me: &mut Self, e: i32| me.fconst_of(st, 2f64.powi(e));
        let (tiny, up, up_inv) = (pow2(self, tiny), pow2(self, up), pow2(self, -up));
        let (down, down_inv, one) = (pow2(self, down), pow2(self, -down), pow2(self, 0));
        let inf = self.fconst_of(st, f64::INFINITY);
        let small = self.cmp(CmpOp::Lt, l2, tiny);
        let huge = self.cmp(CmpOp::Eq, l2, inf);
        let factor = self.select(huge, down, one);
        let factor = self.select(small, up, factor);
        let undo = self.select(huge, down_inv, one);
        let undo = self.select(small, up_inv, undo);
        (self.scale_by(p, factor), undo)
    }

    /// `length(p)`: `sqrt(dot(p, p))` without intermediate overflow or underflow.
    pub(super) fn length(&mut self, p: ValueId) -> ValueId {
        let (q, undo) = self.scaled_for_squares(p);
        let d = self.dot(q, q);
        let t = self.b.value_type(d);
        let r = self.math(MathFn::Sqrt, vec![d], t);
        self.bin(BinaryOp::Mul, r, undo)
    }

    /// `normalize(p)` (OpenCL 1.2 §6.12.5): a zero vector is returned unchanged; when a
    /// lane is infinite, infinite lanes become `copysign(1, x)` and the others `0 * x`
    /// before normalizing; NaN lanes make every lane NaN.
    pub(super) fn normalize(&mut self, p: ValueId, ty: TypeId) -> ValueId {
        // `0 * x` is NaN exactly in the infinite and NaN lanes.
        let zero = self.fconst_of(ty, 0.0);
        let zeroed = self.bin(BinaryOp::Mul, p, zero);
        let zz = self.dot(zeroed, zeroed);
        let any_not_finite = self.cmp(CmpOp::Ne, zz, zz);
        let bt = self.bool_like(ty);
        let inf_lanes = self.math(MathFn::IsInf, vec![p], bt);
        let one = self.fconst_of(ty, 1.0);
        let unit = self.math(MathFn::Copysign, vec![one, p], ty);
        let replaced = self.select(inf_lanes, unit, zeroed);
        let p2 = self.select(any_not_finite, replaced, p);
        let (q, _) = self.scaled_for_squares(p2);
        let d = self.dot(q, q);
        let st = self.b.value_type(d);
        let r = self.math(MathFn::Rsqrt, vec![d], st);
        let n = self.scale_by(q, r);
        let szero = self.fconst_of(st, 0.0);
        let is_zero = self.cmp(CmpOp::Eq, d, szero);
        self.select(is_zero, p, n)
    }

    /// `cross(a, b)` of 3- or 4-lane vectors (lane 3 of the result is 0).
    pub(super) fn cross(&mut self, a: ValueId, b: ValueId) -> ValueId {
        let at = self.b.value_type(a);
        let s = self.types().scalar_of(at).expect("vector");
        let st = self.types().scalar(s);
        let lane = |me: &mut Self, v, l| me.b.emit(Op::Extract { vector: v, lane: l }, st);
        let [ax, ay, az] = [0, 1, 2].map(|l| lane(self, a, l));
        let [bx, by, bz] = [0, 1, 2].map(|l| lane(self, b, l));
        let mut comp = |p: ValueId, q: ValueId, r: ValueId, t: ValueId| {
            let m1 = self.bin(BinaryOp::Mul, p, q);
            let m2 = self.bin(BinaryOp::Mul, r, t);
            self.bin(BinaryOp::Sub, m1, m2)
        };
        let x = comp(ay, bz, az, by);
        let y = comp(az, bx, ax, bz);
        let z = comp(ax, by, ay, bx);
        let mut parts = vec![x, y, z];
        if self.types().lanes_of(at) == Some(4) {
            parts.push(self.konst(Const::float(s, 0.0)));
        }
        self.b.emit(Op::Compose { ty: at, parts }, at)
    }

    /// Sum of lane-wise products (a scalar for scalar operands).
    pub(super) fn dot(&mut self, a: ValueId, b: ValueId) -> ValueId {
        let t = self.b.value_type(a);
        let p = self.b.emit(Op::Binary(BinaryOp::Mul, a, b), t);
        let Some(lanes) = self.types().lanes_of(t).filter(|l| *l > 1) else {
            return p;
        };
        let s = self.types().scalar_of(t).expect("vector");
        let st = self.types().scalar(s);
        let mut sum = self.b.emit(Op::Extract { vector: p, lane: 0 }, st);
        for l in 1..lanes {
            let x = self.b.emit(Op::Extract { vector: p, lane: l }, st);
            sum = self.b.emit(Op::Binary(BinaryOp::Add, sum, x), st);
        }
        sum
    }
}
