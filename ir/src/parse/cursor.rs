//! A cursor over one line of IR text: the small lexical helpers the parser is built from.
//! Every method reports failure as a [`ParseError`] at the cursor's line and column.

use super::ParseError;
use crate::op::ValueId;

/// The largest value number accepted, so that a garbled number cannot make the parser
/// allocate a huge `value_types` vector.
pub const MAX_VALUE_ID: u32 = 1 << 24;

/// A position in one line of the input.
pub struct Cursor<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor at the first non-blank character of `text`, which is line `line` (1-based).
    pub fn new(text: &'a str, line: usize) -> Self {
        let pos = text.len() - text.trim_start().len();
        Cursor { text, pos, line }
    }

    /// An error at the cursor.
    pub fn error(&self, message: impl Into<String>) -> ParseError {
        self.error_at(self.pos, message)
    }

    /// An error at byte offset `pos` of this line.
    pub fn error_at(&self, pos: usize, message: impl Into<String>) -> ParseError {
        let column = self.text.get(..pos).map_or(1, |s| s.chars().count() + 1);
        ParseError {
            line: self.line,
            column,
            message: message.into(),
        }
    }

    /// The byte offset of the cursor.
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// The unread rest of the line.
    pub fn rest(&self) -> &'a str {
        self.text.get(self.pos..).unwrap_or("")
    }

    /// Moves the cursor to the end of the line.
    pub fn skip_rest(&mut self) {
        self.pos = self.text.len();
    }

    /// Skips spaces and tabs.
    pub fn skip_ws(&mut self) {
        let rest = self.rest();
        self.pos += rest.len() - rest.trim_start().len();
    }

    /// True when only blanks remain.
    pub fn at_end(&mut self) -> bool {
        self.skip_ws();
        self.rest().is_empty()
    }

    /// Fails unless only blanks remain.
    pub fn expect_end(&mut self) -> Result<(), ParseError> {
        if self.at_end() {
            Ok(())
        } else {
            Err(self.error(format!("unexpected `{}`", self.rest())))
        }
    }

    /// Consumes `s` (after blanks) if it comes next.
    pub fn eat(&mut self, s: &str) -> bool {
        self.skip_ws();
        if self.rest().starts_with(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    /// Consumes `s` (after blanks) or fails.
    pub fn expect(&mut self, s: &str) -> Result<(), ParseError> {
        if self.eat(s) {
            Ok(())
        } else {
            Err(self.error(format!("expected `{s}`")))
        }
    }

    /// Consumes a word of letters, digits, `_` and `.` (possibly empty).
    pub fn word(&mut self) -> &'a str {
        self.skip_ws();
        let rest = self.rest();
        let n = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
            .unwrap_or(rest.len());
        self.pos += n;
        &rest[..n]
    }

    /// Consumes a keyword: a word equal to `kw` (not a prefix of a longer word).
    pub fn eat_keyword(&mut self, kw: &str) -> bool {
        let save = self.pos;
        if self.word() == kw {
            true
        } else {
            self.pos = save;
            false
        }
    }

    /// Consumes an unsigned decimal number that fits in `u64`.
    pub fn number(&mut self) -> Result<u64, ParseError> {
        self.skip_ws();
        let start = self.pos;
        let rest = self.rest();
        let n = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        self.pos += n;
        rest[..n]
            .parse()
            .map_err(|_| self.error_at(start, "expected a number"))
    }

    /// Consumes an unsigned decimal number that fits in `u32`.
    pub fn number_u32(&mut self) -> Result<u32, ParseError> {
        let start = self.pos;
        let n = self.number()?;
        u32::try_from(n).map_err(|_| self.error_at(start, "number too large"))
    }

    /// Consumes an unsigned decimal number that fits in `u8`.
    pub fn number_u8(&mut self) -> Result<u8, ParseError> {
        let start = self.pos;
        let n = self.number()?;
        u8::try_from(n).map_err(|_| self.error_at(start, "number too large"))
    }

    /// Consumes `<prefix>N`, e.g. `%3` or `$0`.
    pub fn prefixed(&mut self, prefix: &str, what: &str) -> Result<u32, ParseError> {
        self.skip_ws();
        let start = self.pos;
        if !self.eat(prefix) {
            return Err(self.error(format!("expected {what} `{prefix}N`")));
        }
        if !self.rest().starts_with(|c: char| c.is_ascii_digit()) {
            return Err(self.error(format!("expected {what} `{prefix}N`")));
        }
        let n = self.number()?;
        u32::try_from(n).map_err(|_| self.error_at(start, "number too large"))
    }

    /// Consumes a value reference `%N`.
    pub fn value(&mut self) -> Result<ValueId, ParseError> {
        self.skip_ws();
        let start = self.pos;
        let n = self.prefixed("%", "a value")?;
        if n >= MAX_VALUE_ID {
            return Err(self.error_at(start, "value number too large"));
        }
        Ok(ValueId(n))
    }

    /// Consumes a comma-separated list of values (possibly empty, ends at `)`/end of line).
    pub fn value_list(&mut self) -> Result<Vec<ValueId>, ParseError> {
        let mut out = Vec::new();
        self.skip_ws();
        if !self.rest().starts_with('%') {
            return Ok(out);
        }
        loop {
            out.push(self.value()?);
            if !self.eat(",") {
                return Ok(out);
            }
        }
    }

    /// Consumes a quoted string with `\\` and `\"` escapes.
    pub fn string(&mut self) -> Result<String, ParseError> {
        self.expect("\"")?;
        let mut out = String::new();
        let mut chars = self.rest().char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.pos += i + 1;
                    return Ok(out);
                }
                '\\' => match chars.next() {
                    Some((_, 'x')) => {
                        let hex: String = chars.by_ref().take(2).map(|(_, h)| h).collect();
                        match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                            Some(ch) if hex.len() == 2 => out.push(ch),
                            _ => return Err(self.error("bad \\x escape in string")),
                        }
                    }
                    Some((_, e)) => out.push(e),
                    None => break,
                },
                c => out.push(c),
            }
        }
        Err(self.error("unterminated string"))
    }

    /// Consumes `@name`, the name running up to `(` or a blank.
    pub fn at_name(&mut self) -> Result<&'a str, ParseError> {
        self.expect("@")?;
        let rest = self.rest();
        let n = rest
            .find(|c: char| c == '(' || c.is_whitespace())
            .unwrap_or(rest.len());
        if n == 0 {
            return Err(self.error("expected a name after `@`"));
        }
        self.pos += n;
        Ok(&rest[..n])
    }

    /// Consumes everything up to the first occurrence of `end` (not consuming `end`).
    pub fn until(&mut self, end: &str) -> Result<&'a str, ParseError> {
        let rest = self.rest();
        match rest.find(end) {
            Some(n) => {
                self.pos += n;
                Ok(&rest[..n])
            }
            None => Err(self.error(format!("expected `{end}`"))),
        }
    }
}
