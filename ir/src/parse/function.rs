//! Parsing of the module-level items: `global` lines and function headers with their
//! parameters and kernel attributes.

use super::body::{parse_block, FnState};
use super::cursor::Cursor;
use super::types::{parse_space, parse_type};
use super::{Lines, ParseError, PendingCall};
use crate::module::{Function, FunctionKind, Global, KernelAttrs, Module, Param};

/// Parses the rest of `global @gN "name": SPACE TYPE [= bytes HEX]`.
pub fn parse_global(cur: &mut Cursor, module: &mut Module) -> Result<(), ParseError> {
    cur.skip_ws();
    let start = cur.pos();
    let n = cur.prefixed("@g", "a global")?;
    if n as usize != module.globals.len() {
        return Err(cur.error_at(start, format!("expected global @g{}", module.globals.len())));
    }
    let name = cur.string()?;
    cur.expect(":")?;
    let space = parse_space(cur)?;
    let ty = parse_type(cur, &mut module.types)?;
    let init = if cur.eat("=") {
        if !cur.eat_keyword("bytes") {
            return Err(cur.error("expected `bytes`"));
        }
        cur.skip_ws();
        Some(parse_hex(cur)?)
    } else {
        None
    };
    cur.expect_end()?;
    module.globals.push(Global {
        name,
        ty,
        space,
        init,
    });
    Ok(())
}

fn parse_hex(cur: &mut Cursor) -> Result<Vec<u8>, ParseError> {
    let start = cur.pos();
    let hex = cur.word();
    if hex.len() & 1 == 1 {
        return Err(cur.error_at(start, "odd number of hex digits"));
    }
    let mut out = Vec::with_capacity(hex.len() / 2);
    for i in (0..hex.len()).step_by(2) {
        let byte = hex
            .get(i..i + 2)
            .and_then(|d| u8::from_str_radix(d, 16).ok())
            .ok_or_else(|| cur.error_at(start + i, "bad hex byte"))?;
        out.push(byte);
    }
    Ok(out)
}

/// Parses a function whose header line is `cur` (after the `kernel`/`func` keyword) and
/// whose body follows in `lines`.
pub fn parse_function(
    kind_word: &str,
    mut cur: Cursor,
    lines: &mut Lines,
    module: &mut Module,
    calls: &mut Vec<PendingCall>,
) -> Result<Function, ParseError> {
    cur.skip_ws();
    let name = cur.at_name()?.to_string();
    cur.expect("(")?;
    let mut st = FnState::new(&mut module.types, calls);
    let mut params = Vec::new();
    if !cur.eat(")") {
        loop {
            params.push(parse_param(&mut cur, &mut st)?);
            if cur.eat(")") {
                break;
            }
            cur.expect(",")?;
        }
    }
    cur.expect("->")?;
    let ret = parse_type(&mut cur, st.types)?;
    let is_library = cur.eat_keyword("library");
    let is_import = cur.eat_keyword("import");
    let kind = if kind_word == "kernel" {
        FunctionKind::Kernel(parse_attrs(&mut cur)?)
    } else {
        FunctionKind::Helper
    };
    cur.expect("{")?;
    cur.expect_end()?;
    let (body, mut end) = parse_block(lines, &mut st, 0)?;
    end.expect_end()?;
    let (locals, value_types) = st.finish();
    Ok(Function {
        name,
        kind,
        params,
        ret,
        locals,
        value_types,
        body,
        is_library,
        is_import,
        spans: Default::default(),
    })
}

fn parse_param(cur: &mut Cursor, st: &mut FnState) -> Result<Param, ParseError> {
    let value = cur.value()?;
    let name = cur.string()?;
    cur.expect(":")?;
    let ty = parse_type(cur, st.types)?;
    st.define(value, ty);
    let mut param = Param {
        name,
        ty,
        value,
        type_name: String::new(),
        is_const: false,
        is_restrict: false,
    };
    loop {
        if cur.eat_keyword("const") {
            param.is_const = true;
        } else if cur.eat_keyword("restrict") {
            param.is_restrict = true;
        } else if cur.eat_keyword("type") {
            param.type_name = cur.string()?;
        } else {
            return Ok(param);
        }
    }
}

fn parse_attrs(cur: &mut Cursor) -> Result<KernelAttrs, ParseError> {
    let mut attrs = KernelAttrs::default();
    loop {
        if cur.eat_keyword("reqd_work_group_size") {
            attrs.reqd_work_group_size = Some(parse_triple(cur)?);
        } else if cur.eat_keyword("work_group_size_hint") {
            attrs.work_group_size_hint = Some(parse_triple(cur)?);
        } else if cur.eat_keyword("vec_type_hint") {
            cur.expect("(")?;
            let scalar = crate::types::ScalarType::from_name(cur.word())
                .ok_or_else(|| cur.error("expected a scalar type"))?;
            cur.expect(",")?;
            let lanes = cur.number_u8()?;
            cur.expect(")")?;
            attrs.vec_type_hint = Some((scalar, lanes));
        } else if cur.eat_keyword("groups_variant") {
            cur.expect("(")?;
            let kernel = cur.string()?;
            cur.expect(",")?;
            let dim = cur.number_u32()?;
            cur.expect(",")?;
            let factor = cur.number_u32()?;
            cur.expect(")")?;
            attrs.groups_variant = Some(crate::module::GroupsVariant {
                kernel,
                dim,
                factor,
            });
        } else if cur.eat_keyword("variant_of") {
            cur.expect("(")?;
            attrs.variant_of = Some(cur.string()?);
            cur.expect(")")?;
        } else {
            return Ok(attrs);
        }
    }
}

fn parse_triple(cur: &mut Cursor) -> Result<[u32; 3], ParseError> {
    cur.expect("(")?;
    let x = cur.number_u32()?;
    cur.expect(",")?;
    let y = cur.number_u32()?;
    cur.expect(",")?;
    let z = cur.number_u32()?;
    cur.expect(")")?;
    Ok([x, y, z])
}
