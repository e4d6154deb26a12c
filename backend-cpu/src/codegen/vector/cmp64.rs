//! Comparisons of 64-bit integers (`size_t lid < k`) inside a vectorised region: the lanes
//! are compared two at a time as i64x2 vectors and the two halves of the result packed into
//! one i32x4 lane mask, instead of one scalar comparison and lane insertion per lane.

use cranelift_codegen::ir::condcodes::{CondCode, IntCC};
use cranelift_codegen::ir::{types, ConstantData, Endianness, InstBuilder, MemFlagsData, Value};

use super::{NoWrap, PieceVal, VVal};
use crate::codegen::Tx;
use crate::vectorize::LANES;

impl Tx<'_, '_, '_> {
    /// The i32x4 mask of `x cc y` for one-piece 64-bit integer values (at least one varying).
    pub(super) fn v_cmp64_mask(&mut self, cc: IntCC, x: &VVal, y: &VVal) -> Option<VVal> {
        if x.len() != 1 || y.len() != 1 || (x.is_uniform() && y.is_uniform()) {
            return None;
        }
        if let Some(m) = self.v_cmp_consecutive(cc, x, y) {
            return Some(VVal::Var {
                pieces: vec![PieceVal::Mask(m)],
                aff: None,
            });
        }
        let halves: [Value; 2] = std::array::from_fn(|h| {
            let xh = self.i64x2_half(x, h);
            let yh = self.i64x2_half(y, h);
            let m = self.b.ins().icmp(cc, xh, yh);
            let little = MemFlagsData::new().with_endianness(Endianness::Little);
            self.b.ins().bitcast(types::I8X16, little, m)
        });
        // The low 32 bits of each 64-bit lane mask (all ones or all zeros) make the i32 lanes.
        let pick: Vec<u8> = [0u8, 8, 16, 24].iter().flat_map(|&s| s..s + 4).collect();
        let imm = self.b.func.dfg.immediates.push(ConstantData::from(pick));
        let packed = self.b.ins().shuffle(halves[0], halves[1], imm);
        let little = MemFlagsData::new().with_endianness(Endianness::Little);
        let m = self.b.ins().bitcast(types::I32X4, little, packed);
        Some(VVal::Var {
            pieces: vec![PieceVal::Mask(m)],
            aff: None,
        })
    }

    /// Lanes `2h` and `2h + 1` of a one-piece 64-bit value as an i64x2 vector.
    fn i64x2_half(&mut self, v: &VVal, h: usize) -> Value {
        let lo = v.lane_piece(&mut self.b, 0, 2 * h);
        let splat = self.b.ins().splat(types::I64X2, lo);
        if v.is_uniform() {
            return splat;
        }
        let hi = v.lane_piece(&mut self.b, 0, 2 * h + 1);
        self.b.ins().insertlane(splat, hi, 1)
    }

    /// The mask of `x cc y` when one side is consecutive exact integers (`lid`, `gid`,
    /// `lid + k`: `base + i` in lane `i`, no lane wrapping) and the other the same in every
    /// lane: the lanes below a bound `k` are a prefix, counted from one scalar difference
    /// (`min(k - base, 4)` where `k > base`, else 0) and compared with the lane numbers,
    /// instead of two 64-bit vector comparisons.
    pub(super) fn v_cmp_consecutive(&mut self, cc: IntCC, x: &VVal, y: &VVal) -> Option<Value> {
        let (a, bound, cc) = match (x.aff(), y.aff()) {
            (Some(a), _) if y.is_uniform() => (a, y, cc),
            (_, Some(a)) if x.is_uniform() => (a, x, cc.swap_args()),
            _ => return None,
        };
        if a.stride != 1 || a.guard.is_some() || a.nowrap == NoWrap::Maybe {
            return None;
        }
        if self.b.func.dfg.value_type(a.base) != types::I64 {
            return None;
        }
        // `lid > k` is `!(lid <= k)`, `lid >= k` is `!(lid < k)`.
        let (below, inclusive, negate) = match cc {
            IntCC::UnsignedLessThan => (IntCC::UnsignedGreaterThan, false, false),
            IntCC::SignedLessThan => (IntCC::SignedGreaterThan, false, false),
            IntCC::UnsignedLessThanOrEqual => (IntCC::UnsignedGreaterThanOrEqual, true, false),
            IntCC::SignedLessThanOrEqual => (IntCC::SignedGreaterThanOrEqual, true, false),
            IntCC::UnsignedGreaterThan => (IntCC::UnsignedGreaterThanOrEqual, true, true),
            IntCC::SignedGreaterThan => (IntCC::SignedGreaterThanOrEqual, true, true),
            IntCC::UnsignedGreaterThanOrEqual => (IntCC::UnsignedGreaterThan, false, true),
            IntCC::SignedGreaterThanOrEqual => (IntCC::SignedGreaterThan, false, true),
            _ => return None,
        };
        let k = bound.lane_piece(&mut self.b, 0, 0);
        let base = a.base;
        // Lanes taking `base + i < k`: min(k - base, 4) when k > base (the difference is
        // exact as an unsigned number then, signed or not); `<=`: min(k - base, 3) + 1.
        let some = self.b.ins().icmp(below, k, base);
        let diff = self.b.ins().isub(k, base);
        let cap = self
            .b
            .ins()
            .iconst(types::I64, LANES as i64 - inclusive as i64);
        let n = self.b.ins().umin(diff, cap);
        let n = if inclusive {
            self.b.ins().iadd_imm_s(n, 1)
        } else {
            n
        };
        let zero = self.b.ins().iconst(types::I64, 0);
        let n = self.b.ins().select(some, n, zero);
        let n = self.b.ins().ireduce(types::I32, n);
        let lanes: Vec<u8> = (0..LANES as i32).flat_map(|i| i.to_le_bytes()).collect();
        let lanes = self.b.func.dfg.constants.insert(lanes.into());
        let lanes = self.b.ins().vconst(types::I32X4, lanes);
        let n = self.b.ins().splat(types::I32X4, n);
        // Both sides are small and non-negative: the signed comparison is one instruction.
        let m = self.b.ins().icmp(IntCC::SignedLessThan, lanes, n);
        Some(if negate { self.b.ins().bnot(m) } else { m })
    }
}
