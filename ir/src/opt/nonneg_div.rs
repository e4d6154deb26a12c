//! Signed division and remainder by a power of two of a value known to be non-negative
//! become a shift and a mask.
//!
//! C's `x / 2^k` truncates toward zero, so for an `int` that may be negative it needs a
//! bias (`(x + ((x >> 31) >>> (32 - k))) >> k`): three more dependent instructions. When
//! [`crate::analysis::signs`] knows `x >= 0`, `x / 2^k` is `x >> k` and `x % 2^k` is
//! `x & (2^k - 1)`. The Collatz step `n = (n & 1) ? 3 * n + 1 : n / 2`, after
//! `if (n < 1) n = -n + 1;`, is the case that asked for it: on the H100 such a loop ran
//! 0.79 ms with `n / 2` and 0.58 ms with `n >> 1` through Vulkan, and NVIDIA's OpenCL
//! compiler pays for the bias too (bench/results/h100-codegen-experiments.txt).
//!
//! Rules: a scalar `int`/`long` `div` or `rem` of user code whose divisor is a constant
//! `2^k` with `1 <= k < width - 1` and whose dividend the analysis knows non-negative. The
//! shift count or mask is a new constant placed right before the rewritten `let`.

use crate::analysis::defs::int_constants;
use crate::analysis::signs::nonneg_dividends;
use crate::fx::HashSet;
use crate::module::{Block, Function, Module, Stmt};
use crate::op::{BinaryOp, Const, Op, ValueId};
use crate::pipeline::FunctionPass;
use crate::types::{Type, TypeTable};

/// The division-by-a-power-of-two pass.
pub struct NonnegDiv;

impl FunctionPass for NonnegDiv {
    fn name(&self) -> &'static str {
        "nonneg_div"
    }

    fn run_function(&self, module: &mut Module, index: usize) -> bool {
        let Module {
            types, functions, ..
        } = module;
        let f = &mut functions[index];
        let nonneg = nonneg_dividends(types, f);
        if nonneg.is_empty() {
            return false;
        }
        let constants = int_constants(f);
        let mut body = std::mem::take(&mut f.body);
        let mut rewrite = Rewrite {
            types,
            f,
            nonneg: &nonneg,
            constants: &constants,
            changed: false,
        };
        rewrite.block(&mut body);
        let changed = rewrite.changed;
        f.body = body;
        changed
    }
}

struct Rewrite<'a> {
    types: &'a TypeTable,
    f: &'a mut Function,
    /// The divisions whose dividend is known non-negative.
    nonneg: &'a HashSet<ValueId>,
    constants: &'a crate::fx::HashMap<ValueId, Const>,
    changed: bool,
}

impl Rewrite<'_> {
    fn block(&mut self, block: &mut Block) {
        let stmts = std::mem::take(&mut block.stmts);
        let mut out = Vec::with_capacity(stmts.len());
        for mut s in stmts {
            if let Stmt::Let { value, op } = &mut s {
                if let Some((bin, x, operand)) = self.shift_form(*value, op) {
                    let ty = self.f.value_type(*value);
                    let c = self.f.push_let(&mut out, ty, Op::Const(operand));
                    *op = Op::Binary(bin, x, c);
                    self.changed = true;
                }
            }
            for child in s.child_blocks_mut() {
                self.block(child);
            }
            out.push(s);
        }
        block.stmts = out;
    }

    /// `(shr, x, k)` for `x / 2^k` and `(and, x, 2^k - 1)` for `x % 2^k` when the rules of
    /// the module documentation allow.
    fn shift_form(&self, value: ValueId, op: &Op) -> Option<(BinaryOp, ValueId, Const)> {
        let Op::Binary(bin @ (BinaryOp::Div | BinaryOp::Rem), x, d) = op else {
            return None;
        };
        let Type::Scalar(s) = self.types.get(self.f.value_type(value)) else {
            return None;
        };
        if !self.nonneg.contains(&value) {
            return None;
        }
        let divisor = self.constants.get(d)?.as_i64();
        if divisor < 2 || divisor.count_ones() != 1 {
            return None;
        }
        let k = divisor.trailing_zeros();
        if k + 1 >= s.bits() {
            return None;
        }
        Some(match bin {
            BinaryOp::Div => (BinaryOp::Shr, *x, Const::int(*s, k as i64)),
            _ => (BinaryOp::And, *x, Const::int(*s, divisor - 1)),
        })
    }
}
