//! Comparisons of 64-bit integers (`size_t lid < k`) inside a vectorised region: the lanes
//! are compared two at a time as i64x2 vectors and the two halves of the result packed into
//! one i32x4 lane mask, instead of one scalar comparison and lane insertion per lane.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, ConstantData, Endianness, InstBuilder, MemFlagsData, Value};

use super::{PieceVal, VVal};
use crate::codegen::Tx;

impl Tx<'_, '_, '_> {
    /// The i32x4 mask of `x cc y` for one-piece 64-bit integer values (at least one varying).
    pub(super) fn v_cmp64_mask(&mut self, cc: IntCC, x: &VVal, y: &VVal) -> Option<VVal> {
        if x.len() != 1 || y.len() != 1 || (x.is_uniform() && y.is_uniform()) {
            return None;
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
}
