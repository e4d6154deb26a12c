//! Evaluation of `#if` / `#elif` integer constant expressions (C99 6.10.1): signed values
//! act as `intmax_t` and unsigned ones as `uintmax_t` (an operation with an unsigned operand
//! is unsigned), and the unevaluated operands of `&&`, `||` and `?:` raise no errors.
#![allow(clippy::result_large_err)]

use crate::diagnostic::Diagnostic;
use crate::lexer::{TokKind, Token};
use crate::literal;
use crate::source::Span;

/// Evaluates a fully macro-expanded `#if` expression (identifiers count as 0).
/// Parentheses, unary operators and `?:` arms nest at most `max_depth` levels.
pub(crate) fn evaluate(
    tokens: &[Token],
    directive: Span,
    max_depth: u32,
) -> Result<i64, Diagnostic> {
    let mut p = Parser {
        toks: tokens,
        pos: 0,
        directive,
        evaluated: true,
        depth: 0,
        max_depth,
    };
    if tokens.is_empty() {
        return Err(Diagnostic::error(
            "E0106",
            "#if with no expression",
            directive,
        ));
    }
    let v = p.ternary()?.bits;
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
    /// False inside an operand that short-circuiting skips (division by zero is fine there).
    evaluated: bool,
    /// Parentheses, unary operators and `?:` arms open around the current token.
    depth: u32,
    /// `-fbracket-depth`: the most of them accepted (the parser recurses once for each).
    max_depth: u32,
}

/// A preprocessor value: 64 bits read as `intmax_t` or, when `unsigned`, `uintmax_t`.
#[derive(Copy, Clone)]
struct PpValue {
    bits: i64,
    unsigned: bool,
}

impl PpValue {
    fn signed(bits: i64) -> PpValue {
        PpValue {
            bits,
            unsigned: false,
        }
    }

    fn truth(b: bool) -> PpValue {
        PpValue::signed(b as i64)
    }

    fn is_true(self) -> bool {
        self.bits != 0
    }
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

    /// Parses an operand that is evaluated only when `evaluated` (and the enclosing
    /// operand) is.
    fn operand<T>(
        &mut self,
        evaluated: bool,
        parse: impl FnOnce(&mut Self) -> Result<T, Diagnostic>,
    ) -> Result<T, Diagnostic> {
        let outer = self.evaluated;
        self.evaluated = outer && evaluated;
        let r = parse(self);
        self.evaluated = outer;
        r
    }

    /// Runs `parse` one nesting level deeper, or fails past `max_depth` levels.
    fn nested<T>(
        &mut self,
        at: &Token,
        parse: impl FnOnce(&mut Self) -> Result<T, Diagnostic>,
    ) -> Result<T, Diagnostic> {
        if self.depth >= self.max_depth {
            return Err(crate::nesting::bracket_error(
                at.report_span(),
                self.max_depth,
            ));
        }
        self.depth += 1;
        let r = parse(self);
        self.depth -= 1;
        r
    }

    fn ternary(&mut self) -> Result<PpValue, Diagnostic> {
        let c = self.binary(1)?;
        if self.peek() == Some(TokKind::Question) {
            self.pos += 1;
            let at = &self.toks[self.pos - 1];
            let a = self.nested(at, |p| p.operand(c.is_true(), |p| p.ternary()))?;
            if self.peek() != Some(TokKind::Colon) {
                return Err(self.expected("':'"));
            }
            self.pos += 1;
            let b = self.nested(at, |p| p.operand(!c.is_true(), |p| p.ternary()))?;
            // The result has the common type of both arms.
            let unsigned = a.unsigned || b.unsigned;
            let bits = if c.is_true() { a.bits } else { b.bits };
            return Ok(PpValue { bits, unsigned });
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

    fn binary(&mut self, min: u8) -> Result<PpValue, Diagnostic> {
        let mut lhs = self.unary()?;
        while let Some(k) = self.peek() {
            let Some(p) = prec(k) else { break };
            if p < min {
                break;
            }
            let op_tok = &self.toks[self.pos];
            self.pos += 1;
            use TokKind::*;
            let rhs_evaluated = match k {
                PipePipe => !lhs.is_true(),
                AmpAmp => lhs.is_true(),
                _ => true,
            };
            let rhs = self.operand(rhs_evaluated, |s| s.binary(p + 1))?;
            lhs = self.apply(k, lhs, rhs, op_tok)?;
        }
        Ok(lhs)
    }

    /// Applies binary operator `k` with C's conversions to `intmax_t`/`uintmax_t`.
    fn apply(
        &self,
        k: TokKind,
        lhs: PpValue,
        rhs: PpValue,
        op_tok: &Token,
    ) -> Result<PpValue, Diagnostic> {
        use TokKind::*;
        let unsigned = lhs.unsigned || rhs.unsigned;
        let (l, r) = (lhs.bits, rhs.bits);
        let (ul, ur) = (l as u64, r as u64);
        let common = |bits: i64| PpValue { bits, unsigned };
        Ok(match k {
            PipePipe => PpValue::truth(lhs.is_true() || rhs.is_true()),
            AmpAmp => PpValue::truth(lhs.is_true() && rhs.is_true()),
            Pipe => common(l | r),
            Caret => common(l ^ r),
            Amp => common(l & r),
            EqEq => PpValue::truth(l == r),
            Ne => PpValue::truth(l != r),
            Lt if unsigned => PpValue::truth(ul < ur),
            Gt if unsigned => PpValue::truth(ul > ur),
            Le if unsigned => PpValue::truth(ul <= ur),
            Ge if unsigned => PpValue::truth(ul >= ur),
            Lt => PpValue::truth(l < r),
            Gt => PpValue::truth(l > r),
            Le => PpValue::truth(l <= r),
            Ge => PpValue::truth(l >= r),
            // A shift has the type of its left operand.
            Shl => PpValue {
                bits: l.wrapping_shl(r as u32),
                ..lhs
            },
            Shr if lhs.unsigned => PpValue {
                bits: ul.wrapping_shr(r as u32) as i64,
                ..lhs
            },
            Shr => PpValue {
                bits: l.wrapping_shr(r as u32),
                ..lhs
            },
            Plus => common(l.wrapping_add(r)),
            Minus => common(l.wrapping_sub(r)),
            Star => common(l.wrapping_mul(r)),
            Slash | Percent if r == 0 => {
                if self.evaluated {
                    return Err(
                        self.err_at(op_tok, "division by zero in preprocessor expression".into())
                    );
                }
                common(0)
            }
            Slash if unsigned => common((ul / ur) as i64),
            Slash => common(l.wrapping_div(r)),
            _ if unsigned => common((ul % ur) as i64),
            _ => common(l.wrapping_rem(r)),
        })
    }

    fn unary(&mut self) -> Result<PpValue, Diagnostic> {
        let Some(t) = self.toks.get(self.pos) else {
            return Err(self.expected("value"));
        };
        self.pos += 1;
        if matches!(
            t.kind,
            TokKind::Minus | TokKind::Plus | TokKind::Bang | TokKind::Tilde | TokKind::LParen
        ) {
            return self.nested(t, |p| p.prefixed(t));
        }
        self.operand_value(t)
    }

    /// A prefix operator or parenthesised expression starting with `t` (already read).
    fn prefixed(&mut self, t: &Token) -> Result<PpValue, Diagnostic> {
        match t.kind {
            TokKind::Minus => {
                let v = self.unary()?;
                Ok(PpValue {
                    bits: v.bits.wrapping_neg(),
                    ..v
                })
            }
            TokKind::Plus => self.unary(),
            TokKind::Bang => Ok(PpValue::truth(!self.unary()?.is_true())),
            TokKind::Tilde => {
                let v = self.unary()?;
                Ok(PpValue { bits: !v.bits, ..v })
            }
            TokKind::LParen => {
                let v = self.ternary()?;
                if self.peek() != Some(TokKind::RParen) {
                    return Err(self.expected("')'"));
                }
                self.pos += 1;
                Ok(v)
            }
            _ => unreachable!("caller checks for a prefix token"),
        }
    }

    /// A literal or identifier `t` (already read).
    fn operand_value(&mut self, t: &Token) -> Result<PpValue, Diagnostic> {
        match t.kind {
            // An integer literal is unsigned with a `u` suffix or when it does not fit in
            // `intmax_t`.
            TokKind::IntLit => literal::parse_int(&t.text)
                .map(|l| PpValue {
                    bits: l.value as i64,
                    unsigned: l.suffix.unsigned || l.value > i64::MAX as u64,
                })
                .map_err(|m| self.err_at(t, m)),
            TokKind::CharLit => literal::parse_char(&t.text)
                .map(PpValue::signed)
                .map_err(|m| self.err_at(t, m)),
            k if k.is_identifier_like() => Ok(PpValue::signed(0)),
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
