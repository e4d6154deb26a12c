//! The built-in function catalogue: one declarative table of entries (name,
//! generic family, parameter and result patterns) plus generic overload
//! resolution following OpenCL/C++ ranking (exact < promotion < conversion).

use crate::checked::{CType, ScalarKind};

/// Identifies a built-in function (independent of the chosen overload).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum BuiltinId {
    GetWorkDim,
    GetGlobalSize,
    GetGlobalId,
    GetLocalSize,
    GetLocalId,
    GetNumGroups,
    GetGroupId,
    GetGlobalOffset,
    Barrier,
    MemFence,
    ReadMemFence,
    WriteMemFence,
    Sqrt,
    Rsqrt,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Atan2,
    Exp,
    Exp2,
    Exp10,
    Log,
    Log2,
    Log10,
    Pow,
    Fabs,
    Floor,
    Ceil,
    Round,
    Trunc,
    Fmod,
    Copysign,
    Hypot,
    Fma,
    Mad,
    Fmin,
    Fmax,
    NativeSqrt,
    NativeRsqrt,
    NativeSin,
    NativeCos,
    NativeExp,
    NativeLog,
    NativeRecip,
    NativeDivide,
    Min,
    Max,
    Clamp,
    Mix,
    Step,
    Sign,
    Degrees,
    Radians,
    Abs,
    AbsDiff,
    Mul24,
    Mad24,
    Popcount,
    Clz,
    Rotate,
    Dot,
    Length,
    Distance,
    Normalize,
    Cross,
}

/// Which generic type a pattern ranges over.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Family {
    /// No generic parameter.
    None,
    /// `float`, `double` and their vectors.
    Float,
    /// All integer scalars and vectors.
    Int,
    /// `float`, `float2..4`, `double`, `double2..4` (geometric functions).
    Geom,
    /// `float3`, `float4`, `double3`, `double4` (`cross`).
    Cross,
}

/// Parameter / result pattern.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Pat {
    /// The generic type itself.
    Gen,
    /// Scalar element type of the generic type.
    Elem,
    /// Unsigned version of the generic integer type.
    UGen,
    /// A fixed scalar type.
    S(ScalarKind),
    /// `void` (results only).
    Void,
}

/// One catalogue entry (a family of overloads).
#[derive(Copy, Clone, Debug)]
pub struct BuiltinDef {
    /// Built-in identity.
    pub id: BuiltinId,
    /// OpenCL C name.
    pub name: &'static str,
    /// Generic family.
    pub family: Family,
    /// Parameters.
    pub params: &'static [Pat],
    /// Result.
    pub ret: Pat,
    /// Only instantiate with vector generic types (the `(gentype, scalar)` forms).
    pub vec_only: bool,
}

const fn d(
    id: BuiltinId,
    name: &'static str,
    family: Family,
    params: &'static [Pat],
    ret: Pat,
) -> BuiltinDef {
    BuiltinDef {
        id,
        name,
        family,
        params,
        ret,
        vec_only: false,
    }
}
const fn v(
    id: BuiltinId,
    name: &'static str,
    family: Family,
    params: &'static [Pat],
    ret: Pat,
) -> BuiltinDef {
    BuiltinDef {
        id,
        name,
        family,
        params,
        ret,
        vec_only: true,
    }
}

use BuiltinId as B;
use Family::{Cross, Float as F, Geom, Int as I, None as N};
use Pat::{Elem as E, Gen as G, UGen as U, S};
const UI: Pat = S(ScalarKind::UInt);
const SZ: Pat = S(ScalarKind::ULong);
const G1: &[Pat] = &[G];
const G2: &[Pat] = &[G, G];
const G3: &[Pat] = &[G, G, G];
const GE: &[Pat] = &[G, E];
const GEE: &[Pat] = &[G, E, E];
const GGE: &[Pat] = &[G, G, E];

/// The catalogue.
pub static BUILTINS: &[BuiltinDef] = &[
    d(B::GetWorkDim, "get_work_dim", N, &[], UI),
    d(B::GetGlobalSize, "get_global_size", N, &[UI], SZ),
    d(B::GetGlobalId, "get_global_id", N, &[UI], SZ),
    d(B::GetLocalSize, "get_local_size", N, &[UI], SZ),
    d(B::GetLocalId, "get_local_id", N, &[UI], SZ),
    d(B::GetNumGroups, "get_num_groups", N, &[UI], SZ),
    d(B::GetGroupId, "get_group_id", N, &[UI], SZ),
    d(B::GetGlobalOffset, "get_global_offset", N, &[UI], SZ),
    d(B::Barrier, "barrier", N, &[UI], Pat::Void),
    d(B::MemFence, "mem_fence", N, &[UI], Pat::Void),
    d(B::ReadMemFence, "read_mem_fence", N, &[UI], Pat::Void),
    d(B::WriteMemFence, "write_mem_fence", N, &[UI], Pat::Void),
    d(B::Sqrt, "sqrt", F, G1, G),
    d(B::Rsqrt, "rsqrt", F, G1, G),
    d(B::Sin, "sin", F, G1, G),
    d(B::Cos, "cos", F, G1, G),
    d(B::Tan, "tan", F, G1, G),
    d(B::Asin, "asin", F, G1, G),
    d(B::Acos, "acos", F, G1, G),
    d(B::Atan, "atan", F, G1, G),
    d(B::Atan2, "atan2", F, G2, G),
    d(B::Exp, "exp", F, G1, G),
    d(B::Exp2, "exp2", F, G1, G),
    d(B::Exp10, "exp10", F, G1, G),
    d(B::Log, "log", F, G1, G),
    d(B::Log2, "log2", F, G1, G),
    d(B::Log10, "log10", F, G1, G),
    d(B::Pow, "pow", F, G2, G),
    d(B::Fabs, "fabs", F, G1, G),
    d(B::Floor, "floor", F, G1, G),
    d(B::Ceil, "ceil", F, G1, G),
    d(B::Round, "round", F, G1, G),
    d(B::Trunc, "trunc", F, G1, G),
    d(B::Fmod, "fmod", F, G2, G),
    d(B::Copysign, "copysign", F, G2, G),
    d(B::Hypot, "hypot", F, G2, G),
    d(B::Fma, "fma", F, G3, G),
    d(B::Mad, "mad", F, G3, G),
    d(B::Fmin, "fmin", F, G2, G),
    v(B::Fmin, "fmin", F, GE, G),
    d(B::Fmax, "fmax", F, G2, G),
    v(B::Fmax, "fmax", F, GE, G),
    d(B::NativeSqrt, "native_sqrt", F, G1, G),
    d(B::NativeRsqrt, "native_rsqrt", F, G1, G),
    d(B::NativeSin, "native_sin", F, G1, G),
    d(B::NativeCos, "native_cos", F, G1, G),
    d(B::NativeExp, "native_exp", F, G1, G),
    d(B::NativeLog, "native_log", F, G1, G),
    d(B::NativeRecip, "native_recip", F, G1, G),
    d(B::NativeDivide, "native_divide", F, G2, G),
    d(B::Min, "min", F, G2, G),
    v(B::Min, "min", F, GE, G),
    d(B::Min, "min", I, G2, G),
    v(B::Min, "min", I, GE, G),
    d(B::Max, "max", F, G2, G),
    v(B::Max, "max", F, GE, G),
    d(B::Max, "max", I, G2, G),
    v(B::Max, "max", I, GE, G),
    d(B::Clamp, "clamp", F, G3, G),
    v(B::Clamp, "clamp", F, GEE, G),
    d(B::Clamp, "clamp", I, G3, G),
    v(B::Clamp, "clamp", I, GEE, G),
    d(B::Mix, "mix", F, G3, G),
    v(B::Mix, "mix", F, GGE, G),
    d(B::Step, "step", F, G2, G),
    d(B::Sign, "sign", F, G1, G),
    d(B::Degrees, "degrees", F, G1, G),
    d(B::Radians, "radians", F, G1, G),
    d(B::Abs, "abs", I, G1, U),
    d(B::AbsDiff, "abs_diff", I, G2, U),
    d(B::Mul24, "mul24", I, G2, G),
    d(B::Mad24, "mad24", I, G3, G),
    d(B::Popcount, "popcount", I, G1, G),
    d(B::Clz, "clz", I, G1, G),
    d(B::Rotate, "rotate", I, G2, G),
    d(B::Dot, "dot", Geom, G2, E),
    d(B::Length, "length", Geom, G1, E),
    d(B::Distance, "distance", Geom, G2, E),
    d(B::Normalize, "normalize", Geom, G1, G),
    d(B::Cross, "cross", Cross, G2, G),
];

/// True if `name` is a built-in function.
pub fn is_builtin(name: &str) -> bool {
    BUILTINS.iter().any(|b| b.name == name)
}

/// Name of a built-in.
pub fn builtin_name(id: BuiltinId) -> &'static str {
    BUILTINS.iter().find(|b| b.id == id).map_or("?", |b| b.name)
}

fn instances(family: Family, vec_only: bool) -> Vec<CType> {
    use ScalarKind::*;
    let (kinds, widths): (&[ScalarKind], &[u8]) = match family {
        Family::None => return vec![CType::Void],
        Family::Float => (&[Float, Double], &[1, 2, 3, 4, 8, 16]),
        Family::Int => (
            &[Char, UChar, Short, UShort, Int, UInt, Long, ULong],
            &[1, 2, 3, 4, 8, 16],
        ),
        Family::Geom => (&[Float, Double], &[1, 2, 3, 4]),
        Family::Cross => (&[Float, Double], &[3, 4]),
    };
    let mut v = Vec::new();
    for &k in kinds {
        for &w in widths {
            if w == 1 && !vec_only {
                v.push(CType::Scalar(k));
            } else if w > 1 {
                v.push(CType::Vector(k, w));
            }
        }
    }
    v
}

fn instantiate(p: Pat, gen: &CType) -> CType {
    match p {
        Pat::Gen => gen.clone(),
        Pat::Elem => gen.elem_kind().map_or(CType::Void, CType::Scalar),
        Pat::UGen => match gen {
            CType::Scalar(k) => CType::Scalar(k.to_unsigned()),
            CType::Vector(k, n) => CType::Vector(k.to_unsigned(), *n),
            other => other.clone(),
        },
        Pat::S(k) => CType::Scalar(k),
        Pat::Void => CType::Void,
    }
}

/// Implicit-conversion rank of an argument: 0 exact, 1 promotion, 2 conversion.
pub fn conversion_rank(from: &CType, to: &CType) -> Option<u8> {
    if from == to {
        return Some(0);
    }
    match (from, to) {
        (CType::Scalar(ScalarKind::Float), CType::Scalar(ScalarKind::Double)) => Some(1),
        (CType::Scalar(a), CType::Scalar(ScalarKind::Int)) if a.is_integer() && a.size() < 4 => {
            Some(1)
        }
        (CType::Bool, CType::Scalar(ScalarKind::Int)) => Some(1),
        (CType::Scalar(_) | CType::Bool, CType::Scalar(_)) => Some(2),
        _ => None,
    }
}

/// A resolved built-in overload.
#[derive(Clone, Debug, PartialEq)]
pub struct Resolved {
    /// Built-in.
    pub id: BuiltinId,
    /// Parameter types.
    pub params: Vec<CType>,
    /// Result type.
    pub ret: CType,
}

/// Why resolution failed.
#[derive(Clone, Debug, PartialEq)]
pub enum ResolveError {
    /// No overload accepts these arguments.
    NoMatch,
    /// Several overloads are equally good (their parameter lists).
    Ambiguous(Vec<Vec<CType>>),
}

/// Picks the best overload of built-in `name` for argument types `args`.
pub fn resolve(name: &str, args: &[CType]) -> Result<Resolved, ResolveError> {
    let mut viable: Vec<(Vec<u8>, Resolved)> = Vec::new();
    for def in BUILTINS
        .iter()
        .filter(|b| b.name == name && b.params.len() == args.len())
    {
        for gen in instances(def.family, def.vec_only) {
            let params: Vec<CType> = def.params.iter().map(|p| instantiate(*p, &gen)).collect();
            let ranks: Option<Vec<u8>> = args
                .iter()
                .zip(&params)
                .map(|(a, p)| conversion_rank(a, p))
                .collect();
            if let Some(ranks) = ranks {
                let ret = instantiate(def.ret, &gen);
                viable.push((
                    ranks,
                    Resolved {
                        id: def.id,
                        params,
                        ret,
                    },
                ));
            }
        }
    }
    let better_eq = |a: &[u8], b: &[u8]| a.iter().zip(b).all(|(x, y)| x <= y);
    let best: Vec<usize> = (0..viable.len())
        .filter(|&i| (0..viable.len()).all(|j| i == j || better_eq(&viable[i].0, &viable[j].0)))
        .collect();
    match best.as_slice() {
        [i] => Ok(viable[*i].1.clone()),
        [] if viable.is_empty() => Err(ResolveError::NoMatch),
        _ => {
            // Report the candidates with the minimal total rank.
            let min = viable
                .iter()
                .map(|v| v.0.iter().map(|&r| r as u32).sum::<u32>())
                .min()
                .unwrap_or(0);
            Err(ResolveError::Ambiguous(
                viable
                    .iter()
                    .filter(|v| v.0.iter().map(|&r| r as u32).sum::<u32>() == min)
                    .map(|v| v.1.params.clone())
                    .collect(),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ScalarKind::*;

    #[test]
    fn picks_float_vector_scalar_form() {
        let r = resolve("max", &[CType::Vector(Float, 4), CType::Scalar(Float)]).unwrap();
        assert_eq!(r.params[1], CType::Scalar(Float));
        assert_eq!(r.ret, CType::Vector(Float, 4));
        // Like clang: max(float, int) is ambiguous between (float, float) and (int, int).
        assert!(matches!(
            resolve("max", &[CType::Scalar(Float), CType::Scalar(Int)]),
            Err(ResolveError::Ambiguous(_))
        ));
        let r = resolve("max", &[CType::Scalar(Float), CType::Scalar(Double)]);
        assert!(r.is_err());
        let r = resolve("abs", &[CType::Scalar(Int)]).unwrap();
        assert_eq!(r.ret, CType::Scalar(UInt));
        assert!(matches!(
            resolve("sqrt", &[CType::Scalar(Int)]),
            Err(ResolveError::Ambiguous(_))
        ));
        assert_eq!(
            resolve("get_global_id", &[CType::Scalar(Int)]).unwrap().ret,
            CType::Scalar(ULong)
        );
        assert_eq!(
            resolve("sqrt", &[CType::Vector(Int, 4)]),
            Err(ResolveError::NoMatch)
        );
    }
}
