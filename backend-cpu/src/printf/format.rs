//! Formatting printf arguments; each conversion goes through C's `snprintf` so flags, width
//! and precision behave exactly as in C.

use std::ffi::{c_char, c_int, CStr, CString};

use super::{ArgDesc, Conv, LaneKind, Length, PrintfSpec, Segment};

extern "C" {
    fn snprintf(buf: *mut c_char, n: usize, fmt: *const c_char, ...) -> c_int;
}

/// Formats the arguments in `slots` (one 8-byte slot per lane) with `spec`.
///
/// # Safety
/// `%s` arguments must be null or point to NUL-terminated strings.
pub unsafe fn format(spec: &PrintfSpec, slots: &[u64]) -> String {
    let mut out = String::new();
    let mut arg = 0usize;
    let mut slot = 0usize;
    for seg in &spec.segments {
        match seg {
            Segment::Text(t) => out.push_str(t),
            Segment::Conv(c) => {
                let Some(desc) = spec.args.get(arg) else {
                    out.push_str("(missing printf argument)");
                    continue;
                };
                let lanes = &slots[slot..slot + desc.lanes];
                arg += 1;
                slot += desc.lanes;
                let n = c.vector.unwrap_or(1).min(lanes.len());
                for (i, raw) in lanes[..n].iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    // SAFETY: forwarded from the caller.
                    out.push_str(&unsafe { one(c, *desc, *raw) });
                }
            }
        }
    }
    out
}

/// Formats one lane.
unsafe fn one(c: &Conv, desc: ArgDesc, raw: u64) -> String {
    let value = Lane::read(desc.kind, raw);
    let mut buf = vec![0u8; 512];
    let call =
        |fmt: String, buf: &mut Vec<u8>, f: &dyn Fn(*mut c_char, usize, *const c_char) -> c_int| {
            let fmt = CString::new(fmt).expect("no NUL in a format");
            let n = f(buf.as_mut_ptr() as *mut c_char, buf.len(), fmt.as_ptr());
            if n >= buf.len() as c_int {
                buf.resize(n as usize + 1, 0);
                f(buf.as_mut_ptr() as *mut c_char, buf.len(), fmt.as_ptr());
            }
            let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
            String::from_utf8_lossy(&buf[..end]).into_owned()
        };
    let spec = &c.spec;
    // SAFETY: each format has exactly one conversion matching the argument passed.
    unsafe {
        match c.conv {
            'd' | 'i' | 'c' => {
                let v = sized_signed(value.as_i64(), c.length, c.vector.is_some());
                let fmt = if c.conv == 'c' {
                    format!("%{spec}c")
                } else {
                    format!("%{spec}lld")
                };
                call(fmt, &mut buf, &|b, n, f| snprintf(b, n, f, v))
            }
            'o' | 'u' | 'x' | 'X' => {
                let v = sized_unsigned(value.as_i64() as u64, c.length, c.vector.is_some());
                call(format!("%{spec}ll{}", c.conv), &mut buf, &|b, n, f| {
                    snprintf(b, n, f, v)
                })
            }
            's' => {
                let p = value.as_i64() as usize as *const c_char;
                if p.is_null() {
                    return "(null)".into();
                }
                let s = CStr::from_ptr(p);
                call(format!("%{spec}s"), &mut buf, &|b, n, f| {
                    snprintf(b, n, f, s.as_ptr())
                })
            }
            'p' => {
                let p = value.as_i64() as usize as *const c_char;
                call(format!("%{spec}p"), &mut buf, &|b, n, f| {
                    snprintf(b, n, f, p)
                })
            }
            conv => {
                let v = value.as_f64();
                call(format!("%{spec}{conv}"), &mut buf, &|b, n, f| {
                    snprintf(b, n, f, v)
                })
            }
        }
    }
}

/// A lane's value read from its slot.
#[derive(Clone, Copy)]
enum Lane {
    Int(i64),
    Float(f64),
}

impl Lane {
    fn read(kind: LaneKind, raw: u64) -> Lane {
        match kind {
            LaneKind::Int { bits, signed } if bits < 64 => {
                let shift = 64 - bits;
                if signed {
                    Lane::Int(((raw << shift) as i64) >> shift)
                } else {
                    Lane::Int(((raw << shift) >> shift) as i64)
                }
            }
            LaneKind::Int { .. } | LaneKind::Ptr => Lane::Int(raw as i64),
            LaneKind::F32 => Lane::Float(f32::from_bits(raw as u32) as f64),
            LaneKind::F64 => Lane::Float(f64::from_bits(raw)),
        }
    }

    fn as_i64(self) -> i64 {
        match self {
            Lane::Int(v) => v,
            Lane::Float(f) => f as i64,
        }
    }

    fn as_f64(self) -> f64 {
        match self {
            Lane::Int(v) => v as f64,
            Lane::Float(f) => f,
        }
    }
}

/// Applies a length modifier to a signed value (`int` without one).
fn sized_signed(v: i64, len: Length, vector: bool) -> i64 {
    match len {
        Length::Hh => v as i8 as i64,
        Length::H => v as i16 as i64,
        Length::L => v,
        Length::Hl => v as i32 as i64,
        Length::Default if vector => v,
        Length::Default => v as i32 as i64,
    }
}

/// Applies a length modifier to an unsigned value.
fn sized_unsigned(v: u64, len: Length, vector: bool) -> u64 {
    match len {
        Length::Hh => v as u8 as u64,
        Length::H => v as u16 as u64,
        Length::L => v,
        Length::Hl => v as u32 as u64,
        Length::Default if vector => v,
        Length::Default => v as u32 as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::*;

    fn spec(fmt: &str, args: &[(LaneKind, usize)]) -> PrintfSpec {
        PrintfSpec {
            segments: parse(fmt).unwrap(),
            args: args
                .iter()
                .map(|&(kind, lanes)| ArgDesc { kind, lanes })
                .collect(),
        }
    }

    const I32: LaneKind = LaneKind::Int {
        bits: 32,
        signed: true,
    };

    #[test]
    fn formats_like_c() {
        let s = spec(
            "%d|%5.2f|%x|%e|%g|%c|%hhd|%08.3f|%-4u|%a",
            &[
                (I32, 1),
                (LaneKind::F64, 1),
                (I32, 1),
                (LaneKind::F64, 1),
                (LaneKind::F64, 1),
                (I32, 1),
                (I32, 1),
                (LaneKind::F64, 1),
                (I32, 1),
                (LaneKind::F64, 1),
            ],
        );
        let data = [
            (-42i32) as u32 as u64,
            1.23456f64.to_bits(),
            255,
            12345.678f64.to_bits(),
            0.0001f64.to_bits(),
            'Z' as u64,
            300,
            (-1.5f64).to_bits(),
            7,
            1.0f64.to_bits(),
        ];
        let out = unsafe { format(&s, &data) };
        assert_eq!(
            out,
            "-42| 1.23|ff|1.234568e+04|0.0001|Z|44|-001.500|7   |0x1p+0"
        );
    }

    #[test]
    fn formats_vectors_lane_by_lane() {
        let s = spec(
            "v=%v4hlf %v2hld %v3hhx",
            &[
                (LaneKind::F32, 4),
                (I32, 2),
                (
                    LaneKind::Int {
                        bits: 8,
                        signed: false,
                    },
                    4,
                ),
            ],
        );
        let mut data = vec![];
        for f in [1.0f32, 2.5, -3.0, 0.125] {
            data.push(f.to_bits() as u64);
        }
        data.push((-7i32) as u32 as u64);
        data.push(9);
        data.extend([0xab, 0x01, 0xff, 0]);
        let out = unsafe { format(&s, &data) };
        assert_eq!(out, "v=1.000000,2.500000,-3.000000,0.125000 -7,9 ab,1,ff");
    }
}
