//! `--diagnostics-format json`: every diagnostic is one JSON object per line on stderr,
//! with the location of a deliberate error (checked by hand against the source text).

mod common;

use common::*;
use std::collections::BTreeMap;

/// A parsed JSON value (a tiny parser: enough for the diagnostics' objects).
#[derive(Clone, Debug, PartialEq)]
enum Json {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(BTreeMap<String, Json>),
}

impl Json {
    fn get(&self, key: &str) -> &Json {
        match self {
            Json::Obj(m) => m
                .get(key)
                .unwrap_or_else(|| panic!("no key {key} in {self:?}")),
            _ => panic!("not an object: {self:?}"),
        }
    }
    fn num(&self) -> f64 {
        match self {
            Json::Num(n) => *n,
            _ => panic!("not a number: {self:?}"),
        }
    }
    fn str(&self) -> &str {
        match self {
            Json::Str(s) => s,
            _ => panic!("not a string: {self:?}"),
        }
    }
    fn arr(&self) -> &[Json] {
        match self {
            Json::Arr(a) => a,
            _ => panic!("not an array: {self:?}"),
        }
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) {
        self.ws();
        assert_eq!(
            self.s.get(self.i),
            Some(&c),
            "expected '{}' at {}",
            c as char,
            self.i
        );
        self.i += 1;
    }
    fn value(&mut self) -> Json {
        self.ws();
        match self.s[self.i] {
            b'{' => {
                self.i += 1;
                let mut m = BTreeMap::new();
                self.ws();
                if self.s[self.i] == b'}' {
                    self.i += 1;
                    return Json::Obj(m);
                }
                loop {
                    self.ws();
                    let Json::Str(k) = self.value() else {
                        panic!("key must be a string")
                    };
                    self.eat(b':');
                    let v = self.value();
                    assert!(m.insert(k, v).is_none(), "duplicate key");
                    self.ws();
                    self.i += 1;
                    if self.s[self.i - 1] == b'}' {
                        return Json::Obj(m);
                    }
                    assert_eq!(self.s[self.i - 1], b',');
                }
            }
            b'[' => {
                self.i += 1;
                let mut a = Vec::new();
                self.ws();
                if self.s[self.i] == b']' {
                    self.i += 1;
                    return Json::Arr(a);
                }
                loop {
                    a.push(self.value());
                    self.ws();
                    self.i += 1;
                    if self.s[self.i - 1] == b']' {
                        return Json::Arr(a);
                    }
                    assert_eq!(self.s[self.i - 1], b',');
                }
            }
            b'"' => {
                self.i += 1;
                let mut out = String::new();
                loop {
                    let c = self.s[self.i];
                    self.i += 1;
                    match c {
                        b'"' => return Json::Str(out),
                        b'\\' => {
                            let e = self.s[self.i];
                            self.i += 1;
                            match e {
                                b'n' => out.push('\n'),
                                b't' => out.push('\t'),
                                b'r' => out.push('\r'),
                                b'u' => {
                                    let hex =
                                        std::str::from_utf8(&self.s[self.i..self.i + 4]).unwrap();
                                    self.i += 4;
                                    out.push(
                                        char::from_u32(u32::from_str_radix(hex, 16).unwrap())
                                            .unwrap(),
                                    );
                                }
                                other => out.push(other as char),
                            }
                        }
                        _ => {
                            assert!(c >= 0x20, "raw control character in a string");
                            // Multi-byte UTF-8: copy the whole sequence.
                            let start = self.i - 1;
                            let len = match c {
                                0xf0..=0xff => 4,
                                0xe0..=0xef => 3,
                                0xc0..=0xdf => 2,
                                _ => 1,
                            };
                            self.i = start + len;
                            out.push_str(std::str::from_utf8(&self.s[start..self.i]).unwrap());
                        }
                    }
                }
            }
            b't' => self.word("true", Json::Bool(true)),
            b'f' => self.word("false", Json::Bool(false)),
            b'n' => self.word("null", Json::Null),
            _ => {
                let start = self.i;
                while self.i < self.s.len() && b"-+.eE0123456789".contains(&self.s[self.i]) {
                    self.i += 1;
                }
                let text = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                Json::Num(
                    text.parse()
                        .unwrap_or_else(|_| panic!("bad number '{text}'")),
                )
            }
        }
    }
    fn word(&mut self, w: &str, v: Json) -> Json {
        assert!(
            self.s[self.i..].starts_with(w.as_bytes()),
            "bad literal at {}",
            self.i
        );
        self.i += w.len();
        v
    }
}

/// Parses one line as exactly one JSON value.
fn parse_line(line: &str) -> Json {
    let mut p = Parser {
        s: line.as_bytes(),
        i: 0,
    };
    let v = p.value();
    p.ws();
    assert_eq!(
        p.i,
        line.len(),
        "trailing text after the JSON value in {line}"
    );
    v
}

fn json_lines(o: &std::process::Output) -> Vec<Json> {
    let err = String::from_utf8_lossy(&o.stderr);
    err.lines()
        .filter(|l| !l.is_empty())
        .map(parse_line)
        .collect()
}

/// Line 3, columns 12..17 (`count`): an undeclared identifier.
const UNDECLARED: &str =
    "// \"quoted\" comment\n__kernel void k(__global int *p) {\n    p[0] = count;\n}\n";

fn check_undeclared(d: &Json) {
    assert_eq!(d.get("severity").str(), "error");
    assert_eq!(d.get("code").str(), "E0300");
    assert!(d.get("message").str().contains("'count'"), "{d:?}");
    assert!(d.get("file").str().ends_with("bad.cl"));
    let src = UNDECLARED;
    let start = src.find("count").unwrap();
    assert_eq!(d.get("byte_start").num() as usize, start);
    assert_eq!(d.get("byte_end").num() as usize, start + "count".len());
    assert_eq!(d.get("line_start").num(), 3.0);
    assert_eq!(d.get("line_end").num(), 3.0);
    assert_eq!(d.get("column_start").num(), 12.0);
    assert_eq!(d.get("column_end").num(), 17.0);
    let labels = d.get("labels").arr();
    assert_eq!(labels[0].get("primary"), &Json::Bool(true));
    assert_eq!(labels[0].get("byte_start").num() as usize, start);
    assert!(d.get("notes").arr().is_empty());
}

#[test]
fn syntax_only_errors_are_json_lines_with_locations() {
    let dir = scratch("diag_json_syntax_only");
    std::fs::write(dir.join("bad.cl"), UNDECLARED).unwrap();
    let out = oclc(
        &["bad.cl", "-fsyntax-only", "--diagnostics-format", "json"],
        &dir,
    );
    assert_eq!(out.status.code(), Some(1));
    let diags = json_lines(&out);
    assert_eq!(diags.len(), 1, "{diags:?}");
    check_undeclared(&diags[0]);
}

#[test]
fn compile_and_run_use_the_same_format() {
    let dir = scratch("diag_json_compile_run");
    std::fs::write(dir.join("bad.cl"), UNDECLARED).unwrap();
    let out = oclc(
        &["bad.cl", "-o", "x.spv", "--diagnostics-format", "json"],
        &dir,
    );
    assert_eq!(out.status.code(), Some(1));
    check_undeclared(&json_lines(&out)[0]);
    let out = oclc(
        &[
            "run",
            "bad.cl",
            "--kernel",
            "k",
            "--global",
            "1",
            "--arg",
            "i32[1]=zeros",
            "--diagnostics-format",
            "json",
        ],
        &dir,
    );
    assert_eq!(out.status.code(), Some(1));
    check_undeclared(&json_lines(&out)[0]);
}

#[test]
fn macro_notes_and_warnings_are_in_the_json() {
    let dir = scratch("diag_json_macro");
    let src = "#define X 1\n#define X 2\n#define ADD(a, b) ((a) + (b))\n\
               __kernel void k(__global float *p) {\n    p[0] = ADD(p, 1.0f);\n}\n";
    std::fs::write(dir.join("m.cl"), src).unwrap();
    let out = oclc(
        &["m.cl", "-fsyntax-only", "--diagnostics-format", "json"],
        &dir,
    );
    assert_eq!(out.status.code(), Some(1));
    let diags = json_lines(&out);
    let warning = diags
        .iter()
        .find(|d| d.get("severity").str() == "warning")
        .expect("the redefinition warning");
    assert_eq!(warning.get("line_start").num(), 2.0);
    let error = diags
        .iter()
        .find(|d| d.get("severity").str() == "error")
        .expect("the operand error");
    assert_eq!(error.get("line_start").num(), 5.0);
    assert_eq!(error.get("column_start").num(), 12.0);
    let notes = error.get("notes").arr();
    assert!(
        notes
            .iter()
            .any(|n| n.str().contains("in expansion of macro `ADD`")),
        "{notes:?}"
    );
    let def = &error.get("labels").arr()[1];
    assert_eq!(def.get("line_start").num(), 3.0);
    assert_eq!(def.get("column_start").num(), 9.0);
    assert_eq!(
        def.get("byte_start").num() as usize,
        src.find("ADD").unwrap()
    );
}

#[test]
fn errors_without_a_location_are_json_too() {
    let dir = scratch("diag_json_io");
    let out = oclc(&["missing.cl", "--diagnostics-format", "json"], &dir);
    assert_eq!(out.status.code(), Some(1));
    let diags = json_lines(&out);
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].get("file"), &Json::Null);
    assert!(diags[0].get("message").str().contains("missing.cl"));
}

#[test]
fn text_is_the_default_and_help_documents_the_option() {
    let dir = scratch("diag_json_text");
    std::fs::write(dir.join("bad.cl"), UNDECLARED).unwrap();
    let out = oclc(&["bad.cl", "-fsyntax-only"], &dir);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.cl:3:12"), "{err}");
    assert!(!err.trim_start().starts_with('{'));
    let help = oclc(&["--help"], &dir);
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("--diagnostics-format"), "{help}");
    assert!(help.contains("JSON Lines"), "{help}");
}
