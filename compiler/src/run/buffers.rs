//! Makes the initial bytes of buffer arguments, and formats buffers for `--print`.

use super::argspec::{encode_lane, BufferInit, ElemType};
use oclc_ir::op::f16_bits_to_f32;
use oclc_ir::ScalarType;

/// A small, fixed pseudo-random generator (SplitMix64), so that `rand:SEED` gives the
/// same data on every machine and in every version.
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// Seeds the generator.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A double uniform in [0, 1).
    pub fn next_unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The initial contents of a buffer of `count` elements of `ty`.
pub fn make_buffer(ty: ElemType, count: usize, init: &BufferInit) -> Result<Vec<u8>, String> {
    let size = ty.size() * count;
    let stored_lanes = ty.size() / ty.scalar.size() as usize;
    let mut out = Vec::with_capacity(size);
    let s = ty.scalar;
    match init {
        BufferInit::Zeros => out.resize(size, 0),
        BufferInit::File(path) => {
            let bytes = std::fs::read(path)
                .map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
            if bytes.len() != size {
                return Err(format!(
                    "'{}' has {} bytes but {}[{count}] needs {size}",
                    path.display(),
                    bytes.len(),
                    ty
                ));
            }
            out = bytes;
        }
        _ => {
            let mut rng = match init {
                BufferInit::Rand(seed) | BufferInit::RandUniform { seed, .. } => {
                    SplitMix64::new(*seed)
                }
                _ => SplitMix64::new(0),
            };
            let mut index = 0f64;
            for _ in 0..count {
                for lane in 0..stored_lanes {
                    if lane >= ty.lanes as usize {
                        encode_lane(0.0, s, &mut out)?;
                        continue;
                    }
                    match init {
                        BufferInit::Fill(v) => encode_lane(*v, s, &mut out)?,
                        BufferInit::Iota => {
                            encode_lane(wrap_int(index, s), s, &mut out)?;
                            index += 1.0;
                        }
                        BufferInit::Rand(_) => {
                            if s.is_int() {
                                let bits = rng.next_u64();
                                out.extend_from_slice(&bits.to_le_bytes()[..s.size() as usize]);
                            } else {
                                encode_lane(rng.next_unit(), s, &mut out)?;
                            }
                        }
                        BufferInit::RandUniform { lo, hi, .. } => {
                            let v = if s.is_int() {
                                let span = (hi - lo + 1.0).max(1.0);
                                (lo + (rng.next_unit() * span).floor()).min(*hi)
                            } else {
                                lo + rng.next_unit() * (hi - lo)
                            };
                            encode_lane(v, s, &mut out)?;
                        }
                        BufferInit::Zeros | BufferInit::File(_) => unreachable!(),
                    }
                }
            }
        }
    }
    Ok(out)
}

/// iota wraps around at the width of small integer types instead of failing.
fn wrap_int(v: f64, s: ScalarType) -> f64 {
    if !s.is_int() || s.bits() >= 53 {
        return v;
    }
    let modulus = 2f64.powi(s.bits() as i32);
    let w = v % modulus;
    if s.is_signed() && w >= modulus / 2.0 {
        w - modulus
    } else {
        w
    }
}

/// Reads lane `i` of a buffer of scalar type `s` as text.
pub fn lane_text(bytes: &[u8], s: ScalarType, i: usize) -> String {
    let n = s.size() as usize;
    let b = &bytes[i * n..(i + 1) * n];
    let mut raw = [0u8; 8];
    raw[..n].copy_from_slice(b);
    let u = u64::from_le_bytes(raw);
    match s {
        ScalarType::F16 => format!("{}", f16_bits_to_f32(u as u16)),
        ScalarType::F32 => format!("{}", f32::from_bits(u as u32)),
        ScalarType::F64 => format!("{}", f64::from_bits(u)),
        t if t.is_signed() => {
            let shift = 64 - t.bits();
            format!("{}", ((u << shift) as i64) >> shift)
        }
        _ => format!("{u}"),
    }
}

/// Formats a buffer as `[e0, e1, ...]`, vectors as `(x, y, z, w)`, eliding the middle of
/// very long buffers.
pub fn format_buffer(bytes: &[u8], ty: ElemType, limit: usize) -> String {
    let stored = ty.size() / ty.scalar.size() as usize;
    let count = bytes.len() / ty.size();
    let element = |e: usize| {
        if ty.lanes == 1 {
            lane_text(bytes, ty.scalar, e)
        } else {
            let lanes: Vec<String> = (0..ty.lanes as usize)
                .map(|l| lane_text(bytes, ty.scalar, e * stored + l))
                .collect();
            format!("({})", lanes.join(", "))
        }
    };
    let mut items: Vec<String> = Vec::new();
    if count <= limit {
        items.extend((0..count).map(element));
    } else {
        let head = limit / 2;
        items.extend((0..head).map(element));
        items.push(format!("... {} more ...", count - 2 * head));
        items.extend((count - head..count).map(element));
    }
    format!("[{}]", items.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iota_and_fill() {
        let ty = ElemType {
            scalar: ScalarType::I32,
            lanes: 1,
        };
        let b = make_buffer(ty, 4, &BufferInit::Iota).unwrap();
        assert_eq!(format_buffer(&b, ty, 100), "[0, 1, 2, 3]");
        let ty = ElemType {
            scalar: ScalarType::F32,
            lanes: 3,
        };
        let b = make_buffer(ty, 2, &BufferInit::Fill(1.5)).unwrap();
        assert_eq!(b.len(), 32);
        assert_eq!(
            format_buffer(&b, ty, 100),
            "[(1.5, 1.5, 1.5), (1.5, 1.5, 1.5)]"
        );
    }

    #[test]
    fn randu_stays_in_range() {
        let ty = ElemType {
            scalar: ScalarType::U8,
            lanes: 1,
        };
        let b = make_buffer(
            ty,
            1000,
            &BufferInit::RandUniform {
                seed: 1,
                lo: 10.0,
                hi: 20.0,
            },
        )
        .unwrap();
        assert!(b.iter().all(|v| (10..=20).contains(v)));
        assert!(b.contains(&10) && b.contains(&20));
    }
}
