//! The `_Pragma("...")` operator (C99 6.10.9): it acts as the `#pragma` directive
//! spelled by its destringized operand. oclc ignores pragmas other than `once` (which
//! only has meaning as a directive) and `OPENCL FP_CONTRACT OFF` (recorded as the
//! directive is), so each `_Pragma` is removed from the output.

use super::Preprocessor;
use crate::diagnostic::Diagnostic;
use crate::lexer::{TokKind, Token};

impl Preprocessor<'_> {
    /// Removes every `_Pragma ( string-literal )` from fully expanded `tokens`.
    pub(crate) fn remove_pragma_operators(
        &mut self,
        tokens: impl IntoIterator<Item = Token>,
    ) -> Vec<Token> {
        let tokens: Vec<Token> = tokens.into_iter().collect();
        if !tokens.iter().any(|t| &*t.text == "_Pragma") {
            return tokens;
        }
        let mut out = Vec::with_capacity(tokens.len());
        let mut i = 0;
        while i < tokens.len() {
            let t = &tokens[i];
            if t.kind.is_identifier_like() && &*t.text == "_Pragma" {
                let kinds: Vec<TokKind> = tokens[i + 1..].iter().take(3).map(|t| t.kind).collect();
                if kinds == [TokKind::LParen, TokKind::StrLit, TokKind::RParen] {
                    let words: Vec<&str> = tokens[i + 2]
                        .text
                        .trim_matches('"')
                        .split_whitespace()
                        .collect();
                    if words == ["OPENCL", "FP_CONTRACT", "OFF"] {
                        self.fp_contract_off = true;
                    }
                    i += 4;
                    continue;
                }
                self.diags.push(Diagnostic::error(
                    "E0103",
                    "_Pragma takes a parenthesized string literal",
                    t.report_span(),
                ));
            }
            out.push(t.clone());
            i += 1;
        }
        out
    }
}
