//! Logos-based lexer producing [`Token`]s for the preprocessor and the parser.
//!
//! Comments are dropped (they only set `leading_space` on the next token), line
//! splices (backslash-newline) are removed before tokens are formed (C's translation
//! phase 2, so they may split any token or directive), and newlines are kept as
//! [`TokKind::Newline`] because directives are line based. Lexical errors become
//! [`TokKind::Error`] / [`TokKind::UnterminatedComment`] tokens so that they are only
//! reported when they appear in active (not `#if 0`-ed) code.

use crate::intern::Interner;
use crate::source::{FileId, Span};
use logos::Logos;
use std::rc::Rc;

fn block_comment(lex: &mut logos::Lexer<TokKind>) {
    let rest = lex.remainder();
    match rest.find("*/") {
        Some(i) => lex.bump(i + 2),
        None => lex.bump(rest.len()),
    }
}

fn line_comment(lex: &mut logos::Lexer<TokKind>) {
    let rest = lex.remainder();
    lex.bump(rest.find('\n').unwrap_or(rest.len()));
}

/// Kinds of tokens. Keywords have both OpenCL spellings (`kernel`/`__kernel`).
#[derive(Logos, Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[logos(skip r"[ \t\r\f\x0b]+")]
#[logos(skip r"\\\r?\n")]
pub enum TokKind {
    /// A `/* ... */` or `// ...` comment (removed by [`lex`]).
    #[token("/*", block_comment)]
    #[token("//", line_comment)]
    Comment,
    /// End of a source line (only meaningful to the preprocessor).
    #[token("\n")]
    Newline,
    /// Identifier (not a keyword).
    /// (`$` and non-ASCII letters as clang accepts them; U+10FF00 and up stand for bytes
    /// that were not UTF-8, see `SourceMap::load`, and are no letters.)
    #[regex(r"[A-Za-z_$\u{A0}-\u{10FEFF}][A-Za-z0-9_$\u{A0}-\u{10FEFF}]*")]
    Ident,
    /// Identifier classified as a type name (built-in OpenCL type or typedef);
    /// produced only by [`crate::parser`] before parsing.
    TypeName,
    /// Integer literal. The lexer matches a whole C pp-number (digits, letters, `_`,
    /// `.` and `e+`/`e-`/`p+`/`p-` sequences) as one token; [`lex`] classifies it as
    /// [`TokKind::IntLit`] or [`TokKind::FloatLit`] and [`crate::literal`] validates it.
    #[regex(r"(\.[0-9]|[0-9])([0-9A-Za-z_.]|[eEpP][+-])*")]
    IntLit,
    /// Floating literal (decimal or hex), optional `f`/`h`/`l` suffix.
    FloatLit,
    /// Character literal.
    #[regex(r"'([^'\\\n]|\\.)*'")]
    CharLit,
    /// String literal.
    #[regex(r#""([^"\\\n]|\\.)*""#)]
    StrLit,
    /// Invalid input (bad character, unterminated literal).
    Error,
    /// A `/*` comment without `*/`.
    UnterminatedComment,
    /// A NUL byte outside comments and literals (clang ignores it with a warning; the
    /// preprocessor drops it).
    #[token("\0")]
    NullChar,

    // ---- C keywords ----
    /// `auto`
    #[token("auto")]
    KwAuto,
    /// `break`
    #[token("break")]
    KwBreak,
    /// `case`
    #[token("case")]
    KwCase,
    /// `char`
    #[token("char")]
    KwChar,
    /// `const`
    #[token("const")]
    #[token("__const")]
    #[token("__const__")]
    KwConst,
    /// `continue`
    #[token("continue")]
    KwContinue,
    /// `default`
    #[token("default")]
    KwDefault,
    /// `do`
    #[token("do")]
    KwDo,
    /// `double`
    #[token("double")]
    KwDouble,
    /// `else`
    #[token("else")]
    KwElse,
    /// `enum`
    #[token("enum")]
    KwEnum,
    /// `extern`
    #[token("extern")]
    KwExtern,
    /// `float`
    #[token("float")]
    KwFloat,
    /// `for`
    #[token("for")]
    KwFor,
    /// `goto`
    #[token("goto")]
    KwGoto,
    /// `if`
    #[token("if")]
    KwIf,
    /// `inline`
    #[token("inline")]
    #[token("__inline")]
    #[token("__inline__")]
    KwInline,
    /// `int`
    #[token("int")]
    KwInt,
    /// `long`
    #[token("long")]
    KwLong,
    /// `register`
    #[token("register")]
    KwRegister,
    /// `restrict`
    #[token("restrict")]
    #[token("__restrict")]
    #[token("__restrict__")]
    KwRestrict,
    /// `return`
    #[token("return")]
    KwReturn,
    /// `short`
    #[token("short")]
    KwShort,
    /// `signed`
    #[token("signed")]
    #[token("__signed")]
    #[token("__signed__")]
    KwSigned,
    /// `sizeof`
    #[token("sizeof")]
    KwSizeof,
    /// `static`
    #[token("static")]
    KwStatic,
    /// `struct`
    #[token("struct")]
    KwStruct,
    /// `switch`
    #[token("switch")]
    KwSwitch,
    /// `typedef`
    #[token("typedef")]
    KwTypedef,
    /// `union`
    #[token("union")]
    KwUnion,
    /// `unsigned`
    #[token("unsigned")]
    KwUnsigned,
    /// `void`
    #[token("void")]
    KwVoid,
    /// `volatile`
    #[token("volatile")]
    #[token("__volatile")]
    #[token("__volatile__")]
    KwVolatile,
    /// `while`
    #[token("while")]
    KwWhile,

    // ---- OpenCL keywords ----
    /// `kernel` / `__kernel`
    #[token("kernel")]
    #[token("__kernel")]
    KwKernel,
    /// `global` / `__global`
    #[token("global")]
    #[token("__global")]
    KwGlobal,
    /// `local` / `__local`
    #[token("local")]
    #[token("__local")]
    KwLocal,
    /// `constant` / `__constant`
    #[token("constant")]
    #[token("__constant")]
    KwConstant,
    /// `private` / `__private`
    #[token("private")]
    #[token("__private")]
    KwPrivate,
    /// `read_only` / `__read_only`
    #[token("read_only")]
    #[token("__read_only")]
    KwReadOnly,
    /// `write_only` / `__write_only`
    #[token("write_only")]
    #[token("__write_only")]
    KwWriteOnly,
    /// `read_write` / `__read_write`
    #[token("read_write")]
    #[token("__read_write")]
    KwReadWrite,
    /// `__generic` (OpenCL 2.0 generic address space)
    #[token("__generic")]
    KwGeneric,
    /// `__alignof__` / `_Alignof`
    #[token("__alignof__")]
    #[token("__alignof")]
    #[token("_Alignof")]
    KwAlignof,
    /// `vec_step`
    #[token("vec_step")]
    KwVecStep,
    /// `__builtin_offsetof`
    #[token("__builtin_offsetof")]
    KwOffsetof,
    /// `__attribute__`
    #[token("__attribute__")]
    #[token("__attribute")]
    KwAttribute,

    // ---- punctuators ----
    /// `[`
    #[token("[")]
    #[token("<:")]
    LBracket,
    /// `]`
    #[token("]")]
    #[token(":>")]
    RBracket,
    /// `(`
    #[token("(")]
    LParen,
    /// `)`
    #[token(")")]
    RParen,
    /// `{`
    #[token("{")]
    #[token("<%")]
    LBrace,
    /// `}`
    #[token("}")]
    #[token("%>")]
    RBrace,
    /// `.`
    #[token(".")]
    Dot,
    /// `->`
    #[token("->")]
    Arrow,
    /// `++`
    #[token("++")]
    PlusPlus,
    /// `--`
    #[token("--")]
    MinusMinus,
    /// `&`
    #[token("&")]
    Amp,
    /// `*`
    #[token("*")]
    Star,
    /// `+`
    #[token("+")]
    Plus,
    /// `-`
    #[token("-")]
    Minus,
    /// `~`
    #[token("~")]
    Tilde,
    /// `!`
    #[token("!")]
    Bang,
    /// `/`
    #[token("/")]
    Slash,
    /// `%`
    #[token("%")]
    Percent,
    /// `<<`
    #[token("<<")]
    Shl,
    /// `>>`
    #[token(">>")]
    Shr,
    /// `<`
    #[token("<")]
    Lt,
    /// `>`
    #[token(">")]
    Gt,
    /// `<=`
    #[token("<=")]
    Le,
    /// `>=`
    #[token(">=")]
    Ge,
    /// `==`
    #[token("==")]
    EqEq,
    /// `!=`
    #[token("!=")]
    Ne,
    /// `^`
    #[token("^")]
    Caret,
    /// `|`
    #[token("|")]
    Pipe,
    /// `&&`
    #[token("&&")]
    AmpAmp,
    /// `||`
    #[token("||")]
    PipePipe,
    /// `?`
    #[token("?")]
    Question,
    /// `:`
    #[token(":")]
    Colon,
    /// `;`
    #[token(";")]
    Semi,
    /// `...`
    #[token("...")]
    Ellipsis,
    /// `=`
    #[token("=")]
    Assign,
    /// `*=`
    #[token("*=")]
    StarAssign,
    /// `/=`
    #[token("/=")]
    SlashAssign,
    /// `%=`
    #[token("%=")]
    PercentAssign,
    /// `+=`
    #[token("+=")]
    PlusAssign,
    /// `-=`
    #[token("-=")]
    MinusAssign,
    /// `<<=`
    #[token("<<=")]
    ShlAssign,
    /// `>>=`
    #[token(">>=")]
    ShrAssign,
    /// `&=`
    #[token("&=")]
    AmpAssign,
    /// `^=`
    #[token("^=")]
    CaretAssign,
    /// `|=`
    #[token("|=")]
    PipeAssign,
    /// `,`
    #[token(",")]
    Comma,
    /// `#`
    #[token("#")]
    #[token("%:")]
    Hash,
    /// `##`
    #[token("##")]
    #[token("%:%:")]
    HashHash,
}

impl TokKind {
    /// True for identifiers and keywords (everything a macro name may be).
    pub fn is_identifier_like(self) -> bool {
        matches!(self, TokKind::Ident | TokKind::TypeName)
            || (self as u32 >= TokKind::KwAuto as u32 && self as u32 <= TokKind::KwAttribute as u32)
    }
}

/// Classifies a pp-number spelling the way C does: after the leading digits (hex
/// digits after `0x`), a `.` or an exponent letter (`e`, or `p` for hex) makes it a
/// floating literal; anything else is an integer literal with a (maybe bad) suffix.
fn classify_number(text: &str) -> TokKind {
    let (digits, exponent) = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => (
            hex.trim_start_matches(|c: char| c.is_ascii_hexdigit()),
            ['p', 'P'],
        ),
        None => (
            text.trim_start_matches(|c: char| c.is_ascii_digit()),
            ['e', 'E'],
        ),
    };
    match digits.chars().next() {
        Some(c) if c == '.' || exponent.contains(&c) => TokKind::FloatLit,
        _ => TokKind::IntLit,
    }
}

/// A token with its spelling and the location it was spelled at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// Kind.
    pub kind: TokKind,
    /// Spelling (exact source text, or synthesized text for pasted/stringified tokens).
    pub text: Rc<str>,
    /// Where the token was spelled in an original file (a macro body for expanded tokens).
    pub span: Span,
    /// Whitespace (or a comment) preceded the token.
    pub leading_space: bool,
    /// Call site of the outermost macro expansion that produced this token, if any.
    pub expansion: Option<Span>,
}

impl Token {
    /// Span to report for this token: the macro call site for expanded tokens.
    pub fn report_span(&self) -> Span {
        self.expansion.unwrap_or(self.span)
    }
}

/// Lexes a whole file. Never fails: errors are `Error`/`UnterminatedComment` tokens.
/// Comments are removed; `Newline` tokens are kept. Line splices are removed first;
/// token spans still point into `text`.
pub fn lex(file: FileId, text: &str) -> Vec<Token> {
    lex_interned(file, text, &mut Interner::default())
}

/// [`lex`], taking token spellings from `interner` (shared across the files of a unit).
pub fn lex_interned(file: FileId, text: &str, interner: &mut Interner) -> Vec<Token> {
    if !text.contains("\\\n") && !text.contains("\\\r\n") {
        return lex_joined(file, text, None, interner);
    }
    let (joined, splices) = remove_line_splices(text);
    lex_joined(file, &joined, Some(&splices), interner)
}

/// Where line splices were removed from a text: for each splice, the offset in the joined
/// text of the byte that followed it and the number of bytes removed up to there.
struct Splices(Vec<(usize, usize)>);

impl Splices {
    /// The offset in the original text of joined-text offset `at` (its end included).
    fn original(&self, at: usize) -> usize {
        let n = self.0.partition_point(|&(pos, _)| pos <= at);
        at + n.checked_sub(1).map_or(0, |i| self.0[i].1)
    }
}

/// Removes every backslash-newline from `text`. Returns the joined text and where the
/// splices were.
fn remove_line_splices(text: &str) -> (String, Splices) {
    let bytes = text.as_bytes();
    let mut joined = String::with_capacity(text.len());
    let mut splices = Vec::new();
    let (mut removed, mut copied_to, mut from) = (0, 0, 0);
    while let Some(k) = text[from..].find('\\') {
        let at = from + k;
        let len = match &bytes[at + 1..] {
            [b'\n', ..] => 2,
            [b'\r', b'\n', ..] => 3,
            _ => 0,
        };
        from = at + 1;
        if len == 0 {
            continue;
        }
        // Only ASCII bytes are removed, so every cut is on a character boundary.
        joined.push_str(&text[copied_to..at]);
        removed += len;
        splices.push((joined.len(), removed));
        copied_to = at + len;
        from = copied_to;
    }
    joined.push_str(&text[copied_to..]);
    (joined, Splices(splices))
}

/// Lexes `text`, whose byte offsets map to the file's through `splices` when lines
/// were spliced.
fn lex_joined(
    file: FileId,
    text: &str,
    splices: Option<&Splices>,
    interner: &mut Interner,
) -> Vec<Token> {
    let file_span = |start: usize, end: usize| match splices {
        None => Span::new(file, start, end),
        Some(s) if end > start => Span::new(file, s.original(start), s.original(end - 1) + 1),
        Some(s) => Span::new(file, s.original(start), s.original(start)),
    };
    let mut out = Vec::with_capacity(text.len() / 4 + 16);
    let mut lexer = TokKind::lexer(text);
    let mut prev_end = 0usize;
    let mut pending_space = false;
    while let Some(res) = lexer.next() {
        let range = lexer.span();
        let slice = lexer.slice();
        let kind = match res {
            Ok(TokKind::Comment) => {
                if slice.starts_with("/*") && !(slice.len() >= 4 && slice.ends_with("*/")) {
                    TokKind::UnterminatedComment
                } else {
                    pending_space = true;
                    prev_end = range.end;
                    continue;
                }
            }
            Ok(TokKind::IntLit) => classify_number(slice),
            Ok(k) => k,
            Err(_) => TokKind::Error,
        };
        let leading_space = pending_space || range.start != prev_end;
        pending_space = false;
        prev_end = range.end;
        out.push(Token {
            kind,
            text: interner.intern_token(kind, slice),
            span: file_span(range.start, range.end),
            leading_space,
            expansion: None,
        });
    }
    out
}

/// Lexes a synthesized string (pasted token or stringification) into tokens that all
/// carry `span`. Returns `None` if the text is not exactly one valid token.
pub fn lex_single(text: &str, span: Span) -> Option<Token> {
    let mut lexer = TokKind::lexer(text);
    let kind = match lexer.next()? {
        Ok(TokKind::Comment) | Ok(TokKind::Newline) | Err(_) => return None,
        Ok(TokKind::IntLit) => classify_number(text),
        Ok(k) => k,
    };
    if lexer.span() != (0..text.len()) || lexer.next().is_some() {
        return None;
    }
    Some(Token {
        kind,
        text: Rc::from(text),
        span,
        leading_space: false,
        expansion: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(TokKind, String)> {
        lex(FileId(0), text)
            .into_iter()
            .map(|t| (t.kind, t.text.to_string()))
            .collect()
    }

    #[test]
    fn numbers_are_whole_pp_numbers() {
        use TokKind::{FloatLit, IntLit};
        let cases = [
            ("12xyz", IntLit),
            ("0x", IntLit),
            ("0x1e", IntLit),
            ("10UL", IntLit),
            ("1.5fx", FloatLit),
            ("1.0e", FloatLit),
            ("1.e-2f", FloatLit),
            (".5f", FloatLit),
            ("0x1p-2f", FloatLit),
            ("0x.8p+1", FloatLit),
            ("1e+3", FloatLit),
        ];
        for (text, kind) in cases {
            assert_eq!(kinds(text), vec![(kind, text.to_string())], "{text}");
        }
    }

    #[test]
    fn line_splices_join_tokens_and_keep_file_offsets() {
        let text = "va\\\nlue \"a\\\r\nb\" 1";
        let toks = lex(FileId(0), text);
        let got: Vec<(&str, usize, usize)> = toks
            .iter()
            .map(|t| (&*t.text, t.span.start as usize, t.span.end as usize))
            .collect();
        assert_eq!(got, [("value", 0, 7), ("\"ab\"", 8, 15), ("1", 16, 17)]);
    }

    #[test]
    fn splice_offsets_match_a_byte_by_byte_walk() {
        // Reference: keep each byte not in a backslash-newline, noting its offset.
        fn reference(text: &str) -> (String, Vec<usize>) {
            let b = text.as_bytes();
            let (mut joined, mut origin, mut i) = (Vec::new(), Vec::new(), 0);
            while i < b.len() {
                if b[i] == b'\\' && b[i + 1..].starts_with(b"\n") {
                    i += 2;
                } else if b[i] == b'\\' && b[i + 1..].starts_with(b"\r\n") {
                    i += 3;
                } else {
                    joined.push(b[i]);
                    origin.push(i);
                    i += 1;
                }
            }
            origin.push(b.len());
            (String::from_utf8(joined).unwrap(), origin)
        }
        for text in [
            "a\\\nb",
            "\\\\\nx",
            "a\\\r\n\\\nb\\",
            "\\\n\\\n\\\n",
            "x\\",
            "\\\r",
            "é\\\nü \\ \\\r\nend\\\n",
        ] {
            let (joined, splices) = remove_line_splices(text);
            let (want, origin) = reference(text);
            assert_eq!(joined, want, "{text:?}");
            for (at, &o) in origin.iter().enumerate() {
                assert_eq!(splices.original(at), o, "{text:?} at {at}");
            }
        }
    }

    #[test]
    fn a_minus_after_a_number_is_its_own_token_unless_after_an_exponent_letter() {
        let toks = kinds("1-2 1e-2 a.x");
        let texts: Vec<&str> = toks.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(texts, ["1", "-", "2", "1e-2", "a", ".", "x"]);
    }
}
