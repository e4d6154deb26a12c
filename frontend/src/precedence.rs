//! Grouping of C's binary operators by precedence. The grammar parses `a op b op c ...` as a
//! flat list of operands (one LALR rule instead of ten precedence tiers, which cost a chain
//! of unit reductions per operand) and [`fold_binary`] builds the left-associative tree that
//! the tiered grammar built, with the same spans.

use crate::ast::{BinaryOp, Expr, ExprKind};
use crate::lexer::Token;
use crate::parser::sp;

/// An operand with the token range `[l, r)` it was parsed from.
pub(crate) type Operand = (usize, Expr, usize);

/// C's precedence of a binary operator (higher binds tighter).
fn precedence(op: BinaryOp) -> u8 {
    use BinaryOp::*;
    match op {
        LogOr => 1,
        LogAnd => 2,
        BitOr => 3,
        BitXor => 4,
        BitAnd => 5,
        Eq | Ne => 6,
        Lt | Gt | Le | Ge => 7,
        Shl | Shr => 8,
        Add | Sub => 9,
        Mul | Div | Rem => 10,
    }
}

fn combine(toks: &[Token], op: BinaryOp, (l, a, _): Operand, (_, b, r): Operand) -> Operand {
    let e = Expr {
        kind: ExprKind::Binary(op, Box::new(a), Box::new(b)),
        span: sp(toks, l, r),
    };
    (l, e, r)
}

/// Builds `first op1 e1 op2 e2 ...` with C's precedences, all operators left-associative.
pub(crate) fn fold_binary(toks: &[Token], first: Operand, rest: Vec<(BinaryOp, Operand)>) -> Expr {
    if rest.is_empty() {
        return first.1;
    }
    let mut operands: Vec<Operand> = Vec::with_capacity(rest.len() + 1);
    let mut ops: Vec<BinaryOp> = Vec::with_capacity(rest.len());
    operands.push(first);
    let reduce_top = |operands: &mut Vec<Operand>, ops: &mut Vec<BinaryOp>| {
        let op = ops.pop().expect("an operator to reduce");
        let b = operands.pop().expect("right operand");
        let a = operands.pop().expect("left operand");
        operands.push(combine(toks, op, a, b));
    };
    for (op, operand) in rest {
        while ops
            .last()
            .is_some_and(|&top| precedence(top) >= precedence(op))
        {
            reduce_top(&mut operands, &mut ops);
        }
        ops.push(op);
        operands.push(operand);
    }
    while !ops.is_empty() {
        reduce_top(&mut operands, &mut ops);
    }
    operands.pop().expect("the folded expression").1
}

#[cfg(test)]
mod tests {
    use crate::ast::{ExprKind, ExternalDecl, Initializer, StmtKind};
    use crate::lexer::{lex, TokKind};
    use crate::source::FileId;

    /// The initializer of `int x = EXPR;` inside a function, fully parenthesised.
    fn grouped(expr: &str) -> String {
        let src = format!("void f(int a, int b, int c, int d) {{ int x = {expr}; }}");
        let toks: Vec<_> = lex(FileId(0), &src)
            .into_iter()
            .filter(|t| t.kind != TokKind::Newline)
            .collect();
        let tu = crate::parser::parse_tokens(&toks).expect("parses");
        let ExternalDecl::Function(f) = &tu.items[0] else {
            panic!("function expected")
        };
        let StmtKind::Decl(d) = &f.body.stmts[0].kind else {
            panic!("declaration expected")
        };
        let Some(Initializer::Expr(e)) = &d.declarators[0].init else {
            panic!("initializer expected")
        };
        fn show(e: &crate::ast::Expr, src: &str) -> String {
            match &e.kind {
                ExprKind::Binary(op, a, b) => {
                    let spelled = &src[e.span.range()];
                    format!(
                        "({} {} {})[{spelled}]",
                        show(a, src),
                        op.symbol(),
                        show(b, src)
                    )
                }
                ExprKind::Ident(n) | ExprKind::IntLit(n) => n.clone(),
                ExprKind::Paren(inner) => format!("({})", show(inner, src)),
                ExprKind::Unary(_, inner) => format!("-{}", show(inner, src)),
                other => format!("{other:?}"),
            }
        }
        show(e, &src)
    }

    #[test]
    fn operators_group_by_c_precedence_left_to_right() {
        assert_eq!(grouped("a - b - c"), "((a - b)[a - b] - c)[a - b - c]");
        assert_eq!(grouped("a + b * c"), "(a + (b * c)[b * c])[a + b * c]");
        assert_eq!(
            grouped("a || b && c | d"),
            "(a || (b && (c | d)[c | d])[b && c | d])[a || b && c | d]"
        );
        assert_eq!(
            grouped("a ^ b & c == d"),
            "(a ^ (b & (c == d)[c == d])[b & c == d])[a ^ b & c == d]"
        );
        assert_eq!(
            grouped("a < b << 1 + c"),
            "(a < (b << (1 + c)[1 + c])[b << 1 + c])[a < b << 1 + c]"
        );
        assert_eq!(
            grouped("a * b + c * d"),
            "((a * b)[a * b] + (c * d)[c * d])[a * b + c * d]"
        );
        assert_eq!(
            grouped("a == b != c < d"),
            "((a == b)[a == b] != (c < d)[c < d])[a == b != c < d]"
        );
        assert_eq!(
            grouped("(a + b) * -c"),
            "(((a + b)[a + b]) * -c)[(a + b) * -c]"
        );
        assert_eq!(
            grouped("a % b / c * d"),
            "(((a % b)[a % b] / c)[a % b / c] * d)[a % b / c * d]"
        );
    }
}
