//! Parsing of types in text form: `f32`, `f32x4`, `ptr<global, f32>`, `[16 x f32]`,
//! `struct NAME {T, T}`, `packed struct NAME {T, T}`, `packed(4) struct NAME {T, T}`, `image<2d[], read>`, `sampler` and `void`.

use super::cursor::Cursor;
use super::ParseError;
use crate::types::{AddressSpace, ImageAccess, ImageDim, ScalarType, Type, TypeId, TypeTable};

/// How deeply types may nest (bounds recursion on garbled input).
const MAX_DEPTH: u32 = 64;

/// Parses an address-space name.
pub fn parse_space(cur: &mut Cursor) -> Result<AddressSpace, ParseError> {
    cur.skip_ws();
    let start = cur.pos();
    let w = cur.word();
    AddressSpace::from_name(w).ok_or_else(|| cur.error_at(start, "expected an address space"))
}

/// Parses a type and interns it.
pub fn parse_type(cur: &mut Cursor, types: &mut TypeTable) -> Result<TypeId, ParseError> {
    parse_nested(cur, types, 0)
}

fn parse_nested(cur: &mut Cursor, types: &mut TypeTable, depth: u32) -> Result<TypeId, ParseError> {
    if depth > MAX_DEPTH {
        return Err(cur.error("type nested too deeply"));
    }
    if cur.eat("[") {
        let len = cur.number_u32()?;
        if !cur.eat_keyword("x") {
            return Err(cur.error("expected `x` in array type"));
        }
        let elem = parse_nested(cur, types, depth + 1)?;
        cur.expect("]")?;
        return Ok(types.array(elem, len));
    }
    cur.skip_ws();
    let start = cur.pos();
    let w = cur.word();
    match w {
        "void" => Ok(types.void()),
        "ptr" => {
            cur.expect("<")?;
            let space = parse_space(cur)?;
            cur.expect(",")?;
            let pointee = parse_nested(cur, types, depth + 1)?;
            cur.expect(">")?;
            Ok(types.pointer(space, pointee))
        }
        "sampler" => Ok(types.intern(Type::Sampler)),
        "image" => parse_image(cur, types),
        "packed" => {
            let mut align = 1;
            if cur.eat("(") {
                cur.skip_ws();
                let at = cur.pos();
                align = cur.number()?;
                if !align.is_power_of_two() {
                    return Err(cur.error_at(at, "expected a power of two"));
                }
                cur.expect(")")?;
            }
            cur.skip_ws();
            let at = cur.pos();
            if cur.word() != "struct" {
                return Err(cur.error_at(at, "expected `struct` after `packed`"));
            }
            parse_struct(cur, types, depth, Some(align))
        }
        "struct" => parse_struct(cur, types, depth, None),
        _ => scalar_or_vector(w, types).ok_or_else(|| cur.error_at(start, "expected a type")),
    }
}

/// Parses the rest of `struct NAME {T, ..}` after the word `struct`.
fn parse_struct(
    cur: &mut Cursor,
    types: &mut TypeTable,
    depth: u32,
    packed: Option<u64>,
) -> Result<TypeId, ParseError> {
    // The name is printed raw: it runs up to the ` {` that opens the field list.
    if !cur.rest().starts_with(' ') {
        return Err(cur.error("expected a struct name"));
    }
    let name = cur.until(" {")?.get(1..).unwrap_or("").to_string();
    cur.expect("{")?;
    let mut fields = Vec::new();
    if !cur.eat("}") {
        loop {
            fields.push(parse_nested(cur, types, depth + 1)?);
            if cur.eat("}") {
                break;
            }
            cur.expect(",")?;
        }
    }
    Ok(types.intern(Type::Struct {
        name,
        fields,
        packed,
    }))
}

/// Parses the rest of `image<DIM[], ACCESS>` after the word `image`.
fn parse_image(cur: &mut Cursor, types: &mut TypeTable) -> Result<TypeId, ParseError> {
    cur.expect("<")?;
    cur.skip_ws();
    let start = cur.pos();
    let dim = ImageDim::from_name(cur.word())
        .ok_or_else(|| cur.error_at(start, "expected an image dimension (1d, buffer, 2d, 3d)"))?;
    let arrayed = cur.eat("[]");
    cur.expect(",")?;
    cur.skip_ws();
    let start = cur.pos();
    let access = ImageAccess::from_name(cur.word())
        .ok_or_else(|| cur.error_at(start, "expected an image access (read, write, read_write)"))?;
    cur.expect(">")?;
    Ok(types.intern(Type::Image {
        dim,
        arrayed,
        access,
    }))
}

fn scalar_or_vector(w: &str, types: &mut TypeTable) -> Option<TypeId> {
    if let Some(s) = ScalarType::from_name(w) {
        return Some(types.scalar(s));
    }
    let (elem, lanes) = w.split_once('x')?;
    let elem = ScalarType::from_name(elem)?;
    let lanes: u8 = lanes.parse().ok()?;
    if !matches!(lanes, 2 | 3 | 4 | 8 | 16) || lanes.to_string() != w.split_once('x')?.1 {
        return None;
    }
    Some(types.vector(elem, lanes))
}
