//! Decoding of integer, floating and character literal spellings.

/// Suffix information of an integer literal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IntSuffix {
    /// `u`/`U` present.
    pub unsigned: bool,
    /// `l`/`L` (or `ll`) present.
    pub long: bool,
}

/// A decoded integer literal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IntLiteral {
    /// Value (must fit in 64 bits).
    pub value: u64,
    /// Suffixes.
    pub suffix: IntSuffix,
    /// Written in decimal (affects the type ladder in C).
    pub decimal: bool,
}

/// Parses an integer literal such as `42`, `0x1Fu`, `017`, `10ul`. Errors use
/// clang's wording (`invalid suffix 'xyz' on integer constant`, ...).
pub fn parse_int(text: &str) -> Result<IntLiteral, String> {
    let hex = text
        .strip_prefix("0x")
        .or_else(|| text.strip_prefix("0X"))
        .filter(|h| h.starts_with(|c: char| c.is_ascii_hexdigit()));
    // `0b101`: a GNU extension clang accepts.
    let binary = text
        .strip_prefix("0b")
        .or_else(|| text.strip_prefix("0B"))
        .filter(|b| b.starts_with(['0', '1']));
    let (radix, digits, suffix) = match (hex, binary) {
        (Some(h), _) => {
            let end = h.find(|c: char| !c.is_ascii_hexdigit()).unwrap_or(h.len());
            (16, &h[..end], &h[end..])
        }
        (None, Some(b)) => {
            let end = b.find(|c: char| !matches!(c, '0' | '1')).unwrap_or(b.len());
            (2, &b[..end], &b[end..])
        }
        (None, None) => {
            let end = text
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(text.len());
            let (digits, suffix) = text.split_at(end);
            if digits.len() > 1 && digits.starts_with('0') {
                if let Some(bad) = digits.chars().find(|c| !c.is_digit(8)) {
                    return Err(format!("invalid digit '{bad}' in octal constant"));
                }
                (8, &digits[1..], suffix)
            } else {
                (10, digits, suffix)
            }
        }
    };
    let suffix = match suffix.to_ascii_lowercase().as_str() {
        "" => IntSuffix {
            unsigned: false,
            long: false,
        },
        "u" => IntSuffix {
            unsigned: true,
            long: false,
        },
        "l" | "ll" => IntSuffix {
            unsigned: false,
            long: true,
        },
        "ul" | "lu" | "ull" | "llu" => IntSuffix {
            unsigned: true,
            long: true,
        },
        _ => return Err(format!("invalid suffix '{suffix}' on integer constant")),
    };
    let value = u64::from_str_radix(digits, radix).map_err(|e| match e.kind() {
        std::num::IntErrorKind::PosOverflow => {
            "integer literal is too large to be represented in any integer type".to_string()
        }
        _ => format!("invalid digit in integer constant '{text}'"),
    })?;
    Ok(IntLiteral {
        value,
        suffix,
        decimal: radix == 10,
    })
}

/// Suffix of a floating literal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FloatSuffix {
    /// No suffix: `double`.
    None,
    /// `f`/`F`: `float`.
    F,
    /// `h`/`H`: `half`.
    H,
    /// `l`/`L`: treated as `double`.
    L,
}

/// Parses a floating literal (decimal or hexadecimal) with optional suffix. Errors
/// use clang's wording (`exponent has no digits`, `invalid suffix 'fx' on floating
/// constant`, `hexadecimal floating constant requires an exponent`).
pub fn parse_float(text: &str) -> Result<(f64, FloatSuffix), String> {
    let hex = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X"));
    let (mantissa_digit, exponent_letters): (fn(char) -> bool, [char; 2]) = match hex {
        Some(_) => (|c| c.is_ascii_hexdigit() || c == '.', ['p', 'P']),
        None => (|c| c.is_ascii_digit() || c == '.', ['e', 'E']),
    };
    let body_text = hex.unwrap_or(text);
    let mantissa_end = body_text
        .find(|c: char| !mantissa_digit(c))
        .unwrap_or(body_text.len());
    let (mantissa, rest) = body_text.split_at(mantissa_end);
    let (exponent, suffix) = match rest.strip_prefix(exponent_letters) {
        Some(e) => {
            let digits_start = usize::from(e.starts_with(['+', '-']));
            let end = e[digits_start..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(e.len(), |i| i + digits_start);
            if end == digits_start {
                return Err("exponent has no digits".into());
            }
            (Some(&e[..end]), &e[end..])
        }
        None if hex.is_some() => {
            return Err("hexadecimal floating constant requires an exponent".into())
        }
        None => (None, rest),
    };
    let suffix = match suffix {
        "" => FloatSuffix::None,
        "f" | "F" => FloatSuffix::F,
        "h" | "H" => FloatSuffix::H,
        "l" | "L" => FloatSuffix::L,
        _ => return Err(format!("invalid suffix '{suffix}' on floating constant")),
    };
    let value = match hex {
        Some(_) => parse_hex_float(mantissa, exponent.unwrap_or("0")),
        None => text[..text.len() - suffix_len(suffix)].parse::<f64>().ok(),
    };
    value
        .map(|v| (v, suffix))
        .ok_or_else(|| format!("invalid floating constant '{text}'"))
}

fn suffix_len(suffix: FloatSuffix) -> usize {
    usize::from(suffix != FloatSuffix::None)
}

fn parse_hex_float(mant: &str, exp: &str) -> Option<f64> {
    let exp: i32 = exp.parse().ok()?;
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    let mut v = 0f64;
    for c in int.chars() {
        v = v * 16.0 + c.to_digit(16)? as f64;
    }
    let mut scale = 1.0 / 16.0;
    for c in frac.chars() {
        v += c.to_digit(16)? as f64 * scale;
        scale /= 16.0;
    }
    Some(v * 2f64.powi(exp))
}

/// Decodes a character literal such as `'a'`, `'\n'`, `'\x41'`, `'\0'`.
pub fn parse_char(text: &str) -> Result<i64, String> {
    let inner = text
        .strip_prefix('\'')
        .and_then(|t| t.strip_suffix('\''))
        .ok_or_else(|| "invalid character constant".to_string())?;
    let mut chars = inner.chars();
    let v = match chars.next() {
        None => return Err("empty character constant".into()),
        Some('\\') => match chars.next() {
            Some('n') => 10,
            Some('t') => 9,
            Some('r') => 13,
            Some('0'..='7') => {
                let digits: String = inner[1..].chars().take_while(|c| c.is_digit(8)).collect();
                let v = i64::from_str_radix(&digits, 8).unwrap_or(0);
                chars = inner[1 + digits.len()..].chars();
                v
            }
            Some('x') => {
                let digits: String = inner[2..]
                    .chars()
                    .take_while(|c| c.is_ascii_hexdigit())
                    .collect();
                let v = i64::from_str_radix(&digits, 16)
                    .map_err(|_| "invalid \\x escape".to_string())?;
                chars = inner[2 + digits.len()..].chars();
                v
            }
            Some('a') => 7,
            Some('b') => 8,
            Some('f') => 12,
            Some('v') => 11,
            // GNU `\e`: escape.
            Some('e' | 'E') => 27,
            Some(c @ ('\\' | '\'' | '"' | '?')) => c as i64,
            _ => return Err("unknown escape sequence".into()),
        },
        Some(c) => crate::source::raw_byte(c).map_or(c as i64, i64::from),
    };
    if chars.next().is_some() {
        return Err("multi-character character constant".into());
    }
    Ok(v as u8 as i8 as i64)
}

/// Decodes a string literal's spelling (with quotes) to bytes, without a NUL.
pub fn parse_string(text: &str) -> Result<Vec<u8>, String> {
    let inner = text
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .ok_or_else(|| "invalid string literal".to_string())?;
    let b = inner.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        // A byte that was not UTF-8 in the source (see `SourceMap::load`): that byte.
        if b[i] == 0xF4 {
            if let Some(raw) = inner[i..].chars().next().and_then(crate::source::raw_byte) {
                out.push(raw);
                i += 4;
                continue;
            }
        }
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        let c = *b.get(i + 1).ok_or("invalid escape at end of string")?;
        i += 2;
        let v = match c {
            b'n' => 10,
            b't' => 9,
            b'r' => 13,
            b'a' => 7,
            b'b' => 8,
            b'f' => 12,
            b'v' => 11,
            b'e' | b'E' => 27,
            b'\\' | b'\'' | b'"' | b'?' => c,
            b'0'..=b'7' => {
                let mut v = (c - b'0') as u32;
                let mut n = 1;
                while n < 3 && i < b.len() && (b'0'..=b'7').contains(&b[i]) {
                    v = v * 8 + (b[i] - b'0') as u32;
                    i += 1;
                    n += 1;
                }
                v as u8
            }
            b'x' => {
                let start = i;
                while i < b.len() && b[i].is_ascii_hexdigit() {
                    i += 1;
                }
                let digits = std::str::from_utf8(&b[start..i]).unwrap_or("");
                u32::from_str_radix(digits, 16).map_err(|_| "invalid \\x escape".to_string())? as u8
            }
            _ => return Err("unknown escape sequence in string literal".into()),
        };
        out.push(v);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ints() {
        assert_eq!(parse_int("0x1Fu").unwrap().value, 31);
        assert!(parse_int("0x1Fu").unwrap().suffix.unsigned);
        assert_eq!(parse_int("017").unwrap().value, 15);
        assert!(parse_int("10ul").unwrap().suffix.long);
        assert!(parse_int("10uu").is_err());
        assert!(parse_int("99999999999999999999").is_err());
        assert_eq!(
            parse_int("12xyz").unwrap_err(),
            "invalid suffix 'xyz' on integer constant"
        );
        assert_eq!(
            parse_int("0x").unwrap_err(),
            "invalid suffix 'x' on integer constant"
        );
        assert_eq!(
            parse_int("09").unwrap_err(),
            "invalid digit '9' in octal constant"
        );
        assert_eq!(parse_int("0").unwrap().value, 0);
        assert!(parse_int("0").unwrap().decimal);
    }

    #[test]
    fn floats() {
        assert_eq!(parse_float("1.5f").unwrap(), (1.5, FloatSuffix::F));
        assert_eq!(parse_float("0x1.8p1").unwrap().0, 3.0);
        assert_eq!(parse_float("1e3").unwrap(), (1000.0, FloatSuffix::None));
        assert_eq!(parse_float(".5").unwrap().0, 0.5);
        assert_eq!(parse_float("1.e-2f").unwrap(), (0.01, FloatSuffix::F));
        assert_eq!(parse_float("0x.8p1").unwrap().0, 1.0);
        assert_eq!(parse_float("1.0e").unwrap_err(), "exponent has no digits");
        assert_eq!(parse_float("1e+").unwrap_err(), "exponent has no digits");
        assert_eq!(
            parse_float("1.5fx").unwrap_err(),
            "invalid suffix 'fx' on floating constant"
        );
        assert_eq!(
            parse_float("0x1.0").unwrap_err(),
            "hexadecimal floating constant requires an exponent"
        );
        assert_eq!(parse_char("'\\n'").unwrap(), 10);
        assert_eq!(parse_char("'a'").unwrap(), 97);
    }
}
