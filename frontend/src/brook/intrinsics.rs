//! The A.5 standard library: typing rules and the OpenCL C spelling of each intrinsic.

use super::types::{Scalar, Ty};

/// Why an intrinsic call does not type-check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IntrinsicError {
    /// No intrinsic of that name.
    Unknown,
    /// The arguments do not fit; the text says what is expected.
    NoMatch(String),
}

const FLOAT_UNARY: &[&str] = &[
    "acos",
    "asin",
    "atan",
    "cos",
    "sin",
    "tan",
    "exp",
    "exp2",
    "log",
    "log2",
    "log10",
    "floor",
    "ceil",
    "sqrt",
    "rsqrt",
    "frac",
    "round",
    "sign",
    "normalize",
    "isfinite",
    "isinf",
    "isnan",
];
const FLOAT_BINARY: &[&str] = &["fmod", "pow", "atan2"];

fn is_float(t: &Ty) -> bool {
    matches!(t.prim(), Some((s, _)) if !s.is_integer())
}

/// The result type of intrinsic `name` applied to `args`.
pub fn intrinsic_type(name: &str, args: &[Ty]) -> Result<Ty, IntrinsicError> {
    let arity = |n: usize| {
        if args.len() == n {
            Ok(())
        } else {
            Err(IntrinsicError::NoMatch(format!(
                "incorrect number of parameters expect {n} actual {}",
                args.len()
            )))
        }
    };
    let same = |what: &str| {
        if args.windows(2).all(|w| w[0] == w[1]) {
            Ok(())
        } else {
            Err(IntrinsicError::NoMatch(format!(
                "{what} must all have the same type"
            )))
        }
    };
    let float_arg = |t: &Ty| {
        if is_float(t) {
            Ok(())
        } else {
            Err(IntrinsicError::NoMatch(format!(
                "expected float or double (scalar or vector), found '{t}'"
            )))
        }
    };
    if FLOAT_UNARY.contains(&name) {
        arity(1)?;
        float_arg(&args[0])?;
        return Ok(args[0].clone());
    }
    if FLOAT_BINARY.contains(&name) {
        arity(2)?;
        float_arg(&args[0])?;
        same("the arguments")?;
        return Ok(args[0].clone());
    }
    match name {
        "abs" => {
            arity(1)?;
            if args[0].prim().is_none() {
                return Err(IntrinsicError::NoMatch("expected a number".into()));
            }
            Ok(args[0].clone())
        }
        "max" | "min" => {
            arity(2)?;
            same("the arguments")?;
            args[0]
                .prim()
                .ok_or_else(|| IntrinsicError::NoMatch("expected numbers".into()))?;
            Ok(args[0].clone())
        }
        "clamp" => {
            arity(3)?;
            same("the value and both limits")?;
            args[0]
                .prim()
                .ok_or_else(|| IntrinsicError::NoMatch("expected numbers".into()))?;
            Ok(args[0].clone())
        }
        "lerp" => {
            arity(3)?;
            float_arg(&args[0])?;
            if args[0] != args[1]
                || (args[2] != args[0] && args[2] != Ty::scalar(args[0].prim().unwrap().0))
            {
                return Err(IntrinsicError::NoMatch(
                    "lerp(a, b, t): a and b of one type, t of that type or its scalar".into(),
                ));
            }
            Ok(args[0].clone())
        }
        "dot" | "distance" => {
            arity(2)?;
            float_arg(&args[0])?;
            same("the arguments")?;
            Ok(Ty::scalar(args[0].prim().unwrap().0))
        }
        "length" => {
            arity(1)?;
            float_arg(&args[0])?;
            Ok(Ty::scalar(args[0].prim().unwrap().0))
        }
        "cross" => {
            arity(2)?;
            same("the arguments")?;
            if args[0] != Ty::vector(Scalar::Float, 3) && args[0] != Ty::vector(Scalar::Float, 4) {
                return Err(IntrinsicError::NoMatch(
                    "cross takes float3 or float4".into(),
                ));
            }
            Ok(args[0].clone())
        }
        _ => Err(IntrinsicError::Unknown),
    }
}

/// OpenCL C for an intrinsic call whose arguments are already spelled (`a`), with result
/// type `ret`.
pub fn intrinsic_opencl(name: &str, a: &[String], args: &[Ty], ret: &Ty) -> String {
    let t = ret.opencl();
    match name {
        "abs" if is_float(&args[0]) => format!("fabs({})", a[0]),
        "frac" => format!("({x} - floor({x}))", x = a[0]),
        "round" => format!("floor({} + ({t})0.5)", a[0]),
        "lerp" => format!("mix({}, {}, {})", a[0], a[1], a[2]),
        "max" if is_float(&args[0]) => format!("fmax({}, {})", a[0], a[1]),
        "min" if is_float(&args[0]) => format!("fmin({}, {})", a[0], a[1]),
        "isfinite" | "isinf" | "isnan" => {
            if ret.is_scalar() {
                format!("(({t}){name}({}))", a[0])
            } else {
                format!("convert_{t}(-{name}({}))", a[0])
            }
        }
        _ => format!("{name}({})", a.join(", ")),
    }
}
