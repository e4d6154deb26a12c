//! Loads and stores of every lane at once, chosen by the shape of the address:
//! - the same address in every lane: one scalar access;
//! - lane-consecutive addresses of a one-piece 4-byte value (an affine address whose stride
//!   is the element size): one vector access;
//! - a *block*: each lane's value is a run of 32-bit elements of one type and the lanes'
//!   values lie one after another (stride = the type's size: `p[gid]` on `float4 *`, whole
//!   structs of floats): one vector access per 16 bytes of the block, transposed into one
//!   vector per component ([`super::transpose`]); stores only when the lanes write every
//!   element of the block;
//! - anything else: one scalar access per lane and piece, in lane order (at offsets from one
//!   base when the address is affine with no guard).
//!
//! An affine address with a run-time guard takes the per-lane path where the guard fails.

use cranelift_codegen::ir::{types, InstBuilder, MemFlagsData, Value};

use super::transpose::{self, cast, element};
use super::{vector_type, Aff, PieceVal, VVal};
use crate::codegen::Tx;
use crate::pieces::Piece;
use crate::vectorize::LANES;

/// How the lanes' addresses are laid out.
enum Shape {
    Uniform(Value),
    Contiguous(Aff),
    /// A block of this many 32-bit elements per lane.
    Block(Aff, usize),
    PerLane,
}

/// The elements per lane of a block access of pieces `ps` (a value of `size` bytes) at an
/// address advancing by `stride` bytes per lane; `whole`: the pieces must cover the block.
pub(super) fn block_elements(ps: &[Piece], size: u64, stride: i64, whole: bool) -> Option<usize> {
    let t = ps.first()?.ty;
    let e = t.bytes() as u64;
    let fits = ps.len() >= 2
        && vector_type(t).is_some()
        && ps
            .iter()
            .all(|pc| pc.ty == t && pc.offset % e == 0 && pc.offset < size)
        && stride == size as i64
        && size.is_multiple_of(e);
    let m = (size / e) as usize;
    (fits && m <= 16 && (!whole || ps.len() == m)).then_some(m)
}

/// Code emitted for one lane's part of an access, given that lane's address.
type LaneEmitter<T> = Box<dyn Fn(&mut T, Value)>;

fn shape(p: &VVal, ps: &[Piece], size: u64, store: bool) -> Shape {
    if let VVal::Uni(addr) = p {
        return Shape::Uniform(addr[0]);
    }
    let Some(aff) = p.aff() else {
        return Shape::PerLane;
    };
    if ps.len() == 1 && vector_type(ps[0].ty).is_some() && aff.stride == ps[0].ty.bytes() as i64 {
        return Shape::Contiguous(aff);
    }
    match block_elements(ps, size, aff.stride, store) {
        Some(m) => Shape::Block(aff, m),
        None => Shape::PerLane,
    }
}

impl Tx<'_, '_, '_> {
    /// Stores `x` (pieces `ps` of a `size`-byte value) at `p` for every lane.
    pub(super) fn v_store_all(&mut self, p: &VVal, x: &VVal, ps: &[Piece], size: u64) {
        let (aff, fast): (Aff, LaneEmitter<Self>) = match shape(p, ps, size, true) {
            Shape::Uniform(addr) if x.is_uniform() => {
                for (k, pc) in ps.iter().enumerate() {
                    let v = x.lane_piece(&mut self.b, k, 0);
                    self.b
                        .ins()
                        .store(MemFlagsData::new(), v, addr, pc.offset as i32);
                }
                return;
            }
            // Lanes storing to one address: in lane order, as one work-item after another.
            Shape::Uniform(_) | Shape::PerLane => return self.v_scatter(p, x, ps),
            Shape::Contiguous(aff) => {
                let v = x.piece_vector(&mut self.b, 0).expect("vector type");
                (
                    aff,
                    Box::new(move |tx: &mut Self, base| {
                        tx.b.ins().store(MemFlagsData::new(), v, base, 0);
                    }),
                )
            }
            Shape::Block(aff, m) => {
                let comps: Vec<Value> = (0..ps.len())
                    .map(|k| {
                        let v = x.piece_vector(&mut self.b, k).expect("vector type");
                        cast(&mut self.b, types::I8X16, v)
                    })
                    .collect();
                let e = ps[0].ty.bytes() as u64;
                let piece_at: Vec<usize> = (0..m)
                    .map(|k| {
                        ps.iter()
                            .position(|pc| pc.offset == k as u64 * e)
                            .expect("whole")
                    })
                    .collect();
                (
                    aff,
                    Box::new(move |tx: &mut Self, base| {
                        // Element `4j + t` of the block is component `% m` of lane `/ m`.
                        let srcs: Vec<[transpose::Src; LANES]> = (0..m)
                            .map(|j| {
                                std::array::from_fn(|t| {
                                    let el = 4 * j + t;
                                    (comps[piece_at[el % m]], (el / m) as u8)
                                })
                            })
                            .collect();
                        let vs = transpose::gather_all(&mut tx.b, &srcs);
                        for (j, v) in vs.into_iter().enumerate() {
                            tx.b.ins()
                                .store(MemFlagsData::new(), v, base, 16 * j as i32);
                        }
                    }),
                )
            }
        };
        match aff.guard {
            None => fast(self, aff.base),
            Some(g) => {
                let (fast_b, slow, merge) = (
                    self.b.create_block(),
                    self.b.create_block(),
                    self.b.create_block(),
                );
                self.b.ins().brif(g, fast_b, &[], slow, &[]);
                self.b.switch_to_block(fast_b);
                fast(self, aff.base);
                self.b.ins().jump(merge, &[]);
                self.b.switch_to_block(slow);
                self.v_scatter(p, x, ps);
                self.b.ins().jump(merge, &[]);
                self.b.switch_to_block(merge);
            }
        }
    }

    /// One scalar store per lane and piece.
    fn v_scatter(&mut self, p: &VVal, x: &VVal, ps: &[Piece]) {
        for i in 0..LANES {
            for (k, pc) in ps.iter().enumerate() {
                let (addr, offset) = self.lane_address(p, i, pc.offset);
                let v = x.lane_piece(&mut self.b, k, i);
                self.b.ins().store(MemFlagsData::new(), v, addr, offset);
            }
        }
    }

    /// Lane `i`'s address of the piece at `offset` in `p`, as a base and an offset: from the
    /// affine form when it holds unguarded (a strided access such as `tile[lx][ly]`: one base
    /// for every lane, each lane's offset an immediate), else lane `i`'s own address.
    fn lane_address(&mut self, p: &VVal, i: usize, offset: u64) -> (Value, i32) {
        if let Some(aff) = p.aff().filter(|a| a.guard.is_none()) {
            let at = (i as i64)
                .checked_mul(aff.stride)
                .and_then(|d| d.checked_add(offset as i64))
                .and_then(|d| i32::try_from(d).ok());
            if let Some(at) = at {
                return (aff.base, at);
            }
        }
        (p.lane_piece(&mut self.b, 0, i), offset as i32)
    }

    /// Loads pieces `ps` (of a `size`-byte value) at `p` for every lane.
    /// `movable`: the load may be placed by its uses (`crate::vectorize::movable_loads`);
    /// its vector loads are then marked read-only, non-trapping and movable.
    pub(super) fn v_load_all(&mut self, p: &VVal, ps: &[Piece], size: u64, movable: bool) -> VVal {
        let (aff, m) = match shape(p, ps, size, false) {
            Shape::Uniform(addr) => {
                let xs = ps
                    .iter()
                    .map(|pc| {
                        self.b
                            .ins()
                            .load(pc.ty, MemFlagsData::new(), addr, pc.offset as i32)
                    })
                    .collect();
                return VVal::Uni(xs);
            }
            Shape::PerLane => return self.v_gather(p, ps),
            Shape::Contiguous(aff) => (aff, None),
            Shape::Block(aff, m) => (aff, Some(m)),
        };
        let vts: Vec<_> = ps
            .iter()
            .map(|pc| vector_type(pc.ty).expect("checked"))
            .collect();
        let flags = if movable {
            MemFlagsData::new()
                .with_notrap()
                .with_readonly()
                .with_can_move()
        } else {
            MemFlagsData::new()
        };
        let fast = |tx: &mut Self, base: Value| -> Vec<Value> {
            match m {
                None => vec![tx.b.ins().load(vts[0], flags, base, 0)],
                Some(m) => tx.v_block_load(base, ps, m, flags),
            }
        };
        let vals = match aff.guard {
            None => fast(self, aff.base),
            Some(g) => {
                let (fast_b, slow, merge) = (
                    self.b.create_block(),
                    self.b.create_block(),
                    self.b.create_block(),
                );
                let outs: Vec<Value> = vts
                    .iter()
                    .map(|vt| self.b.append_block_param(merge, *vt))
                    .collect();
                self.b.ins().brif(g, fast_b, &[], slow, &[]);
                self.b.switch_to_block(fast_b);
                let vs = fast(self, aff.base);
                let args: Vec<_> = vs.into_iter().map(|v| v.into()).collect();
                self.b.ins().jump(merge, &args);
                self.b.switch_to_block(slow);
                let g = self.v_gather(p, ps);
                let args: Vec<_> = (0..ps.len())
                    .map(|k| g.piece_vector(&mut self.b, k).expect("vector type").into())
                    .collect();
                self.b.ins().jump(merge, &args);
                self.b.switch_to_block(merge);
                outs
            }
        };
        VVal::Var {
            pieces: vals.into_iter().map(PieceVal::Vector).collect(),
            aff: None,
        }
    }

    /// Loads the blocks of `m` 32-bit elements at `base` (lane `i`'s at `base + i * 4m`) and
    /// returns the vector of each piece of `ps`.
    pub(super) fn v_block_load(
        &mut self,
        base: Value,
        ps: &[Piece],
        m: usize,
        flags: MemFlagsData,
    ) -> Vec<Value> {
        let e = ps[0].ty.bytes() as u64;
        let vt = vector_type(ps[0].ty).expect("checked");
        let vectors: Vec<Value> = (0..m)
            .map(|j| self.b.ins().load(types::I8X16, flags, base, 16 * j as i32))
            .collect();
        let srcs: Vec<[transpose::Src; LANES]> = ps
            .iter()
            .map(|pc| {
                let k = (pc.offset / e) as usize;
                std::array::from_fn(|i| element(&vectors, i * m + k))
            })
            .collect();
        transpose::gather_all(&mut self.b, &srcs)
            .into_iter()
            .map(|v| cast(&mut self.b, vt, v))
            .collect()
    }

    /// One scalar load per lane and piece.
    pub(super) fn v_gather(&mut self, p: &VVal, ps: &[Piece]) -> VVal {
        let lanes: Vec<Vec<Value>> = (0..LANES)
            .map(|i| {
                ps.iter()
                    .map(|pc| {
                        let (addr, offset) = self.lane_address(p, i, pc.offset);
                        self.b.ins().load(pc.ty, MemFlagsData::new(), addr, offset)
                    })
                    .collect()
            })
            .collect();
        VVal::from_lanes(&lanes)
    }
}
