//! Moving 32-bit elements between 128-bit vectors: what turns the work-items' own vectors,
//! stored one after another in memory (*blocks*: `p[gid]` on `float4 *`, `vload4(gid, p)`),
//! into one vector per component with a lane per work-item, and back. Each output vector is
//! built from its four (vector, lane) sources with 32-bit shuffles of two inputs each (the
//! x64 backend lowers the usual ones to `shufps` or `unpcklps`): one where the lanes come
//! from at most two vectors, else three; two outputs that take each lane from the same
//! vectors share their first step (four shuffles for two, eight for a 4x4 transpose).
//!
//! Before building, each source lane is traced back through the shuffles and bitcasts that
//! made its vector ([`origin`]): a block loaded, split into components and stored back
//! unchanged (`out[i] = in[i]` on `float4`) then stores the loaded vectors themselves, and a
//! block with some components replaced needs fewer shuffles. Cranelift removes the shuffles
//! that nothing uses any more.

use cranelift_codegen::ir::{
    types, ConstantData, Endianness, InstBuilder, InstructionData, MemFlagsData, Opcode, Value,
    ValueDef,
};
use cranelift_frontend::FunctionBuilder;

use crate::vectorize::LANES;

/// Lane `.1` of the 128-bit vector `.0` (held as `i8x16`).
pub(super) type Src = (Value, u8);

/// `v` (any 128-bit vector type) as `ty`.
pub(crate) fn cast(b: &mut FunctionBuilder, ty: types::Type, v: Value) -> Value {
    if b.func.dfg.value_type(v) == ty {
        return v;
    }
    let little = MemFlagsData::new().with_endianness(Endianness::Little);
    b.ins().bitcast(ty, little, v)
}

/// The 32-bit lanes `idx` of `x` (0-3) and `y` (4-7) as one `i8x16` vector.
pub(crate) fn shuffle32(b: &mut FunctionBuilder, x: Value, y: Value, idx: [u8; LANES]) -> Value {
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

/// How many shuffles and bitcasts [`origin`] looks through.
const ORIGIN_DEPTH: usize = 8;

/// The vector and lane that 32-bit lane `s.1` of `s.0` was moved from by the shuffles of this
/// module and little-endian bitcasts between 128-bit vectors, or `s` itself. The result's
/// vector is defined before `s.0` (it is one of the operands `s.0` was computed from), so it
/// dominates every use of `s.0`.
pub(super) fn origin(b: &FunctionBuilder, s: Src) -> Src {
    let dfg = &b.func.dfg;
    let (mut v, mut lane) = s;
    for _ in 0..ORIGIN_DEPTH {
        let ValueDef::Result(inst, 0) = dfg.value_def(v) else {
            break;
        };
        match dfg.insts[inst] {
            InstructionData::LoadNoOffset {
                opcode: Opcode::Bitcast,
                arg,
                flags,
            } if dfg.value_type(arg).bits() == 128
                && dfg.mem_flags[flags].explicit_endianness() == Some(Endianness::Little) =>
            {
                v = arg;
            }
            InstructionData::Shuffle {
                opcode: Opcode::Shuffle,
                args,
                imm,
            } => {
                let mask = dfg.immediates[imm].as_slice();
                let at = 4 * lane as usize;
                let first = mask[at];
                let whole =
                    first.is_multiple_of(4) && (1..4).all(|j| mask[at + j] == first + j as u8);
                if !whole {
                    break;
                }
                let l = first / 4;
                (v, lane) = if l < 4 {
                    (args[0], l)
                } else {
                    (args[1], l - 4)
                };
            }
            _ => break,
        }
    }
    (v, lane)
}

/// `v` as an `i8x16` vector, the type shuffles take.
fn as_bytes(b: &mut FunctionBuilder, v: Value) -> Value {
    cast(b, types::I8X16, v)
}

/// Every lane of `src` traced to its [`origin`], each vector as `i8x16`: one cast per
/// vector, kept in `casts` so that lanes of one vector name the same value.
fn origins(
    b: &mut FunctionBuilder,
    src: [Src; LANES],
    casts: &mut Vec<(Value, Value)>,
) -> [Src; LANES] {
    src.map(|s| {
        let (v, l) = origin(b, s);
        let bytes = match casts.iter().find(|c| c.0 == v) {
            Some(c) => c.1,
            None => {
                let c = as_bytes(b, v);
                casts.push((v, c));
                c
            }
        };
        (bytes, l)
    })
}

/// A vector whose lane `i` is `src[i]` (sources already traced to their origins).
fn gather(b: &mut FunctionBuilder, src: [Src; LANES]) -> Value {
    if src
        .iter()
        .enumerate()
        .all(|(i, s)| s == &(src[0].0, i as u8))
    {
        return src[0].0;
    }
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
fn gather_pair(b: &mut FunctionBuilder, x: [Src; LANES], y: [Src; LANES]) -> (Value, Value) {
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
    let mut casts = Vec::new();
    let srcs: Vec<[Src; LANES]> = srcs.iter().map(|s| origins(b, *s, &mut casts)).collect();
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
