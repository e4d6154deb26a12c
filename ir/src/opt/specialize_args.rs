//! Specialisation of a function on the values of its by-value parameters: each chosen
//! parameter's uses read a constant instead (a `let` of the value at the top of the body),
//! so that the optimisations that run afterwards fold it into the arithmetic, count the
//! loops it bounds and unroll them — what `-DFILTER_WIDTH=5` gives a kernel, given by the
//! value of an argument at launch (`oclc run --specialize-args`, runtime-lite's
//! `ArgSpecialization`).
//!
//! Rules. Only scalar and vector parameters (not bool, pointers, images, samplers or
//! structs) are specialised. The parameter list stays as it is (the argument block's layout
//! does not change): a specialised parameter is simply no longer read. The value is taken
//! bit for bit (a float's sign of zero and NaN payload included), so the specialised
//! function computes what the generic one computes for that value. This step only
//! substitutes; the caller runs the optimisation pipeline afterwards.

use crate::fx::HashMap;
use std::fmt;

use crate::module::{walk_stmts, FuncId, Function, Module};
use crate::op::{Const, Op, ValueId};
use crate::types::{Type, TypeId, TypeTable};
use crate::visit::{replace_uses, stmt_uses};

/// The value a parameter is specialised on: one constant per lane (one for a scalar).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParamConst {
    /// The parameter's position.
    pub index: usize,
    /// Its lanes, of the parameter's element type.
    pub lanes: Vec<Const>,
}

/// A [`ParamConst`] that does not fit its parameter (a caller's mistake).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecializeError {
    /// The function.
    pub function: String,
    /// What does not fit.
    pub message: String,
}

impl fmt::Display for SpecializeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot specialise '{}': {}", self.function, self.message)
    }
}

impl std::error::Error for SpecializeError {}

/// True when a parameter of type `ty` can be specialised: a non-bool scalar or vector.
pub fn is_specializable(types: &TypeTable, ty: TypeId) -> bool {
    match types.get(ty) {
        Type::Scalar(s) | Type::Vector { elem: s, .. } => *s != crate::ScalarType::Bool,
        _ => false,
    }
}

/// The lanes of a value of type `ty` from its little-endian bytes (a 3-lane vector may be
/// given as 3 or 4 elements); `None` when `ty` is not specialisable or `bytes` is too short.
pub fn lanes_from_bytes(types: &TypeTable, ty: TypeId, bytes: &[u8]) -> Option<Vec<Const>> {
    if !is_specializable(types, ty) {
        return None;
    }
    let elem = types.scalar_of(ty)?;
    let lanes = types.lanes_of(ty)? as usize;
    let size = elem.size() as usize;
    if bytes.len() < lanes * size {
        return None;
    }
    let lanes = bytes[..lanes * size]
        .chunks(size)
        .map(|chunk| {
            let mut raw = [0u8; 8];
            raw[..size].copy_from_slice(chunk);
            Const {
                ty: elem,
                bits: u64::from_le_bytes(raw),
            }
        })
        .collect();
    Some(lanes)
}

/// Which parameters of `func` its body reads (by position).
pub fn read_params(func: &Function) -> Vec<bool> {
    let mut read = vec![false; func.params.len()];
    let position: HashMap<ValueId, usize> = func
        .params
        .iter()
        .enumerate()
        .map(|(i, p)| (p.value, i))
        .collect();
    walk_stmts(&func.body, &mut |s| {
        for v in stmt_uses(s) {
            if let Some(i) = position.get(&v) {
                read[*i] = true;
            }
        }
    });
    read
}

/// Makes every parameter `values` names a constant in the body of function `func` of
/// `module` (see the module documentation). Returns how many parameters were substituted;
/// fails, changing nothing, when a value does not fit its parameter (position, lane count
/// or element type).
pub fn specialize_params(
    module: &mut Module,
    func: FuncId,
    values: &[ParamConst],
) -> Result<usize, SpecializeError> {
    let Module {
        types, functions, ..
    } = module;
    let func = &mut functions[func.0 as usize];
    for v in values {
        check_fits(types, func, v)?;
    }
    let mut lets = Vec::new();
    let mut replace = HashMap::default();
    for v in values {
        let param = &func.params[v.index];
        let (old, ty) = (param.value, param.ty);
        let new = if let [lane] = v.lanes.as_slice() {
            func.push_let(&mut lets, ty, Op::Const(*lane))
        } else {
            let scalar = types.scalar(v.lanes[0].ty);
            let parts = v
                .lanes
                .iter()
                .map(|c| func.push_let(&mut lets, scalar, Op::Const(*c)))
                .collect();
            func.push_let(&mut lets, ty, Op::Compose { ty, parts })
        };
        replace.insert(old, new);
    }
    replace_uses(&mut func.body, &replace);
    lets.append(&mut func.body.stmts);
    func.body.stmts = lets;
    Ok(values.len())
}

/// Checks that `v` names a specialisable parameter of `func` and has its lanes.
fn check_fits(types: &TypeTable, func: &Function, v: &ParamConst) -> Result<(), SpecializeError> {
    let fail = |message: String| {
        Err(SpecializeError {
            function: func.name.clone(),
            message,
        })
    };
    let Some(param) = func.params.get(v.index) else {
        return fail(format!("it has no parameter {}", v.index));
    };
    if !is_specializable(types, param.ty) {
        return fail(format!(
            "parameter '{}' has type {}, not a number or vector",
            param.name,
            types.display(param.ty)
        ));
    }
    let elem = types.scalar_of(param.ty);
    let lanes = types.lanes_of(param.ty).unwrap_or(1) as usize;
    if v.lanes.len() != lanes || v.lanes.iter().any(|c| Some(c.ty) != elem) {
        return fail(format!(
            "parameter '{}' of type {} does not take {} lane(s) of {:?}",
            param.name,
            types.display(param.ty),
            v.lanes.len(),
            v.lanes.first().map(|c| c.ty)
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_module;

    const K: &str = r#"kernel @k(%0 "out": ptr<global, i32> type "int*", %1 "n": i32 type "int", %2 "v": i32x2 type "int2", %3 "unused": i32 type "int") -> void {
  %4: i32 = extract %2, 1
  %5: i32 = add %1, %4
  store %0, %5
  return
}
"#;

    #[test]
    fn reads_lanes_little_endian_and_three_lane_vectors_from_twelve_bytes() {
        let mut m = parse_module(K).unwrap();
        let v3 = m.types.vector(crate::ScalarType::I32, 3);
        let i32x2 = m.functions[0].params[2].ty;
        let bytes: Vec<u8> = [7i32, -1].iter().flat_map(|x| x.to_le_bytes()).collect();
        let lanes = lanes_from_bytes(&m.types, i32x2, &bytes).unwrap();
        assert_eq!(lanes, vec![Const::i32(7), Const::i32(-1)]);
        assert!(lanes_from_bytes(&m.types, i32x2, &bytes[..7]).is_none());
        let twelve: Vec<u8> = [1i32, 2, 3].iter().flat_map(|x| x.to_le_bytes()).collect();
        assert_eq!(lanes_from_bytes(&m.types, v3, &twelve).unwrap().len(), 3);
        let ptr = m.functions[0].params[0].ty;
        assert!(lanes_from_bytes(&m.types, ptr, &[0; 8]).is_none());
    }

    #[test]
    fn finds_the_parameters_the_body_reads() {
        let m = parse_module(K).unwrap();
        assert_eq!(read_params(&m.functions[0]), vec![true, true, true, false]);
    }

    #[test]
    fn refuses_values_that_do_not_fit_and_changes_nothing() {
        let mut m = parse_module(K).unwrap();
        let before = crate::print_module(&m);
        let k = FuncId(0);
        let three = || ParamConst {
            index: 1,
            lanes: vec![Const::i32(3)],
        };
        let pointer = ParamConst {
            index: 0,
            lanes: vec![Const::int(crate::ScalarType::U64, 0)],
        };
        let wrong_lanes = ParamConst {
            index: 2,
            lanes: vec![Const::i32(1)],
        };
        let wrong_type = ParamConst {
            index: 1,
            lanes: vec![Const::u32(1)],
        };
        let missing = ParamConst {
            index: 9,
            lanes: vec![Const::i32(1)],
        };
        for bad in [pointer, wrong_lanes, wrong_type, missing] {
            assert!(specialize_params(&mut m, k, &[three(), bad]).is_err());
            assert_eq!(crate::print_module(&m), before);
        }
        assert_eq!(specialize_params(&mut m, k, &[three()]), Ok(1));
        assert_eq!(read_params(&m.functions[0]), vec![true, false, true, false]);
        crate::verify_module(&m).unwrap();
    }
}
