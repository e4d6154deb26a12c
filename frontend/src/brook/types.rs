//! Brook+ data types: the primitive element types, their short vectors (A.6.1) and structs.

use std::fmt;

/// A primitive element type, ordered by the -a promotion table (char .. double).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Scalar {
    /// `char` (8-bit signed).
    Char,
    /// `uchar` / `unsigned char`.
    UChar,
    /// `short`.
    Short,
    /// `ushort` / `unsigned short`.
    UShort,
    /// `int`.
    Int,
    /// `uint` / `unsigned int`.
    UInt,
    /// `float`.
    Float,
    /// `double`.
    Double,
}

impl Scalar {
    /// The Brook+ (and OpenCL C) spelling.
    pub fn name(self) -> &'static str {
        match self {
            Scalar::Char => "char",
            Scalar::UChar => "uchar",
            Scalar::Short => "short",
            Scalar::UShort => "ushort",
            Scalar::Int => "int",
            Scalar::UInt => "uint",
            Scalar::Float => "float",
            Scalar::Double => "double",
        }
    }

    /// Parses a base type name (without a component count).
    pub fn from_name(s: &str) -> Option<Scalar> {
        Some(match s {
            "char" => Scalar::Char,
            "uchar" => Scalar::UChar,
            "short" => Scalar::Short,
            "ushort" => Scalar::UShort,
            "int" => Scalar::Int,
            "uint" => Scalar::UInt,
            "float" => Scalar::Float,
            "double" => Scalar::Double,
            _ => return None,
        })
    }

    /// True for the integer types.
    pub fn is_integer(self) -> bool {
        !matches!(self, Scalar::Float | Scalar::Double)
    }

    /// Size in bytes.
    pub fn size(self) -> u32 {
        match self {
            Scalar::Char | Scalar::UChar => 1,
            Scalar::Short | Scalar::UShort => 2,
            Scalar::Int | Scalar::UInt | Scalar::Float => 4,
            Scalar::Double => 8,
        }
    }
}

/// A Brook+ value type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    /// `void` (function results only).
    Void,
    /// A scalar (`lanes == 1`) or short vector of a primitive type.
    Prim {
        /// Element type.
        scalar: Scalar,
        /// Component count, 1 to 4 (double: 1 or 2).
        lanes: u8,
    },
    /// A struct of primitive members, by name.
    Struct(String),
}

impl Ty {
    /// A scalar type.
    pub fn scalar(s: Scalar) -> Ty {
        Ty::Prim {
            scalar: s,
            lanes: 1,
        }
    }

    /// A vector (or scalar when `lanes == 1`).
    pub fn vector(s: Scalar, lanes: u8) -> Ty {
        Ty::Prim { scalar: s, lanes }
    }

    /// The element type and component count of a primitive type.
    pub fn prim(&self) -> Option<(Scalar, u8)> {
        match self {
            Ty::Prim { scalar, lanes } => Some((*scalar, *lanes)),
            _ => None,
        }
    }

    /// Component count (1 for scalars, 0 for non-primitive types).
    pub fn lanes(&self) -> u8 {
        self.prim().map(|p| p.1).unwrap_or(0)
    }

    /// True for a one-component primitive.
    pub fn is_scalar(&self) -> bool {
        self.lanes() == 1
    }

    /// Parses a type name such as `float`, `uchar4`, `double2` or `unsigned` forms already
    /// folded by the parser.
    pub fn from_name(s: &str) -> Option<Ty> {
        if let Some(sc) = Scalar::from_name(s) {
            return Some(Ty::scalar(sc));
        }
        let digit = s.chars().last()?;
        let lanes = digit.to_digit(10)? as u8;
        let sc = Scalar::from_name(&s[..s.len() - 1])?;
        if (2..=4).contains(&lanes) {
            Some(Ty::vector(sc, lanes))
        } else {
            None
        }
    }

    /// The OpenCL C spelling (`float4`, `struct Pair`).
    pub fn opencl(&self) -> String {
        match self {
            Ty::Void => "void".into(),
            Ty::Prim { scalar, lanes: 1 } => scalar.name().into(),
            Ty::Prim { scalar, lanes } => format!("{}{lanes}", scalar.name()),
            Ty::Struct(n) => format!("struct {n}"),
        }
    }
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Struct(n) => f.write_str(n),
            other => f.write_str(&other.opencl()),
        }
    }
}
