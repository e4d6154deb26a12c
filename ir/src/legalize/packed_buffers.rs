//! Vulkan-only lowering of packed structs in `__global` and `__constant` memory.
//!
//! On Vulkan those spaces are physical storage buffers, whose types follow explicit layout
//! rules: even under scalar block layout, every member's `Offset` and every array's or
//! pointer's `ArrayStride` must be a multiple of the member's scalar alignment (its largest
//! scalar), and a load or store may not claim more alignment than its address has. A
//! packed struct (`__attribute__((packed))`, `#pragma pack(N)`) breaks both: a `uint` at
//! byte 1, a 10-byte struct with a `uint` in an array. This pass takes such types out of
//! buffers, the way a C compiler for a machine without unaligned access does:
//!
//! - A type is *byte-addressed* ([`byte_addressed`]) when it has a member below its scalar
//!   alignment, a size that is not a multiple of it (its arrays' stride would break it), or
//!   such a type inside it. Every `__global`/`__constant` pointer to a byte-addressed type
//!   becomes a pointer to `u8` (values, parameters, variables, struct fields, casts).
//! - Address arithmetic on such pointers is done in bytes: `field_addr` becomes a
//!   `ptr_offset` by the member's offset, `index_addr` and `ptr_offset` one by the index
//!   times the element size; where the result points to a type with a valid layout (a
//!   `uint` member), a `bitcast` to that pointer type follows.
//! - A load or store whose address may sit below the natural alignment of what it
//!   accesses ([`AccessAlign`], computed on the program before the rewrite: the backend
//!   would take the new `bitcast`s as naturally aligned) is split into pieces of the
//!   largest size the address allows (1, 2, 4 or 8 bytes, at most one lane), assembled
//!   little-endian with shifts (OpenCL devices are little-endian, as the host bytes are). A whole struct or array read or written through
//!   such an address is copied member by member through a private variable (`packed.copy`),
//!   at most [`MAX_LEAVES`] scalars or vectors.
//! - A helper that some call passes such an under-aligned buffer pointer (`sum(p->data)`),
//!   or that returns one, is inlined first: it would access the pointer as aligned, or
//!   its callers would.
//! - Refused with the location: an atomic operation on an address below the natural
//!   alignment of its operand (no piece-wise atomics), `bool` or pointer members read or
//!   written this way, program-scope `__constant`/`__global` variables of a
//!   byte-addressed type, and an under-aligned pointer kept where the alignment analysis
//!   cannot follow it (a struct field, an array, a pointer-to-pointer: [`escape`]).
//!
//! `__local` and private memory have logical pointers and no explicit layout: packed
//! structs there need nothing and are left alone. The backend keeps a check that no
//! byte-addressed type or under-aligned access is left (`backend-spirv`'s `vulkan/packed.rs`).

mod escape;
mod pieces;
mod retype;

use crate::analysis::AccessAlign;
use crate::diag::refusal::Refusal;
use crate::fx::HashSet;
use crate::module::{Block, FuncId, Function, GlobalId, Module, Stmt};
use crate::op::{BinaryOp, Const, Op, ValueId};
use crate::span::SourceSpan;
use crate::types::{AddressSpace, ScalarType, Type, TypeId, TypeTable};

use super::inline_private::inline_helpers_where;

use pieces::Access;
use retype::Retype;

/// The most scalars and vectors one struct or array copy through an under-aligned address
/// may have (each becomes its own piece-wise load or store).
pub const MAX_LEAVES: usize = 256;

/// The address space is a physical storage buffer on Vulkan (`__global`, `__constant`).
pub fn is_physical(space: AddressSpace) -> bool {
    matches!(space, AddressSpace::Global | AddressSpace::Constant)
}

/// The largest scalar size in `ty` (Vulkan's scalar alignment of the type; pointers and
/// handles count as 8 bytes).
pub fn scalar_align(types: &TypeTable, ty: TypeId) -> u64 {
    match types.get(ty) {
        Type::Scalar(s) | Type::Vector { elem: s, .. } => s.size().max(1) as u64,
        Type::Array { elem, .. } => scalar_align(types, *elem),
        Type::Struct { fields, .. } => fields
            .iter()
            .map(|f| scalar_align(types, *f))
            .max()
            .unwrap_or(1),
        _ => 8,
    }
}

/// The byte offset of the first member of `ty` (recursively) placed below its scalar
/// alignment, if any.
pub fn misaligned_member(types: &TypeTable, ty: TypeId) -> Option<u64> {
    match types.get(ty) {
        Type::Array { elem, .. } => misaligned_member(types, *elem),
        Type::Struct { fields, .. } => {
            let (offsets, _) = types.struct_layout(ty);
            fields.iter().zip(offsets).find_map(|(&f, off)| {
                if off % scalar_align(types, f) != 0 {
                    Some(off)
                } else {
                    misaligned_member(types, f).map(|o| off + o)
                }
            })
        }
        _ => None,
    }
}

/// True when `ty` has no Vulkan buffer layout: a member below its scalar alignment, a
/// struct or array element whose size is not a multiple of it, at any depth.
pub fn byte_addressed(types: &TypeTable, ty: TypeId) -> bool {
    let stride_breaks = |t: TypeId| !types.layout(t).size.is_multiple_of(scalar_align(types, t));
    match types.get(ty) {
        Type::Struct { fields, .. } => {
            let (offsets, _) = types.struct_layout(ty);
            stride_breaks(ty)
                || fields.iter().zip(offsets).any(|(&f, off)| {
                    !off.is_multiple_of(scalar_align(types, f)) || byte_addressed(types, f)
                })
        }
        Type::Array { elem, .. } => stride_breaks(*elem) || byte_addressed(types, *elem),
        _ => false,
    }
}

/// Lowers packed structs in `__global`/`__constant` memory in every function (see the
/// module doc). Returns whether anything changed.
pub fn lower_packed_buffers(module: &mut Module) -> Result<bool, Refusal> {
    let packed = |t: &Type| {
        matches!(
            t,
            Type::Struct {
                packed: Some(_),
                ..
            }
        )
    };
    if !module.types.iter().any(|(_, t)| packed(t)) {
        return Ok(false);
    }
    let Module {
        types,
        globals,
        functions,
        ..
    } = module;
    for (i, g) in globals.iter().enumerate() {
        if is_physical(g.space) && byte_addressed(types, g.ty) {
            return Err(Refusal::new(format!(
                "unsupported: the program-scope __{} variable `{}` of type {}, which puts a \
                 member below its natural alignment (a packed struct, or one under #pragma \
                 pack)",
                g.space.name(),
                g.name,
                types.display(g.ty)
            ))
            .at(first_use_of_global(functions, GlobalId(i as u32))));
        }
    }
    let mut changed = inline_under_aligned_arguments(module)?;
    let Module {
        types, functions, ..
    } = module;
    for f in functions.iter_mut() {
        let name = f.name.clone();
        changed |= rewrite_function(types, f).map_err(|e| e.prefixed(&format!("in `{name}`: ")))?;
    }
    let mut retype = Retype::default();
    for f in functions.iter_mut() {
        changed |= retype.function(types, f);
    }
    Ok(changed)
}

/// Inlines the helpers that some call passes a buffer pointer that may sit below its
/// pointee's alignment (`sum(p->data)` with `data` a packed member): the helper would access
/// it as aligned; inlined, the accesses are split like any other. Repeats for the calls the
/// inlined bodies make (at most once per function: each round removes a helper).
fn inline_under_aligned_arguments(module: &mut Module) -> Result<bool, Refusal> {
    let mut changed = false;
    for _ in 0..=module.functions.len() {
        let doomed = helpers_given_under_aligned_pointers(module);
        if doomed.is_empty() {
            break;
        }
        inline_helpers_where(module, &|_, id| doomed.contains(&id))
            .map_err(|e| Refusal::new(e.to_string()))?;
        changed = true;
    }
    Ok(changed)
}

/// The helpers (not kernels) some call passes a buffer pointer below its pointee's natural
/// alignment, and those that return one (`return &p->data[1]`): the callers would take the
/// result as aligned.
fn helpers_given_under_aligned_pointers(module: &Module) -> HashSet<FuncId> {
    let types = &module.types;
    let mut doomed = HashSet::default();
    for (id, f) in module.functions.iter().enumerate() {
        let mut align = None;
        crate::module::walk_stmts(&f.body, &mut |s| {
            let analyse = || AccessAlign::of_function(types, f);
            match s {
                Stmt::Let {
                    op: Op::Call { func, args },
                    ..
                } => {
                    let align = align.get_or_insert_with(analyse);
                    let under = |arg: &ValueId| under_aligned(align, types, f, *arg).is_some();
                    // A kernel called as a function is not inlined away (it stays an entry
                    // point): the call is refused instead (`Rewriter::check_argument`).
                    if args.iter().any(under) && !module.function(*func).is_kernel() {
                        doomed.insert(*func);
                    }
                }
                Stmt::Return(Some(v)) if !f.is_kernel() => {
                    let align = align.get_or_insert_with(analyse);
                    if under_aligned(align, types, f, *v).is_some() {
                        doomed.insert(FuncId(id as u32));
                    }
                }
                _ => {}
            }
        });
    }
    doomed
}

/// The span of the first expression with a span that uses the address of global `g`.
fn first_use_of_global(functions: &[Function], g: GlobalId) -> Option<SourceSpan> {
    functions.iter().find_map(|f| {
        let mut address = None;
        let mut found = None;
        crate::module::walk_stmts(&f.body, &mut |s| {
            if let Stmt::Let { value, op } = s {
                if *op == Op::GlobalAddr(g) {
                    address = Some(*value);
                    found = found.or(f.span(*value));
                } else if address.is_some_and(|a| op.operands().contains(&a)) {
                    found = found.or(f.span(*value));
                }
            }
        });
        found
    })
}

/// Rewrites the address arithmetic and accesses of `f` (the types stay until [`Retype`]).
fn rewrite_function(types: &mut TypeTable, f: &mut Function) -> Result<bool, Refusal> {
    let align = AccessAlign::of_function(types, f);
    escape::check_escapes(&align, types, f)?;
    let mut r = Rewriter {
        align,
        changed: false,
    };
    let mut body = std::mem::take(&mut f.body);
    let result = r.block(types, f, &mut body);
    f.body = body;
    result.map(|()| r.changed)
}

/// The state of one function's rewrite.
struct Rewriter {
    /// Alignment of every pointer of the function as it was before the rewrite.
    align: AccessAlign,
    changed: bool,
}

impl Rewriter {
    fn block(
        &mut self,
        types: &mut TypeTable,
        f: &mut Function,
        block: &mut Block,
    ) -> Result<(), Refusal> {
        let old = std::mem::take(&mut block.stmts);
        let mut out = Vec::with_capacity(old.len());
        for mut s in old {
            for child in s.child_blocks_mut() {
                self.block(types, f, child)?;
            }
            match s {
                Stmt::Let { value, op } => self.let_stmt(types, f, &mut out, value, op)?,
                Stmt::Store { ptr, value } => match self.access(types, f, ptr) {
                    Some(access) => {
                        self.changed = true;
                        access.store(types, f, &mut out, value)?;
                    }
                    None => out.push(Stmt::Store { ptr, value }),
                },
                other => out.push(other),
            }
        }
        block.stmts = out;
        Ok(())
    }

    fn let_stmt(
        &mut self,
        types: &mut TypeTable,
        f: &mut Function,
        out: &mut Vec<Stmt>,
        value: ValueId,
        op: Op,
    ) -> Result<(), Refusal> {
        match op {
            Op::Load { ptr } => match self.access(types, f, ptr) {
                Some(access) => {
                    self.changed = true;
                    access.load(types, f, out, value)
                }
                None => {
                    out.push(Stmt::Let { value, op });
                    Ok(())
                }
            },
            Op::Atomic { ptr, .. } => {
                self.check_atomic(types, f, value, ptr)?;
                out.push(Stmt::Let { value, op });
                Ok(())
            }
            Op::Call { ref args, .. } => {
                for &arg in args {
                    self.check_argument(types, f, value, arg)?;
                }
                out.push(Stmt::Let { value, op });
                Ok(())
            }
            op => {
                match self.byte_offset(types, f, out, &op) {
                    Some((base, bytes, target)) => {
                        self.changed = true;
                        self.byte_address(types, f, out, value, base, bytes, target);
                    }
                    None => out.push(Stmt::Let { value, op }),
                }
                Ok(())
            }
        }
    }

    /// For address arithmetic on a pointer to a byte-addressed type: the base, the byte
    /// offset (a new `i64` value) and the type the result points to.
    fn byte_offset(
        &self,
        types: &mut TypeTable,
        f: &mut Function,
        out: &mut Vec<Stmt>,
        op: &Op,
    ) -> Option<(ValueId, ValueId, TypeId)> {
        let (base, index, target, stride) = match op {
            Op::FieldAddr { base, field } => {
                let pointee = byte_pointee(types, f, *base)?;
                let Type::Struct { fields, .. } = types.get(pointee) else {
                    return None;
                };
                let target = *fields.get(*field as usize)?;
                let offset = types.struct_layout(pointee).0[*field as usize];
                let i64_ty = types.scalar(ScalarType::I64);
                let at = f.push_let(out, i64_ty, int_const(ScalarType::I64, offset));
                return Some((*base, at, target));
            }
            Op::IndexAddr { base, index } => {
                let pointee = byte_pointee(types, f, *base)?;
                let Type::Array { elem, .. } = types.get(pointee) else {
                    return None;
                };
                (*base, *index, *elem, types.layout(*elem).size)
            }
            Op::PtrOffset { base, index } => {
                let pointee = byte_pointee(types, f, *base)?;
                (*base, *index, pointee, types.layout(pointee).size)
            }
            _ => return None,
        };
        let i64_ty = types.scalar(ScalarType::I64);
        let size = f.push_let(out, i64_ty, int_const(ScalarType::I64, stride));
        let bytes = f.push_let(out, i64_ty, Op::Binary(BinaryOp::Mul, index, size));
        Some((base, bytes, target))
    }

    /// Defines `value`, of type pointer to `target`, as `base + bytes`: a byte pointer when
    /// `target` is byte-addressed itself, else a cast of one.
    #[allow(clippy::too_many_arguments)]
    fn byte_address(
        &mut self,
        types: &mut TypeTable,
        f: &mut Function,
        out: &mut Vec<Stmt>,
        value: ValueId,
        base: ValueId,
        bytes: ValueId,
        target: TypeId,
    ) {
        let op = Op::PtrOffset { base, index: bytes };
        if byte_addressed(types, target) {
            out.push(Stmt::Let { value, op });
            return;
        }
        let (space, _) = types.pointee(f.value_type(value)).expect("a pointer");
        let u8_ty = types.scalar(ScalarType::U8);
        let byte_ptr = types.pointer(space, u8_ty);
        let at = f.push_let(out, byte_ptr, op);
        let to = f.value_type(value);
        out.push(Stmt::Let {
            value,
            op: Op::Bitcast { value: at, to },
        });
    }

    /// How a load or store through `ptr` must be done, or `None` when it may stay as is.
    fn access(&self, types: &TypeTable, f: &Function, ptr: ValueId) -> Option<Access> {
        let (space, ty) = types.pointee(f.value_type(ptr))?;
        if !is_physical(space) {
            return None;
        }
        let have = self.align.access(types, f, ptr);
        let natural = types.layout(ty).align.max(1);
        let split = byte_addressed(types, ty) || have < natural;
        split.then_some(Access {
            ptr,
            space,
            ty,
            align: have,
        })
    }

    /// Refuses an atomic operation whose address may sit below its operand's alignment.
    fn check_atomic(
        &self,
        types: &TypeTable,
        f: &Function,
        value: ValueId,
        ptr: ValueId,
    ) -> Result<(), Refusal> {
        match under_aligned(&self.align, types, f, ptr) {
            Some((ty, have, natural)) => Err(Refusal::new(format!(
                "unsupported: an atomic operation on {} at an address that may sit at a \
                 multiple of {have} bytes only (a member of a packed struct, or of one under \
                 #pragma pack): atomics need {natural}",
                types.display(ty),
            ))
            .at_value(f, value)
            .at_value(f, ptr)),
            None => Ok(()),
        }
    }

    /// Refuses passing a buffer pointer that may sit below its pointee's alignment to a
    /// function left as a call (a kernel called as one), which would access it as aligned.
    fn check_argument(
        &self,
        types: &TypeTable,
        f: &Function,
        call: ValueId,
        arg: ValueId,
    ) -> Result<(), Refusal> {
        match under_aligned(&self.align, types, f, arg) {
            Some((ty, have, natural)) => Err(Refusal::new(format!(
                "unsupported: passing a pointer to {} that may sit at a multiple of {have} \
                 bytes only (a member of a packed struct, or of one under #pragma pack) to a \
                 function, which would access it as aligned to {natural}",
                types.display(ty),
            ))
            .at_value(f, call)
            .at_value(f, arg)),
            None => Ok(()),
        }
    }
}

/// For a buffer pointer that may sit below its pointee's natural alignment: the pointee,
/// the alignment the pointer has and the one its pointee needs.
fn under_aligned(
    align: &AccessAlign,
    types: &TypeTable,
    f: &Function,
    ptr: ValueId,
) -> Option<(TypeId, u64, u64)> {
    let (space, ty) = types.pointee(f.value_type(ptr))?;
    let (have, natural) = (align.access(types, f, ptr), types.layout(ty).align.max(1));
    (is_physical(space) && have < natural).then_some((ty, have, natural))
}

/// The pointee of `ptr` when it is a byte-addressed type in `__global`/`__constant` memory.
fn byte_pointee(types: &TypeTable, f: &Function, ptr: ValueId) -> Option<TypeId> {
    let (space, pointee) = types.pointee(f.value_type(ptr))?;
    (is_physical(space) && byte_addressed(types, pointee)).then_some(pointee)
}

/// An integer constant of type `ty`.
fn int_const(ty: ScalarType, v: u64) -> Op {
    Op::Const(Const::int(ty, v as i64))
}

#[cfg(test)]
mod tests;
