//! 64-bit comparisons of consecutive lanes (`size_t lid < k`) inside a vectorised region,
//! the fast case of [`super::mask_ops`]' 64-bit comparisons: the lanes below a uniform bound
//! are a prefix of the chunk, counted from one scalar difference.

use cranelift_codegen::ir::condcodes::{CondCode, IntCC};
use cranelift_codegen::ir::{types, InstBuilder, Value};

use super::{NoWrap, VVal};
use crate::codegen::Tx;
use crate::vectorize::LANES;

impl Tx<'_, '_, '_> {
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
