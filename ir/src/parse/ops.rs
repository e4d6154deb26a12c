//! Parsing of the operation on the right of `%N: TYPE = ...`.

use super::consts::parse_const;
use super::cursor::Cursor;
use super::{ParseError, PendingCall};
use crate::module::{FuncId, GlobalId, LocalId};
use crate::op::{
    AtomicOp, BinaryOp, CmpOp, Dim, ImageQuery, MathFn, MemoryOrder, MemoryScope, Op, Rounding,
    SamplerBits, UnaryOp, ValueId, WorkItemQuery,
};
use crate::types::{Type, TypeId, TypeTable};

const BINARY: [(&str, BinaryOp); 10] = [
    ("add", BinaryOp::Add),
    ("sub", BinaryOp::Sub),
    ("mul", BinaryOp::Mul),
    ("div", BinaryOp::Div),
    ("rem", BinaryOp::Rem),
    ("shl", BinaryOp::Shl),
    ("shr", BinaryOp::Shr),
    ("and", BinaryOp::And),
    ("or", BinaryOp::Or),
    ("xor", BinaryOp::Xor),
];

const CMP: [(&str, CmpOp); 6] = [
    ("eq", CmpOp::Eq),
    ("ne", CmpOp::Ne),
    ("lt", CmpOp::Lt),
    ("le", CmpOp::Le),
    ("gt", CmpOp::Gt),
    ("ge", CmpOp::Ge),
];

const QUERIES: [WorkItemQuery; 9] = [
    WorkItemQuery::GlobalId,
    WorkItemQuery::LocalId,
    WorkItemQuery::GroupId,
    WorkItemQuery::GlobalSize,
    WorkItemQuery::LocalSize,
    WorkItemQuery::NumGroups,
    WorkItemQuery::GlobalOffset,
    WorkItemQuery::WorkDim,
    WorkItemQuery::RowsPerInvocation,
];

/// Parses an operation whose result has type `ty`, up to the end of the line. Calls name
/// their callee by an index into `calls`, resolved once every function is known.
pub fn parse_op(
    cur: &mut Cursor,
    ty: TypeId,
    types: &TypeTable,
    calls: &mut Vec<PendingCall>,
) -> Result<Op, ParseError> {
    let op = parse_op_word(cur, ty, types, calls)?;
    cur.expect_end()?;
    Ok(op)
}

fn parse_op_word(
    cur: &mut Cursor,
    ty: TypeId,
    types: &TypeTable,
    calls: &mut Vec<PendingCall>,
) -> Result<Op, ParseError> {
    cur.skip_ws();
    let start = cur.pos();
    let word = cur.word();
    if let Some(&(_, b)) = BINARY.iter().find(|(n, _)| *n == word) {
        let (x, y) = two_values(cur)?;
        return Ok(Op::Binary(b, x, y));
    }
    if let Some(c) = word.strip_prefix("cmp.") {
        let Some(&(_, c)) = CMP.iter().find(|(n, _)| *n == c) else {
            return Err(cur.error_at(start, format!("unknown comparison `{word}`")));
        };
        let (x, y) = two_values(cur)?;
        return Ok(Op::Compare(c, x, y));
    }
    if let Some(name) = word.strip_prefix("math.") {
        let Some(func) = MathFn::ALL.iter().copied().find(|f| f.name() == name) else {
            return Err(cur.error_at(start, format!("unknown math function `{name}`")));
        };
        let args = cur.value_list()?;
        if args.len() != func.arity() {
            return Err(cur.error_at(start, format!("math.{name} takes {}", func.arity())));
        }
        return Ok(Op::Math { func, args });
    }
    if let Some(name) = word.strip_prefix("atomic.") {
        let Some(op) = AtomicOp::ALL.iter().copied().find(|o| o.name() == name) else {
            return Err(cur.error_at(start, format!("unknown atomic operation `{word}`")));
        };
        let order = match cur.word() {
            "relaxed" => MemoryOrder::Relaxed,
            "acquire" => MemoryOrder::Acquire,
            "release" => MemoryOrder::Release,
            "acq_rel" => MemoryOrder::AcqRel,
            "seq_cst" => MemoryOrder::SeqCst,
            w => return Err(cur.error(format!("unknown memory order `{w}`"))),
        };
        let scope = match cur.word() {
            "work_item" => MemoryScope::WorkItem,
            "work_group" => MemoryScope::WorkGroup,
            "device" => MemoryScope::Device,
            "all_devices" => MemoryScope::AllDevices,
            w => return Err(cur.error(format!("unknown memory scope `{w}`"))),
        };
        let mut values = cur.value_list()?;
        if values.is_empty() {
            return Err(cur.error_at(start, "atomic operation without a pointer"));
        }
        let ptr = values.remove(0);
        if values.len() != op.operand_count() {
            return Err(cur.error_at(
                start,
                format!("{word} takes {} value operands", op.operand_count()),
            ));
        }
        return Ok(Op::Atomic {
            op,
            ptr,
            args: values,
            order,
            scope,
        });
    }
    if let Some(op) = parse_image_op(cur, start, word)? {
        return Ok(op);
    }
    if word == "printf" {
        let format = cur.string()?;
        let mut args = Vec::new();
        while cur.eat(",") {
            args.push(cur.value()?);
        }
        return Ok(Op::Printf { format, args });
    }
    if word == "convert" || word.starts_with("convert.") {
        return parse_convert(cur, start, word, ty);
    }
    if let Some(query) = QUERIES.iter().copied().find(|q| q.name() == word) {
        let dim = if query.is_dimensionless() {
            Dim::Const(0)
        } else if cur.at_end() || !cur.rest().starts_with('%') {
            Dim::Const(cur.number_u32()?)
        } else {
            Dim::Dynamic(cur.value()?)
        };
        return Ok(Op::WorkItem { query, dim });
    }
    let op = match word {
        "const" => {
            cur.skip_ws();
            let at = cur.pos();
            let text = cur.rest().trim_end();
            let Type::Scalar(s) = types.get(ty) else {
                return Err(cur.error_at(start, "a constant must have a scalar type"));
            };
            let c = parse_const(text, *s)
                .ok_or_else(|| cur.error_at(at, format!("bad {} constant", s.name())))?;
            cur.skip_rest();
            Op::Const(c)
        }
        "neg" => Op::Unary(UnaryOp::Neg, cur.value()?),
        "not" => Op::Unary(UnaryOp::Not, cur.value()?),
        "select" => {
            let cond = cur.value()?;
            cur.expect(",")?;
            let (if_true, if_false) = two_values(cur)?;
            Op::Select {
                cond,
                if_true,
                if_false,
            }
        }
        "bitcast" => Op::Bitcast {
            value: cur.value()?,
            to: ty,
        },
        "generic_cast" => Op::GenericCast {
            value: cur.value()?,
            to: ty,
        },
        "splat" => Op::Splat {
            value: cur.value()?,
            to: ty,
        },
        "extract" => {
            let vector = cur.value()?;
            cur.expect(",")?;
            Op::Extract {
                vector,
                lane: cur.number_u8()?,
            }
        }
        "insert" => {
            let vector = cur.value()?;
            cur.expect(",")?;
            let lane = cur.number_u8()?;
            cur.expect(",")?;
            Op::Insert {
                vector,
                lane,
                value: cur.value()?,
            }
        }
        "shuffle" => {
            let (a, b) = two_values(cur)?;
            cur.expect("[")?;
            let mut lanes = Vec::new();
            if !cur.eat("]") {
                loop {
                    lanes.push(cur.number_u8()?);
                    if cur.eat("]") {
                        break;
                    }
                    cur.expect(",")?;
                }
            }
            Op::Shuffle { a, b, lanes }
        }
        "compose" => Op::Compose {
            ty,
            parts: cur.value_list()?,
        },
        "local_addr" => Op::LocalAddr(LocalId(cur.prefixed("$", "a local")?)),
        "global_addr" => Op::GlobalAddr(GlobalId(cur.prefixed("@g", "a global")?)),
        "ptr_offset" => {
            let (base, index) = two_values(cur)?;
            Op::PtrOffset { base, index }
        }
        "index_addr" => {
            let (base, index) = two_values(cur)?;
            Op::IndexAddr { base, index }
        }
        "field_addr" => {
            let base = cur.value()?;
            cur.expect(",")?;
            Op::FieldAddr {
                base,
                field: cur.number_u32()?,
            }
        }
        "load" => Op::Load { ptr: cur.value()? },
        "call" => {
            cur.skip_ws();
            let at = cur.pos();
            let name = cur.at_name()?.to_string();
            cur.expect("(")?;
            let args = cur.value_list()?;
            cur.expect(")")?;
            let (line, column) = {
                let e = cur.error_at(at, "");
                (e.line, e.column)
            };
            calls.push(PendingCall { name, line, column });
            Op::Call {
                func: FuncId(calls.len() as u32 - 1),
                args,
            }
        }
        _ => return Err(cur.error_at(start, format!("unknown operation `{word}`"))),
    };
    Ok(op)
}

fn two_values(cur: &mut Cursor) -> Result<(ValueId, ValueId), ParseError> {
    let a = cur.value()?;
    cur.expect(",")?;
    Ok((a, cur.value()?))
}

fn parse_convert(cur: &mut Cursor, start: usize, word: &str, ty: TypeId) -> Result<Op, ParseError> {
    let mut saturate = false;
    let mut rounding = Rounding::Default;
    for (i, part) in word.split('.').skip(1).enumerate() {
        match part {
            "sat" if i == 0 => saturate = true,
            "rte" if rounding == Rounding::Default => rounding = Rounding::Rte,
            "rtz" if rounding == Rounding::Default => rounding = Rounding::Rtz,
            "rtp" if rounding == Rounding::Default => rounding = Rounding::Rtp,
            "rtn" if rounding == Rounding::Default => rounding = Rounding::Rtn,
            _ => return Err(cur.error_at(start, format!("bad conversion `{word}`"))),
        }
    }
    let value = cur.value()?;
    Ok(Op::Convert {
        value,
        to: ty,
        saturate,
        rounding,
    })
}

/// Parses `sampler_const N`, `image_read %i, [%s,] %c`, `image_write %i, %c, %v` and
/// `image_query.Q %i`; `None` when `word` names no image operation.
fn parse_image_op(cur: &mut Cursor, start: usize, word: &str) -> Result<Option<Op>, ParseError> {
    if let Some(name) = word.strip_prefix("image_query.") {
        let Some(query) = ImageQuery::from_name(name) else {
            return Err(cur.error_at(start, format!("unknown image query `{name}`")));
        };
        let image = cur.value()?;
        return Ok(Some(Op::ImageQuery { query, image }));
    }
    Ok(Some(match word {
        "sampler_const" => Op::SamplerConst(SamplerBits(cur.number_u32()?)),
        "image_read" => match cur.value_list()?[..] {
            [image, coord] => Op::ImageRead {
                image,
                sampler: None,
                coord,
            },
            [image, sampler, coord] => Op::ImageRead {
                image,
                sampler: Some(sampler),
                coord,
            },
            _ => return Err(cur.error_at(start, "image_read takes 2 or 3 operands")),
        },
        "image_write" => match cur.value_list()?[..] {
            [image, coord, value] => Op::ImageWrite {
                image,
                coord,
                value,
            },
            _ => return Err(cur.error_at(start, "image_write takes 3 operands")),
        },
        _ => return Ok(None),
    }))
}
