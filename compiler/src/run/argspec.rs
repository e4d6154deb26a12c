//! The `--arg SPEC` grammar of `oclc run`: scalars (`i32:5`, `f32x4:1,2,3,4`), buffers
//! (`f32[1024]=iota`, `u8[64,64]=randu:7:0:255`), local memory (`local:4096`), images and
//! samplers (`image2d:rgba:f32[64,64]=iota`, `sampler:norm:repeat:linear`).

use std::fmt;
use std::path::PathBuf;

use oclc_ir::ScalarType;

/// The element type of a scalar or buffer argument: a scalar type and a lane count.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ElemType {
    /// The scalar type of each lane.
    pub scalar: ScalarType,
    /// 1 for scalars, else the vector width (2, 3, 4, 8 or 16).
    pub lanes: u8,
}

impl ElemType {
    /// Bytes one element takes in memory (3-lane vectors are stored as 4 lanes).
    pub fn size(&self) -> usize {
        let stored = if self.lanes == 3 {
            4
        } else {
            self.lanes as usize
        };
        self.scalar.size() as usize * stored
    }

    /// The spelling used in specs (`f32`, `i32x4`).
    pub fn spelling(&self) -> String {
        let base = spec_name(self.scalar);
        if self.lanes == 1 {
            base.to_string()
        } else {
            format!("{base}x{}", self.lanes)
        }
    }
}

impl fmt::Display for ElemType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.spelling())
    }
}

/// How a buffer's initial contents are made.
#[derive(Clone, PartialEq, Debug)]
pub enum BufferInit {
    /// All zero bytes.
    Zeros,
    /// Every lane set to one value.
    Fill(f64),
    /// Lanes numbered 0, 1, 2, ... across the whole buffer.
    Iota,
    /// Pseudo-random: floats uniform in [0, 1), integers uniform over the whole type.
    Rand(u64),
    /// Pseudo-random in a range: floats in [lo, hi), integers in [lo, hi] inclusive.
    RandUniform {
        /// Generator seed.
        seed: u64,
        /// Lower bound.
        lo: f64,
        /// Upper bound.
        hi: f64,
    },
    /// Raw little-endian bytes read from a file (its size must match the buffer's).
    File(PathBuf),
}

/// One parsed `--arg`.
#[derive(Clone, PartialEq, Debug)]
pub enum ArgSpec {
    /// A by-value scalar or vector, already encoded as little-endian bytes.
    Scalar {
        /// Its type.
        ty: ElemType,
        /// The encoded value (of `ty.size()` bytes).
        bytes: Vec<u8>,
    },
    /// A global or constant buffer.
    Buffer {
        /// Element type.
        ty: ElemType,
        /// Shape: one extent per dimension; the element count is their product.
        shape: Vec<usize>,
        /// Initial contents.
        init: BufferInit,
    },
    /// A `__local` pointer argument of the given size in bytes.
    Local {
        /// Bytes of local memory per work-group.
        bytes: usize,
    },
    /// An image (`image2d:rgba:f32[W,H]=INIT`, see [`super::imagespec`]).
    Image(super::imagespec::ImageSpec),
    /// A sampler (`sampler:norm:repeat:linear`), as OpenCL C's 32-bit `CLK_*` pattern.
    Sampler(u32),
}

impl ArgSpec {
    /// Number of elements of a buffer spec (product of its shape).
    pub fn element_count(shape: &[usize]) -> usize {
        shape.iter().product()
    }
}

/// The spec spelling of a scalar type (`bool` has none).
pub fn spec_name(s: ScalarType) -> &'static str {
    s.name()
}

fn parse_elem_type(text: &str) -> Result<ElemType, String> {
    let (base, lanes) = match text.split_once('x') {
        Some((b, n)) => {
            let lanes: u8 = n
                .parse()
                .map_err(|_| format!("bad vector width in type '{text}'"))?;
            if ![2, 3, 4, 8, 16].contains(&lanes) {
                return Err(format!(
                    "vector width {lanes} in '{text}' is not one of 2, 3, 4, 8, 16"
                ));
            }
            (b, lanes)
        }
        None => (text, 1),
    };
    let scalar = match ScalarType::from_name(base) {
        Some(ScalarType::Bool) | None => {
            return Err(format!(
                "unknown type '{text}' (expected one of i8 u8 i16 u16 i32 u32 i64 u64 f16 f32 f64, optionally with xN)"
            ))
        }
        Some(s) => s,
    };
    Ok(ElemType { scalar, lanes })
}

/// Parses a number for a lane of type `s` (decimal, `0x` hex, negative, `inf`, `nan`).
pub fn parse_number(text: &str, s: ScalarType) -> Result<f64, String> {
    let t = text.trim();
    let (neg, body) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t),
    };
    let value = if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        u64::from_str_radix(hex, 16)
            .map(|v| v as f64)
            .map_err(|_| format!("bad hexadecimal number '{text}'"))?
    } else if s.is_int() {
        body.parse::<u64>()
            .map(|v| v as f64)
            .map_err(|_| format!("bad integer '{text}' for {}", s.name()))?
    } else {
        body.parse::<f64>()
            .map_err(|_| format!("bad number '{text}' for {}", s.name()))?
    };
    Ok(if neg { -value } else { value })
}

/// Encodes one lane value as little-endian bytes of type `s`, checking integer range.
pub fn encode_lane(value: f64, s: ScalarType, out: &mut Vec<u8>) -> Result<(), String> {
    if s.is_int() {
        if value.fract() != 0.0 {
            return Err(format!("{value} is not an integer ({})", s.name()));
        }
        let bits = s.bits();
        let (lo, hi) = if s.is_signed() {
            (
                -(2f64.powi(bits as i32 - 1)),
                2f64.powi(bits as i32 - 1) - 1.0,
            )
        } else {
            // Allow the two's-complement spelling of negative numbers for unsigned types.
            (-(2f64.powi(bits as i32 - 1)), 2f64.powi(bits as i32) - 1.0)
        };
        if value < lo || value > hi {
            return Err(format!("{value} does not fit in {}", s.name()));
        }
        let v = if value < 0.0 {
            value as i64 as u64
        } else {
            value as u64
        };
        out.extend_from_slice(&v.to_le_bytes()[..(bits / 8) as usize]);
        return Ok(());
    }
    match s {
        ScalarType::F16 => {
            out.extend_from_slice(&oclc_ir::op::f32_to_f16_bits(value as f32).to_le_bytes())
        }
        ScalarType::F32 => out.extend_from_slice(&(value as f32).to_le_bytes()),
        _ => out.extend_from_slice(&value.to_le_bytes()),
    }
    Ok(())
}

/// Encodes a full element (all lanes, padding a 3-lane vector to 4).
pub fn encode_element(lanes: &[f64], ty: ElemType) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(ty.size());
    for &v in lanes {
        encode_lane(v, ty.scalar, &mut out)?;
    }
    if ty.lanes == 3 {
        encode_lane(0.0, ty.scalar, &mut out)?;
    }
    Ok(out)
}

/// Parses one `--arg` spec.
pub fn parse_arg_spec(text: &str) -> Result<ArgSpec, String> {
    if text.starts_with("image") {
        return Ok(ArgSpec::Image(super::imagespec::parse_image_spec(text)?));
    }
    if let Some(rest) = text.strip_prefix("sampler:") {
        return Ok(ArgSpec::Sampler(super::imagespec::parse_sampler_spec(
            rest,
        )?));
    }
    if let Some(bytes) = text.strip_prefix("local:") {
        let bytes: usize = bytes
            .parse()
            .map_err(|_| format!("bad byte count in '{text}' (expected local:BYTES)"))?;
        if bytes == 0 {
            return Err("local memory size must be at least 1 byte".into());
        }
        return Ok(ArgSpec::Local { bytes });
    }
    if let Some(open) = text.find('[') {
        let close = text
            .find(']')
            .ok_or_else(|| format!("missing ']' in buffer spec '{text}'"))?;
        let ty = parse_elem_type(&text[..open])?;
        let shape = text[open + 1..close]
            .split(',')
            .map(|d| {
                d.trim()
                    .parse::<usize>()
                    .ok()
                    .filter(|n| *n > 0)
                    .ok_or_else(|| {
                        format!("bad extent '{d}' in '{text}' (expected positive integers)")
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let rest = &text[close + 1..];
        let init = rest.strip_prefix('=').ok_or_else(|| {
            format!(
                "missing '=INIT' in buffer spec '{text}' (e.g. {}[N]=zeros)",
                ty
            )
        })?;
        return Ok(ArgSpec::Buffer {
            ty,
            shape,
            init: parse_init(init, ty.scalar)?,
        });
    }
    let (ty, value) = text.split_once(':').ok_or_else(|| {
        format!("cannot read '{text}': expected TYPE:VALUE, TYPE[N]=INIT or local:BYTES")
    })?;
    let ty = parse_elem_type(ty)?;
    let lanes: Vec<f64> = value
        .split(',')
        .map(|v| parse_number(v, ty.scalar))
        .collect::<Result<_, _>>()?;
    let lanes = match lanes.len() {
        1 => vec![lanes[0]; ty.lanes as usize],
        n if n == ty.lanes as usize => lanes,
        n => {
            return Err(format!(
                "'{text}' gives {n} values for a {}-lane {}",
                ty.lanes, ty
            ))
        }
    };
    Ok(ArgSpec::Scalar {
        ty,
        bytes: encode_element(&lanes, ty)?,
    })
}

/// Parses a buffer initializer (`zeros`, `fill:V`, `iota`, ...) for lanes of type `s`.
pub fn parse_init(text: &str, s: ScalarType) -> Result<BufferInit, String> {
    let mut parts = text.split(':');
    let kind = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    let seed = |t: &str| {
        t.parse::<u64>()
            .map_err(|_| format!("bad seed '{t}' in '{text}'"))
    };
    match (kind, rest.as_slice()) {
        ("zeros", []) => Ok(BufferInit::Zeros),
        ("iota", []) => Ok(BufferInit::Iota),
        ("fill", [v]) => Ok(BufferInit::Fill(parse_number(v, s)?)),
        ("rand", [sd]) => Ok(BufferInit::Rand(seed(sd)?)),
        ("randu", [sd, lo, hi]) => {
            let (lo, hi) = (parse_number(lo, s)?, parse_number(hi, s)?);
            if lo > hi {
                return Err(format!("empty range in '{text}': {lo} > {hi}"));
            }
            Ok(BufferInit::RandUniform {
                seed: seed(sd)?,
                lo,
                hi,
            })
        }
        ("file", _) if !rest.is_empty() => Ok(BufferInit::File(PathBuf::from(rest.join(":")))),
        _ => Err(format!(
            "unknown buffer initializer '{text}' (expected zeros, fill:V, iota, rand:SEED, randu:SEED:LO:HI or file:PATH)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scalars() {
        let a = parse_arg_spec("i32:-5").unwrap();
        assert_eq!(
            a,
            ArgSpec::Scalar {
                ty: ElemType {
                    scalar: ScalarType::I32,
                    lanes: 1
                },
                bytes: (-5i32).to_le_bytes().to_vec()
            }
        );
        let a = parse_arg_spec("u32:0x10").unwrap();
        assert!(matches!(a, ArgSpec::Scalar { bytes, .. } if bytes == 16u32.to_le_bytes()));
        let a = parse_arg_spec("f32x4:1,2,3,4").unwrap();
        let mut want = vec![];
        for v in [1f32, 2., 3., 4.] {
            want.extend_from_slice(&v.to_le_bytes());
        }
        assert!(matches!(a, ArgSpec::Scalar { bytes, .. } if bytes == want));
        assert!(parse_arg_spec("i8:300").is_err());
        assert!(parse_arg_spec("f32x4:1,2").is_err());
        assert!(parse_arg_spec("q32:1").is_err());
    }

    #[test]
    fn buffers_and_local() {
        let a = parse_arg_spec("f32[10,20]=randu:3:-1:1").unwrap();
        assert!(matches!(a, ArgSpec::Buffer { ref shape, .. } if shape == &vec![10, 20]));
        assert_eq!(
            parse_arg_spec("local:4096").unwrap(),
            ArgSpec::Local { bytes: 4096 }
        );
        assert!(parse_arg_spec("f32[0]=zeros").is_err());
        assert!(parse_arg_spec("f32[4]").is_err());
        assert!(parse_arg_spec("f32[4]=bogus").is_err());
    }
}
