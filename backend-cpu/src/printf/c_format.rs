//! Translating a parsed OpenCL printf call into one C `printf` format and the list of its
//! variadic arguments, for object files, whose code calls the C library's `vprintf`
//! directly (see `crate::object::printf`). The translation makes C print exactly what
//! [`super::format`] prints for the JIT: vector conversions become one C conversion per
//! lane joined by `,`; float lanes are promoted to `double` (C's varargs promotion); the
//! OpenCL length modifiers become C's (`l`, 64 bits in OpenCL, is C's `ll`; `hl`, 32 bits,
//! is none); a literal `%` in the text is written `%%`.

use super::{ArgDesc, Conv, LaneKind, Length, PrintfSpec, Segment};

/// The text printed where an argument is missing (as the JIT prints it).
const MISSING_ARGUMENT: &str = "(missing printf argument)";

/// What C reads for one variadic argument, each taking one 8-byte slot of the argument
/// area on x86-64 System V.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CArgKind {
    /// A 64-bit integer (or pointer): an integer lane sign- or zero-extended by its own
    /// signedness, a float lane converted toward zero (saturating, NaN as 0).
    Integer,
    /// A `double`: a float lane promoted, an integer lane converted from signed 64 bits.
    Double,
}

/// One variadic argument of the C call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CArg {
    /// The lane's 8-byte slot in the data the kernel code stores (see [`PrintfSpec`]).
    pub slot: usize,
    /// How that lane is stored.
    pub lane: LaneKind,
    /// What C reads.
    pub kind: CArgKind,
}

/// A printf call as a C `printf` call.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CFormat {
    /// The C format string, NUL-terminated.
    pub format: Vec<u8>,
    /// The variadic arguments in order.
    pub args: Vec<CArg>,
}

/// Translates `spec` into a C format and its arguments.
pub fn c_format(spec: &PrintfSpec) -> CFormat {
    let mut format = String::new();
    let mut args = Vec::new();
    let mut arg = 0usize;
    let mut slot = 0usize;
    for seg in &spec.segments {
        match seg {
            Segment::Text(t) => format.push_str(&t.replace('%', "%%")),
            Segment::Conv(c) => {
                let Some(desc) = spec.args.get(arg) else {
                    format.push_str(MISSING_ARGUMENT);
                    continue;
                };
                push_conv(c, *desc, slot, &mut format, &mut args);
                arg += 1;
                slot += desc.lanes;
            }
        }
    }
    let mut format = format.into_bytes();
    format.push(0);
    CFormat { format, args }
}

/// Appends the C conversions of `c` for the argument `desc` stored from `slot` on.
fn push_conv(c: &Conv, desc: ArgDesc, slot: usize, format: &mut String, args: &mut Vec<CArg>) {
    let (length, kind) = c_conversion(c);
    let lanes = c.vector.unwrap_or(1).min(desc.lanes);
    for lane in 0..lanes {
        if lane > 0 {
            format.push(',');
        }
        format.push('%');
        format.push_str(&c.spec);
        format.push_str(length);
        format.push(c.conv);
        args.push(CArg {
            slot: slot + lane,
            lane: desc.kind,
            kind,
        });
    }
}

/// The C length modifier and argument kind of one lane of `c`.
fn c_conversion(c: &Conv) -> (&'static str, CArgKind) {
    match c.conv {
        'd' | 'i' | 'o' | 'u' | 'x' | 'X' => {
            let length = match c.length {
                Length::Hh => "hh",
                Length::H => "h",
                Length::Hl => "",
                Length::L => "ll",
                // Vectors without a length are float-only (the parser refuses others), so a
                // default-length integer conversion is a scalar `int`.
                Length::Default => "",
            };
            (length, CArgKind::Integer)
        }
        // `%c` takes an `int` in C; `%lc` would be a wide character, so no length.
        'c' | 's' | 'p' => ("", CArgKind::Integer),
        // Floats: C's `%f` and friends read a double whatever OpenCL's `l` or `hl` said.
        _ => ("", CArgKind::Double),
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::*;

    const I32: LaneKind = LaneKind::Int {
        bits: 32,
        signed: true,
    };

    fn spec(fmt: &str, args: &[(LaneKind, usize)]) -> PrintfSpec {
        PrintfSpec {
            segments: parse(fmt).unwrap(),
            args: args
                .iter()
                .map(|&(kind, lanes)| ArgDesc { kind, lanes })
                .collect(),
        }
    }

    #[test]
    fn vectors_expand_lane_by_lane() {
        let s = spec("v=%.2v3hlf|%v2hhx 100%%", &[(LaneKind::F32, 4), (I32, 2)]);
        let c = c_format(&s);
        assert_eq!(c.format, b"v=%.2f,%.2f,%.2f|%hhx,%hhx 100%%\0");
        let slots: Vec<usize> = c.args.iter().map(|a| a.slot).collect();
        assert_eq!(slots, [0, 1, 2, 4, 5]);
        assert_eq!(c.args[0].kind, CArgKind::Double);
        assert_eq!(c.args[3].kind, CArgKind::Integer);
    }

    #[test]
    fn lengths_map_to_c() {
        let s = spec(
            "%ld %lu %hd %hld %c %s %p %lf",
            &[
                (I32, 1),
                (I32, 1),
                (I32, 1),
                (I32, 1),
                (I32, 1),
                (LaneKind::Ptr, 1),
                (LaneKind::Ptr, 1),
                (LaneKind::F64, 1),
            ],
        );
        assert_eq!(c_format(&s).format, b"%lld %llu %hd %d %c %s %p %f\0");
    }

    #[test]
    fn missing_arguments_are_named() {
        let s = spec("a %d b %d\n", &[(I32, 1)]);
        let c = c_format(&s);
        assert_eq!(c.format, b"a %d b (missing printf argument)\n\0");
        assert_eq!(c.args.len(), 1);
    }
}
