//! Parse errors carry a line and column, and no input makes the parser panic.

use oclc_ir::{fixtures, parse_module, print_module, verify_module};

fn error_of(text: &str) -> (usize, usize, String) {
    let e = parse_module(text).expect_err("expected a parse error");
    (e.line, e.column, e.message)
}

#[test]
fn errors_point_at_the_problem() {
    let (l, c, m) = error_of("kernel @k() -> void {\n  %1: i32 = frobnicate %0\n}\n");
    assert_eq!((l, c), (2, 13), "{m}");
    assert!(m.contains("frobnicate"));

    let (l, c, _) = error_of("kernel @k() -> void {\n  %1: i33 = const 0\n}\n");
    assert_eq!((l, c), (2, 7));

    let (l, c, m) = error_of("kernel @k() -> void {\n  %1: i8 = const 300\n}\n");
    assert_eq!((l, c), (2, 18), "{m}");

    let (l, _, m) = error_of("func @f() -> void {\n  %0: void = call @missing()\n}\n");
    assert_eq!(l, 2);
    assert!(m.contains("@missing"));

    let (l, _, m) = error_of("func @f() -> void {\n  return\n");
    assert_eq!(l, 2);
    assert!(m.contains("end of input"), "{m}");

    let (l, c, _) = error_of("bogus\n");
    assert_eq!((l, c), (1, 1));

    let e = parse_module("func @f() -> void {\n  if %0 {\n  }\n}\n").unwrap_err();
    assert_eq!(e.to_string(), format!("3:4: {}", e.message));
}

/// A tiny deterministic generator, so the garbling is reproducible.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize
    }
}

fn check_no_panic(text: &str) {
    if let Ok(m) = parse_module(text) {
        let _ = verify_module(&m);
        let _ = print_module(&m);
    }
}

#[test]
fn truncated_and_garbled_inputs_do_not_panic() {
    let mut texts: Vec<String> = [
        fixtures::vecadd(),
        fixtures::reduce_sum(),
        fixtures::vec4_helper(),
    ]
    .iter()
    .map(print_module)
    .collect();
    texts.push(include_str!("parse/all_syntax.ir").to_string());
    let pieces: &[&str] = &[
        "%",
        "$",
        "@",
        "\"",
        "{",
        "}",
        "[",
        "]",
        "<",
        ">",
        ",",
        ":",
        "=",
        " ",
        "\n",
        "x",
        "0x",
        "-",
        "9999999999999999999999",
        "4294967295",
        "struct ",
        "ptr<",
        "é",
        "\\",
        "0",
    ];
    let mut rng = Lcg(42);
    for text in &texts {
        for (i, _) in text.char_indices() {
            check_no_panic(&text[..i]);
        }
        for _ in 0..1500 {
            let mut s = text.clone();
            for _ in 0..1 + rng.next() % 4 {
                let mut at = rng.next() % (s.len() + 1);
                while !s.is_char_boundary(at) {
                    at -= 1;
                }
                match rng.next() % 3 {
                    0 => s.insert_str(at, pieces[rng.next() % pieces.len()]),
                    1 => {
                        let mut end = (at + 1 + rng.next() % 8).min(s.len());
                        while !s.is_char_boundary(end) {
                            end += 1;
                        }
                        s.replace_range(at..end, "");
                    }
                    _ => {
                        let mut end = (at + 1 + rng.next() % 3).min(s.len());
                        while !s.is_char_boundary(end) {
                            end += 1;
                        }
                        s.replace_range(at..end, pieces[rng.next() % pieces.len()]);
                    }
                }
            }
            check_no_panic(&s);
        }
    }
}
