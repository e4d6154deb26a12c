//! Kernel parameters as fields of the C argument struct of an object file's kernel.

use oclc_ir::{AddressSpace, Function, Module, ScalarType, Type};

use crate::error::CompileError;

/// How one parameter appears in the C argument struct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CField {
    /// A scalar of this C type (`half` as `uint16_t` bits).
    Scalar(&'static str),
    /// A vector: an array of `count` elements (3-element vectors take 4).
    Vector {
        /// The element's C type.
        elem: &'static str,
        /// Elements in storage.
        count: u64,
    },
    /// A `__global` or `__constant` pointer.
    Pointer {
        /// The pointee's C type: the element type for scalars and vectors, `void` for
        /// structs and arrays.
        pointee: &'static str,
        /// `const`: a `__constant` pointer or a `const` pointee.
        is_const: bool,
    },
    /// A `__local` pointer: the entry takes the byte size of the area (`uint64_t`) and
    /// allocates it; the work-group function takes the area's address there instead.
    LocalSize,
    /// A struct or array passed by value: its bytes, in OpenCL's layout.
    Bytes(u64),
}

/// One parameter in the C argument struct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CParam {
    /// The field name (the parameter's name, or `oclc_argN` when that is not a usable C name).
    pub name: String,
    /// The parameter as OpenCL spelled it, for comments.
    pub opencl: String,
    /// Byte offset in the argument block.
    pub offset: u64,
    /// Byte size in the argument block.
    pub size: u64,
    /// Its C form.
    pub field: CField,
}

/// The C type of an OpenCL scalar (`half` as its bits).
pub fn c_scalar(s: ScalarType) -> &'static str {
    match s {
        ScalarType::Bool | ScalarType::U8 => "uint8_t",
        ScalarType::I8 => "int8_t",
        ScalarType::I16 => "int16_t",
        ScalarType::U16 | ScalarType::F16 => "uint16_t",
        ScalarType::I32 => "int32_t",
        ScalarType::U32 => "uint32_t",
        ScalarType::I64 => "int64_t",
        ScalarType::U64 => "uint64_t",
        ScalarType::F32 => "float",
        ScalarType::F64 => "double",
    }
}

/// The C fields of `kernel`'s parameters.
pub fn c_params(module: &Module, kernel: &Function) -> Result<Vec<CParam>, CompileError> {
    let layout = crate::abi::arg_layout(module, kernel);
    let types = &module.types;
    let mut used = std::collections::HashSet::new();
    let mut out = Vec::new();
    for (i, p) in kernel.params.iter().enumerate() {
        let field = match types.get(p.ty) {
            Type::Scalar(s) => CField::Scalar(c_scalar(*s)),
            Type::Vector { elem, .. } => CField::Vector {
                elem: c_scalar(*elem),
                count: types.layout(p.ty).size / elem.size() as u64,
            },
            Type::Pointer {
                space: AddressSpace::Local,
                ..
            } => CField::LocalSize,
            Type::Pointer { space, pointee } => CField::Pointer {
                pointee: match types.get(*pointee) {
                    Type::Scalar(s) => c_scalar(*s),
                    Type::Vector { elem, .. } => c_scalar(*elem),
                    _ => "void",
                },
                is_const: *space == AddressSpace::Constant || p.is_const,
            },
            Type::Struct { .. } | Type::Array { .. } => CField::Bytes(layout.sizes[i]),
            Type::Void | Type::Image { .. } | Type::Sampler => {
                return Err(CompileError::unsupported(
                    &kernel.name,
                    format!("the parameter '{}' in a CPU object file", p.name),
                ))
            }
        };
        let mut name = if is_c_name(&p.name) {
            p.name.clone()
        } else {
            format!("oclc_arg{i}")
        };
        if !used.insert(name.clone()) {
            name = format!("oclc_arg{i}");
            used.insert(name.clone());
        }
        out.push(CParam {
            name,
            opencl: format!("{} {}", p.type_name, p.name),
            offset: layout.offsets[i],
            size: layout.sizes[i],
            field,
        });
    }
    Ok(out)
}

/// `__kernel void NAME(PARAMS)` as OpenCL spelled the parameters.
pub fn opencl_signature(kernel: &Function) -> String {
    let params: Vec<String> = kernel
        .params
        .iter()
        .map(|p| format!("{} {}", p.type_name, p.name))
        .collect();
    format!("__kernel void {}({})", kernel.name, params.join(", "))
}

/// True for a C identifier that is not a keyword and not reserved (`_X`, `__x`), nor one
/// in the `oclc_` space of the header's own names.
fn is_c_name(name: &str) -> bool {
    const KEYWORDS: &[&str] = &[
        "auto",
        "break",
        "case",
        "char",
        "const",
        "continue",
        "default",
        "do",
        "double",
        "else",
        "enum",
        "extern",
        "float",
        "for",
        "goto",
        "if",
        "inline",
        "int",
        "long",
        "register",
        "restrict",
        "return",
        "short",
        "signed",
        "sizeof",
        "static",
        "struct",
        "switch",
        "typedef",
        "union",
        "unsigned",
        "void",
        "volatile",
        "while",
        "_Bool",
        "_Complex",
        "_Imaginary",
        "bool",
        "class",
        "delete",
        "new",
        "this",
        "template",
        "operator",
        "private",
        "public",
        "protected",
        "virtual",
        "friend",
        "namespace",
        "using",
        "try",
        "catch",
        "throw",
        "typename",
        "mutable",
        "explicit",
        "export",
    ];
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    (first.is_ascii_alphabetic() || first == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !name.starts_with("__")
        && !(first == '_' && name[1..].starts_with(|c: char| c.is_ascii_uppercase()))
        && !name.starts_with("oclc_")
        && !KEYWORDS.contains(&name)
}
