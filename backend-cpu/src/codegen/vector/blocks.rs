//! Arithmetic on whole blocks. A varying `float4` (or `float2`, `int4`, ...) is held as one
//! vector per component with a lane per work-item; when it was loaded as blocks (each
//! work-item's own vector, one after another in memory) its components are shuffles of the
//! loaded vectors. An element-wise operation on such values is then computed on the loaded
//! vectors themselves, one instruction per block as per component, and its components are
//! taken from the results by shuffles: where the result is only stored back as blocks the
//! store traces its lanes to those results (`transpose::origin`) and no shuffle is left;
//! where the components are used, the shuffles move from the operands to the result (one
//! transpose instead of one per block operand).

use cranelift_codegen::ir::{types, InstBuilder, Type as ClifType, Value};

use super::transpose::{self, cast, origin, Src};
use super::{vector_type, PieceVal, VVal};
use crate::codegen::Tx;
use crate::vectorize::LANES;

/// One operand of a block operation.
enum BlockOperand {
    /// The loaded vectors holding the value's blocks, `n` elements per work-item: element
    /// `e` of the lanes' blocks laid end to end is lane `e % 4` of vector `e / 4`.
    Blocks(Vec<Value>),
    /// A value the same for every work-item: one vector of its components repeated as a
    /// block of the same shape.
    Uniform(Value),
}

impl Tx<'_, '_, '_> {
    /// `emit` applied block by block to operands `xs` of `n` (2 or 4) 32-bit components, when
    /// at least one is varying and every varying one was loaded as blocks; the result's
    /// components have type `vt`. `None` leaves the operation to the component form.
    pub(super) fn v_simd_blocks(
        &mut self,
        xs: &[VVal],
        vt: ClifType,
        emit: impl Fn(&mut Self, &[Value]) -> Value,
    ) -> Option<VVal> {
        let n = xs[0].len();
        if n != 2 && n != 4 {
            return None;
        }
        let mut operands = Vec::with_capacity(xs.len());
        for x in xs {
            operands.push(match x {
                VVal::Var { pieces, .. } => BlockOperand::Blocks(self.loaded_blocks(pieces)?),
                VVal::Uni(c) => BlockOperand::Uniform(self.uniform_block(c)?),
            });
        }
        if operands
            .iter()
            .all(|o| matches!(o, BlockOperand::Uniform(_)))
        {
            return None;
        }
        let results: Vec<Value> = (0..n)
            .map(|k| {
                let args: Vec<Value> = operands
                    .iter()
                    .map(|o| match o {
                        BlockOperand::Blocks(vs) => vs[k],
                        BlockOperand::Uniform(u) => *u,
                    })
                    .collect();
                let r = emit(self, &args);
                cast(&mut self.b, types::I8X16, r)
            })
            .collect();
        // Component `p` of lane `i` is element `i * n + p`.
        let srcs: Vec<[Src; LANES]> = (0..n)
            .map(|p| {
                std::array::from_fn(|i| {
                    let e = i * n + p;
                    (results[e / 4], (e % 4) as u8)
                })
            })
            .collect();
        let pieces = transpose::gather_all(&mut self.b, &srcs)
            .into_iter()
            .map(|v| PieceVal::Vector(cast(&mut self.b, vt, v)))
            .collect();
        Some(VVal::Var { pieces, aff: None })
    }

    /// The loaded vectors whose lanes `pieces` (one vector per component) were moved from,
    /// each as the components' type, if they form whole blocks.
    fn loaded_blocks(&mut self, pieces: &[PieceVal]) -> Option<Vec<Value>> {
        let n = pieces.len();
        let comps: Vec<Value> = pieces
            .iter()
            .map(|p| match p {
                PieceVal::Vector(v) => Some(*v),
                _ => None,
            })
            .collect::<Option<_>>()?;
        let mut blocks: Vec<Value> = Vec::with_capacity(n);
        for e in 0..LANES * n {
            let (v, lane) = origin(&self.b, (comps[e % n], (e / n) as u8));
            if lane as usize != e % 4 {
                return None;
            }
            match blocks.get(e / 4) {
                Some(&b) if b != v => return None,
                Some(_) => {}
                None => blocks.push(v),
            }
        }
        let ty = self.b.func.dfg.value_type(comps[0]);
        Some(
            blocks
                .into_iter()
                .map(|v| cast(&mut self.b, ty, v))
                .collect(),
        )
    }

    /// A uniform value's components `c` (2 or 4 of one 32-bit type) repeated to fill one
    /// vector, as a block of work-items' values would.
    fn uniform_block(&mut self, c: &[Value]) -> Option<Value> {
        let vt = vector_type(self.b.func.dfg.value_type(c[0]))?;
        let mut v = self.b.ins().splat(vt, c[0]);
        for lane in 1..LANES {
            v = self.b.ins().insertlane(v, c[lane % c.len()], lane as u8);
        }
        Some(v)
    }
}
