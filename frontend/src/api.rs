//! Public entry points used by the driver.

use crate::ast::TranslationUnit;
use crate::checked::CheckedProgram;
use crate::diagnostic::Diagnostics;
use crate::lexer::Token;
pub use crate::options::{ClStd, FrontendOptions};
use crate::source::{FileId, SourceMap};

/// Runs the preprocessor on `file`. On success returns the tokens and the
/// (warning-only) diagnostics; on error returns all diagnostics.
pub fn preprocess(
    map: &mut SourceMap,
    file: FileId,
    opts: &FrontendOptions,
) -> Result<(Vec<Token>, Diagnostics), Diagnostics> {
    let (tokens, diags) = crate::preprocess::preprocess(map, file, opts);
    if diags.has_errors() {
        Err(diags)
    } else {
        Ok((tokens, diags))
    }
}

/// Renders preprocessed tokens as text (for `-E` / `-save-temps`).
pub fn render_preprocessed(map: &SourceMap, tokens: &[Token]) -> String {
    crate::preprocess::render_preprocessed(map, tokens)
}

/// Parses preprocessed tokens.
pub fn parse(tokens: &[Token]) -> Result<TranslationUnit, Diagnostics> {
    crate::parser::parse_tokens(tokens)
}

/// Type-checks a translation unit. `Ok` carries the program and any warnings.
pub fn check(
    tu: &TranslationUnit,
    opts: &FrontendOptions,
) -> Result<(CheckedProgram, Diagnostics), Diagnostics> {
    match crate::check::check_program_opts(tu, opts.diagnostics(), opts, Default::default()) {
        (Some(p), d) => Ok((p, d)),
        (None, d) => Err(d),
    }
}

/// Everything produced by [`compile_to_checked`].
#[derive(Clone, Debug)]
pub struct FrontendOutput {
    /// Preprocessed tokens (available whenever preprocessing produced tokens), with the
    /// kinds the parser saw (identifiers naming types are [`crate::lexer::TokKind::TypeName`]);
    /// rendered as text on demand by [`FrontendOutput::preprocessed_text`].
    pub preprocessed: Vec<Token>,
    /// Checked program, `None` if any error occurred.
    pub program: Option<CheckedProgram>,
    /// All diagnostics (errors and warnings) in order.
    pub diagnostics: Diagnostics,
    /// Whether the source says `#pragma OPENCL FP_CONTRACT OFF` anywhere (oclc then
    /// contracts no `a * b + c` in the whole program).
    pub fp_contract_off: bool,
}

impl FrontendOutput {
    /// The preprocessed source as text (`-E` / `-save-temps`), rendered from
    /// [`FrontendOutput::preprocessed`] only when asked for.
    pub fn preprocessed_text(&self, map: &SourceMap) -> String {
        render_preprocessed(map, &self.preprocessed)
    }
}

/// Runs the whole front end: preprocess, parse, check.
pub fn compile_to_checked(
    map: &mut SourceMap,
    file: FileId,
    opts: &FrontendOptions,
) -> FrontendOutput {
    let (tokens, mut diagnostics, pragmas) =
        crate::preprocess::preprocess_with_pragmas(map, file, opts);
    let fp_contract_off = pragmas.fp_contract_off;
    if diagnostics.has_errors_besides_warnings() {
        return FrontendOutput {
            preprocessed: tokens,
            program: None,
            diagnostics,
            fp_contract_off,
        };
    }
    let mut tokens = tokens;
    if opts.cl_std.version() >= 200 {
        generic_keyword(&mut tokens);
    }
    // GNU `__extension__` only silences pedantic warnings: it means nothing here.
    tokens.retain(|t| !(t.kind == crate::lexer::TokKind::Ident && &*t.text == "__extension__"));
    let tu = match crate::parser::parse_tokens_limited(&mut tokens, opts.bracket_depth) {
        Ok(tu) => tu,
        Err(d) => {
            diagnostics.extend(d);
            return FrontendOutput {
                preprocessed: tokens,
                program: None,
                diagnostics,
                fp_contract_off,
            };
        }
    };
    let (mut program, diagnostics) =
        crate::check::check_program_opts(&tu, diagnostics, opts, pragmas);
    if let Some(p) = &mut program {
        p.uses_volatile = tokens
            .iter()
            .any(|t| t.kind == crate::lexer::TokKind::KwVolatile);
    }
    FrontendOutput {
        preprocessed: tokens,
        program,
        diagnostics,
        fp_contract_off,
    }
}

/// From OpenCL C 2.0 on, `generic` is a keyword (`__generic`); before, an identifier.
fn generic_keyword(tokens: &mut [Token]) {
    for t in tokens.iter_mut() {
        if t.kind == crate::lexer::TokKind::Ident && &*t.text == "generic" {
            t.kind = crate::lexer::TokKind::KwGeneric;
        }
    }
}
