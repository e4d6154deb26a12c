//! Addresses as a root pointer plus a byte offset linear in other values, for telling
//! adjacent accesses apart from overlapping ones.
//!
//! The offset is known only modulo 2^32: an index computed in 32-bit arithmetic and then
//! widened (`input[i + 1]`, where `i + 1` may wrap) is congruent to the same index computed
//! in 64 bits, nothing more. That is still enough to prove two accesses disjoint: when two
//! addresses have the same root and the same linear terms, their byte distance is a small
//! constant `d` plus a multiple of 2^32, and such a distance (taken modulo 2^64, as
//! addresses wrap) lands within a few bytes of zero only when the multiple is zero. Whether
//! two loads are *adjacent*, on the other hand, is only a heuristic here (the pass never
//! changes the address a load reads).

use std::collections::BTreeMap;

use crate::analysis::defs::Defs;
use crate::analysis::effects::Spaces;
use crate::module::Function;
use crate::op::{BinaryOp, Op, ValueId};
use crate::types::{AddressSpace, Type, TypeTable};

/// Distances this large are not trusted to be exact (see the module documentation).
const MAX_DISTANCE: i64 = 1 << 30;

/// How deep the analysis looks through definitions.
const MAX_DEPTH: usize = 32;

/// `Σ coefficient·value + constant`, modulo 2^32.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Linear {
    /// Non-zero coefficients by value.
    pub terms: BTreeMap<ValueId, u32>,
    /// The constant part.
    pub constant: u32,
}

impl Linear {
    fn constant(c: u32) -> Self {
        Linear {
            terms: BTreeMap::new(),
            constant: c,
        }
    }

    fn atom(v: ValueId) -> Self {
        Linear {
            terms: BTreeMap::from([(v, 1)]),
            constant: 0,
        }
    }

    fn add(mut self, other: &Linear, sign: u32) -> Self {
        for (v, c) in &other.terms {
            let e = self.terms.entry(*v).or_insert(0);
            *e = e.wrapping_add(c.wrapping_mul(sign));
        }
        self.terms.retain(|_, c| *c != 0);
        self.constant = self
            .constant
            .wrapping_add(other.constant.wrapping_mul(sign));
        self
    }

    fn scale(mut self, k: u32) -> Self {
        for c in self.terms.values_mut() {
            *c = c.wrapping_mul(k);
        }
        self.terms.retain(|_, c| *c != 0);
        self.constant = self.constant.wrapping_mul(k);
        self
    }
}

/// The pointer an address starts from: a variable (whichever `local_addr` or `global_addr`
/// names it) or another value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Root {
    /// A variable of the function.
    Local(u32),
    /// A program-scope variable.
    Global(u32),
    /// A parameter of the function.
    Param {
        /// The parameter's value.
        value: ValueId,
        /// Declared `restrict`.
        restrict: bool,
    },
    /// Any other pointer value.
    Other(ValueId),
}

/// A memory address: `root` plus a byte offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    /// The pointer the offsets start from.
    pub root: Root,
    /// The byte offset from `root`, modulo 2^32.
    pub offset: Linear,
}

impl Address {
    /// `self - other` in bytes, when both have the same root and terms and the difference
    /// is small enough to be exact.
    pub fn distance(&self, other: &Address) -> Option<i64> {
        if self.root != other.root || self.offset.terms != other.offset.terms {
            return None;
        }
        let d = self.offset.constant.wrapping_sub(other.offset.constant) as i32 as i64;
        (d.abs() < MAX_DISTANCE).then_some(d)
    }
}

/// One access of memory through a pointer: where, how many bytes, in which space.
#[derive(Clone, Debug)]
pub struct Access {
    /// The address.
    pub addr: Address,
    /// The bytes accessed.
    pub size: u64,
    /// The pointer's address space.
    pub space: AddressSpace,
}

/// Decomposes the pointers and indexes of one function.
pub struct Addresses<'a> {
    f: &'a Function,
    types: &'a TypeTable,
    defs: &'a Defs,
}

impl<'a> Addresses<'a> {
    /// The analysis of `f` (whose definitions are `defs`).
    pub fn new(f: &'a Function, types: &'a TypeTable, defs: &'a Defs) -> Self {
        Addresses { f, types, defs }
    }

    /// The access of `size` bytes at `ptr`.
    pub fn access(&self, ptr: ValueId, size: u64) -> Access {
        let space = match self.types.get(self.f.value_type(ptr)) {
            Type::Pointer { space, .. } => *space,
            _ => AddressSpace::Generic,
        };
        Access {
            addr: self.address(ptr),
            size,
            space,
        }
    }

    /// `ptr` as a root and a byte offset.
    pub fn address(&self, mut ptr: ValueId) -> Address {
        let mut offset = Linear::default();
        for _ in 0..MAX_DEPTH {
            let step = match self.defs.op(ptr) {
                Some(Op::PtrOffset { base, index }) => self
                    .pointee_size(*base)
                    .map(|s| (*base, self.linear(*index, 0).scale(s))),
                Some(Op::IndexAddr { base, index }) => self
                    .array_elem_size(*base)
                    .map(|s| (*base, self.linear(*index, 0).scale(s))),
                Some(Op::FieldAddr { base, field }) => self
                    .field_offset(*base, *field)
                    .map(|o| (*base, Linear::constant(o))),
                Some(Op::Bitcast { value, .. }) if self.is_pointer(*value) => {
                    Some((*value, Linear::default()))
                }
                _ => None,
            };
            match step {
                Some((base, part)) => {
                    offset = offset.add(&part, 1);
                    ptr = base;
                }
                None => break,
            }
        }
        let root = match self.defs.op(ptr) {
            Some(Op::LocalAddr(l)) => Root::Local(l.0),
            Some(Op::GlobalAddr(g)) => Root::Global(g.0),
            Some(_) => Root::Other(ptr),
            None => match self.f.params.iter().find(|p| p.value == ptr) {
                Some(p) => Root::Param {
                    value: ptr,
                    restrict: p.is_restrict,
                },
                None => Root::Other(ptr),
            },
        };
        Address { root, offset }
    }

    fn is_pointer(&self, v: ValueId) -> bool {
        matches!(self.types.get(self.f.value_type(v)), Type::Pointer { .. })
    }

    fn pointee_size(&self, ptr: ValueId) -> Option<u32> {
        let (_, pointee) = self.types.pointee(self.f.value_type(ptr))?;
        u32::try_from(self.types.layout(pointee).size).ok()
    }

    fn array_elem_size(&self, ptr: ValueId) -> Option<u32> {
        let (_, pointee) = self.types.pointee(self.f.value_type(ptr))?;
        match self.types.get(pointee) {
            Type::Array { elem, .. } => u32::try_from(self.types.layout(*elem).size).ok(),
            _ => None,
        }
    }

    fn field_offset(&self, ptr: ValueId, field: u32) -> Option<u32> {
        let (_, pointee) = self.types.pointee(self.f.value_type(ptr))?;
        match self.types.get(pointee) {
            Type::Struct { .. } => {
                let (offsets, _) = self.types.struct_layout(pointee);
                u32::try_from(*offsets.get(field as usize)?).ok()
            }
            _ => None,
        }
    }

    /// True when `v` is an integer of at least 32 bits (so its value modulo 2^32 survives
    /// conversions between such types).
    fn wide_int(&self, v: ValueId) -> bool {
        match self.types.get(self.f.value_type(v)) {
            Type::Scalar(s) => s.is_int() && s.bits() >= 32,
            _ => false,
        }
    }

    /// The integer `v` as a linear form modulo 2^32.
    fn linear(&self, v: ValueId, depth: usize) -> Linear {
        if depth >= MAX_DEPTH || !self.wide_int(v) {
            return Linear::atom(v);
        }
        let d = depth + 1;
        match self.defs.op(v) {
            Some(Op::Const(c)) => Linear::constant(c.bits as u32),
            Some(Op::Binary(BinaryOp::Add, a, b)) => self.linear(*a, d).add(&self.linear(*b, d), 1),
            Some(Op::Binary(BinaryOp::Sub, a, b)) => {
                self.linear(*a, d).add(&self.linear(*b, d), u32::MAX)
            }
            Some(Op::Binary(BinaryOp::Mul, a, b)) => match (self.small(*a), self.small(*b)) {
                (_, Some(k)) => self.linear(*a, d).scale(k),
                (Some(k), _) => self.linear(*b, d).scale(k),
                _ => Linear::atom(v),
            },
            Some(Op::Binary(BinaryOp::Shl, a, b)) => match self.small(*b) {
                Some(k) if k < 32 => self.linear(*a, d).scale(1 << k),
                _ => Linear::atom(v),
            },
            Some(Op::Convert {
                value,
                saturate: false,
                ..
            })
            | Some(Op::Bitcast { value, .. })
                if self.wide_int(*value) =>
            {
                self.linear(*value, d)
            }
            _ => Linear::atom(v),
        }
    }

    /// The integer constant `v` is, modulo 2^32.
    fn small(&self, v: ValueId) -> Option<u32> {
        self.defs
            .constant(v)
            .filter(|c| c.ty.is_int())
            .map(|c| c.bits as u32)
    }

    /// True when the memory of `a` and `b` may overlap.
    pub fn may_overlap(&self, a: &Access, b: &Access) -> bool {
        let mut sa = Spaces::default();
        sa.add(a.space);
        if !sa.may_reach(b.space) {
            return false;
        }
        if let Some(d) = a.addr.distance(&b.addr) {
            // `a` covers [d, d + a.size) and `b` [0, b.size).
            return d < b.size as i64 && -d < a.size as i64;
        }
        !self.distinct_objects(a.addr.root, b.addr.root)
    }

    /// True when roots `p` and `q` point into different objects.
    fn distinct_objects(&self, p: Root, q: Root) -> bool {
        let kernel = self.f.is_kernel();
        match (p, q) {
            (Root::Local(a), Root::Local(b)) => a != b,
            (Root::Global(a), Root::Global(b)) => a != b,
            // A function's variables are its own: no parameter or program-scope variable
            // reaches them.
            (Root::Local(_), Root::Global(_) | Root::Param { .. })
            | (Root::Global(_) | Root::Param { .. }, Root::Local(_)) => true,
            // A kernel's arguments are buffers, never program-scope variables.
            (Root::Global(_), Root::Param { .. }) | (Root::Param { .. }, Root::Global(_)) => kernel,
            // Memory written through a `restrict` argument is reached through it alone.
            (
                Root::Param {
                    value: a,
                    restrict: r1,
                },
                Root::Param {
                    value: b,
                    restrict: r2,
                },
            ) => kernel && a != b && (r1 || r2),
            _ => false,
        }
    }
}
