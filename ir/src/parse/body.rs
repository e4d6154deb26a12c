//! Parsing of function bodies: `local` declarations and the statements of nested blocks.

use super::cursor::Cursor;
use super::ops::parse_op;
use super::types::{parse_space, parse_type};
use super::{Lines, ParseError, PendingCall};
use crate::module::{Block, Local, Stmt, SwitchCase, Unroll};
use crate::op::{MemFence, ValueId};
use crate::types::{TypeId, TypeTable};

/// How deeply blocks may nest (bounds recursion on garbled input).
const MAX_DEPTH: u32 = 200;

/// What is known about the function being parsed.
pub struct FnState<'t> {
    /// The module's types.
    pub types: &'t mut TypeTable,
    calls: &'t mut Vec<PendingCall>,
    locals: Vec<Local>,
    defs: Vec<(ValueId, TypeId)>,
    max_value: Option<u32>,
}

impl<'t> FnState<'t> {
    /// A function with no values yet.
    pub fn new(types: &'t mut TypeTable, calls: &'t mut Vec<PendingCall>) -> Self {
        FnState {
            types,
            calls,
            locals: Vec::new(),
            defs: Vec::new(),
            max_value: None,
        }
    }

    /// Records a mention of `v`.
    fn note(&mut self, v: ValueId) {
        self.max_value = Some(self.max_value.map_or(v.0, |m| m.max(v.0)));
    }

    /// Records that `v` has type `ty`.
    pub fn define(&mut self, v: ValueId, ty: TypeId) {
        self.note(v);
        self.defs.push((v, ty));
    }

    /// The locals and the value types (void for numbers never defined).
    pub fn finish(self) -> (Vec<Local>, Vec<TypeId>) {
        let void = self.types.void();
        let len = self.max_value.map_or(0, |m| m as usize + 1);
        let mut value_types = vec![void; len];
        for (v, ty) in self.defs {
            value_types[v.0 as usize] = ty;
        }
        (self.locals, value_types)
    }
}

/// Parses statements up to the line starting with `}`; returns the block and that line
/// with the cursor just after the `}`.
pub fn parse_block<'a>(
    lines: &mut Lines<'a>,
    st: &mut FnState,
    depth: u32,
) -> Result<(Block, Cursor<'a>), ParseError> {
    let mut block = Block::new();
    loop {
        let mut cur = lines.expect_line("`}`")?;
        if depth > MAX_DEPTH {
            return Err(cur.error("blocks nested too deeply"));
        }
        if cur.eat("}") {
            return Ok((block, cur));
        }
        if let Some(stmt) = parse_stmt(cur, lines, st, depth)? {
            block.stmts.push(stmt);
        }
    }
}

/// Parses one statement line (and the nested blocks it opens); `None` for a `local`
/// declaration.
fn parse_stmt<'a>(
    mut cur: Cursor<'a>,
    lines: &mut Lines<'a>,
    st: &mut FnState,
    depth: u32,
) -> Result<Option<Stmt>, ParseError> {
    if cur.rest().starts_with('%') {
        let value = cur.value()?;
        cur.expect(":")?;
        let ty = parse_type(&mut cur, st.types)?;
        cur.expect("=")?;
        let op = parse_op(&mut cur, ty, st.types, st.calls)?;
        st.define(value, ty);
        for v in op.operands() {
            st.note(v);
        }
        return Ok(Some(Stmt::Let { value, op }));
    }
    let start = cur.pos();
    let stmt = match cur.word() {
        "local" => {
            parse_local(&mut cur, st)?;
            return Ok(None);
        }
        "store" => {
            let ptr = use_value(&mut cur, st)?;
            cur.expect(",")?;
            let value = use_value(&mut cur, st)?;
            Stmt::Store { ptr, value }
        }
        "if" => {
            let cond = use_value(&mut cur, st)?;
            cur.expect("{")?;
            cur.expect_end()?;
            let (then_body, mut mid) = parse_block(lines, st, depth + 1)?;
            if !mid.eat_keyword("else") {
                return Err(mid.error("expected `} else {`"));
            }
            mid.expect("{")?;
            mid.expect_end()?;
            let (else_body, end) = parse_block(lines, st, depth + 1)?;
            cur = end;
            Stmt::If {
                cond,
                then_body,
                else_body,
            }
        }
        "loop" => {
            let unroll = if cur.eat_keyword("nounroll") {
                Unroll::Never
            } else if cur.eat_keyword("unroll") {
                if cur.eat("(") {
                    let n = cur.number()?;
                    cur.expect(")")?;
                    match u32::try_from(n) {
                        Ok(n) if n >= 2 => Unroll::Count(n),
                        _ => return Err(cur.error("unroll(N) needs N >= 2")),
                    }
                } else {
                    Unroll::Full
                }
            } else {
                Unroll::Auto
            };
            cur.expect("{")?;
            cur.expect_end()?;
            let (body, mut mid) = parse_block(lines, st, depth + 1)?;
            if !mid.eat_keyword("continuing") {
                return Err(mid.error("expected `} continuing {`"));
            }
            mid.expect("{")?;
            mid.expect_end()?;
            let (continuing, mut end) = parse_block(lines, st, depth + 1)?;
            let break_if = if end.eat_keyword("break_if") {
                Some(use_value(&mut end, st)?)
            } else {
                None
            };
            cur = end;
            Stmt::Loop {
                body,
                continuing,
                break_if,
                unroll,
            }
        }
        "break" => Stmt::Break,
        "continue" => Stmt::Continue,
        "return" => {
            if cur.at_end() {
                Stmt::Return(None)
            } else {
                Stmt::Return(Some(use_value(&mut cur, st)?))
            }
        }
        "switch" => {
            let selector = use_value(&mut cur, st)?;
            cur.expect("{")?;
            cur.expect_end()?;
            let mut cases = Vec::new();
            loop {
                let mut line = lines.expect_line("`case` or `}`")?;
                if line.eat("}") {
                    cur = line;
                    break;
                }
                if !line.eat_keyword("case") {
                    return Err(line.error("expected `case` or `}`"));
                }
                let mut values = Vec::new();
                let mut is_default = false;
                loop {
                    if line.eat_keyword("default") {
                        is_default = true;
                    } else {
                        let negative = line.eat("-");
                        let n = line.number()? as i64;
                        values.push(if negative { n.wrapping_neg() } else { n });
                    }
                    if !line.eat(",") {
                        break;
                    }
                }
                let fall_through = line.eat_keyword("fallthrough");
                line.expect("{")?;
                line.expect_end()?;
                let (body, end) = parse_block(lines, st, depth + 1)?;
                let mut end = end;
                end.expect_end()?;
                cases.push(SwitchCase {
                    values,
                    is_default,
                    body,
                    fall_through,
                });
            }
            Stmt::Switch { selector, cases }
        }
        "fence" => {
            let mut fence = MemFence::default();
            loop {
                if cur.eat_keyword("local") {
                    fence.local = true;
                } else if cur.eat_keyword("global") {
                    fence.global = true;
                } else {
                    break;
                }
            }
            Stmt::Fence { fence }
        }
        "barrier" => {
            let mut fence = MemFence::default();
            loop {
                if cur.eat_keyword("local") {
                    fence.local = true;
                } else if cur.eat_keyword("global") {
                    fence.global = true;
                } else {
                    break;
                }
            }
            Stmt::Barrier { fence }
        }
        w => return Err(cur.error_at(start, format!("unknown statement `{w}`"))),
    };
    cur.expect_end()?;
    Ok(Some(stmt))
}

fn use_value(cur: &mut Cursor, st: &mut FnState) -> Result<ValueId, ParseError> {
    let v = cur.value()?;
    st.note(v);
    Ok(v)
}

/// Parses the rest of `local $N "name": SPACE TYPE`.
fn parse_local(cur: &mut Cursor, st: &mut FnState) -> Result<(), ParseError> {
    cur.skip_ws();
    let start = cur.pos();
    let n = cur.prefixed("$", "a local")?;
    if n as usize != st.locals.len() {
        return Err(cur.error_at(start, format!("expected local ${}", st.locals.len())));
    }
    let name = cur.string()?;
    cur.expect(":")?;
    let space = parse_space(cur)?;
    let ty = parse_type(cur, st.types)?;
    cur.expect_end()?;
    st.locals.push(Local { name, ty, space });
    Ok(())
}
