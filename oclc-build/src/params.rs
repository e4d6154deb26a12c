//! Kernel parameters as Rust types of the generated launchers.

use oclc_ir::{AddressSpace, Function, Module, ScalarType, Type};

/// How a launcher takes one kernel parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RustParam {
    /// `&Buffer<T>`: a `__global` or `__constant` pointer whose pointee is not written.
    Buffer(String),
    /// `&mut Buffer<T>`: a `__global` pointer the kernel may write through.
    BufferMut(String),
    /// `Local<T>`: the size of a `__local` area.
    Local(String),
    /// A scalar or vector value (`u32`, `[f32; 4]`).
    Value(String),
    /// A struct or array by value: its bytes in OpenCL's layout (`&[u8; N]`).
    Bytes(u64),
}

impl RustParam {
    /// The parameter's Rust type, with `rt` the path of the embedded runtime.
    pub fn rust_type(&self, rt: &str) -> String {
        match self {
            RustParam::Buffer(t) => format!("&{rt}::Buffer<{t}>"),
            RustParam::BufferMut(t) => format!("&mut {rt}::Buffer<{t}>"),
            RustParam::Local(t) => format!("{rt}::Local<{t}>"),
            RustParam::Value(t) => t.clone(),
            RustParam::Bytes(n) => format!("&[u8; {n}]"),
        }
    }

    /// The call that adds `name` to an `Args` list.
    pub fn push(&self, name: &str) -> String {
        match self {
            RustParam::Buffer(_) => format!("args.buffer({name});"),
            RustParam::BufferMut(_) => format!("args.buffer_mut({name});"),
            RustParam::Local(_) => format!("args.local({name});"),
            RustParam::Value(_) => format!("args.value({name});"),
            RustParam::Bytes(_) => format!("args.bytes({name});"),
        }
    }
}

/// The Rust type of an OpenCL scalar (`half` as its `u16` bits).
fn scalar(s: ScalarType) -> &'static str {
    match s {
        ScalarType::Bool | ScalarType::U8 => "u8",
        ScalarType::I8 => "i8",
        ScalarType::I16 => "i16",
        ScalarType::U16 | ScalarType::F16 => "u16",
        ScalarType::I32 => "i32",
        ScalarType::U32 => "u32",
        ScalarType::I64 => "i64",
        ScalarType::U64 => "u64",
        ScalarType::F32 => "f32",
        ScalarType::F64 => "f64",
    }
}

/// The Rust element type of a value of type `ty` in memory: scalars, vectors as arrays
/// (3 lanes take 4, as in OpenCL's layout); `None` for other types.
fn element(module: &Module, ty: oclc_ir::TypeId) -> Option<String> {
    match module.types.get(ty) {
        Type::Scalar(s) => Some(scalar(*s).to_string()),
        Type::Vector { elem, lanes } => {
            let n = if *lanes == 3 { 4 } else { *lanes };
            Some(format!("[{}; {n}]", scalar(*elem)))
        }
        _ => None,
    }
}

/// The launcher parameters of `kernel`, or why a parameter has none.
pub fn rust_params(module: &Module, kernel: &Function) -> Result<Vec<RustParam>, String> {
    let mut out = Vec::new();
    for p in &kernel.params {
        let param = match module.types.get(p.ty) {
            Type::Scalar(_) | Type::Vector { .. } => {
                RustParam::Value(element(module, p.ty).unwrap_or_default())
            }
            Type::Pointer { space, pointee } => {
                // Pointers to structs and arrays are buffers of bytes.
                let elem = element(module, *pointee).unwrap_or_else(|| "u8".to_string());
                match space {
                    AddressSpace::Local => RustParam::Local(elem),
                    AddressSpace::Constant => RustParam::Buffer(elem),
                    _ if p.is_const => RustParam::Buffer(elem),
                    _ => RustParam::BufferMut(elem),
                }
            }
            Type::Struct { .. } | Type::Array { .. } => {
                RustParam::Bytes(module.types.layout(p.ty).size)
            }
            _ => {
                return Err(format!(
                "kernel {}: the parameter '{} {}' (images and samplers) has no typed launcher yet",
                kernel.name, p.type_name, p.name
            ))
            }
        };
        out.push(param);
    }
    Ok(out)
}
