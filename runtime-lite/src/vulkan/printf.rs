//! The launcher side of `printf` on Vulkan: the printf buffer a printing kernel writes its
//! records to (layout in `oclc_ir::legalize::printf_buffer`), and the formatting of those
//! records after the dispatch with the CPU backend's printf formatter, so that both
//! targets print alike.

use oclc_backend_cpu::printf::{format, parse, ArgDesc, LaneKind, PrintfSpec};
use oclc_ir::legalize::printf_buffer::{PrintfFormat, PrintfLane, PRINTF_HEADER_WORDS};

/// Size of the printf buffer in bytes (1 MiB: a quarter million words of records).
pub const PRINTF_BUFFER_BYTES: usize = 1 << 20;

/// The printf buffer's initial contents: nothing reserved yet, and the record capacity.
pub(crate) fn initial_buffer() -> Vec<u8> {
    let mut bytes = vec![0u8; PRINTF_BUFFER_BYTES];
    let capacity = (PRINTF_BUFFER_BYTES / 4) as u32 - PRINTF_HEADER_WORDS;
    bytes[4..8].copy_from_slice(&capacity.to_le_bytes());
    bytes
}

/// What a printing launch printed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PrintfOutput {
    /// The formatted records, in the order the work-items reserved them.
    pub text: String,
    /// Some records did not fit in the buffer and were dropped.
    pub truncated: bool,
}

/// Formats the records of a printf buffer (`words`, as read back after the launch) with
/// the module's format table. Records are formatted in buffer order; a damaged record (an
/// unknown format id) ends the formatting with a note in the text.
pub fn format_printf_buffer(
    words: &[u32],
    formats: &[PrintfFormat],
) -> Result<PrintfOutput, String> {
    let specs: Vec<PrintfSpec> = formats
        .iter()
        .map(|f| {
            Ok(PrintfSpec {
                segments: parse(&f.format)?,
                args: f
                    .args
                    .iter()
                    .map(|a| ArgDesc {
                        kind: lane_kind(a.lane),
                        lanes: a.lanes as usize,
                    })
                    .collect(),
            })
        })
        .collect::<Result<_, String>>()?;
    let header = PRINTF_HEADER_WORDS as usize;
    if words.len() < header {
        return Ok(PrintfOutput::default());
    }
    let reserved = words[0] as usize;
    let end = (header + reserved).min(words.len());
    let mut out = PrintfOutput {
        text: String::new(),
        truncated: header + reserved > words.len(),
    };
    let mut at = header;
    while at < end {
        let id = words[at] as usize;
        let (Some(spec), Some(f)) = (specs.get(id), formats.get(id)) else {
            out.text.push_str("(damaged printf record)\n");
            break;
        };
        at += 1;
        let mut slots = Vec::with_capacity(spec.slots());
        for a in &f.args {
            for _ in 0..a.lanes {
                let n = a.lane.words() as usize;
                if at + n > end {
                    return Ok(out);
                }
                let low = words[at] as u64;
                let high = if n == 2 {
                    (words[at + 1] as u64) << 32
                } else {
                    0
                };
                slots.push(low | high);
                at += n;
            }
        }
        // SAFETY: no `%s` argument reaches here: the argument kinds are numbers and
        // addresses, which the formatter prints without dereferencing.
        out.text.push_str(&unsafe { format(spec, &slots) });
    }
    Ok(out)
}

fn lane_kind(lane: PrintfLane) -> LaneKind {
    match lane {
        PrintfLane::Int { bits, signed } => LaneKind::Int { bits, signed },
        PrintfLane::F32 => LaneKind::F32,
        PrintfLane::F64 => LaneKind::F64,
        PrintfLane::Ptr => LaneKind::Ptr,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oclc_ir::legalize::printf_buffer::PrintfArg;

    #[test]
    fn records_format_like_c_printf() {
        let formats = vec![PrintfFormat {
            format: "%d %u %ld %.2f %v2hhd|\n".into(),
            args: vec![
                PrintfArg {
                    lane: PrintfLane::Int {
                        bits: 32,
                        signed: true,
                    },
                    lanes: 1,
                },
                PrintfArg {
                    lane: PrintfLane::Int {
                        bits: 32,
                        signed: false,
                    },
                    lanes: 1,
                },
                PrintfArg {
                    lane: PrintfLane::Int {
                        bits: 64,
                        signed: true,
                    },
                    lanes: 1,
                },
                PrintfArg {
                    lane: PrintfLane::F64,
                    lanes: 1,
                },
                PrintfArg {
                    lane: PrintfLane::Int {
                        bits: 8,
                        signed: true,
                    },
                    lanes: 2,
                },
            ],
        }];
        let x = 2.5f64.to_bits();
        let big = (-5_000_000_000i64) as u64;
        let words = [
            9,
            1000, // header: 9 words reserved
            0,
            (-7i32) as u32,
            4_000_000_000,
            big as u32,
            (big >> 32) as u32,
            x as u32,
            (x >> 32) as u32,
            0xff,
            3,
        ];
        let out = format_printf_buffer(&words, &formats).unwrap();
        // Hand-checked against C's printf of the same values.
        assert_eq!(out.text, "-7 4000000000 -5000000000 2.50 -1,3|\n");
        assert!(!out.truncated);
    }
}
