//! Built-ins whose names are generated from a structure rather than listed:
//! `convert_T[_sat][_rtX]`, `as_T`, `vloadn`/`vstoren`, `vload_half[n]`/`vloada_half[n]`,
//! `vstore_half[n][_rtX]`/`vstorea_half[n][_rtX]`, `shuffle` and `shuffle2`; and the OpenCL C
//! 2.0 generic-space functions `to_global`/`to_local`/`to_private` and `get_fence`, which
//! take a pointer to any type.

use super::pattern::{Family, Pat, Spaces};
use super::{best, viable_instances, BuiltinId, ResolveError, Resolved, RoundingMode};
use crate::checked::{AddrSpace, CType, ScalarKind};

/// A parsed generated name.
#[derive(Clone, Debug, PartialEq)]
pub enum Form {
    /// `convert_T...` with its target type.
    Convert(CType, bool, RoundingMode),
    /// `as_T` with its target type.
    As(CType),
    /// A vector load.
    Load(BuiltinId),
    /// A vector store.
    Store(BuiltinId),
    /// `shuffle`.
    Shuffle,
    /// `shuffle2`.
    Shuffle2,
    /// `to_global`, `to_local`, `to_private` (OpenCL C 2.0).
    ToSpace(AddrSpace),
    /// `get_fence` (OpenCL C 2.0).
    GetFence,
}

/// True for the built-ins that exist only from OpenCL C 2.0 on.
pub fn needs_cl20(name: &str) -> bool {
    matches!(parse_name(name), Some(Form::ToSpace(_) | Form::GetFence))
        || super::catalogue::CL20_ATOMICS.contains(&name)
        || name == "work_group_barrier"
}

fn rounding_suffix(s: &str) -> Option<(&str, RoundingMode)> {
    for (suffix, mode) in [
        ("_rte", RoundingMode::Rte),
        ("_rtz", RoundingMode::Rtz),
        ("_rtp", RoundingMode::Rtp),
        ("_rtn", RoundingMode::Rtn),
    ] {
        if let Some(rest) = s.strip_suffix(suffix) {
            return Some((rest, mode));
        }
    }
    Some((s, RoundingMode::Default))
}

/// Lane count spelled by a vload/vstore suffix ("" is 1 when `scalar_ok`).
fn lanes(s: &str, scalar_ok: bool) -> Option<u8> {
    match s {
        "" if scalar_ok => Some(1),
        "2" => Some(2),
        "3" => Some(3),
        "4" => Some(4),
        "8" => Some(8),
        "16" => Some(16),
        _ => None,
    }
}

/// The target type of `convert_T`/`as_T` (`half` types too: cl_khr_fp16).
fn plain_type(name: &str) -> Option<CType> {
    match super::super::types::builtin_type(name)? {
        t @ (CType::Scalar(_) | CType::Vector(..)) => Some(t),
        _ => None,
    }
}

/// Parses a generated built-in name.
pub fn parse_name(name: &str) -> Option<Form> {
    if let Some(rest) = name.strip_prefix("convert_") {
        let (rest, rounding) = rounding_suffix(rest)?;
        let (rest, sat) = match rest.strip_suffix("_sat") {
            Some(r) => (r, true),
            None => (rest, false),
        };
        return Some(Form::Convert(plain_type(rest)?, sat, rounding));
    }
    if let Some(rest) = name.strip_prefix("as_") {
        return Some(Form::As(plain_type(rest)?));
    }
    for (prefix, aligned) in [("vload_half", false), ("vloada_half", true)] {
        if let Some(rest) = name.strip_prefix(prefix) {
            let lanes = lanes(rest, true)?;
            return Some(Form::Load(BuiltinId::VLoad {
                lanes,
                half: true,
                aligned,
            }));
        }
    }
    for (prefix, aligned) in [("vstore_half", false), ("vstorea_half", true)] {
        if let Some(rest) = name.strip_prefix(prefix) {
            let (rest, rounding) = rounding_suffix(rest)?;
            let lanes = lanes(rest, true)?;
            return Some(Form::Store(BuiltinId::VStore {
                lanes,
                half: true,
                aligned,
                rounding,
            }));
        }
    }
    if let Some(rest) = name.strip_prefix("vload") {
        return Some(Form::Load(BuiltinId::VLoad {
            lanes: lanes(rest, false)?,
            half: false,
            aligned: false,
        }));
    }
    if let Some(rest) = name.strip_prefix("vstore") {
        return Some(Form::Store(BuiltinId::VStore {
            lanes: lanes(rest, false)?,
            half: false,
            aligned: false,
            rounding: RoundingMode::Default,
        }));
    }
    match name {
        "shuffle" => Some(Form::Shuffle),
        "shuffle2" => Some(Form::Shuffle2),
        "to_global" => Some(Form::ToSpace(AddrSpace::Global)),
        "to_local" => Some(Form::ToSpace(AddrSpace::Local)),
        "to_private" => Some(Form::ToSpace(AddrSpace::Private)),
        "get_fence" => Some(Form::GetFence),
        _ => None,
    }
}

fn one(id: BuiltinId, params: Vec<CType>, ret: CType) -> Result<Resolved, ResolveError> {
    Ok(Resolved { id, params, ret })
}

fn is_value(t: &CType) -> bool {
    matches!(t, CType::Scalar(_) | CType::Vector(..))
}

/// Resolves a call of a generated built-in.
pub fn resolve(form: Form, args: &[CType]) -> Result<Resolved, ResolveError> {
    const SZ: Pat = Pat::S(ScalarKind::ULong);
    match form {
        // A bool argument undergoes integral promotion to int first (as in clang).
        Form::Convert(to, saturate, rounding) => match args {
            [CType::Bool] => resolve(Form::Convert(to, saturate, rounding), &[CType::INT]),
            [a] if is_value(a) && a.lanes() == to.lanes() => {
                if saturate && to.elem_kind().is_some_and(|k| k.is_float()) {
                    return Err(ResolveError::NoMatch);
                }
                one(
                    BuiltinId::Convert { saturate, rounding },
                    vec![a.clone()],
                    to,
                )
            }
            _ => Err(ResolveError::NoMatch),
        },
        Form::As(to) => match args {
            [a] if is_value(a) && a.size() == to.size() => {
                one(BuiltinId::AsType, vec![a.clone()], to)
            }
            _ => Err(ResolveError::NoMatch),
        },
        Form::Load(id @ BuiltinId::VLoad { lanes, half, .. }) => {
            let (family, ptr, ret) = if half {
                (Family::None, Pat::PtrHalfConst, Pat::FloatN(lanes))
            } else {
                (Family::Scalar, Pat::PtrGenConst, Pat::VecN(lanes))
            };
            best(viable_instances(id, family, &[SZ, ptr], ret, false, args))
        }
        Form::Store(id @ BuiltinId::VStore { lanes, half, .. }) => {
            let (family, ptr) = if half {
                (Family::FloatScalar, Pat::PtrHalf)
            } else {
                (Family::Scalar, Pat::PtrGen(Spaces::WRITABLE))
            };
            let params = [Pat::VecN(lanes), SZ, ptr];
            best(viable_instances(
                id,
                family,
                &params,
                Pat::Void,
                false,
                args,
            ))
        }
        Form::Shuffle | Form::Shuffle2 => {
            let sources = if form == Form::Shuffle { 1 } else { 2 };
            if args.len() != sources + 1 {
                return Err(ResolveError::NoMatch);
            }
            let wide = |n: u8| matches!(n, 2 | 4 | 8 | 16);
            let (CType::Vector(k, m), CType::Vector(mk, n)) = (&args[0], &args[sources]) else {
                return Err(ResolveError::NoMatch);
            };
            let ok = wide(*m)
                && wide(*n)
                && *k != ScalarKind::Half
                && mk.is_integer()
                && !mk.is_signed()
                && mk.size() == k.size()
                && args[..sources].iter().all(|a| a == &args[0]);
            if !ok {
                return Err(ResolveError::NoMatch);
            }
            let id = if sources == 1 {
                BuiltinId::Shuffle
            } else {
                BuiltinId::Shuffle2
            };
            one(id, args.to_vec(), CType::Vector(*k, *n))
        }
        Form::ToSpace(space) => {
            let (param, ret) = generic_pointer_arg(args)?;
            one(
                BuiltinId::ToSpace(space),
                vec![param],
                with_space(&ret, space),
            )
        }
        Form::GetFence => {
            let (param, _) = generic_pointer_arg(args)?;
            one(
                BuiltinId::GetFence,
                vec![param],
                CType::Scalar(ScalarKind::UInt),
            )
        }
        Form::Load(_) | Form::Store(_) => Err(ResolveError::NoMatch),
    }
}

/// The one argument of `to_*`/`get_fence`: a pointer into any space but `__constant`
/// (named spaces convert to `__generic`). Returns the `__generic` parameter type and the
/// argument's type.
fn generic_pointer_arg(args: &[CType]) -> Result<(CType, CType), ResolveError> {
    match args {
        [a @ CType::Pointer { space, .. }] if *space != AddrSpace::Constant => {
            Ok((with_space(a, AddrSpace::Generic), a.clone()))
        }
        _ => Err(ResolveError::NoMatch),
    }
}

fn with_space(t: &CType, space: AddrSpace) -> CType {
    crate::check::convert::with_space(t, space)
}
