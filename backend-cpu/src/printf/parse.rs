//! Parsing OpenCL printf format strings into literal text and conversion specifications.

/// A length modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Length {
    /// None given.
    Default,
    /// `hh` (char).
    Hh,
    /// `h` (short).
    H,
    /// `hl` (32 bits; vectors only).
    Hl,
    /// `l` (long, 64 bits).
    L,
}

/// One conversion specification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conv {
    /// Flags, width and precision as written (e.g. `-08.3`), passed on to C's `snprintf`.
    pub spec: String,
    /// The vector length of `%vN...`, if any.
    pub vector: Option<usize>,
    /// The length modifier.
    pub length: Length,
    /// The conversion character (`d`, `i`, `o`, `u`, `x`, `X`, `c`, `s`, `f`, `F`, `e`, `E`,
    /// `g`, `G`, `a`, `A`, `p`).
    pub conv: char,
}

/// A piece of a format string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Segment {
    /// Text copied as is (`%%` already turned into `%`).
    Text(String),
    /// A conversion consuming one argument.
    Conv(Conv),
}

/// Parses `format`, which ends at its first NUL as in C (so a terminator that came along
/// with a string literal prints nothing); an error names the first malformed conversion.
pub fn parse(format: &str) -> Result<Vec<Segment>, String> {
    let format = format.split('\0').next().unwrap_or_default();
    let mut out = Vec::new();
    let mut text = String::new();
    let mut it = format.chars().peekable();
    while let Some(c) = it.next() {
        if c != '%' {
            text.push(c);
            continue;
        }
        if it.peek() == Some(&'%') {
            it.next();
            text.push('%');
            continue;
        }
        let mut spec = String::new();
        while let Some(&f) = it.peek() {
            if "-+ #0".contains(f) {
                spec.push(f);
                it.next();
            } else {
                break;
            }
        }
        while let Some(&d) = it.peek().filter(|d| d.is_ascii_digit() || **d == '.') {
            spec.push(d);
            it.next();
        }
        let mut vector = None;
        if it.peek() == Some(&'v') {
            it.next();
            let mut n = String::new();
            while let Some(&d) = it.peek().filter(|d| d.is_ascii_digit()) {
                n.push(d);
                it.next();
            }
            match n.parse::<usize>() {
                Ok(v @ (2 | 3 | 4 | 8 | 16)) => vector = Some(v),
                _ => return Err(format!("bad vector length '{n}' in a printf conversion")),
            }
        }
        let mut length = Length::Default;
        if it.peek() == Some(&'h') {
            it.next();
            length = match it.peek() {
                Some('h') => {
                    it.next();
                    Length::Hh
                }
                Some('l') => {
                    it.next();
                    Length::Hl
                }
                _ => Length::H,
            };
        } else if it.peek() == Some(&'l') {
            it.next();
            length = Length::L;
        }
        let conv = it
            .next()
            .ok_or_else(|| "a printf conversion is cut off at the end".to_string())?;
        if !"diouxXcsfFeEgGaAp".contains(conv) {
            return Err(format!("unknown printf conversion '%{conv}'"));
        }
        if vector.is_some() && length == Length::Default && !"fFeEgGaA".contains(conv) {
            return Err("a vector printf conversion of integers needs hh, h, hl or l".into());
        }
        if !text.is_empty() {
            out.push(Segment::Text(std::mem::take(&mut text)));
        }
        out.push(Segment::Conv(Conv {
            spec,
            vector,
            length,
            conv,
        }));
    }
    if !text.is_empty() {
        out.push(Segment::Text(text));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_flags_vectors_and_lengths() {
        let s = parse("a=%-08.3f %v4hld %% %hhx\n").unwrap();
        assert_eq!(s.len(), 7);
        assert_eq!(
            s[1],
            Segment::Conv(Conv {
                spec: "-08.3".into(),
                vector: None,
                length: Length::Default,
                conv: 'f'
            })
        );
        assert_eq!(
            s[3],
            Segment::Conv(Conv {
                spec: String::new(),
                vector: Some(4),
                length: Length::Hl,
                conv: 'd'
            })
        );
        assert_eq!(s[4], Segment::Text(" % ".into()));
        assert!(parse("%q").is_err());
        assert!(parse("%v4d").is_err());
    }

    #[test]
    fn the_format_ends_at_its_first_nul() {
        assert_eq!(parse("a\n\0").unwrap(), vec![Segment::Text("a\n".into())]);
        assert_eq!(parse("x%d\0%q").unwrap().len(), 2);
    }
}
