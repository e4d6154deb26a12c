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

/// Parses an integer literal such as `42`, `0x1Fu`, `017`, `10ul`.
pub fn parse_int(text: &str) -> Result<IntLiteral, String> {
    let body_end = text
        .find(['u', 'U', 'l', 'L'])
        .filter(|&i| !(text.starts_with("0x") || text.starts_with("0X")) || i > 1)
        .unwrap_or(text.len());
    let (digits, suffix) = text.split_at(body_end);
    let lower = suffix.to_ascii_lowercase();
    let suffix = match lower.as_str() {
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
    let (radix, digits, decimal) = if let Some(h) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        (16, h, false)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (8, &digits[1..], false)
    } else {
        (10, digits, true)
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
        decimal,
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

/// Parses a floating literal (decimal or hexadecimal) with optional suffix.
pub fn parse_float(text: &str) -> Result<(f64, FloatSuffix), String> {
    let is_hex = text.starts_with("0x") || text.starts_with("0X");
    let (body, suffix) = match text.chars().last() {
        Some('f' | 'F') if !is_hex || text.contains(['p', 'P']) => {
            (&text[..text.len() - 1], FloatSuffix::F)
        }
        Some('h' | 'H') => (&text[..text.len() - 1], FloatSuffix::H),
        Some('l' | 'L') => (&text[..text.len() - 1], FloatSuffix::L),
        _ => (text, FloatSuffix::None),
    };
    let value = if is_hex {
        parse_hex_float(&body[2..])
    } else {
        body.parse::<f64>().ok()
    };
    value
        .map(|v| (v, suffix))
        .ok_or_else(|| format!("invalid floating constant '{text}'"))
}

fn parse_hex_float(s: &str) -> Option<f64> {
    let (mant, exp) = s.split_once(['p', 'P'])?;
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
            Some(c @ ('\\' | '\'' | '"' | '?')) => c as i64,
            _ => return Err("unknown escape sequence".into()),
        },
        Some(c) => c as i64,
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
    }

    #[test]
    fn floats() {
        assert_eq!(parse_float("1.5f").unwrap(), (1.5, FloatSuffix::F));
        assert_eq!(parse_float("0x1.8p1").unwrap().0, 3.0);
        assert_eq!(parse_float("1e3").unwrap(), (1000.0, FloatSuffix::None));
        assert_eq!(parse_char("'\\n'").unwrap(), 10);
        assert_eq!(parse_char("'a'").unwrap(), 97);
    }
}
