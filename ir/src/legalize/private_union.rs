//! Vulkan-only rewriting of private and `__local` memory reinterpreted through pointer
//! casts (unions, `*(uint *)&f`) into loads and stores of the memory's own type plus bit
//! operations.
//!
//! Vulkan's Function storage is logical: a pointer to a private variable cannot be cast to
//! another pointee type. OpenCL reaches a union member by reinterpreting the union's
//! address (see the lowering's `union_storage`: a union is a struct holding one array of
//! filler elements), so every member access is such a cast. This pass keeps the variable
//! and its type and rewrites each access made through a cast pointer:
//! - the memory behind the cast is seen as *cells* (the union's filler elements, an array's
//!   elements, or the one scalar or vector variable), each cell as *units*: its scalar
//!   lanes as unsigned integers `W` (`u32` words for a 4-byte-aligned union, bytes for a
//!   byte-aligned one);
//! - a pointer derived from the cast (`bitcast`, `field_addr`, `index_addr`, `ptr_offset`)
//!   becomes a byte offset from the cast's source (constant, plus a computed `i64` part for
//!   dynamic indices);
//! - a load of a scalar or vector at that offset reads each lane from the units it covers
//!   (several units shifted and or-ed together, or one unit shifted and truncated), and
//!   bitcasts it to the lane type; a store writes units back the same way, a lane narrower
//!   than a unit by read-modify-write of that unit (private memory belongs to one
//!   work-item, so that is not a race); in `__local` memory, where other work-items may
//!   write the unit's other bytes, by an atomic `and` clearing the lane's bits and an
//!   atomic `or` setting them (only on `uint` units: a narrower write into a union of
//!   other storage is reported).
//!
//! Anything else done with such a pointer (storing it, passing it, comparing it, an
//! aggregate load through it) is reported as an error naming the construct.

mod aggregate;

use crate::fx::HashMap;

use crate::diag::refusal::{stmt_span, Refusal};
use crate::module::{Block, Function, LocalId, Module, Stmt};
use crate::op::{
    AtomicOp, BinaryOp, CmpOp, Const, MemoryOrder, MemoryScope, Op, Rounding, ValueId,
};
use crate::types::{AddressSpace, ScalarType, Type, TypeId, TypeTable};

/// Rewrites every access to private memory made through a pointer cast (see the module
/// doc). Returns whether anything changed, or a message naming what cannot be rewritten.
pub fn lower_private_reinterprets(module: &mut Module) -> Result<bool, Refusal> {
    let mut any = false;
    let Module {
        types, functions, ..
    } = module;
    for f in functions.iter_mut() {
        let roots = find_views(f, types);
        if roots.is_empty() {
            continue;
        }
        let consts: HashMap<ValueId, i64> = crate::analysis::defs::int_constants(f)
            .into_iter()
            .map(|(v, c)| (v, c.as_i64()))
            .collect();
        let elements = element_addresses(f);
        let variables = variable_addresses(f);
        let mut r = Rewriter {
            types,
            f,
            consts,
            elements,
            variables,
            derived: HashMap::default(),
            pending: HashMap::default(),
        };
        let mut body = std::mem::take(&mut r.f.body);
        let result = r.block(&mut body);
        r.f.body = body;
        let name = f.name.clone();
        result.map_err(|e| e.prefixed(&format!("in `{name}`: ")))?;
        any = true;
    }
    Ok(any)
}

/// The values of `f` that are private pointers cast to another pointee type.
fn find_views(f: &Function, types: &TypeTable) -> Vec<ValueId> {
    let mut found = Vec::new();
    crate::module::walk_stmts(&f.body, &mut |s| {
        if let Stmt::Let {
            value,
            op: Op::Bitcast { value: src, .. },
        } = s
        {
            if is_view(types, f.value_type(*value), f.value_type(*src)) {
                found.push(*value);
            }
        }
    });
    found
}

/// True when a bitcast from `from` to `to` reinterprets private or `__local` memory (both
/// pointers in that space, to different pointee types).
fn is_view(types: &TypeTable, to: TypeId, from: TypeId) -> bool {
    match (types.pointee(to), types.pointee(from)) {
        (Some((sa, a)), Some((sb, b))) => {
            sa == sb && a != b && matches!(sa, AddressSpace::Private | AddressSpace::Local)
        }
        _ => false,
    }
}

/// The memory a cast pointer reinterprets, as cells of one type.
#[derive(Clone, Copy)]
struct Storage {
    /// Private or `__local`.
    space: AddressSpace,
    /// A pointer to the array of cells, or to the single cell.
    base: ValueId,
    /// True when `base` points to an array of cells.
    array: bool,
    /// The cell type (a scalar or a vector).
    cell: TypeId,
    /// The cell's element type.
    elem: ScalarType,
    /// Lanes per cell (1 for a scalar).
    lanes: u8,
}

/// A byte offset: a constant plus an optional computed `i64`.
#[derive(Clone, Copy)]
struct Offset {
    konst: i64,
    dynamic: Option<ValueId>,
}

/// A pointer derived from a cast: the storage and the byte offset into it.
#[derive(Clone, Copy)]
struct Derived {
    storage: Storage,
    offset: Offset,
}

/// A unit index: constant or computed (`i64`).
#[derive(Clone, Copy)]
enum Idx {
    Const(i64),
    Dyn(ValueId),
}

struct Rewriter<'a> {
    types: &'a mut TypeTable,
    f: &'a mut Function,
    /// The function's integer constants (before rewriting), by value.
    consts: HashMap<ValueId, i64>,
    /// The function's `index_addr`s: element address -> (array address, index).
    elements: HashMap<ValueId, (ValueId, ValueId)>,
    /// The function's `local_addr`s: variable address -> variable (to name it in errors).
    variables: HashMap<ValueId, LocalId>,
    derived: HashMap<ValueId, Derived>,
    /// Aggregates loaded from reinterpreted memory, waiting for the store that copies them.
    pending: HashMap<ValueId, Derived>,
}

/// The `index_addr`s of `f`: element address -> (array address, index).
fn element_addresses(f: &Function) -> HashMap<ValueId, (ValueId, ValueId)> {
    let mut map = HashMap::default();
    crate::module::walk_stmts(&f.body, &mut |s| {
        if let Stmt::Let {
            value,
            op: Op::IndexAddr { base, index },
        } = s
        {
            map.insert(*value, (*base, *index));
        }
    });
    map
}

/// The `local_addr`s of `f`: variable address -> variable.
fn variable_addresses(f: &Function) -> HashMap<ValueId, LocalId> {
    let mut map = HashMap::default();
    crate::module::walk_stmts(&f.body, &mut |s| {
        if let Stmt::Let {
            value,
            op: Op::LocalAddr(l),
        } = s
        {
            map.insert(*value, *l);
        }
    });
    map
}

impl Rewriter<'_> {
    fn block(&mut self, block: &mut Block) -> Result<(), Refusal> {
        let old = std::mem::take(&mut block.stmts);
        let mut out = Vec::with_capacity(old.len());
        for stmt in old {
            let span = stmt_span(self.f, &stmt);
            self.stmt(&mut out, stmt).map_err(|e| e.at(span))?;
        }
        block.stmts = out;
        Ok(())
    }

    /// Rewrites one statement of a block into `out`.
    fn stmt(&mut self, out: &mut Vec<Stmt>, mut stmt: Stmt) -> Result<(), Refusal> {
        match &mut stmt {
            Stmt::Let { value, op } => {
                if self.pointer_step(out, *value, op)? {
                    return Ok(());
                }
                if let Op::Load { ptr } = op {
                    if let Some(d) = self.derived.get(ptr).copied() {
                        if aggregate::is_aggregate(self.types, self.f.value_type(*value)) {
                            self.pending.insert(*value, d);
                        } else {
                            self.load(out, *value, d)?;
                        }
                        return Ok(());
                    }
                }
                self.check_no_escape(op.operands())?;
            }
            Stmt::Store { ptr, value } => {
                if self.derived.contains_key(value) {
                    return Err(self.escape_message(*value).into());
                }
                let (ptr, value) = (*ptr, *value);
                let view = self.derived.get(&ptr).copied();
                if let Some(src) = self.pending.remove(&value) {
                    let ty = self.f.value_type(value);
                    self.copy_out(out, src, ty, ptr, view)?;
                    return Ok(());
                }
                if let Some(d) = view {
                    if aggregate::is_aggregate(self.types, self.f.value_type(value)) {
                        self.copy_in(out, d, value)?;
                    } else {
                        self.store(out, d, value)?;
                    }
                    return Ok(());
                }
            }
            Stmt::If { .. } | Stmt::Loop { .. } | Stmt::Switch { .. } => {
                for b in stmt.child_blocks_mut() {
                    self.block(b)?;
                }
            }
            Stmt::Return(Some(v))
                if self.derived.contains_key(v) || self.pending.contains_key(v) =>
            {
                return Err(self.escape_message(*v).into())
            }
            _ => {}
        }
        out.push(stmt);
        Ok(())
    }

    fn check_no_escape(&self, operands: Vec<ValueId>) -> Result<(), String> {
        if let Some(v) = operands.iter().find(|v| self.derived.contains_key(v)) {
            return Err(self.escape_message(*v));
        }
        if operands.iter().any(|v| self.pending.contains_key(v)) {
            return Err("a struct or array read as a whole from a union member in private or __local memory is supported on Vulkan only when it is stored to a variable (copied)".into());
        }
        Ok(())
    }

    /// Handles a statement defining a pointer into reinterpreted memory (the cast itself,
    /// or an address computed from such a pointer); true when it was consumed.
    fn pointer_step(
        &mut self,
        out: &mut Vec<Stmt>,
        value: ValueId,
        op: &Op,
    ) -> Result<bool, String> {
        let d = match op {
            Op::Bitcast { value: src, .. } => {
                if let Some(d) = self.derived.get(src).copied() {
                    if self.types.pointee(self.f.value_type(value)).is_none() {
                        return Err(self.escape_message(*src));
                    }
                    d
                } else if self.is_private_view(value, *src) {
                    self.view_root(out, *src)?
                } else {
                    return Ok(false);
                }
            }
            Op::FieldAddr { base, field } => {
                let Some(d) = self.derived.get(base).copied() else {
                    return Ok(false);
                };
                let (_, st) = self.types.pointee(self.f.value_type(*base)).unwrap();
                if !matches!(self.types.get(st), Type::Struct { .. }) {
                    return Err("field address of a non-struct".into());
                }
                let (offsets, _) = self.types.struct_layout(st);
                self.advance(out, d, offsets[*field as usize] as i64, None)
            }
            Op::IndexAddr { base, index } => {
                let Some(d) = self.derived.get(base).copied() else {
                    return Ok(false);
                };
                let (_, at) = self.types.pointee(self.f.value_type(*base)).unwrap();
                let Type::Array { elem, .. } = self.types.get(at).clone() else {
                    return Err("index address of a non-array".into());
                };
                let stride = self.types.layout(elem).size as i64;
                self.advance(out, d, stride, Some(*index))
            }
            Op::PtrOffset { base, index } => {
                let Some(d) = self.derived.get(base).copied() else {
                    return Ok(false);
                };
                let (_, pt) = self.types.pointee(self.f.value_type(*base)).unwrap();
                let stride = self.types.layout(pt).size as i64;
                self.advance(out, d, stride, Some(*index))
            }
            _ => return Ok(false),
        };
        self.derived.insert(value, d);
        Ok(true)
    }

    /// Where a cast of `src` starts: `src` itself, or, when `src` is the address of an
    /// element of an array of cells (`(uint *)arr` decays to `&arr[0]`), that element of the
    /// whole array, so that offsets from it may reach the other elements.
    fn view_root(&mut self, out: &mut Vec<Stmt>, src: ValueId) -> Result<Derived, String> {
        let start = Offset {
            konst: 0,
            dynamic: None,
        };
        if let Some(&(base, index)) = self.elements.get(&src) {
            let (_, at) = self.types.pointee(self.f.value_type(base)).unwrap();
            if let Type::Array { elem, .. } = self.types.get(at).clone() {
                if matches!(self.types.get(elem), Type::Scalar(_) | Type::Vector { .. }) {
                    let storage = self.storage(out, base)?;
                    let stride = self.types.layout(elem).size as i64;
                    let d = Derived {
                        storage,
                        offset: start,
                    };
                    return Ok(self.advance(out, d, stride, Some(index)));
                }
            }
        }
        Ok(Derived {
            storage: self.storage(out, src)?,
            offset: start,
        })
    }

    /// True when `value = bitcast src` reinterprets private or `__local` memory.
    fn is_private_view(&self, value: ValueId, src: ValueId) -> bool {
        is_view(self.types, self.f.value_type(value), self.f.value_type(src))
    }

    /// `d` moved by `scale` bytes, times `index` when given (an `i64`, folded when constant).
    fn advance(
        &mut self,
        out: &mut Vec<Stmt>,
        d: Derived,
        scale: i64,
        index: Option<ValueId>,
    ) -> Derived {
        let mut offset = d.offset;
        match index {
            None => offset.konst += scale,
            Some(i) => match self.consts.get(&i) {
                Some(&c) => offset.konst += c * scale,
                None => {
                    let i64t = self.types.scalar(ScalarType::I64);
                    let i = self.convert(out, i, i64t);
                    let s = self.konst(out, ScalarType::I64, scale);
                    let term = self.bin(out, BinaryOp::Mul, i, s);
                    offset.dynamic = Some(match offset.dynamic {
                        Some(prev) => self.bin(out, BinaryOp::Add, prev, term),
                        None => term,
                    });
                }
            },
        }
        Derived {
            storage: d.storage,
            offset,
        }
    }

    /// How the memory `src` points to is seen as cells.
    fn storage(&mut self, out: &mut Vec<Stmt>, src: ValueId) -> Result<Storage, String> {
        let (space, ty) = self.types.pointee(self.f.value_type(src)).unwrap();
        let cell_of = |types: &TypeTable, t: TypeId| -> Option<(ScalarType, u8)> {
            match types.get(t) {
                Type::Scalar(s) if *s != ScalarType::Bool => Some((*s, 1)),
                Type::Vector { elem, lanes } if *elem != ScalarType::Bool && *lanes != 3 => {
                    Some((*elem, *lanes))
                }
                _ => None,
            }
        };
        let unsupported = |types: &TypeTable| {
            format!(
                "private memory of type {} reinterpreted through a pointer cast is not supported on Vulkan (only unions, scalars, vectors and arrays of them can be)",
                types.display(ty)
            )
        };
        if let Some((elem, lanes)) = cell_of(self.types, ty) {
            return Ok(Storage {
                space,
                base: src,
                array: false,
                cell: ty,
                elem,
                lanes,
            });
        }
        let (array_ptr, array_ty) = match self.types.get(ty).clone() {
            Type::Struct { fields, .. } if fields.len() == 1 => {
                if !matches!(self.types.get(fields[0]), Type::Array { .. }) {
                    return Err(unsupported(self.types));
                }
                let pt = self.types.pointer(space, fields[0]);
                let p = self.f.new_value(pt);
                out.push(Stmt::Let {
                    value: p,
                    op: Op::FieldAddr {
                        base: src,
                        field: 0,
                    },
                });
                (p, fields[0])
            }
            Type::Array { .. } => (src, ty),
            _ => return Err(unsupported(self.types)),
        };
        let Type::Array { elem: cell, .. } = self.types.get(array_ty).clone() else {
            return Err(unsupported(self.types));
        };
        let Some((elem, lanes)) = cell_of(self.types, cell) else {
            return Err(unsupported(self.types));
        };
        Ok(Storage {
            space,
            base: array_ptr,
            array: true,
            cell,
            elem,
            lanes,
        })
    }

    // ------------------------------------------------------------ loads and stores

    /// `value = load` of a scalar or vector at `d`.
    fn load(&mut self, out: &mut Vec<Stmt>, value: ValueId, d: Derived) -> Result<(), String> {
        let ty = self.f.value_type(value);
        let (lane_ty, lanes) = self.lane_shape(ty)?;
        let size = lane_ty.size() as i64;
        if lanes == 1 {
            let v = self.read_lane(out, d, 0, lane_ty)?;
            out.push(Stmt::Let {
                value,
                op: Op::Bitcast { value: v, to: ty },
            });
            return Ok(());
        }
        let lane_t = self.types.scalar(lane_ty);
        let mut parts = Vec::with_capacity(lanes as usize);
        for j in 0..lanes as i64 {
            let bits = self.read_lane(out, d, j * size, lane_ty)?;
            parts.push(self.bitcast(out, bits, lane_t));
        }
        out.push(Stmt::Let {
            value,
            op: Op::Compose { ty, parts },
        });
        Ok(())
    }

    /// `store value` of a scalar or vector at `d`.
    fn store(&mut self, out: &mut Vec<Stmt>, d: Derived, value: ValueId) -> Result<(), String> {
        let ty = self.f.value_type(value);
        let (lane_ty, lanes) = self.lane_shape(ty)?;
        let size = lane_ty.size() as i64;
        let lane_t = self.types.scalar(lane_ty);
        for j in 0..lanes {
            let v = if lanes == 1 {
                value
            } else {
                let v = self.f.new_value(lane_t);
                out.push(Stmt::Let {
                    value: v,
                    op: Op::Extract {
                        vector: value,
                        lane: j,
                    },
                });
                v
            };
            self.write_lane(out, d, j as i64 * size, v)?;
        }
        Ok(())
    }

    /// The lane type and count of a loaded or stored type (scalars and vectors only).
    fn lane_shape(&self, ty: TypeId) -> Result<(ScalarType, u8), String> {
        match self.types.get(ty) {
            Type::Scalar(s) if *s != ScalarType::Bool => Ok((*s, 1)),
            Type::Vector { elem, lanes } if *elem != ScalarType::Bool => Ok((*elem, *lanes)),
            _ => Err(format!(
                "a {} read or written as a whole through a reinterpreted private pointer (a union member of that type) is not supported on Vulkan; access its scalar or vector parts",
                self.types.display(ty)
            )),
        }
    }

    /// Reads the lane of scalar type `s` at `d + extra` bytes, as the unsigned integer of
    /// its width.
    fn read_lane(
        &mut self,
        out: &mut Vec<Stmt>,
        d: Derived,
        extra: i64,
        s: ScalarType,
    ) -> Result<ValueId, String> {
        let st = d.storage;
        let sw = st.elem.size() as i64;
        let ve = s.size() as i64;
        let lane_int = uint_of(s.size());
        let it = self.types.scalar(lane_int);
        let w = uint_of(st.elem.size());
        let wt = self.types.scalar(w);
        if ve >= sw {
            let k0 = self.unit_index(out, d, extra, sw, ve)?;
            let mut acc: Option<ValueId> = None;
            for t in 0..ve / sw {
                let k = self.idx_add(out, k0, t);
                let u = self.read_unit(out, st, k)?;
                let z = self.convert(out, u, it);
                let part = if t == 0 {
                    z
                } else {
                    let sh = self.konst(out, lane_int, 8 * sw * t);
                    self.bin(out, BinaryOp::Shl, z, sh)
                };
                acc = Some(match acc {
                    Some(a) => self.bin(out, BinaryOp::Or, a, part),
                    None => part,
                });
            }
            return Ok(acc.unwrap());
        }
        let (k, shift) = self.unit_and_shift(out, d, extra, sw, wt)?;
        let u = self.read_unit(out, st, k)?;
        let shifted = self.bin(out, BinaryOp::Shr, u, shift);
        Ok(self.convert(out, shifted, it))
    }

    /// Writes `v` (a scalar) at `d + extra` bytes.
    fn write_lane(
        &mut self,
        out: &mut Vec<Stmt>,
        d: Derived,
        extra: i64,
        v: ValueId,
    ) -> Result<(), String> {
        let st = d.storage;
        let s = self.types.scalar_of(self.f.value_type(v)).unwrap();
        let sw = st.elem.size() as i64;
        let ve = s.size() as i64;
        let lane_int = uint_of(s.size());
        let it = self.types.scalar(lane_int);
        let w = uint_of(st.elem.size());
        let wt = self.types.scalar(w);
        let bits = self.bitcast(out, v, it);
        if ve >= sw {
            let k0 = self.unit_index(out, d, extra, sw, ve)?;
            for t in 0..ve / sw {
                let k = self.idx_add(out, k0, t);
                let part = if t == 0 {
                    bits
                } else {
                    let sh = self.konst(out, lane_int, 8 * sw * t);
                    self.bin(out, BinaryOp::Shr, bits, sh)
                };
                let u = self.convert(out, part, wt);
                self.write_unit(out, st, k, u)?;
            }
            return Ok(());
        }
        let (k, shift) = self.unit_and_shift(out, d, extra, sw, wt)?;
        let ones = self.konst(out, w, (1i64 << (8 * ve)) - 1);
        let placed_ones = self.bin(out, BinaryOp::Shl, ones, shift);
        let all = self.konst(out, w, -1);
        let mask = self.bin(out, BinaryOp::Xor, placed_ones, all);
        let z = self.convert(out, bits, wt);
        let placed = self.bin(out, BinaryOp::Shl, z, shift);
        if st.space == AddressSpace::Local {
            // Other work-items may write the unit's other bytes: clear and set ours
            // atomically, which leaves theirs alone.
            return self.atomic_merge(out, st, k, mask, placed);
        }
        let old = self.read_unit(out, st, k)?;
        let kept = self.bin(out, BinaryOp::And, old, mask);
        let new = self.bin(out, BinaryOp::Or, kept, placed);
        self.write_unit(out, st, k, new)
    }

    /// The first unit of a lane at least as wide as a unit (`ve >= sw`).
    fn unit_index(
        &mut self,
        out: &mut Vec<Stmt>,
        d: Derived,
        extra: i64,
        sw: i64,
        ve: i64,
    ) -> Result<Idx, String> {
        let c = d.offset.konst + extra;
        match d.offset.dynamic {
            None => {
                if c % sw != 0 {
                    return Err(format!(
                        "a misaligned {ve}-byte access at byte {c} of reinterpreted private memory"
                    ));
                }
                Ok(Idx::Const(c / sw))
            }
            Some(dy) => {
                let off = self.dyn_offset(out, dy, c);
                let sh = self.konst(out, ScalarType::I64, sw.trailing_zeros() as i64);
                Ok(Idx::Dyn(self.bin(out, BinaryOp::Shr, off, sh)))
            }
        }
    }

    /// The unit holding a lane narrower than a unit, and the lane's bit shift in it (of the
    /// unit type `wt`).
    fn unit_and_shift(
        &mut self,
        out: &mut Vec<Stmt>,
        d: Derived,
        extra: i64,
        sw: i64,
        wt: TypeId,
    ) -> Result<(Idx, ValueId), String> {
        let w = self.types.scalar_of(wt).unwrap();
        let c = d.offset.konst + extra;
        match d.offset.dynamic {
            None => {
                let shift = self.konst(out, w, 8 * (c % sw));
                Ok((Idx::Const(c / sw), shift))
            }
            Some(dy) => {
                let off = self.dyn_offset(out, dy, c);
                let log = self.konst(out, ScalarType::I64, sw.trailing_zeros() as i64);
                let k = self.bin(out, BinaryOp::Shr, off, log);
                let low = self.konst(out, ScalarType::I64, sw - 1);
                let byte = self.bin(out, BinaryOp::And, off, low);
                let three = self.konst(out, ScalarType::I64, 3);
                let bits = self.bin(out, BinaryOp::Shl, byte, three);
                Ok((Idx::Dyn(k), self.convert(out, bits, wt)))
            }
        }
    }

    /// `dy + c` as an `i64` value.
    fn dyn_offset(&mut self, out: &mut Vec<Stmt>, dy: ValueId, c: i64) -> ValueId {
        if c == 0 {
            return dy;
        }
        let cv = self.konst(out, ScalarType::I64, c);
        self.bin(out, BinaryOp::Add, dy, cv)
    }

    fn idx_add(&mut self, out: &mut Vec<Stmt>, k: Idx, t: i64) -> Idx {
        match k {
            Idx::Const(c) => Idx::Const(c + t),
            Idx::Dyn(v) if t == 0 => Idx::Dyn(v),
            Idx::Dyn(v) => {
                let tv = self.konst(out, ScalarType::I64, t);
                Idx::Dyn(self.bin(out, BinaryOp::Add, v, tv))
            }
        }
    }

    /// `unit k = (unit k & mask) | placed` by two atomics on a `__local` `uint` cell.
    fn atomic_merge(
        &mut self,
        out: &mut Vec<Stmt>,
        st: Storage,
        k: Idx,
        mask: ValueId,
        placed: ValueId,
    ) -> Result<(), String> {
        if st.lanes != 1 || st.elem != ScalarType::U32 {
            return Err(format!(
                "a write narrower than a word into a __local union whose storage is {} is not supported on Vulkan (it would need an atomic on part of a {})",
                self.types.display(st.cell),
                self.types.display(st.cell)
            ));
        }
        let (ptr, _) = self.cell_of(out, st, k);
        for (op, arg) in [(AtomicOp::And, mask), (AtomicOp::Or, placed)] {
            let value = self.f.new_value(self.f.value_type(arg));
            out.push(Stmt::Let {
                value,
                op: Op::Atomic {
                    op,
                    ptr,
                    args: vec![arg],
                    order: MemoryOrder::Relaxed,
                    scope: MemoryScope::WorkGroup,
                },
            });
        }
        Ok(())
    }

    // ------------------------------------------------------------ units

    /// The cell holding unit `k`, its address, and the lane in it.
    fn cell_of(&mut self, out: &mut Vec<Stmt>, st: Storage, k: Idx) -> (ValueId, Idx) {
        let lanes = st.lanes as i64;
        let (cell, lane) = match k {
            Idx::Const(c) => (Idx::Const(c / lanes), Idx::Const(c % lanes)),
            Idx::Dyn(_) if lanes == 1 => (k, Idx::Const(0)),
            Idx::Dyn(v) => {
                let log = self.konst(out, ScalarType::I64, lanes.trailing_zeros() as i64);
                let cell = self.bin(out, BinaryOp::Shr, v, log);
                let low = self.konst(out, ScalarType::I64, lanes - 1);
                (
                    Idx::Dyn(cell),
                    Idx::Dyn(self.bin(out, BinaryOp::And, v, low)),
                )
            }
        };
        if !st.array {
            return (st.base, lane);
        }
        let index = match cell {
            Idx::Const(c) => self.konst(out, ScalarType::I64, c),
            Idx::Dyn(v) => v,
        };
        let pt = self.types.pointer(st.space, st.cell);
        let p = self.f.new_value(pt);
        out.push(Stmt::Let {
            value: p,
            op: Op::IndexAddr {
                base: st.base,
                index,
            },
        });
        (p, lane)
    }

    /// Unit `k` as the unsigned integer of the cell element's width.
    fn read_unit(&mut self, out: &mut Vec<Stmt>, st: Storage, k: Idx) -> Result<ValueId, String> {
        let (ptr, lane) = self.cell_of(out, st, k);
        let cell = self.f.new_value(st.cell);
        out.push(Stmt::Let {
            value: cell,
            op: Op::Load { ptr },
        });
        let et = self.types.scalar(st.elem);
        let x = if st.lanes == 1 {
            cell
        } else {
            self.lane(out, cell, lane, et)
        };
        let wt = self.types.scalar(uint_of(st.elem.size()));
        Ok(self.bitcast(out, x, wt))
    }

    /// Writes `u` (the unsigned integer of the cell element's width) as unit `k`.
    fn write_unit(
        &mut self,
        out: &mut Vec<Stmt>,
        st: Storage,
        k: Idx,
        u: ValueId,
    ) -> Result<(), String> {
        let (ptr, lane) = self.cell_of(out, st, k);
        let et = self.types.scalar(st.elem);
        let x = self.bitcast(out, u, et);
        if st.lanes == 1 {
            out.push(Stmt::Store { ptr, value: x });
            return Ok(());
        }
        let cell = self.f.new_value(st.cell);
        out.push(Stmt::Let {
            value: cell,
            op: Op::Load { ptr },
        });
        let new = match lane {
            Idx::Const(l) => {
                let v = self.f.new_value(st.cell);
                out.push(Stmt::Let {
                    value: v,
                    op: Op::Insert {
                        vector: cell,
                        lane: l as u8,
                        value: x,
                    },
                });
                v
            }
            Idx::Dyn(l) => {
                let mut parts = Vec::with_capacity(st.lanes as usize);
                for j in 0..st.lanes {
                    let old = self.lane(out, cell, Idx::Const(j as i64), et);
                    let jv = self.konst(out, ScalarType::I64, j as i64);
                    let hit = self.compare(out, l, jv);
                    let v = self.f.new_value(et);
                    out.push(Stmt::Let {
                        value: v,
                        op: Op::Select {
                            cond: hit,
                            if_true: x,
                            if_false: old,
                        },
                    });
                    parts.push(v);
                }
                let v = self.f.new_value(st.cell);
                out.push(Stmt::Let {
                    value: v,
                    op: Op::Compose { ty: st.cell, parts },
                });
                v
            }
        };
        out.push(Stmt::Store { ptr, value: new });
        Ok(())
    }

    /// Lane `lane` of the vector `cell` (a chain of selects for a computed lane).
    fn lane(&mut self, out: &mut Vec<Stmt>, cell: ValueId, lane: Idx, et: TypeId) -> ValueId {
        let lanes = self.types.lanes_of(self.f.value_type(cell)).unwrap_or(1);
        let extract = |this: &mut Self, out: &mut Vec<Stmt>, l: u8| {
            let v = this.f.new_value(et);
            out.push(Stmt::Let {
                value: v,
                op: Op::Extract {
                    vector: cell,
                    lane: l,
                },
            });
            v
        };
        match lane {
            Idx::Const(l) => extract(self, out, l as u8),
            Idx::Dyn(l) => {
                let mut acc = extract(self, out, 0);
                for j in 1..lanes {
                    let x = extract(self, out, j);
                    let jv = self.konst(out, ScalarType::I64, j as i64);
                    let hit = self.compare(out, l, jv);
                    let v = self.f.new_value(et);
                    out.push(Stmt::Let {
                        value: v,
                        op: Op::Select {
                            cond: hit,
                            if_true: x,
                            if_false: acc,
                        },
                    });
                    acc = v;
                }
                acc
            }
        }
    }

    // ------------------------------------------------------------ statement builders

    fn konst(&mut self, out: &mut Vec<Stmt>, s: ScalarType, v: i64) -> ValueId {
        let t = self.types.scalar(s);
        self.f.push_let(out, t, Op::Const(Const::int(s, v)))
    }

    fn bin(&mut self, out: &mut Vec<Stmt>, op: BinaryOp, a: ValueId, b: ValueId) -> ValueId {
        let t = self.f.value_type(a);
        self.f.push_let(out, t, Op::Binary(op, a, b))
    }

    fn compare(&mut self, out: &mut Vec<Stmt>, a: ValueId, b: ValueId) -> ValueId {
        let bt = self.types.scalar(ScalarType::Bool);
        self.f.push_let(out, bt, Op::Compare(CmpOp::Eq, a, b))
    }

    fn convert(&mut self, out: &mut Vec<Stmt>, v: ValueId, to: TypeId) -> ValueId {
        if self.f.value_type(v) == to {
            return v;
        }
        let value = self.f.new_value(to);
        out.push(Stmt::Let {
            value,
            op: Op::Convert {
                value: v,
                to,
                saturate: false,
                rounding: Rounding::Default,
            },
        });
        value
    }

    fn bitcast(&mut self, out: &mut Vec<Stmt>, v: ValueId, to: TypeId) -> ValueId {
        if self.f.value_type(v) == to {
            return v;
        }
        let value = self.f.new_value(to);
        out.push(Stmt::Let {
            value,
            op: Op::Bitcast { value: v, to },
        });
        value
    }
}

/// The unsigned integer type of `bytes` bytes.
fn uint_of(bytes: u32) -> ScalarType {
    match bytes {
        1 => ScalarType::U8,
        2 => ScalarType::U16,
        4 => ScalarType::U32,
        _ => ScalarType::U64,
    }
}

impl Rewriter<'_> {
    /// The error for a pointer `v` into reinterpreted memory that escapes, naming the
    /// variable it points into where that is known.
    fn escape_message(&self, v: ValueId) -> String {
        let into = self
            .derived
            .get(&v)
            .map(|d| d.storage.base)
            .map(|b| self.elements.get(&b).map_or(b, |&(array, _)| array))
            .and_then(|b| self.variables.get(&b))
            .map_or("private or __local memory".to_string(), |&l| {
                format!("`{}`", self.f.local(l).name)
            });
        format!(
            "a pointer into {into} reinterpreted through a pointer cast (a union member, or \
             `(T *)&x`) is stored, passed, compared or converted; on Vulkan such a pointer can \
             only be dereferenced or indexed where it is made (Function and Workgroup storage \
             have no addresses)"
        )
    }
}
