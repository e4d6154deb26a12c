//! The C preprocessor: directives, conditional inclusion, `#include` and macro
//! expansion over tokens from [`crate::lexer`]. Output tokens keep the span where they
//! were spelled plus the macro call site (see [`Token::expansion`]).

mod cond_expr;
mod line_directive;
mod loop_hint;
mod macros;
mod pragma_operator;
mod pragma_pack;
pub use pragma_pack::PRAGMA_PACK_ATTRIBUTE;
mod render;

pub use macros::Macro;
pub use render::render_preprocessed;

use crate::checked::{LoopHint, LoopUnroll};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::fast_hash::FxHashMap;
use crate::intern::Interner;
use crate::lexer::{lex_interned, TokKind, Token};
use crate::options::FrontendOptions;
use crate::source::{FileId, SourceMap, Span};
use macros::PTok;
use std::path::PathBuf;
use std::rc::Rc;

/// Maximum `#include` nesting depth.
const MAX_INCLUDE_DEPTH: usize = 64;

/// The most tokens macro expansion may handle in one translation unit (each token read
/// by the expander counts once); past it, expansion stops with an error. The largest real
/// kernels seen (hashcat's, 40 000 lines after preprocessing) take well under 1 000 000.
/// Each expanded token costs a few hundred bytes until the unit is parsed, so the limit
/// also bounds memory: 8 000 000 steps stay near 3 GB and 20 s (32 000 000 took 12 GB and
/// 80 s on an exponential macro before the error).
const MAX_EXPANSION_STEPS: usize = 8_000_000;

/// Preprocessor state for one translation unit.
pub(crate) struct Preprocessor<'m> {
    pub(crate) map: &'m mut SourceMap,
    include_dirs: Vec<PathBuf>,
    pub(crate) macros: FxHashMap<Rc<str>, Rc<Macro>>,
    /// Spellings shared by all tokens of the unit.
    interner: Interner,
    pub(crate) diags: Diagnostics,
    out: Vec<Token>,
    depth: usize,
    /// Files that said `#pragma once` (canonical paths): later `#include`s of them are skipped.
    once: std::collections::HashSet<PathBuf>,
    /// `#pragma OPENCL EXTENSION cl_khr_fp16 : enable|disable` directives in order.
    fp16_pragmas: Vec<(Span, bool)>,
    /// Whether a `#pragma OPENCL FP_CONTRACT OFF` was met anywhere.
    fp_contract_off: bool,
    /// Loop-unrolling pragmas: the number of tokens emitted before each (so the next
    /// token is the one it applies to), its span and the request.
    loop_pragmas: Vec<(usize, Span, LoopUnroll)>,
    /// `#pragma pack` changes: the number of tokens emitted before each.
    pack_pragmas: Vec<(usize, Span, pragma_pack::PackChange)>,
    /// Whether `cl_khr_fp16` may be enabled (not removed by `-cl-ext`).
    fp16_allowed: bool,
    /// `#line` directives seen in each file, in order.
    line_marks: FxHashMap<FileId, Vec<line_directive::LineMark>>,
    /// `-fbracket-depth`: also the deepest nesting of macro calls in macro arguments and
    /// of `#if` subexpressions.
    pub(crate) bracket_depth: u32,
    /// Macro calls in the arguments being pre-expanded now (see `macros::subst`).
    pub(crate) arg_depth: u32,
    /// Tokens the expander has read in this unit (see [`MAX_EXPANSION_STEPS`]).
    pub(crate) expansion_steps: usize,
}

/// State of one `#if` group.
struct Cond {
    /// Current branch is being emitted.
    active: bool,
    /// Some branch was already taken.
    taken: bool,
    /// The enclosing group is active.
    parent_active: bool,
    /// `#else` was seen.
    seen_else: bool,
    /// Span of the opening directive.
    span: Span,
}

pub use crate::extensions::SUPPORTED_EXTENSIONS;

/// Text of the predefined macros for the given options.
fn builtin_prelude(opts: &FrontendOptions) -> String {
    let v = opts.cl_std.version();
    let mut s = format!(
        "#define __OPENCL_VERSION__ {v}\n#define __OPENCL_C_VERSION__ {v}\n\
#define CL_VERSION_1_0 100\n#define CL_VERSION_1_1 110\n#define CL_VERSION_1_2 120\n\
#define CL_VERSION_2_0 200\n#define CL_VERSION_3_0 300\n#define __ENDIAN_LITTLE__ 1\n#define __IMAGE_SUPPORT__ 1\n#define __STDC__ 1\n#define __STDC_VERSION__ 199901L\n\
#define __kernel_exec(X, typen) __kernel __attribute__((work_group_size_hint(X, 1, 1))) \\\n __attribute__((vec_type_hint(typen)))\n\
#define kernel_exec(X, typen) __kernel __attribute__((work_group_size_hint(X, 1, 1))) \\\n __attribute__((vec_type_hint(typen)))\n\
#define CLK_LOCAL_MEM_FENCE 0x01\n#define CLK_GLOBAL_MEM_FENCE 0x02\n#define CLK_IMAGE_MEM_FENCE 0x04\n\
#define CHAR_BIT 8\n#define SCHAR_MAX 127\n#define SCHAR_MIN (-127-1)\n#define CHAR_MAX SCHAR_MAX\n#define CHAR_MIN SCHAR_MIN\n\
#define UCHAR_MAX 255\n#define SHRT_MAX 32767\n#define SHRT_MIN (-32767-1)\n#define USHRT_MAX 65535\n\
#define INT_MAX 2147483647\n#define INT_MIN (-2147483647-1)\n#define UINT_MAX 0xffffffffU\n\
#define LONG_MAX 0x7fffffffffffffffL\n#define LONG_MIN (-0x7fffffffffffffffL-1)\n#define ULONG_MAX 0xffffffffffffffffUL\n\
#define FLT_DIG 6\n#define FLT_MANT_DIG 24\n#define FLT_MAX 0x1.fffffep127f\n#define FLT_MIN 0x1.0p-126f\n#define FLT_EPSILON 0x1.0p-23f\n\
#define MAXFLOAT 0x1.fffffep127f\n#define HUGE_VALF (1.0f/0.0f)\n#define INFINITY (1.0f/0.0f)\n#define NAN as_float(INT_MAX)\n#define NULL ((void*)0)\n\
#define M_E_F 2.71828183f\n#define M_LOG2E_F 1.44269504f\n#define M_LOG10E_F 0.43429448f\n#define M_LN2_F 0.69314718f\n\
#define M_LN10_F 2.30258509f\n#define M_PI_F 3.14159274f\n#define M_PI_2_F 1.57079637f\n#define M_PI_4_F 0.78539819f\n\
#define M_1_PI_F 0.31830987f\n#define M_2_PI_F 0.63661975f\n#define M_2_SQRTPI_F 1.12837917f\n#define M_SQRT2_F 1.41421356f\n#define M_SQRT1_2_F 0.70710678f\n\
#define DBL_DIG 15\n#define DBL_MANT_DIG 53\n#define DBL_MAX 0x1.fffffffffffffp1023\n#define DBL_MIN 0x1.0p-1022\n#define DBL_EPSILON 0x1.0p-52\n\
#define M_E 0x1.5bf0a8b145769p+1\n#define M_LOG2E 0x1.71547652b82fep+0\n#define M_LOG10E 0x1.bcb7b1526e50ep-2\n#define M_LN2 0x1.62e42fefa39efp-1\n\
#define M_LN10 0x1.26bb1bbb55516p+1\n#define M_PI 0x1.921fb54442d18p+1\n#define M_PI_2 0x1.921fb54442d18p+0\n#define M_PI_4 0x1.921fb54442d18p-1\n\
#define M_1_PI 0x1.45f306dc9c883p-2\n#define M_2_PI 0x1.45f306dc9c883p-1\n#define M_2_SQRTPI 0x1.20dd750429b6dp+0\n#define M_SQRT2 0x1.6a09e667f3bcdp+0\n#define M_SQRT1_2 0x1.6a09e667f3bcdp-1\n\
#define CLK_ADDRESS_NONE 0\n#define CLK_ADDRESS_CLAMP_TO_EDGE 2\n#define CLK_ADDRESS_CLAMP 4\n#define CLK_ADDRESS_REPEAT 6\n#define CLK_ADDRESS_MIRRORED_REPEAT 8\n\
#define CLK_NORMALIZED_COORDS_FALSE 0\n#define CLK_NORMALIZED_COORDS_TRUE 1\n#define CLK_FILTER_NEAREST 0x10\n#define CLK_FILTER_LINEAR 0x20\n\
#define CLK_SNORM_INT8 0x10D0\n#define CLK_SNORM_INT16 0x10D1\n#define CLK_UNORM_INT8 0x10D2\n#define CLK_UNORM_INT16 0x10D3\n\
#define CLK_UNORM_SHORT_565 0x10D4\n#define CLK_UNORM_SHORT_555 0x10D5\n#define CLK_UNORM_INT_101010 0x10D6\n\
#define CLK_SIGNED_INT8 0x10D7\n#define CLK_SIGNED_INT16 0x10D8\n#define CLK_SIGNED_INT32 0x10D9\n#define CLK_UNSIGNED_INT8 0x10DA\n\
#define CLK_UNSIGNED_INT16 0x10DB\n#define CLK_UNSIGNED_INT32 0x10DC\n#define CLK_HALF_FLOAT 0x10DD\n#define CLK_FLOAT 0x10DE\n#define CLK_UNORM_INT24 0x10DF\n\
#define CLK_R 0x10B0\n#define CLK_A 0x10B1\n#define CLK_RG 0x10B2\n#define CLK_RA 0x10B3\n#define CLK_RGB 0x10B4\n#define CLK_RGBA 0x10B5\n\
#define CLK_BGRA 0x10B6\n#define CLK_ARGB 0x10B7\n#define CLK_INTENSITY 0x10B8\n#define CLK_LUMINANCE 0x10B9\n#define CLK_Rx 0x10BA\n\
#define CLK_RGx 0x10BB\n#define CLK_RGBx 0x10BC\n#define CLK_DEPTH 0x10BD\n#define CLK_DEPTH_STENCIL 0x10BE\n#define CLK_sRGB 0x10BF\n\
#define CLK_sRGBx 0x10C0\n#define CLK_sRGBA 0x10C1\n#define CLK_sBGRA 0x10C2\n#define CLK_ABGR 0x10C3\n"
    );
    s.push_str(&option_macros(opts));
    s.push_str(&cl20_prelude(v));
    // The extensions every oclc target implements (clang-14 predefines the same names),
    // as edited by -cl-ext.
    for ext in opts.extension_set().names() {
        s.push_str(&format!("#define {ext} 1\n"));
    }
    for (name, value) in &opts.defines {
        s.push_str(&format!(
            "#define {} {}\n",
            name,
            value.as_deref().unwrap_or("1")
        ));
    }
    for name in &opts.undefines {
        s.push_str(&format!("#undef {name}\n"));
    }
    s
}

/// The macros clang-14 predefines (or not) after the build options: `__OPTIMIZE__` unless
/// optimization is off (`__NO_INLINE__` then), `__FINITE_MATH_ONLY__`, and under
/// `-cl-fast-relaxed-math` `__FAST_MATH__` and `__FAST_RELAXED_MATH__`.
fn option_macros(opts: &FrontendOptions) -> String {
    let mut s = String::new();
    s.push_str(if opts.opt_disabled {
        "#define __NO_INLINE__ 1\n"
    } else {
        "#define __OPTIMIZE__ 1\n"
    });
    let finite = opts.finite_math_only || opts.fast_relaxed_math;
    s.push_str(&format!("#define __FINITE_MATH_ONLY__ {}\n", finite as u8));
    if opts.fast_relaxed_math {
        s.push_str("#define __FAST_MATH__ 1\n#define __FAST_RELAXED_MATH__ 1\n");
    }
    s
}

/// Preprocesses `file` (after the predefined macros and `-D`/`-U` options).
pub fn preprocess(
    map: &mut SourceMap,
    file: FileId,
    opts: &FrontendOptions,
) -> (Vec<Token>, Diagnostics) {
    let (tokens, diags, _) = preprocess_with_pragmas(map, file, opts);
    (tokens, diags)
}

/// The pragmas that matter after preprocessing.
#[derive(Clone, Debug, Default)]
pub struct Pragmas {
    /// `#pragma OPENCL EXTENSION cl_khr_fp16 (or all) : enable|disable` directives in order
    /// (their spans and whether they enable).
    pub fp16: Vec<(Span, bool)>,
    /// Whether any `#pragma OPENCL FP_CONTRACT OFF` was met.
    pub fp_contract_off: bool,
    /// Loop-unrolling requests (`#pragma unroll`, ..., and `opencl_unroll_hint`
    /// attributes), with the first token each applies to.
    pub loop_hints: Vec<LoopHint>,
}

/// [`preprocess`], also returning the [`Pragmas`] met.
pub fn preprocess_with_pragmas(
    map: &mut SourceMap,
    file: FileId,
    opts: &FrontendOptions,
) -> (Vec<Token>, Diagnostics, Pragmas) {
    let prelude = map.add("<built-in>", builtin_prelude(opts));
    let mut pp = Preprocessor {
        map,
        include_dirs: opts.include_dirs.clone(),
        macros: FxHashMap::default(),
        interner: Interner::default(),
        diags: opts.diagnostics(),
        out: Vec::new(),
        depth: 0,
        once: std::collections::HashSet::new(),
        fp16_pragmas: Vec::new(),
        fp_contract_off: false,
        loop_pragmas: Vec::new(),
        pack_pragmas: Vec::new(),
        fp16_allowed: opts.extension_set().fp16_allowed(),
        line_marks: FxHashMap::default(),
        bracket_depth: opts.bracket_depth,
        arg_depth: 0,
        expansion_steps: 0,
    };
    pp.process_file(prelude);
    pp.out.clear();
    pp.loop_pragmas.clear();
    pp.pack_pragmas.clear();
    pp.process_file(file);
    let mut loop_hints: Vec<LoopHint> = pp
        .loop_pragmas
        .iter()
        .map(|&(index, span, unroll)| LoopHint {
            unroll,
            span,
            // A pragma at the end of the file applies to nothing: its own span then.
            next: pp.out.get(index).map_or(span, |t| t.span),
        })
        .collect();
    loop_hints.extend(loop_hint::unroll_hint_attributes(&pp.out));
    // After the loop hints, whose token indices it would shift.
    pragma_pack::apply(&mut pp.out, &pp.pack_pragmas, &mut pp.diags);
    let pragmas = Pragmas {
        fp16: pp.fp16_pragmas,
        fp_contract_off: pp.fp_contract_off,
        loop_hints,
    };
    (pp.out, pp.diags, pragmas)
}

/// Moves the tokens of the next line (up to a `Newline`, which is dropped) into `line`;
/// false when `tokens` ran out before a newline.
fn next_line(tokens: &mut std::vec::IntoIter<Token>, line: &mut Vec<Token>) -> bool {
    line.clear();
    for t in tokens.by_ref() {
        if t.kind == TokKind::Newline {
            return true;
        }
        line.push(t);
    }
    false
}

impl Preprocessor<'_> {
    fn process_file(&mut self, file: FileId) {
        let tokens = lex_interned(file, &self.map.file(file).text, &mut self.interner);
        let mut conds: Vec<Cond> = Vec::new();
        let mut pending: Vec<PTok> = Vec::with_capacity(tokens.len());
        let mut tokens = tokens.into_iter();
        let mut line = Vec::new();
        loop {
            let more = next_line(&mut tokens, &mut line);
            let active = conds.last().is_none_or(|c| c.active);
            if line.iter().any(|t| t.kind == TokKind::NullChar) {
                self.drop_null_chars(&mut line, active);
            }
            if line.first().map(|t| t.kind) == Some(TokKind::Hash) {
                if active {
                    self.flush(&mut pending);
                }
                self.directive(file, &line, &mut conds, active);
            } else if active {
                for t in line.drain(..) {
                    self.report_lex_error(&t);
                    if !matches!(t.kind, TokKind::Error | TokKind::UnterminatedComment) {
                        pending.push(PTok::new(t));
                    }
                }
            }
            if !more {
                break;
            }
        }
        self.flush(&mut pending);
        for c in conds {
            self.diags.push(
                Diagnostic::error("E0101", "unterminated conditional directive", c.span)
                    .with_label("this #if has no matching #endif"),
            );
        }
    }

    /// Removes NUL bytes from `line`, warning about each in active code as clang does.
    fn drop_null_chars(&mut self, line: &mut Vec<Token>, active: bool) {
        for t in line.iter().filter(|t| t.kind == TokKind::NullChar) {
            if active {
                self.diags.push(Diagnostic::warning(
                    "W0105",
                    "null character ignored",
                    t.span,
                ));
            }
        }
        line.retain(|t| t.kind != TokKind::NullChar);
    }

    fn report_lex_error(&mut self, t: &Token) {
        match t.kind {
            TokKind::Error => {
                let first = t.text.chars().next();
                let msg = match first {
                    Some('"') => "missing terminating '\"' character".to_string(),
                    Some('\'') => "missing terminating ' character".to_string(),
                    Some(c) if crate::source::raw_byte(c).is_some() => format!(
                        "source file is not valid UTF-8 (byte 0x{:02X} outside a comment or literal)",
                        crate::source::raw_byte(c).unwrap_or(0)
                    ),
                    _ => format!("invalid character '{}' in source", t.text),
                };
                self.diags.push(Diagnostic::error("E0001", msg, t.span));
            }
            TokKind::UnterminatedComment => self.diags.push(Diagnostic::error(
                "E0002",
                "unterminated /* comment",
                Span::new(
                    t.span.file,
                    t.span.start as usize,
                    t.span.start as usize + 2,
                ),
            )),
            _ => {}
        }
    }

    fn flush(&mut self, pending: &mut Vec<PTok>) {
        if pending.is_empty() {
            return;
        }
        let toks = std::mem::take(pending);
        let expanded = self.expand(toks);
        let start = self.out.len();
        self.out.extend(expanded.into_iter().map(|p| p.tok));
        if self.out[start..].iter().any(|t| &*t.text == "_Pragma") {
            let added = self.out.split_off(start);
            let kept = self.remove_pragma_operators(added);
            self.out.extend(kept);
        }
    }

    fn directive(&mut self, file: FileId, line: &[Token], conds: &mut Vec<Cond>, active: bool) {
        let hash = &line[0];
        let Some(name_tok) = line.get(1) else { return };
        let dspan = hash.span.to(name_tok.span);
        let rest = &line[2..];
        let name: &str = &name_tok.text;
        match name {
            "if" | "ifdef" | "ifndef" => {
                let value = if !active {
                    false
                } else if name == "if" {
                    self.eval_if(rest, dspan)
                } else {
                    match rest.first() {
                        Some(t) if t.kind.is_identifier_like() => {
                            self.macros.contains_key(&t.text) == (name == "ifdef")
                        }
                        _ => {
                            self.diags.push(Diagnostic::error(
                                "E0103",
                                "macro name missing",
                                dspan,
                            ));
                            false
                        }
                    }
                };
                conds.push(Cond {
                    active: value,
                    taken: value,
                    parent_active: active,
                    seen_else: false,
                    span: dspan,
                });
            }
            "elif" | "else" => {
                let Some(c) = conds.last_mut() else {
                    self.diags.push(Diagnostic::error(
                        "E0107",
                        format!("#{name} without #if"),
                        dspan,
                    ));
                    return;
                };
                if c.seen_else {
                    self.diags.push(
                        Diagnostic::error("E0107", format!("#{name} after #else"), dspan)
                            .with_secondary(c.span, "conditional started here"),
                    );
                }
                let (parent_active, taken) = (c.parent_active, c.taken);
                let value = if name == "else" {
                    c.seen_else = true;
                    parent_active && !taken
                } else if parent_active && !taken {
                    self.eval_if(rest, dspan)
                } else {
                    false
                };
                let c = conds.last_mut().expect("checked above");
                c.active = value;
                c.taken |= value;
            }
            "endif" => {
                if conds.pop().is_none() {
                    self.diags
                        .push(Diagnostic::error("E0107", "#endif without #if", dspan));
                }
            }
            _ if !active => {}
            "define" => self.define(rest, dspan),
            "undef" => match rest.first() {
                Some(t) if t.kind.is_identifier_like() => {
                    self.macros.remove(&t.text);
                }
                _ => self
                    .diags
                    .push(Diagnostic::error("E0103", "macro name missing", dspan)),
            },
            "include" => self.include(file, rest, dspan),
            "error" | "warning" => {
                let msg = join_text(rest);
                let d = if name == "error" {
                    Diagnostic::error("E0104", format!("#error {msg}"), dspan)
                } else {
                    // clang's -pedantic: `#warning` is a GNU extension to C99.
                    self.diags.push(Diagnostic::warning(
                        "W0105",
                        "#warning is a language extension",
                        dspan,
                    ));
                    Diagnostic::warning("W0104", format!("#warning {msg}"), dspan)
                };
                self.diags.push(d);
            }
            "pragma" => {
                let words: Vec<&str> = rest.iter().map(|t| &*t.text).collect();
                if let ["OPENCL", "EXTENSION", ext @ ("cl_khr_fp16" | "all"), ":", state] =
                    words[..]
                {
                    let enable = state == "enable";
                    if enable && !self.fp16_allowed && ext == "cl_khr_fp16" {
                        // As clang-14 does for an extension the target lacks.
                        self.diags.push(Diagnostic::warning(
                            "W0108",
                            "unsupported OpenCL extension 'cl_khr_fp16' - ignoring",
                            rest[2].span,
                        ));
                    } else if self.fp16_allowed || !enable {
                        self.fp16_pragmas.push((dspan, enable));
                    }
                }
                if let ["OPENCL", "FP_CONTRACT", "OFF"] = words[..] {
                    self.fp_contract_off = true;
                }
                let expanded;
                let rest = if rest.first().is_some_and(|t| &*t.text == "pack") && rest.len() > 1 {
                    // As clang's pragma handler lexes them: macros expanded.
                    let tail = rest[1..].iter().cloned().map(PTok::new).collect();
                    expanded = std::iter::once(rest[0].clone())
                        .chain(self.expand(tail).into_iter().map(|p| p.tok))
                        .collect::<Vec<_>>();
                    &expanded[..]
                } else {
                    rest
                };
                if let Some(c) = pragma_pack::pack_pragma(rest, dspan, &mut self.diags) {
                    self.pack_pragmas.push((self.out.len(), dspan, c));
                }
                if let Some(request) = loop_hint::unroll_pragma(rest, dspan, &mut self.diags) {
                    self.loop_pragmas.push((self.out.len(), dspan, request));
                }
                if rest.len() == 1 && &*rest[0].text == "once" {
                    if let Some(p) = &self.map.file(file).path {
                        let p = p.canonicalize().unwrap_or_else(|_| p.clone());
                        self.once.insert(p);
                    }
                }
            }
            "line" => self.line_directive(file, hash, rest, dspan),
            "ident" => {}
            _ if name_tok.kind == TokKind::IntLit => {
                self.line_directive(file, hash, &line[1..], dspan)
            }
            _ => self.diags.push(
                Diagnostic::error(
                    "E0103",
                    format!("invalid preprocessing directive '#{name}'"),
                    dspan,
                )
                .with_label("unknown directive"),
            ),
        }
    }

    fn define(&mut self, rest: &[Token], dspan: Span) {
        let Some(name) = rest.first().filter(|t| t.kind.is_identifier_like()) else {
            self.diags.push(Diagnostic::error(
                "E0103",
                "macro name must be an identifier",
                dspan,
            ));
            return;
        };
        if &*name.text == "defined" {
            self.diags.push(Diagnostic::error(
                "E0103",
                "'defined' cannot be used as a macro name",
                name.span,
            ));
            return;
        }
        let mut body_start = 1;
        let mut params = None;
        let mut variadic = false;
        if rest
            .get(1)
            .is_some_and(|t| t.kind == TokKind::LParen && !t.leading_space)
        {
            let mut ps: Vec<Rc<str>> = Vec::new();
            let mut i = 2;
            loop {
                match rest.get(i) {
                    Some(t) if t.kind == TokKind::RParen && (ps.is_empty() || variadic) => break,
                    Some(t) if t.kind == TokKind::Ellipsis => {
                        variadic = true;
                        ps.push(Rc::from("__VA_ARGS__"));
                    }
                    Some(t) if t.kind.is_identifier_like() && ps.contains(&t.text) => {
                        self.diags.push(Diagnostic::error(
                            "E0103",
                            format!("duplicate macro parameter name '{}'", t.text),
                            t.span,
                        ));
                        return;
                    }
                    Some(t) if t.kind.is_identifier_like() && !variadic => ps.push(t.text.clone()),
                    other => {
                        let span = other.map_or(dspan, |t| t.span);
                        self.diags.push(Diagnostic::error(
                            "E0103",
                            "invalid macro parameter list",
                            span,
                        ));
                        return;
                    }
                }
                i += 1;
                match rest.get(i) {
                    Some(t) if t.kind == TokKind::Comma && !variadic => i += 1,
                    Some(t) if t.kind == TokKind::RParen => break,
                    other => {
                        let span = other.map_or(dspan, |t| t.span);
                        self.diags.push(Diagnostic::error(
                            "E0103",
                            "expected ',' or ')' in macro parameter list",
                            span,
                        ));
                        return;
                    }
                }
            }
            body_start = i + 1;
            params = Some(ps);
        }
        if !self.macro_body_ok(&rest[body_start..], params.as_deref()) {
            return;
        }
        let m = Macro {
            name: name.text.clone(),
            params,
            variadic,
            body: rest[body_start..].to_vec(),
            def_span: name.span,
        };
        if let Some(old) = self.macros.get(&m.name) {
            if !old.same_as(&m) {
                self.diags.push(
                    Diagnostic::warning(
                        "W0101",
                        format!("'{}' macro redefined", m.name),
                        name.span,
                    )
                    .with_secondary(old.def_span, "previous definition is here"),
                );
            }
        }
        self.macros.insert(m.name.clone(), Rc::new(m));
    }

    /// Checks the `#` and `##` operators of a replacement list: `##` may not
    /// begin or end it, and in a function-like macro `#` must precede a
    /// parameter name. Reports and returns false on the first violation.
    fn macro_body_ok(&mut self, body: &[Token], params: Option<&[Rc<str>]>) -> bool {
        for edge in [body.first(), body.last()].into_iter().flatten() {
            if edge.kind == TokKind::HashHash {
                self.diags.push(Diagnostic::error(
                    "E0103",
                    "'##' cannot appear at either end of a macro expansion",
                    edge.span,
                ));
                return false;
            }
        }
        let Some(params) = params else {
            return true;
        };
        for (i, t) in body.iter().enumerate() {
            if t.kind != TokKind::Hash {
                continue;
            }
            let next = body.get(i + 1);
            if !next.is_some_and(|n| params.contains(&n.text)) {
                self.diags.push(Diagnostic::error(
                    "E0103",
                    "'#' is not followed by a macro parameter",
                    t.span,
                ));
                return false;
            }
        }
        true
    }

    fn eval_if(&mut self, rest: &[Token], dspan: Span) -> bool {
        // Replace `defined X` / `defined(X)` before expansion.
        let mut toks = Vec::new();
        let mut i = 0;
        while i < rest.len() {
            let t = &rest[i];
            if &*t.text == "defined" {
                let (name, skip) = match (rest.get(i + 1), rest.get(i + 2), rest.get(i + 3)) {
                    (Some(p), Some(n), Some(c))
                        if p.kind == TokKind::LParen
                            && c.kind == TokKind::RParen
                            && n.kind.is_identifier_like() =>
                    {
                        (Some(n), 4)
                    }
                    (Some(n), _, _) if n.kind.is_identifier_like() => (Some(n), 2),
                    _ => (None, 1),
                };
                let Some(name) = name else {
                    self.diags.push(Diagnostic::error(
                        "E0106",
                        "macro name missing after 'defined'",
                        t.span,
                    ));
                    return false;
                };
                let v = if self.macros.contains_key(&name.text) {
                    "1"
                } else {
                    "0"
                };
                let mut lit = t.clone();
                lit.kind = TokKind::IntLit;
                lit.text = Rc::from(v);
                toks.push(PTok::new(lit));
                i += skip;
                continue;
            }
            toks.push(PTok::new(t.clone()));
            i += 1;
        }
        let expanded: Vec<Token> = self.expand(toks).into_iter().map(|p| p.tok).collect();
        match cond_expr::evaluate(&expanded, dspan, self.bracket_depth) {
            Ok(v) => v != 0,
            Err(d) => {
                self.diags.push(d);
                false
            }
        }
    }

    fn include(&mut self, file: FileId, rest: &[Token], dspan: Span) {
        let mut toks: Vec<Token> = rest.to_vec();
        if toks.first().is_some_and(|t| t.kind.is_identifier_like()) {
            toks = self
                .expand(toks.into_iter().map(PTok::new).collect())
                .into_iter()
                .map(|p| p.tok)
                .collect();
        }
        let (name, span) = match toks.first() {
            Some(t) if t.kind == TokKind::StrLit => {
                (t.text[1..t.text.len() - 1].to_string(), t.span)
            }
            Some(t) if t.kind == TokKind::Lt => {
                let Some(end) = toks.iter().position(|t| t.kind == TokKind::Gt) else {
                    self.diags.push(Diagnostic::error(
                        "E0103",
                        "expected '>' in #include",
                        t.span,
                    ));
                    return;
                };
                let mut s = String::new();
                for (i, x) in toks[1..end].iter().enumerate() {
                    if i > 0 && x.leading_space {
                        s.push(' ');
                    }
                    s.push_str(&x.text);
                }
                (s, t.span.to(toks[end].span))
            }
            _ => {
                self.diags.push(Diagnostic::error(
                    "E0103",
                    "expected \"FILENAME\" or <FILENAME>",
                    dspan,
                ));
                return;
            }
        };
        if self.depth >= MAX_INCLUDE_DEPTH {
            self.diags.push(Diagnostic::error(
                "E0102",
                "#include nested too deeply",
                span,
            ));
            return;
        }
        let base = self
            .map
            .file(file)
            .path
            .as_ref()
            .and_then(|p| p.parent().map(|d| d.to_path_buf()))
            .unwrap_or_else(|| PathBuf::from("."));
        let candidates = std::iter::once(base).chain(self.include_dirs.iter().cloned());
        let found = candidates.map(|d| d.join(&name)).find(|p| p.is_file());
        let Some(path) = found else {
            self.diags.push(
                Diagnostic::error("E0102", format!("'{name}' file not found"), span)
                    .with_label("included here"),
            );
            return;
        };
        if self
            .once
            .contains(&path.canonicalize().unwrap_or_else(|_| path.clone()))
        {
            return;
        }
        match self.map.load(&path) {
            Ok(id) => {
                self.map.origins.record_include(id, span);
                self.depth += 1;
                self.process_file(id);
                self.depth -= 1;
            }
            Err(e) => self.diags.push(Diagnostic::error(
                "E0102",
                format!("cannot read '{}': {e}", path.display()),
                span,
            )),
        }
    }
}

fn join_text(toks: &[Token]) -> String {
    let mut s = String::new();
    for (i, t) in toks.iter().enumerate() {
        if i > 0 && t.leading_space {
            s.push(' ');
        }
        s.push_str(&t.text);
    }
    s
}

/// The predefined macros of OpenCL C 2.0 and 3.0 that oclc implements: the memory-order and
/// memory-scope values (clang's `__ATOMIC_*` and `__OPENCL_MEMORY_SCOPE_*` in every version;
/// clang's `memory_order_*` / `memory_scope_*` enumerators, here as macros, from 2.0),
/// `ATOMIC_VAR_INIT` / `ATOMIC_FLAG_INIT`, and the optional-feature macros clang-14 defines
/// for spir64 whose features oclc supports.
fn cl20_prelude(version: u32) -> String {
    let mut s = String::from(
        "#define __ATOMIC_RELAXED 0\n#define __ATOMIC_CONSUME 1\n#define __ATOMIC_ACQUIRE 2\n\
#define __ATOMIC_RELEASE 3\n#define __ATOMIC_ACQ_REL 4\n#define __ATOMIC_SEQ_CST 5\n\
#define __OPENCL_MEMORY_SCOPE_WORK_ITEM 0\n#define __OPENCL_MEMORY_SCOPE_WORK_GROUP 1\n\
#define __OPENCL_MEMORY_SCOPE_DEVICE 2\n#define __OPENCL_MEMORY_SCOPE_ALL_SVM_DEVICES 3\n\
#define __OPENCL_MEMORY_SCOPE_SUB_GROUP 4\n#define __opencl_c_int64 1\n",
    );
    if version < 200 {
        return s;
    }
    s.push_str(
        "#define ATOMIC_VAR_INIT(x) (x)\n#define ATOMIC_FLAG_INIT 0\n\
#define memory_order_relaxed 0\n#define memory_order_acquire 2\n#define memory_order_release 3\n\
#define memory_order_acq_rel 4\n#define memory_order_seq_cst 5\n\
#define memory_scope_work_item 0\n#define memory_scope_work_group 1\n#define memory_scope_device 2\n\
#define memory_scope_all_svm_devices 3\n\
#define __opencl_c_atomic_order_seq_cst 1\n#define __opencl_c_atomic_scope_device 1\n\
#define __opencl_c_atomic_scope_all_devices 1\n",
    );
    if version >= 300 {
        // __opencl_c_fp64, __opencl_c_generic_address_space and
        // __opencl_c_atomic_order_acq_rel come from the extension set (-cl-ext edits them).
        s.push_str("#define memory_scope_all_devices 3\n");
    } else {
        s.push_str(
            "#define __opencl_c_generic_address_space 1\n#define __opencl_c_atomic_order_acq_rel 1\n",
        );
    }
    s
}
