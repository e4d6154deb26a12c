//! Evaluation of `#if` / `#elif` integer constant expressions.
#![allow(clippy::result_large_err)]

use crate::diagnostic::Diagnostic;
use crate::lexer::{TokKind, Token};
use crate::literal;
use crate::source::Span;

/// Evaluates a fully macro-expanded `#if` expression (identifiers count as 0).
pub(crate) fn evaluate(tokens: &[Token], directive: Span) -> Result<i64, Diagnostic> {
    let mut p = Parser {
        toks: tokens,
        pos: 0,
        directive,
    };
    if tokens.is_empty() {
        return Err(Diagnostic::error(
            "E0106",
            "#if with no expression",
            directive,
        ));
    }
    let v = p.ternary()?;
    if let Some(t) = p.toks.get(p.pos) {
        return Err(p.err_at(
            t,
            format!(
                "token '{}' is not valid in preprocessor expressions",
                t.text
            ),
        ));
    }
    Ok(v)
}

struct Parser<'a> {
    toks: &'a [Token],
    pos: usize,
    directive: Span,
}

fn prec(k: TokKind) -> Option<u8> {
    use TokKind::*;
    Some(match k {
        PipePipe => 1,
        AmpAmp => 2,
        Pipe => 3,
        Caret => 4,
        Amp => 5,
        EqEq | Ne => 6,
        Lt | Gt | Le | Ge => 7,
        Shl | Shr => 8,
        Plus | Minus => 9,
        Star | Slash | Percent => 10,
        _ => return None,
    })
}

impl Parser<'_> {
    fn err_at(&self, t: &Token, msg: String) -> Diagnostic {
        Diagnostic::error("E0106", msg, t.report_span())
    }

    fn peek(&self) -> Option<TokKind> {
        self.toks.get(self.pos).map(|t| t.kind)
    }

    fn ternary(&mut self) -> Result<i64, Diagnostic> {
        let c = self.binary(1)?;
        if self.peek() == Some(TokKind::Question) {
            self.pos += 1;
            let a = self.ternary()?;
            if self.peek() != Some(TokKind::Colon) {
                return Err(self.expected("':'"));
            }
            self.pos += 1;
            let b = self.ternary()?;
            return Ok(if c != 0 { a } else { b });
        }
        Ok(c)
    }

    fn expected(&self, what: &str) -> Diagnostic {
        match self.toks.get(self.pos) {
            Some(t) => self.err_at(t, format!("expected {what} in preprocessor expression")),
            None => Diagnostic::error(
                "E0106",
                format!("expected {what} in preprocessor expression"),
                self.directive,
            ),
        }
    }

    fn binary(&mut self, min: u8) -> Result<i64, Diagnostic> {
        let mut lhs = self.unary()?;
        while let Some(k) = self.peek() {
            let Some(p) = prec(k) else { break };
            if p < min {
                break;
            }
            let op_tok = &self.toks[self.pos];
            self.pos += 1;
            let rhs = self.binary(p + 1)?;
            use TokKind::*;
            lhs = match k {
                PipePipe => (lhs != 0 || rhs != 0) as i64,
                AmpAmp => (lhs != 0 && rhs != 0) as i64,
                Pipe => lhs | rhs,
                Caret => lhs ^ rhs,
                Amp => lhs & rhs,
                EqEq => (lhs == rhs) as i64,
                Ne => (lhs != rhs) as i64,
                Lt => (lhs < rhs) as i64,
                Gt => (lhs > rhs) as i64,
                Le => (lhs <= rhs) as i64,
                Ge => (lhs >= rhs) as i64,
                Shl => lhs.wrapping_shl(rhs as u32),
                Shr => lhs.wrapping_shr(rhs as u32),
                Plus => lhs.wrapping_add(rhs),
                Minus => lhs.wrapping_sub(rhs),
                Star => lhs.wrapping_mul(rhs),
                Slash | Percent if rhs == 0 => {
                    return Err(
                        self.err_at(op_tok, "division by zero in preprocessor expression".into())
                    )
                }
                Slash => lhs.wrapping_div(rhs),
                _ => lhs.wrapping_rem(rhs),
            };
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> Result<i64, Diagnostic> {
        let Some(t) = self.toks.get(self.pos) else {
            return Err(self.expected("value"));
        };
        self.pos += 1;
        match t.kind {
            TokKind::Minus => Ok(self.unary()?.wrapping_neg()),
            TokKind::Plus => self.unary(),
            TokKind::Bang => Ok((self.unary()? == 0) as i64),
            TokKind::Tilde => Ok(!self.unary()?),
            TokKind::LParen => {
                let v = self.ternary()?;
                if self.peek() != Some(TokKind::RParen) {
                    return Err(self.expected("')'"));
                }
                self.pos += 1;
                Ok(v)
            }
            TokKind::IntLit => literal::parse_int(&t.text)
                .map(|l| l.value as i64)
                .map_err(|m| self.err_at(t, m)),
            TokKind::CharLit => literal::parse_char(&t.text).map_err(|m| self.err_at(t, m)),
            k if k.is_identifier_like() => Ok(0),
            TokKind::FloatLit => Err(self.err_at(
                t,
                "floating point literal in preprocessor expression".into(),
            )),
            _ => {
                self.pos -= 1;
                Err(self.expected("value"))
            }
        }
    }
}
