//! Sampler addressing and filtering (OpenCL 1.2 section 8.2): which texels a read with a
//! sampler fetches, and with which weights.
//!
//! Per coordinate `s` of an image of `size` texels (`u = s * size` for normalized
//! coordinates, `u = s` otherwise):
//! - nearest: `i = floor(u)`, then clamped to `0..size-1` (`CLK_ADDRESS_CLAMP_TO_EDGE`) or to
//!   `-1..size` (`CLK_ADDRESS_CLAMP`, where outside texels are the border colour);
//!   `CLK_ADDRESS_REPEAT` uses `u = (s - floor(s)) * size` and wraps `i`;
//!   `CLK_ADDRESS_MIRRORED_REPEAT` uses `u = |s - 2 rint(s / 2)| * size` and `min(i, size-1)`;
//! - linear: `i0 = floor(u - 0.5)`, `i1 = i0 + 1`, weight `a = frac(u - 0.5)`, each index
//!   addressed as above (repeat wraps both, mirrored clamps `i0` up to 0 and `i1` down to
//!   `size-1`); the result is the weighted sum of the 2, 4 or 8 texels.
//!
//! Repeat and mirrored repeat are defined for normalized coordinates only; unnormalized ones
//! use clamp-to-edge here. `CLK_ADDRESS_NONE` promises coordinates inside the image; outside
//! ones read the border colour here (never memory outside the image).

use oclc_ir::op::{AddressingMode, SamplerBits};

/// The texel indices (and weight) a sampler picks along one dimension.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Taps {
    /// One texel (possibly outside the image: the border colour).
    Nearest(i32),
    /// Two texels and the weight of the second.
    Linear(i32, i32, f32),
}

fn floor_i(x: f32) -> i32 {
    // Saturating: huge coordinates land far outside every image.
    x.floor() as i32
}

/// The mode used for `sampler` (repeat modes need normalized coordinates).
fn mode(sampler: SamplerBits) -> AddressingMode {
    match sampler.addressing() {
        AddressingMode::Repeat | AddressingMode::MirroredRepeat if !sampler.normalized() => {
            AddressingMode::ClampToEdge
        }
        m => m,
    }
}

/// Clamps an index as the non-repeating modes do.
fn clamp_index(i: i32, size: i32, mode: AddressingMode) -> i32 {
    match mode {
        AddressingMode::ClampToEdge => i.clamp(0, size - 1),
        AddressingMode::Clamp => i.clamp(-1, size),
        _ => i,
    }
}

/// The taps for float coordinate `s` along a dimension of `size` texels.
pub fn taps(s: f32, size: i32, sampler: SamplerBits, linear: bool) -> Taps {
    let n = size as f32;
    match mode(sampler) {
        AddressingMode::Repeat => {
            let u = (s - s.floor()) * n;
            if linear {
                let t = u - 0.5;
                let mut i0 = floor_i(t);
                let mut i1 = i0 + 1;
                if i0 < 0 {
                    i0 += size;
                }
                if i1 > size - 1 {
                    i1 -= size;
                }
                Taps::Linear(i0, i1, t - t.floor())
            } else {
                let i = floor_i(u);
                Taps::Nearest(if i > size - 1 { i - size } else { i })
            }
        }
        AddressingMode::MirroredRepeat => {
            let m = (s - 2.0 * (0.5 * s).round_ties_even()).abs();
            let u = m * n;
            if linear {
                let t = u - 0.5;
                let i0 = floor_i(t);
                Taps::Linear(i0.max(0), (i0 + 1).min(size - 1), t - t.floor())
            } else {
                Taps::Nearest(floor_i(u).min(size - 1))
            }
        }
        m => {
            let u = if sampler.normalized() { s * n } else { s };
            if linear {
                let t = u - 0.5;
                let i0 = floor_i(t);
                Taps::Linear(
                    clamp_index(i0, size, m),
                    clamp_index(i0.saturating_add(1), size, m),
                    t - t.floor(),
                )
            } else {
                Taps::Nearest(clamp_index(floor_i(u), size, m))
            }
        }
    }
}

/// The texel an integer coordinate addresses with a sampler (clamp-to-edge clamps it; the
/// other modes leave it, outside texels reading the border colour).
pub fn int_tap(i: i32, size: i32, sampler: SamplerBits) -> i32 {
    match mode(sampler) {
        AddressingMode::ClampToEdge | AddressingMode::Repeat | AddressingMode::MirroredRepeat => {
            i.clamp(0, size - 1)
        }
        _ => i,
    }
}

/// The layer of an array image at float coordinate `s`: `clamp(rint(s), 0, layers - 1)`.
pub fn layer_of(s: f32, layers: i32) -> i32 {
    let r = s.round_ties_even();
    if r.is_nan() {
        return 0;
    }
    (r.clamp(0.0, (layers - 1) as f32)) as i32
}

/// Weighted sum of the texels around a point: `fetch(at)` gives one texel, `taps` holds
/// `(i0, i1, weight of i1)` per filtered dimension (1 to 3), `rest` the grid coordinates
/// past them (the layer of an array image).
pub fn filter(
    taps: &[(i32, i32, f32)],
    rest: [i32; 3],
    fetch: &mut dyn FnMut([i32; 3]) -> [f32; 4],
) -> [f32; 4] {
    let mut out = [0.0f32; 4];
    for corner in 0..1usize << taps.len() {
        let mut at = rest;
        let mut w = 1.0f32;
        for (d, &(i0, i1, a)) in taps.iter().enumerate() {
            let high = corner >> d & 1 == 1;
            at[d] = if high { i1 } else { i0 };
            w *= if high { a } else { 1.0 - a };
        }
        let texel = fetch(at);
        for (o, v) in out.iter_mut().zip(texel) {
            *o += w * v;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(norm: bool, mode: u32, linear: bool) -> SamplerBits {
        SamplerBits(norm as u32 | mode | if linear { 0x20 } else { 0x10 })
    }

    #[test]
    fn nearest_addressing() {
        let edge = bits(false, 2, false);
        assert_eq!(taps(-0.5, 5, edge, false), Taps::Nearest(0));
        assert_eq!(taps(7.2, 5, edge, false), Taps::Nearest(4));
        let clamp = bits(false, 4, false);
        assert_eq!(taps(-0.5, 5, clamp, false), Taps::Nearest(-1));
        assert_eq!(taps(9.0, 5, clamp, false), Taps::Nearest(5));
        // Normalized: u = s * size.
        let norm_edge = bits(true, 2, false);
        assert_eq!(taps(0.5, 5, norm_edge, false), Taps::Nearest(2));
        // Repeat: s = 1.3 -> frac 0.3 -> u = 1.5 -> 1; s = -0.1 -> 0.9 -> 4.5 -> 4.
        let rep = bits(true, 6, false);
        assert_eq!(taps(1.3, 5, rep, false), Taps::Nearest(1));
        assert_eq!(taps(-0.1, 5, rep, false), Taps::Nearest(4));
        // Mirrored: s = 1.3 -> |1.3 - 2| = 0.7 -> 3.5 -> 3; s = -0.1 -> 0.1 -> 0.5 -> 0.
        let mir = bits(true, 8, false);
        assert_eq!(taps(1.3, 5, mir, false), Taps::Nearest(3));
        assert_eq!(taps(-0.1, 5, mir, false), Taps::Nearest(0));
        assert_eq!(taps(1.0, 5, mir, false), Taps::Nearest(4));
    }

    #[test]
    fn linear_addressing() {
        // u = 1.75: i0 = floor(1.25) = 1, i1 = 2, a = 0.25.
        let edge = bits(false, 2, true);
        assert_eq!(taps(1.75, 5, edge, true), Taps::Linear(1, 2, 0.25));
        assert_eq!(taps(0.25, 5, edge, true), Taps::Linear(0, 0, 0.75));
        let clamp = bits(false, 4, true);
        assert_eq!(taps(0.25, 5, clamp, true), Taps::Linear(-1, 0, 0.75));
        assert_eq!(taps(5.25, 5, clamp, true), Taps::Linear(4, 5, 0.75));
        // Repeat: s = 0.05 -> u = 0.25 -> i0 = -1 -> 3, i1 = 0; a = 0.75 (size 4).
        let rep = bits(true, 6, true);
        assert_eq!(taps(0.0625, 4, rep, true), Taps::Linear(3, 0, 0.75));
        assert_eq!(taps(0.9375, 4, rep, true), Taps::Linear(3, 0, 0.25));
        // Mirrored: s = 1.0625 -> |1.0625 - 2| = 0.9375 -> u = 3.75 -> i0 = 3, i1 = min(4, 3).
        let mir = bits(true, 8, true);
        assert_eq!(taps(1.0625, 4, mir, true), Taps::Linear(3, 3, 0.25));
        assert_eq!(taps(0.0625, 4, mir, true), Taps::Linear(0, 0, 0.75));
    }

    #[test]
    fn layers_round_and_clamp() {
        assert_eq!(layer_of(1.5, 4), 2);
        assert_eq!(layer_of(2.5, 4), 2);
        assert_eq!(layer_of(-3.0, 4), 0);
        assert_eq!(layer_of(9.0, 4), 3);
    }

    #[test]
    fn bilinear_weights() {
        // Texel value = 10 x + y: at weights (0.25, 0.5) between (1,2)..(2,3):
        // 0.75*0.5*12 + 0.25*0.5*22 + 0.75*0.5*13 + 0.25*0.5*23 = 15.0
        let t = [(1, 2, 0.25), (2, 3, 0.5)];
        let mut fetch = |at: [i32; 3]| [(10 * at[0] + at[1]) as f32, 0.0, 0.0, 1.0];
        let v = filter(&t, [0; 3], &mut fetch);
        assert_eq!(v, [15.0, 0.0, 0.0, 1.0]);
    }
}
