//! IR types to SPIR-V types. Integer signedness is dropped (OpenCL SPIR-V uses signless
//! integers), and `bool`, which has no memory representation in SPIR-V, is stored as an
//! 8-bit integer: the "memory form" of a type replaces bool scalars and vectors by `u8`.

use oclc_ir::{AddressSpace, ScalarType, Type, TypeId};
use rspirv::dr::Operand;
use rspirv::spirv::{Capability, Decoration, StorageClass, Word};

use super::context::{Flavour, ModuleCtx};
use crate::error::{unsupported, Result};

impl ModuleCtx<'_> {
    /// The SPIR-V type of a value of IR type `id`.
    pub fn ty(&mut self, id: TypeId) -> Result<Word> {
        self.ty_form(id, false)
    }

    /// The SPIR-V type of IR type `id` as stored in memory.
    pub fn mem_ty(&mut self, id: TypeId) -> Result<Word> {
        self.ty_form(id, true)
    }

    fn ty_form(&mut self, id: TypeId, mem: bool) -> Result<Word> {
        if let Some(&w) = self.type_ids.get(&(id, mem)) {
            return Ok(w);
        }
        let w = match self.ir.types.get(id).clone() {
            Type::Void => self.b.type_void(),
            Type::Scalar(s) => self.shape_ty(s, 1, mem),
            Type::Vector { elem, lanes } => self.shape_ty(elem, lanes, mem),
            Type::Pointer { space, pointee } => {
                // `void *` points to bytes, as clang emits it: SPIR-V allows a pointer to
                // OpTypeVoid, but llvm-spirv-14 reads it back as LLVM's invalid `void*`.
                let inner = if matches!(self.ir.types.get(pointee), Type::Void)
                    && self.flavour == Flavour::OpenCl
                {
                    self.shape_ty(ScalarType::U8, 1, true)
                } else {
                    self.mem_ty(pointee)?
                };
                let p = self.ptr_ty(space, inner);
                if self.flavour == Flavour::Vulkan {
                    self.stride_pointer(p, space, pointee);
                }
                p
            }
            Type::Array { elem, len } => {
                if let Some(&w) = self.type_ids.get(&(id, !mem)) {
                    w
                } else {
                    let e = self.mem_ty(elem)?;
                    let n = self.const_u32(len);
                    let w = self.b.type_array(e, n);
                    if self.flavour == Flavour::Vulkan {
                        let stride = self.ir.types.layout(elem).size as u32;
                        self.lay_out(w, Decoration::ArrayStride, &[stride]);
                    }
                    w
                }
            }
            Type::Image {
                dim,
                arrayed,
                access,
            } => self.image_ty(dim, arrayed, access)?,
            Type::Sampler => self.sampler_ty()?,
            Type::Struct {
                name,
                fields,
                packed,
            } => {
                if let Some(&w) = self.type_ids.get(&(id, !mem)) {
                    w
                } else {
                    let mut members = Vec::with_capacity(fields.len() + 1);
                    for f in &fields {
                        members.push(self.mem_ty(*f)?);
                    }
                    let opencl_packed = packed.is_some() && self.flavour == Flavour::OpenCl;
                    if opencl_packed {
                        // `CPacked` has no tail padding: a packed struct whose alignment
                        // rounds its size up gets it as a trailing byte array (after every
                        // IR field, whose indices stay).
                        let (offsets, l) = self.ir.types.struct_layout(id);
                        let end = match (offsets.last(), fields.last()) {
                            (Some(o), Some(f)) => o + self.ir.types.layout(*f).size,
                            _ => 0,
                        };
                        if l.size > end {
                            let u8t = self.shape_ty(ScalarType::U8, 1, true);
                            let n = self.const_u32((l.size - end) as u32);
                            members.push(self.b.type_array(u8t, n));
                        }
                    }
                    let w = self.b.type_struct(members);
                    self.b.name(w, name);
                    if opencl_packed {
                        // As clang/llvm-spirv mark a packed struct: no padding between members.
                        self.b.decorate(w, Decoration::CPacked, []);
                    }
                    if self.flavour == Flavour::Vulkan && self.vk.laid_out.insert(w) {
                        let (offsets, _) = self.ir.types.struct_layout(id);
                        for (i, off) in offsets.into_iter().enumerate() {
                            self.b.member_decorate(
                                w,
                                i as u32,
                                Decoration::Offset,
                                [Operand::LiteralBit32(off as u32)],
                            );
                        }
                    }
                    w
                }
            }
        };
        self.type_ids.insert((id, mem), w);
        Ok(w)
    }

    /// The SPIR-V type of a scalar (`lanes == 1`) or vector of `elem`.
    pub fn shape_ty(&mut self, elem: ScalarType, lanes: u8, mem: bool) -> Word {
        let mem = mem && elem == ScalarType::Bool;
        if let Some(&w) = self.shape_ids.get(&(elem, lanes, mem)) {
            return w;
        }
        let w = if lanes == 1 {
            self.scalar_ty(elem, mem)
        } else {
            if lanes > 4 {
                self.require(Capability::Vector16);
                if self.flavour == Flavour::Vulkan {
                    self.vk_errors.push(format!("{lanes}-lane vectors"));
                }
            }
            let s = self.scalar_ty(elem, mem);
            self.b.type_vector(s, lanes as u32)
        };
        self.shape_ids.insert((elem, lanes, mem), w);
        w
    }

    fn scalar_ty(&mut self, s: ScalarType, mem: bool) -> Word {
        match s {
            ScalarType::Bool if !mem => self.b.type_bool(),
            ScalarType::Bool | ScalarType::I8 | ScalarType::U8 => {
                self.require(Capability::Int8);
                if self.flavour == Flavour::Vulkan {
                    self.require(Capability::StorageBuffer8BitAccess);
                    self.require(Capability::StoragePushConstant8);
                }
                self.b.type_int(8, 0)
            }
            ScalarType::I16 | ScalarType::U16 => {
                self.require(Capability::Int16);
                if self.flavour == Flavour::Vulkan {
                    self.require(Capability::StorageBuffer16BitAccess);
                    self.require(Capability::StoragePushConstant16);
                }
                self.b.type_int(16, 0)
            }
            ScalarType::I32 | ScalarType::U32 => self.b.type_int(32, 0),
            ScalarType::I64 | ScalarType::U64 => {
                self.require(Capability::Int64);
                self.b.type_int(64, 0)
            }
            ScalarType::F16 => {
                self.require(Capability::Float16);
                if self.flavour == Flavour::Vulkan {
                    self.require(Capability::StorageBuffer16BitAccess);
                    self.require(Capability::StoragePushConstant16);
                }
                self.b.type_float(16, None)
            }
            ScalarType::F32 => self.b.type_float(32, None),
            ScalarType::F64 => {
                self.require(Capability::Float64);
                self.b.type_float(64, None)
            }
        }
    }

    /// A pointer into `space` to the SPIR-V type `pointee`.
    pub fn ptr_ty(&mut self, space: AddressSpace, pointee: Word) -> Word {
        let sc = self.storage_class(space);
        if sc == StorageClass::Generic {
            self.require(Capability::GenericPointer);
            if self.flavour == Flavour::Vulkan {
                self.vk_errors
                    .push("generic address space pointers".to_string());
            }
        }
        self.pointer_type(sc, pointee)
    }

    /// The type of pointers of storage class `sc` to the SPIR-V type `pointee`.
    pub fn pointer_type(&mut self, sc: StorageClass, pointee: Word) -> Word {
        let b = &mut self.b;
        *self
            .pointer_ids
            .entry((sc, pointee))
            .or_insert_with(|| b.type_pointer(None, sc, pointee))
    }

    /// The storage class of an address space.
    pub fn storage_class(&self, space: AddressSpace) -> StorageClass {
        match self.flavour {
            Flavour::OpenCl => match space {
                AddressSpace::Private => StorageClass::Function,
                AddressSpace::Global => StorageClass::CrossWorkgroup,
                AddressSpace::Constant => StorageClass::UniformConstant,
                AddressSpace::Local => StorageClass::Workgroup,
                AddressSpace::Generic => StorageClass::Generic,
            },
            Flavour::Vulkan => match space {
                AddressSpace::Private => StorageClass::Function,
                AddressSpace::Global | AddressSpace::Constant => {
                    StorageClass::PhysicalStorageBuffer
                }
                AddressSpace::Local => StorageClass::Workgroup,
                // Reported as unsupported where a generic pointer is declared.
                AddressSpace::Generic => StorageClass::Generic,
            },
        }
    }

    /// Decorates a type with its explicit layout once (Vulkan).
    fn lay_out(&mut self, ty: Word, dec: Decoration, values: &[u32]) {
        if self.vk.laid_out.insert(ty) {
            let ops: Vec<Operand> = values.iter().map(|v| Operand::LiteralBit32(*v)).collect();
            self.b.decorate(ty, dec, ops);
        }
    }

    /// Gives a physical-storage-buffer pointer type the `ArrayStride` of its pointee, so
    /// that `OpPtrAccessChain` (pointer arithmetic) may use it.
    fn stride_pointer(&mut self, ptr: Word, space: AddressSpace, pointee: TypeId) {
        if !matches!(space, AddressSpace::Global | AddressSpace::Constant) {
            return;
        }
        let size = self.ir.types.layout(pointee).size as u32;
        if size > 0 && self.vk.strided_ptrs.insert(ptr) {
            self.b
                .decorate(ptr, Decoration::ArrayStride, [Operand::LiteralBit32(size)]);
        }
    }

    /// The SPIR-V function type with the given result and parameter types.
    pub fn fn_ty(&mut self, ret: Word, params: Vec<Word>) -> Word {
        if let Some(&w) = self.fn_types.get(&(ret, params.clone())) {
            return w;
        }
        let w = self.b.type_function(ret, params.iter().copied());
        self.fn_types.insert((ret, params), w);
        w
    }

    /// Scalar element and lane count of a scalar or vector IR type.
    pub fn shape(&self, id: TypeId) -> Result<(ScalarType, u8)> {
        match (self.ir.types.scalar_of(id), self.ir.types.lanes_of(id)) {
            (Some(s), Some(n)) => Ok((s, n)),
            _ => unsupported(format!(
                "expected a scalar or vector, found {}",
                self.ir.types.display(id)
            )),
        }
    }
}
