//! Moving 32-bit elements between 128-bit vectors: what turns the work-items' own vectors,
//! stored one after another in memory (*blocks*: `p[gid]` on `float4 *`, `vload4(gid, p)`),
//! into one vector per component with a lane per work-item, and back. Each output vector is
//! built from its four (vector, lane) sources with 32-bit shuffles of two inputs each (the
//! x64 backend lowers the usual ones to `shufps` or `unpcklps`): one where the lanes come
//! from at most two vectors, else three; two outputs that take each lane from the same
//! vectors share their first step (four shuffles for two, eight for a 4x4 transpose).

use cranelift_codegen::ir::{types, ConstantData, Endianness, InstBuilder, MemFlagsData, Value};
use cranelift_frontend::FunctionBuilder;

use crate::vectorize::LANES;

/// Lane `.1` of the 128-bit vector `.0` (held as `i8x16`).
pub(super) type Src = (Value, u8);

/// `v` (any 128-bit vector type) as `ty`.
pub(super) fn cast(b: &mut FunctionBuilder, ty: types::Type, v: Value) -> Value {
    if b.func.dfg.value_type(v) == ty {
        return v;
    }
    let little = MemFlagsData::new().with_endianness(Endianness::Little);
    b.ins().bitcast(ty, little, v)
}

/// The 32-bit lanes `idx` of `x` (0-3) and `y` (4-7) as one `i8x16` vector.
fn shuffle32(b: &mut FunctionBuilder, x: Value, y: Value, idx: [u8; LANES]) -> Value {
    let bytes: Vec<u8> = idx
        .iter()
        .flat_map(|&l| (0..4).map(move |j| l * 4 + j))
        .collect();
    let mask = b.func.dfg.immediates.push(ConstantData::from(bytes));
    b.ins().shuffle(x, y, mask)
}

/// The two vectors `src` takes its lanes from, when there are no more.
fn two_sources(src: &[Src; LANES]) -> Option<(Value, Value)> {
    let x = src[0].0;
    let y = src.iter().map(|s| s.0).find(|&v| v != x).unwrap_or(x);
    src.iter().all(|s| s.0 == x || s.0 == y).then_some((x, y))
}

/// A vector whose lane `i` is `src[i]`.
pub(super) fn gather(b: &mut FunctionBuilder, src: [Src; LANES]) -> Value {
    if let Some((x, y)) = two_sources(&src) {
        let idx = src.map(|(v, l)| if v == x { l } else { l + 4 });
        return shuffle32(b, x, y, idx);
    }
    let [(a0, l0), (a1, l1), (a2, l2), (a3, l3)] = src;
    let lo = shuffle32(b, a0, a1, [l0, l0, l1 + 4, l1 + 4]);
    let hi = shuffle32(b, a2, a3, [l2, l2, l3 + 4, l3 + 4]);
    shuffle32(b, lo, hi, [0, 2, 4, 6])
}

/// Two vectors built from sources `x` and `y` that take each lane from the same vector
/// (`x[i].0 == y[i].0`).
pub(super) fn gather_pair(
    b: &mut FunctionBuilder,
    x: [Src; LANES],
    y: [Src; LANES],
) -> (Value, Value) {
    let lo = shuffle32(b, x[0].0, x[1].0, [x[0].1, y[0].1, x[1].1 + 4, y[1].1 + 4]);
    let hi = shuffle32(b, x[2].0, x[3].0, [x[2].1, y[2].1, x[3].1 + 4, y[3].1 + 4]);
    (
        shuffle32(b, lo, hi, [0, 2, 4, 6]),
        shuffle32(b, lo, hi, [1, 3, 5, 7]),
    )
}

/// Builds every vector of `srcs`, sharing the first step of neighbours that take each lane
/// from the same vectors and need more than one shuffle.
pub(super) fn gather_all(b: &mut FunctionBuilder, srcs: &[[Src; LANES]]) -> Vec<Value> {
    let one_step = |s: &[Src; LANES]| two_sources(s).is_some();
    let mut out = Vec::with_capacity(srcs.len());
    let mut k = 0;
    while k < srcs.len() {
        let (x, next) = (&srcs[k], srcs.get(k + 1));
        match next {
            Some(y) if !one_step(x) && (0..LANES).all(|i| x[i].0 == y[i].0) => {
                let (a, c) = gather_pair(b, *x, *y);
                out.extend([a, c]);
                k += 2;
            }
            _ => {
                out.push(gather(b, *x));
                k += 1;
            }
        }
    }
    out
}

/// The source of element `e` of a run of `i8x16` vectors holding 32-bit elements.
pub(super) fn element(vectors: &[Value], e: usize) -> Src {
    (vectors[e / 4], (e % 4) as u8)
}
