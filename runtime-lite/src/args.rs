//! Kernel parameters as the runtime sees them, and the argument values a launch binds.

use oclc_ir::{AddressSpace, Param, ScalarType, Type, TypeId, TypeTable};

/// How a kernel parameter is passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// A `__global` pointer: bind a buffer.
    GlobalBuffer,
    /// A `__constant` pointer: bind a buffer (read-only).
    ConstantBuffer,
    /// A `__local` pointer: bind a local memory size in bytes.
    LocalPointer,
    /// A by-value scalar, vector or struct: bind its bytes.
    Value,
    /// An `image*_t`: bind an image.
    Image,
    /// A `sampler_t`: bind a sampler's `CLK_*` bits.
    Sampler,
}

/// A kernel parameter, described for argument checking and error messages.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamInfo {
    /// The parameter's source name.
    pub name: String,
    /// Its IR type.
    pub ty: TypeId,
    /// The IR type in text form (`f32`, `ptr<global, f32>`, `f32x4`).
    pub type_text: String,
    /// The type as the source spelled it, when the front end recorded it.
    pub source_type: String,
    /// How it is passed.
    pub kind: ParamKind,
    /// For `Value` parameters: the scalar element type and lane count, when it is a scalar or
    /// vector; for pointers: the pointee's, when it is one.
    pub elem: Option<(ScalarType, u8)>,
    /// Size in bytes in the argument block (8 for pointers; 3-element vectors take 4).
    pub size: u64,
    /// The pointee was declared `const`.
    pub is_const: bool,
}

impl ParamInfo {
    /// Describes parameter `p`.
    pub fn describe(types: &TypeTable, p: &Param) -> ParamInfo {
        let (kind, elem_ty) = match types.get(p.ty) {
            Type::Pointer { space, pointee } => (
                match space {
                    AddressSpace::Local => ParamKind::LocalPointer,
                    AddressSpace::Constant => ParamKind::ConstantBuffer,
                    _ => ParamKind::GlobalBuffer,
                },
                *pointee,
            ),
            Type::Image { .. } => (ParamKind::Image, p.ty),
            Type::Sampler => (ParamKind::Sampler, p.ty),
            _ => (ParamKind::Value, p.ty),
        };
        let elem = types.scalar_of(elem_ty).zip(types.lanes_of(elem_ty));
        ParamInfo {
            name: p.name.clone(),
            ty: p.ty,
            type_text: types.display(p.ty).to_string(),
            source_type: p.type_name.clone(),
            kind,
            elem,
            size: types.layout(p.ty).size,
            is_const: p.is_const,
        }
    }
}

/// The value bound to one kernel parameter at launch.
#[derive(Clone, Debug, PartialEq)]
pub enum ArgValue {
    /// A buffer, by index into the `buffers` slice given to the launch
    /// (for `GlobalBuffer`/`ConstantBuffer` parameters).
    Buffer(usize),
    /// Raw little-endian bytes of a by-value parameter: exactly its size, except that a
    /// 3-element vector may also be given as 3 elements.
    Bytes(Vec<u8>),
    /// The size in bytes of the local memory area of a `__local` pointer parameter
    /// (allocated per work-group, 128-byte aligned, must be non-zero).
    Local(u64),
    /// An image, by index into the `images` slice given to
    /// [`crate::Program::launch_with_images`] (for `Image` parameters).
    Image(usize),
    /// A sampler as OpenCL C's 32-bit `CLK_*` pattern (for `Sampler` parameters).
    Sampler(u32),
}

impl ArgValue {
    /// A short name of the kind of value, for error messages.
    pub fn kind_name(&self) -> &'static str {
        match self {
            ArgValue::Buffer(_) => "a buffer",
            ArgValue::Bytes(_) => "a value",
            ArgValue::Local(_) => "a local memory size",
            ArgValue::Image(_) => "an image",
            ArgValue::Sampler(_) => "a sampler",
        }
    }
}
