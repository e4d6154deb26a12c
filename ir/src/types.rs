//! IR types: scalars, vectors, pointers with address spaces, arrays and structs, interned in a
//! [`TypeTable`] so that a type is a cheap, comparable [`TypeId`].

use crate::fx::HashMap;
use std::fmt;

/// A scalar element type. Integers carry their signedness because conversions, division,
/// shifts and comparisons depend on it; SPIR-V for OpenCL drops it at emission.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum ScalarType {
    /// A truth value (result of comparisons); not storable in memory.
    Bool,
    /// Signed 8-bit integer (`char`).
    I8,
    /// Unsigned 8-bit integer (`uchar`).
    U8,
    /// Signed 16-bit integer (`short`).
    I16,
    /// Unsigned 16-bit integer (`ushort`).
    U16,
    /// Signed 32-bit integer (`int`).
    I32,
    /// Unsigned 32-bit integer (`uint`).
    U32,
    /// Signed 64-bit integer (`long`).
    I64,
    /// Unsigned 64-bit integer (`ulong`, `size_t` on 64-bit targets).
    U64,
    /// IEEE binary16 (`half`).
    F16,
    /// IEEE binary32 (`float`).
    F32,
    /// IEEE binary64 (`double`).
    F64,
}

impl ScalarType {
    /// Width in bits (1 for `Bool`).
    pub fn bits(self) -> u32 {
        match self {
            ScalarType::Bool => 1,
            ScalarType::I8 | ScalarType::U8 => 8,
            ScalarType::I16 | ScalarType::U16 | ScalarType::F16 => 16,
            ScalarType::I32 | ScalarType::U32 | ScalarType::F32 => 32,
            ScalarType::I64 | ScalarType::U64 | ScalarType::F64 => 64,
        }
    }

    /// Size in bytes when stored in memory (bool is stored as one byte).
    pub fn size(self) -> u32 {
        self.bits().div_ceil(8)
    }

    /// True for the integer types (not `Bool`).
    pub fn is_int(self) -> bool {
        !matches!(
            self,
            ScalarType::Bool | ScalarType::F16 | ScalarType::F32 | ScalarType::F64
        )
    }

    /// True for the signed integer types.
    pub fn is_signed(self) -> bool {
        matches!(
            self,
            ScalarType::I8 | ScalarType::I16 | ScalarType::I32 | ScalarType::I64
        )
    }

    /// True for the floating-point types.
    pub fn is_float(self) -> bool {
        matches!(self, ScalarType::F16 | ScalarType::F32 | ScalarType::F64)
    }

    /// The text-form name (`i32`, `f32`, `bool`, ...).
    pub fn name(self) -> &'static str {
        match self {
            ScalarType::Bool => "bool",
            ScalarType::I8 => "i8",
            ScalarType::U8 => "u8",
            ScalarType::I16 => "i16",
            ScalarType::U16 => "u16",
            ScalarType::I32 => "i32",
            ScalarType::U32 => "u32",
            ScalarType::I64 => "i64",
            ScalarType::U64 => "u64",
            ScalarType::F16 => "f16",
            ScalarType::F32 => "f32",
            ScalarType::F64 => "f64",
        }
    }

    /// Parses a text-form name.
    pub fn from_name(name: &str) -> Option<ScalarType> {
        ALL_SCALARS.iter().copied().find(|s| s.name() == name)
    }

    /// The integer type of the same width with the given signedness (identity for floats).
    pub fn with_signedness(self, signed: bool) -> ScalarType {
        match (self.bits(), signed) {
            (8, true) => ScalarType::I8,
            (8, false) => ScalarType::U8,
            (16, true) if self.is_int() => ScalarType::I16,
            (16, false) if self.is_int() => ScalarType::U16,
            (32, true) if self.is_int() => ScalarType::I32,
            (32, false) if self.is_int() => ScalarType::U32,
            (64, true) if self.is_int() => ScalarType::I64,
            (64, false) if self.is_int() => ScalarType::U64,
            _ => self,
        }
    }
}

/// Every scalar type, in declaration order.
pub const ALL_SCALARS: [ScalarType; 12] = [
    ScalarType::Bool,
    ScalarType::I8,
    ScalarType::U8,
    ScalarType::I16,
    ScalarType::U16,
    ScalarType::I32,
    ScalarType::U32,
    ScalarType::I64,
    ScalarType::U64,
    ScalarType::F16,
    ScalarType::F32,
    ScalarType::F64,
];

/// The OpenCL address spaces a pointer or variable can live in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AddressSpace {
    /// Per work-item memory (`__private`, the default for variables).
    Private,
    /// Device memory shared by all work-items (`__global`).
    Global,
    /// Read-only device memory (`__constant`).
    Constant,
    /// Memory shared by the work-items of one work-group (`__local`).
    Local,
    /// The OpenCL 2.0 generic address space.
    Generic,
}

impl AddressSpace {
    /// The text-form name.
    pub fn name(self) -> &'static str {
        match self {
            AddressSpace::Private => "private",
            AddressSpace::Global => "global",
            AddressSpace::Constant => "constant",
            AddressSpace::Local => "local",
            AddressSpace::Generic => "generic",
        }
    }

    /// Parses a text-form name.
    pub fn from_name(name: &str) -> Option<AddressSpace> {
        [
            AddressSpace::Private,
            AddressSpace::Global,
            AddressSpace::Constant,
            AddressSpace::Local,
            AddressSpace::Generic,
        ]
        .into_iter()
        .find(|s| s.name() == name)
    }
}

/// The shape of an image: its dimensionality (the layer of an array image is not counted).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ImageDim {
    /// One dimension (`image1d_t`, `image1d_array_t`).
    D1,
    /// One dimension backed by a buffer (`image1d_buffer_t`); never sampled.
    Buffer,
    /// Two dimensions (`image2d_t`, `image2d_array_t`).
    D2,
    /// Three dimensions (`image3d_t`).
    D3,
}

impl ImageDim {
    /// Number of coordinates addressing a texel of one layer (1, 2 or 3).
    pub fn coords(self) -> u8 {
        match self {
            ImageDim::D1 | ImageDim::Buffer => 1,
            ImageDim::D2 => 2,
            ImageDim::D3 => 3,
        }
    }

    /// Lanes of the coordinate operand of image reads and writes: one per coordinate, plus
    /// one for the layer of an array image, rounded up to 4 when that makes 3 (OpenCL C's
    /// `int4`/`float4` coordinates of 3D images and 2D arrays, whose last lane is ignored).
    pub fn coord_lanes(self, arrayed: bool) -> u8 {
        match self.coords() + arrayed as u8 {
            3 => 4,
            n => n,
        }
    }

    /// The text-form name.
    pub fn name(self) -> &'static str {
        match self {
            ImageDim::D1 => "1d",
            ImageDim::Buffer => "buffer",
            ImageDim::D2 => "2d",
            ImageDim::D3 => "3d",
        }
    }

    /// Parses a text-form name.
    pub fn from_name(name: &str) -> Option<ImageDim> {
        [ImageDim::D1, ImageDim::Buffer, ImageDim::D2, ImageDim::D3]
            .into_iter()
            .find(|d| d.name() == name)
    }
}

/// How a kernel may access an image (OpenCL's access qualifier, part of the type).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ImageAccess {
    /// `read_only`: read (with or without a sampler) and queried.
    Read,
    /// `write_only`: written and queried.
    Write,
    /// `read_write` (OpenCL C 2.0): read without a sampler, written and queried.
    ReadWrite,
}

impl ImageAccess {
    /// The text-form name.
    pub fn name(self) -> &'static str {
        match self {
            ImageAccess::Read => "read",
            ImageAccess::Write => "write",
            ImageAccess::ReadWrite => "read_write",
        }
    }

    /// Parses a text-form name.
    pub fn from_name(name: &str) -> Option<ImageAccess> {
        [
            ImageAccess::Read,
            ImageAccess::Write,
            ImageAccess::ReadWrite,
        ]
        .into_iter()
        .find(|a| a.name() == name)
    }

    /// True when the image may be read.
    pub fn readable(self) -> bool {
        self != ImageAccess::Write
    }

    /// True when the image may be written.
    pub fn writable(self) -> bool {
        self != ImageAccess::Read
    }
}

/// A handle to an interned type in a [`TypeTable`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct TypeId(pub u32);

/// The structure of an IR type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Type {
    /// No value (function results only).
    Void,
    /// A scalar.
    Scalar(ScalarType),
    /// A vector of 2, 3, 4, 8 or 16 scalars.
    Vector {
        /// Element type.
        elem: ScalarType,
        /// Lane count.
        lanes: u8,
    },
    /// A pointer into an address space.
    Pointer {
        /// Where the pointee lives.
        space: AddressSpace,
        /// The pointed-to type.
        pointee: TypeId,
    },
    /// A fixed-length array.
    Array {
        /// Element type.
        elem: TypeId,
        /// Number of elements.
        len: u32,
    },
    /// A structure with C layout (see [`TypeTable::struct_layout`]). Text form:
    /// `struct NAME {f32, i8}`, `packed struct NAME {..}` when packed with alignment 1,
    /// `packed(A) struct NAME {..}` when packed with alignment `A`.
    Struct {
        /// The source name, for readability.
        name: String,
        /// Field types in order.
        fields: Vec<TypeId>,
        /// `Some(A)`: packed, every field right after the one before it (no padding), and
        /// the struct's own alignment is `A` (a power of two), its size rounded up to `A`.
        /// `__attribute__((packed))` is `Some(1)`; a struct laid out under clang's
        /// `#pragma pack(N)` with a member below its natural alignment is `Some(A)` with
        /// `A` its C alignment (at most `N`), padding as explicit `u8` arrays, so that
        /// accesses to its members may rely on `A` and their offsets.
        packed: Option<u64>,
    },
    /// An OpenCL image object (an opaque handle; only a function parameter holds one, it is
    /// never stored in memory). Text form: `image<2d, read>`, `image<1d[], write>` (arrayed).
    Image {
        /// Dimensionality of one layer.
        dim: ImageDim,
        /// An array of layers (`image1d_array_t`, `image2d_array_t`).
        arrayed: bool,
        /// The access qualifier.
        access: ImageAccess,
    },
    /// An OpenCL sampler: addressing mode, coordinate normalization and filter, as the 32-bit
    /// `CLK_*` pattern of [`crate::op::SamplerBits`]. Opaque; never stored in memory.
    Sampler,
}

/// Size and alignment of a type in memory, following OpenCL C's layout rules
/// (3-component vectors take the size and alignment of 4-component ones).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Layout {
    /// Size in bytes.
    pub size: u64,
    /// Alignment in bytes.
    pub align: u64,
}

/// Interns [`Type`]s so equal types share one [`TypeId`].
#[derive(Clone, Debug, Default)]
pub struct TypeTable {
    types: Vec<Type>,
    index: HashMap<Type, TypeId>,
}

impl TypeTable {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// Returns the id of `ty`, adding it if it is new.
    pub fn intern(&mut self, ty: Type) -> TypeId {
        if let Some(&id) = self.index.get(&ty) {
            return id;
        }
        let id = TypeId(self.types.len() as u32);
        self.types.push(ty.clone());
        self.index.insert(ty, id);
        id
    }

    /// The structure behind an id.
    pub fn get(&self, id: TypeId) -> &Type {
        &self.types[id.0 as usize]
    }

    /// Number of interned types.
    pub fn len(&self) -> usize {
        self.types.len()
    }

    /// True when no type was interned.
    pub fn is_empty(&self) -> bool {
        self.types.is_empty()
    }

    /// All types with their ids, in interning order.
    pub fn iter(&self) -> impl Iterator<Item = (TypeId, &Type)> {
        self.types
            .iter()
            .enumerate()
            .map(|(i, t)| (TypeId(i as u32), t))
    }

    /// Shorthand: the void type.
    pub fn void(&mut self) -> TypeId {
        self.intern(Type::Void)
    }

    /// Shorthand: a scalar type.
    pub fn scalar(&mut self, s: ScalarType) -> TypeId {
        self.intern(Type::Scalar(s))
    }

    /// Shorthand: a vector type (a scalar when `lanes == 1`).
    pub fn vector(&mut self, elem: ScalarType, lanes: u8) -> TypeId {
        if lanes == 1 {
            self.scalar(elem)
        } else {
            self.intern(Type::Vector { elem, lanes })
        }
    }

    /// Shorthand: a pointer type.
    pub fn pointer(&mut self, space: AddressSpace, pointee: TypeId) -> TypeId {
        self.intern(Type::Pointer { space, pointee })
    }

    /// Shorthand: an array type.
    pub fn array(&mut self, elem: TypeId, len: u32) -> TypeId {
        self.intern(Type::Array { elem, len })
    }

    /// The scalar element of a scalar or vector type.
    pub fn scalar_of(&self, id: TypeId) -> Option<ScalarType> {
        match self.get(id) {
            Type::Scalar(s) => Some(*s),
            Type::Vector { elem, .. } => Some(*elem),
            _ => None,
        }
    }

    /// Lane count: 1 for scalars, n for vectors, `None` otherwise.
    pub fn lanes_of(&self, id: TypeId) -> Option<u8> {
        match self.get(id) {
            Type::Scalar(_) => Some(1),
            Type::Vector { lanes, .. } => Some(*lanes),
            _ => None,
        }
    }

    /// The same shape (scalar or n lanes) with another element type.
    pub fn with_elem(&mut self, id: TypeId, elem: ScalarType) -> TypeId {
        let lanes = self.lanes_of(id).unwrap_or(1);
        self.vector(elem, lanes)
    }

    /// Pointee and address space of a pointer type.
    pub fn pointee(&self, id: TypeId) -> Option<(AddressSpace, TypeId)> {
        match self.get(id) {
            Type::Pointer { space, pointee } => Some((*space, *pointee)),
            _ => None,
        }
    }

    /// Memory layout of a type (pointers are 64-bit).
    pub fn layout(&self, id: TypeId) -> Layout {
        match self.get(id) {
            Type::Void => Layout { size: 0, align: 1 },
            Type::Scalar(s) => {
                let n = s.size() as u64;
                Layout { size: n, align: n }
            }
            Type::Vector { elem, lanes } => {
                let stored = if *lanes == 3 { 4 } else { *lanes as u64 };
                let n = elem.size() as u64 * stored;
                Layout { size: n, align: n }
            }
            Type::Pointer { .. } => Layout { size: 8, align: 8 },
            Type::Array { elem, len } => {
                let e = self.layout(*elem);
                Layout {
                    size: e.size * *len as u64,
                    align: e.align,
                }
            }
            Type::Struct { fields, packed, .. } => self.fields_layout(fields, *packed).1,
            // Opaque handles, passed like pointers.
            Type::Image { .. } | Type::Sampler => Layout { size: 8, align: 8 },
        }
    }

    /// Field offsets and total layout of the struct type `ty` (C rules: each field at the
    /// next multiple of its alignment, the size rounded up to the largest alignment; a
    /// packed struct puts every field right after the previous one and has the alignment
    /// it declares, its size rounded up to it).
    /// The one place every pass and backend takes struct offsets from.
    ///
    /// # Panics
    /// When `ty` is not a struct.
    pub fn struct_layout(&self, ty: TypeId) -> (Vec<u64>, Layout) {
        match self.get(ty) {
            Type::Struct { fields, packed, .. } => self.fields_layout(fields, *packed),
            other => panic!("struct_layout of a non-struct type {other:?}"),
        }
    }

    /// Field offsets and total layout of a struct with the given field types, packed with
    /// an alignment or not (see [`TypeTable::struct_layout`]).
    pub fn fields_layout(&self, fields: &[TypeId], packed: Option<u64>) -> (Vec<u64>, Layout) {
        let mut offset = 0u64;
        let mut align = packed.unwrap_or(1).max(1);
        let mut offsets = Vec::with_capacity(fields.len());
        for &f in fields {
            let mut l = self.layout(f);
            if packed.is_some() {
                l.align = 1;
            }
            offset = offset.next_multiple_of(l.align);
            offsets.push(offset);
            offset += l.size;
            align = align.max(l.align);
        }
        (
            offsets,
            Layout {
                size: offset.next_multiple_of(align),
                align,
            },
        )
    }

    /// Wraps an id so it prints in text form.
    pub fn display(&self, id: TypeId) -> DisplayType<'_> {
        DisplayType { table: self, id }
    }
}

/// Prints a type in IR text form (`f32`, `f32x4`, `ptr<global, f32>`, `[16 x f32]`).
pub struct DisplayType<'a> {
    table: &'a TypeTable,
    id: TypeId,
}

impl fmt::Display for DisplayType<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.table.get(self.id) {
            Type::Void => write!(f, "void"),
            Type::Scalar(s) => write!(f, "{}", s.name()),
            Type::Vector { elem, lanes } => write!(f, "{}x{}", elem.name(), lanes),
            Type::Pointer { space, pointee } => {
                write!(f, "ptr<{}, {}>", space.name(), self.table.display(*pointee))
            }
            Type::Array { elem, len } => write!(f, "[{} x {}]", len, self.table.display(*elem)),
            Type::Struct {
                name,
                fields,
                packed,
            } => {
                match packed {
                    Some(1) => write!(f, "packed ")?,
                    Some(a) => write!(f, "packed({a}) ")?,
                    None => {}
                }
                write!(f, "struct {name} {{")?;
                for (i, fld) in fields.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{}", self.table.display(*fld))?;
                }
                write!(f, "}}")
            }
            Type::Image {
                dim,
                arrayed,
                access,
            } => {
                let layers = if *arrayed { "[]" } else { "" };
                write!(f, "image<{}{layers}, {}>", dim.name(), access.name())
            }
            Type::Sampler => write!(f, "sampler"),
        }
    }
}
