//! `goto` in structured control flow.
//!
//! The IR only has structured statements, so the body of a function that uses `goto` is
//! first *flattened* into basic blocks — runs of simple statements (expressions and
//! declarations) each ending in a jump, a two-way branch on a condition, a multi-way
//! branch (`switch`), a `return` or the end of the body — where loops, `break`, `continue`,
//! labels and `goto` all become jumps between blocks. The blocks are then emitted as a
//! dispatch loop:
//!
//! ```text
//! state = 0
//! loop { switch (state) { case 0: block0; state = next  case 1: ... }
//!        if (state == END) break }
//! ```
//!
//! This handles any `goto` C allows within one function (forwards, backwards, into and out
//! of nested blocks and loops), at the price of structured code for that function only.
//! Functions without `goto` are lowered as before.

use oclc_ir::fx::HashMap;

use oclc_frontend::checked as ck;
use oclc_frontend::source::Span;

use super::function::FnLower;
use super::LowerError;
use oclc_ir::module::{Block, Stmt, SwitchCase};
use oclc_ir::op::{CmpOp, Const, Op};
use oclc_ir::types::ScalarType;

/// The `state` value that leaves the dispatch loop (the end of the body).
const END: i64 = -1;

/// How a flattened block ends.
enum Exit<'a> {
    /// Continue with another block.
    Jump(usize),
    /// `if (cond)` the first block, else the second.
    Branch(&'a ck::Expr, usize, usize),
    /// `switch (selector)`: the case values and blocks, and the block for other values.
    Switch(&'a ck::Expr, Vec<(Vec<i64>, usize)>, usize),
    /// `return` with an optional value.
    Return(Option<&'a ck::Expr>),
    /// A jump to a label, resolved once every label is known.
    Goto(&'a str, Span),
    /// The end of the function body.
    End,
}

/// A simple statement of a flattened block.
enum Item<'a> {
    /// An expression statement or a declaration.
    Stmt(&'a ck::Stmt),
    /// A `for` loop's step.
    Step(&'a ck::Expr),
}

/// A basic block of simple statements.
struct FlatBlock<'a> {
    items: Vec<Item<'a>>,
    exit: Exit<'a>,
}

/// Builds the basic blocks of a body.
#[derive(Default)]
struct Flattener<'a> {
    blocks: Vec<FlatBlock<'a>>,
    current: usize,
    labels: HashMap<&'a str, usize>,
    /// (`break` target, `continue` target or None inside a switch), innermost last.
    targets: Vec<(usize, Option<usize>)>,
}

impl<'a> Flattener<'a> {
    fn new_block(&mut self) -> usize {
        self.blocks.push(FlatBlock {
            items: Vec::new(),
            exit: Exit::End,
        });
        self.blocks.len() - 1
    }

    /// Ends the current block with `exit` and continues in `next`.
    fn finish(&mut self, exit: Exit<'a>, next: usize) {
        self.blocks[self.current].exit = exit;
        self.current = next;
    }

    fn break_target(&self) -> usize {
        self.targets
            .last()
            .expect("checked: break inside a loop or switch")
            .0
    }

    fn continue_target(&self) -> usize {
        self.targets
            .iter()
            .rev()
            .find_map(|t| t.1)
            .expect("checked: continue inside a loop")
    }

    fn stmt(&mut self, s: &'a ck::Stmt) {
        match s {
            ck::Stmt::Expr(_) | ck::Stmt::Decl { .. } => {
                self.blocks[self.current].items.push(Item::Stmt(s))
            }
            ck::Stmt::Block(b) => b.iter().for_each(|s| self.stmt(s)),
            ck::Stmt::If { cond, then, els } => {
                let (t, e, join) = (self.new_block(), self.new_block(), self.new_block());
                self.finish(Exit::Branch(cond, t, e), t);
                self.stmt(then);
                self.finish(Exit::Jump(join), e);
                if let Some(els) = els {
                    self.stmt(els);
                }
                self.finish(Exit::Jump(join), join);
            }
            ck::Stmt::While { cond, body, .. } => {
                let (head, first, exit) = (self.new_block(), self.new_block(), self.new_block());
                self.finish(Exit::Jump(head), head);
                self.finish(Exit::Branch(cond, first, exit), first);
                self.loop_body(body, exit, head);
                self.finish(Exit::Jump(head), exit);
            }
            ck::Stmt::DoWhile { body, cond, .. } => {
                let (first, test, exit) = (self.new_block(), self.new_block(), self.new_block());
                self.finish(Exit::Jump(first), first);
                self.loop_body(body, exit, test);
                self.finish(Exit::Jump(test), test);
                self.finish(Exit::Branch(cond, first, exit), exit);
            }
            ck::Stmt::For {
                init,
                cond,
                step,
                body,
                ..
            } => {
                init.iter().for_each(|s| self.stmt(s));
                let head = self.new_block();
                let first = self.new_block();
                let step_block = self.new_block();
                let exit = self.new_block();
                self.finish(Exit::Jump(head), head);
                match cond {
                    Some(c) => self.finish(Exit::Branch(c, first, exit), first),
                    None => self.finish(Exit::Jump(first), first),
                }
                self.loop_body(body, exit, step_block);
                self.finish(Exit::Jump(step_block), step_block);
                if let Some(step) = step {
                    self.blocks[step_block].items.push(Item::Step(step));
                }
                self.finish(Exit::Jump(head), exit);
            }
            ck::Stmt::Switch { cond, cases } => {
                let starts: Vec<usize> = cases.iter().map(|_| self.new_block()).collect();
                let exit = self.new_block();
                let default = cases
                    .iter()
                    .position(|c| c.is_default)
                    .map_or(exit, |i| starts[i]);
                let arms = cases
                    .iter()
                    .zip(&starts)
                    .filter(|(c, _)| !c.values.is_empty())
                    .map(|(c, b)| (c.values.clone(), *b))
                    .collect();
                self.finish(Exit::Switch(cond, arms, default), starts[0]);
                self.targets.push((exit, None));
                for (i, c) in cases.iter().enumerate() {
                    if i > 0 {
                        // Fall through from the previous case.
                        self.finish(Exit::Jump(starts[i]), starts[i]);
                    }
                    c.body.iter().for_each(|s| self.stmt(s));
                }
                self.targets.pop();
                self.finish(Exit::Jump(exit), exit);
            }
            ck::Stmt::Break => {
                let after = self.new_block();
                self.finish(Exit::Jump(self.break_target()), after);
            }
            ck::Stmt::Continue => {
                let after = self.new_block();
                self.finish(Exit::Jump(self.continue_target()), after);
            }
            ck::Stmt::Return(v) => {
                let after = self.new_block();
                self.finish(Exit::Return(v.as_ref()), after);
            }
            ck::Stmt::Label(name) => {
                let b = self.new_block();
                self.finish(Exit::Jump(b), b);
                self.labels.insert(name, b);
            }
            ck::Stmt::Goto { label, span } => {
                let after = self.new_block();
                self.finish(Exit::Goto(label, *span), after);
            }
        }
    }

    fn loop_body(&mut self, body: &'a ck::Stmt, exit: usize, next: usize) {
        self.targets.push((exit, Some(next)));
        self.stmt(body);
        self.targets.pop();
    }
}

impl FnLower<'_, '_> {
    /// Lowers a function body, through a dispatch loop when it uses `goto`.
    pub fn body(&mut self, body: &[ck::Stmt]) -> Result<(), LowerError> {
        if !body.iter().any(contains_goto) {
            for s in body {
                self.stmt(s)?;
            }
            return Ok(());
        }
        let mut flat = Flattener::default();
        flat.current = flat.new_block();
        body.iter().for_each(|s| flat.stmt(s));

        let i32t = self.types().scalar(ScalarType::I32);
        let state = self.temp("goto.state", i32t);
        let state_addr = self.b.local_addr(state);
        let zero = self.konst(Const::int(ScalarType::I32, 0));
        self.b.store(state_addr, zero);

        self.b.open_block();
        let selector = self.b.load(state_addr);
        let mut cases = Vec::with_capacity(flat.blocks.len());
        for (k, block) in flat.blocks.iter().enumerate() {
            self.b.open_block();
            for item in &block.items {
                match item {
                    Item::Stmt(s) => self.stmt(s)?,
                    Item::Step(e) => {
                        if !self.b.terminated() {
                            self.expr(e)?;
                        }
                    }
                }
            }
            if !self.b.terminated() {
                self.block_exit(&block.exit, state_addr, &flat.labels)?;
            }
            cases.push(SwitchCase {
                values: vec![k as i64],
                is_default: false,
                body: self.b.close_block(),
                fall_through: false,
            });
        }
        self.b.push(Stmt::Switch { selector, cases });
        let now = self.b.load(state_addr);
        let end = self.konst(Const::int(ScalarType::I32, END));
        let bt = self.types().scalar(ScalarType::Bool);
        let done = self.b.emit(Op::Compare(CmpOp::Eq, now, end), bt);
        self.b.push_break_if(done);
        let body = self.b.close_block();
        self.b.push(Stmt::Loop {
            body,
            continuing: Block::new(),
            break_if: None,
            unroll: oclc_ir::Unroll::Auto,
        });
        Ok(())
    }

    /// Emits how a flattened block ends: the next `state`, or a `return`.
    fn block_exit(
        &mut self,
        exit: &Exit,
        state: oclc_ir::op::ValueId,
        labels: &HashMap<&str, usize>,
    ) -> Result<(), LowerError> {
        match exit {
            Exit::Jump(b) => self.set_state(state, *b as i64),
            Exit::End => self.set_state(state, END),
            Exit::Goto(label, span) => match labels.get(label) {
                Some(b) => self.set_state(state, *b as i64),
                None => return self.unsupported(*span, format!("no label '{label}'")),
            },
            Exit::Return(v) => {
                let v = match v {
                    Some(e) => Some(self.expr(e)?),
                    None => None,
                };
                self.b.push(Stmt::Return(v));
            }
            Exit::Branch(cond, t, e) => {
                let c = self.expr(cond)?;
                let c = self.num_to_bool(c);
                self.b.open_block();
                self.set_state(state, *t as i64);
                let then_body = self.b.close_block();
                self.b.open_block();
                self.set_state(state, *e as i64);
                let else_body = self.b.close_block();
                self.b.push(Stmt::If {
                    cond: c,
                    then_body,
                    else_body,
                });
            }
            Exit::Switch(selector, arms, default) => {
                let selector = self.expr(selector)?;
                let mut cases = Vec::with_capacity(arms.len() + 1);
                for (values, b) in arms {
                    self.b.open_block();
                    self.set_state(state, *b as i64);
                    cases.push(SwitchCase {
                        values: values.clone(),
                        is_default: false,
                        body: self.b.close_block(),
                        fall_through: false,
                    });
                }
                self.b.open_block();
                self.set_state(state, *default as i64);
                cases.push(SwitchCase {
                    values: Vec::new(),
                    is_default: true,
                    body: self.b.close_block(),
                    fall_through: false,
                });
                self.b.push(Stmt::Switch { selector, cases });
            }
        }
        Ok(())
    }

    fn set_state(&mut self, state: oclc_ir::op::ValueId, v: i64) {
        let c = self.konst(Const::int(ScalarType::I32, v));
        self.b.store(state, c);
    }

    /// `goto` that [`FnLower::body`] did not flatten (inside a statement expression).
    pub(super) fn goto(&mut self, _label: &str, span: Span) -> Result<(), LowerError> {
        self.unsupported(span, "goto inside a statement expression is not supported")
    }
}

/// True when `s` is or contains a `goto`.
pub fn contains_goto(s: &ck::Stmt) -> bool {
    match s {
        ck::Stmt::Goto { .. } => true,
        ck::Stmt::Block(b) => b.iter().any(contains_goto),
        ck::Stmt::If { then, els, .. } => {
            contains_goto(then) || els.as_deref().is_some_and(contains_goto)
        }
        ck::Stmt::While { body, .. } | ck::Stmt::DoWhile { body, .. } => contains_goto(body),
        ck::Stmt::For { init, body, .. } => init.iter().any(contains_goto) || contains_goto(body),
        ck::Stmt::Switch { cases, .. } => cases.iter().any(|c| c.body.iter().any(contains_goto)),
        _ => false,
    }
}
