//! Floating-point contraction where OpenCL C allows it (`#pragma OPENCL FP_CONTRACT ON`,
//! the default): `a * b + c`, `a * b - c` and `c - a * b` within one expression become
//! `mad(a, b, ±c)`, which a backend may compute fused or as a rounded multiply and add.
//!
//! Private variables are memory in the IR as lowered (loads and stores), so a product
//! that is an operand of an add or subtract, used nowhere else and computed in the same
//! block, is a temporary of the same expression: a product stored to a variable and read
//! back is a load, never contracted (clang's `-ffp-contract=on` also contracts only within
//! an expression). The pass must therefore run on a module before anything inlines
//! functions or forwards stores, and it skips oclc's built-in library (`__oclc_*`), whose
//! error-free transformations need exactly rounded products.

use crate::module::{Block, Function, Module, Stmt};
use crate::op::{BinaryOp, MathFn, Op, UnaryOp, ValueId};
use crate::types::Type;

use crate::visit::{use_counts, UseCounts};

/// Contracts `a * b ± c` into `mad` in every function outside the built-in library;
/// returns the number of contractions.
pub fn contract_mul_add(module: &mut Module) -> usize {
    let mut n = 0;
    for f in &mut module.functions {
        if f.is_library {
            continue;
        }
        let uses = use_counts(&f.body);
        let mut body = std::mem::take(&mut f.body);
        n += contract_block(&module.types, f, &mut body, &uses);
        f.body = body;
    }
    n
}

/// True when `t` is a float scalar or vector type.
fn is_float(types: &crate::types::TypeTable, t: crate::types::TypeId) -> bool {
    match types.get(t) {
        Type::Scalar(s) => s.is_float(),
        Type::Vector { elem, .. } => elem.is_float(),
        _ => false,
    }
}

fn contract_block(
    types: &crate::types::TypeTable,
    f: &mut Function,
    block: &mut Block,
    uses: &UseCounts,
) -> usize {
    let mut n = 0;
    for stmt in &mut block.stmts {
        for child in stmt.child_blocks_mut() {
            n += contract_block(types, f, child, uses);
        }
    }
    // Single-use float products of this block, by value.
    let mut products: crate::fx::HashMap<ValueId, (ValueId, ValueId)> = Default::default();
    let mut fused: crate::fx::HashSet<ValueId> = Default::default();
    let mut out = Vec::with_capacity(block.stmts.len());
    for stmt in std::mem::take(&mut block.stmts) {
        let Stmt::Let { value, op } = &stmt else {
            out.push(stmt);
            continue;
        };
        let (value, op) = (*value, op.clone());
        let ty = f.value_type(value);
        if !is_float(types, ty) {
            out.push(stmt);
            continue;
        }
        match op {
            Op::Binary(BinaryOp::Mul, a, b) if uses.get(value) == 1 => {
                products.insert(value, (a, b));
                out.push(stmt);
            }
            Op::Binary(bop @ (BinaryOp::Add | BinaryOp::Sub), x, y) => {
                let args = if let Some(&(a, b)) = products.get(&x).filter(|_| x != y) {
                    fused.insert(x);
                    let c = if bop == BinaryOp::Sub {
                        f.push_let(&mut out, ty, Op::Unary(UnaryOp::Neg, y))
                    } else {
                        y
                    };
                    Some([a, b, c])
                } else if let Some(&(a, b)) = products.get(&y).filter(|_| x != y) {
                    fused.insert(y);
                    let a = if bop == BinaryOp::Sub {
                        f.push_let(&mut out, ty, Op::Unary(UnaryOp::Neg, a))
                    } else {
                        a
                    };
                    Some([a, b, x])
                } else {
                    None
                };
                match args {
                    Some(args) => {
                        n += 1;
                        let op = Op::Math {
                            func: MathFn::Mad,
                            args: args.to_vec(),
                        };
                        out.push(Stmt::Let { value, op });
                    }
                    None => out.push(stmt),
                }
            }
            _ => out.push(stmt),
        }
    }
    // The fused products have no use left.
    out.retain(|s| !matches!(s, Stmt::Let { value, .. } if fused.contains(value)));
    block.stmts = out;
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contracted(src: &str) -> (usize, String) {
        let mut m = crate::parse_module(src).unwrap();
        let n = contract_mul_add(&mut m);
        crate::verify_module(&m).unwrap();
        (n, crate::print_module(&m))
    }

    #[test]
    fn contracts_temporaries_only() {
        let src = include_str!("contract_tests/mul_add.ir");
        let (n, text) = contracted(src);
        insta::assert_snapshot!(format!("{n} contractions\n{text}"));
    }
}
