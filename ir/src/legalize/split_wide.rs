//! Splitting 8- and 16-lane vectors into 4-lane pieces, for targets without them (Vulkan:
//! SPIR-V's `Vector16` capability is Kernel-only).
//!
//! Design: a Vulkan-only IR pass rather than a second representation inside the emitter.
//! Done here, the split is written once in IR terms (every operation on a wide value becomes
//! the same operation on its pieces), the shared SPIR-V emitter keeps one meaning per IR
//! type, and the result is checked by the IR verifier and visible in `-save-temps`. Memory
//! layout stays OpenCL's: in memory a wide vector becomes an array of 4-lane vectors (same
//! size), and a struct whose members change gets explicit `u8` padding members so that
//! every member keeps its OpenCL offset and the struct its size (a `float8` member stays at
//! a multiple of 32). The rules:
//! - a wide SSA value becomes `lanes / 4` values of the 4-lane vector type; element-wise
//!   operations (arithmetic, comparisons, select, conversions, math) run per piece; lane
//!   moves (extract, insert, shuffle, compose, swizzles) pick lanes from the pieces, as
//!   shuffles of at most two pieces where they can; `as_type` bitcasts regroup lanes;
//! - loads and stores of a wide vector access its pieces through the array;
//! - a helper function's wide parameter becomes one parameter per piece, and a wide result
//!   is returned through an extra private pointer parameter (`ret.wide`);
//! - a kernel's wide by-value argument becomes the array type (the launcher copies bytes at
//!   the offsets the reflection gives) and is unpacked at the start of the kernel.

use crate::fx::HashMap;

use crate::diag::refusal::{stmt_span, Refusal};
use crate::module::{Block, Function, LocalId, Module, Param, Stmt};
use crate::op::{Const, Op, ValueId};
use crate::types::{AddressSpace, ScalarType, Type, TypeId, TypeTable};

use super::type_rewrite::{TypeRewrite, TypeRules};

/// The widest vector every target supports.
const PIECE_LANES: u8 = 4;

/// Rewrites every 8/16-lane vector of `module` into 4-lane pieces (see the module doc).
/// Returns whether anything changed, or a message naming a construct it cannot split.
pub fn split_wide_vectors(module: &mut Module) -> Result<bool, Refusal> {
    let mut tm = TypeMap::default();
    let any = module.types.iter().any(|(_, t)| is_wide_type(t));
    if !any {
        return Ok(false);
    }
    let sigs: Vec<Sig> = module
        .functions
        .iter()
        .map(|f| Sig {
            is_kernel: f.is_kernel(),
            params: f.params.iter().map(|p| p.ty).collect(),
            ret: f.ret,
        })
        .collect();
    for g in &mut module.globals {
        g.ty = tm.map(&mut module.types, g.ty);
    }
    for f in &mut module.functions {
        let mut s = Splitter {
            types: &mut module.types,
            tm: &mut tm,
            sigs: &sigs,
            old_types: f.value_types.clone(),
            f,
            pieces: HashMap::default(),
            alias: HashMap::default(),
            ret_ptr: None,
            out: Vec::new(),
        };
        s.function()
            .map_err(|e| e.prefixed(&format!("in `{}`: ", s.f.name)))?;
    }
    Ok(true)
}

fn is_wide_type(t: &Type) -> bool {
    matches!(t, Type::Vector { lanes, .. } if *lanes > PIECE_LANES)
}

/// The old signature of a function (call sites are rewritten after their callee).
struct Sig {
    is_kernel: bool,
    params: Vec<TypeId>,
    ret: TypeId,
}

/// The memory form of types: wide vectors as arrays of pieces, and everything containing one.
#[derive(Default)]
struct TypeMap {
    rewrite: TypeRewrite,
    rules: WidePieces,
}

impl TypeMap {
    fn map(&mut self, types: &mut TypeTable, t: TypeId) -> TypeId {
        self.rewrite.map(types, t, &mut self.rules)
    }

    /// For a rewritten struct: the new index of each old field.
    fn fields(&self) -> &HashMap<TypeId, Vec<u32>> {
        &self.rules.fields
    }
}

/// The rules of [`TypeMap`].
#[derive(Default)]
struct WidePieces {
    /// For a rewritten struct: the new index of each old field.
    fields: HashMap<TypeId, Vec<u32>>,
}

impl TypeRules for WidePieces {
    fn replace(&mut self, types: &mut TypeTable, ty: TypeId) -> Option<TypeId> {
        match *types.get(ty) {
            Type::Vector { elem, lanes } if lanes > PIECE_LANES => {
                let piece = types.vector(elem, PIECE_LANES);
                Some(types.array(piece, (lanes / PIECE_LANES) as u32))
            }
            _ => None,
        }
    }

    /// A struct with mapped members and `u8` padding keeping every OpenCL offset.
    fn rebuild_struct(&mut self, types: &mut TypeTable, t: TypeId, mapped: Vec<TypeId>) -> TypeId {
        let Type::Struct { name, packed, .. } = types.get(t).clone() else {
            unreachable!("rebuild_struct of a struct");
        };
        let (offsets, layout) = types.struct_layout(t);
        let u8t = types.scalar(ScalarType::U8);
        let (mut new_fields, mut index, mut at) = (Vec::new(), Vec::new(), 0u64);
        for (i, f) in mapped.iter().enumerate() {
            if at < offsets[i] {
                new_fields.push(types.array(u8t, (offsets[i] - at) as u32));
            }
            index.push(new_fields.len() as u32);
            new_fields.push(*f);
            at = offsets[i] + types.layout(*f).size;
        }
        if at < layout.size {
            new_fields.push(types.array(u8t, (layout.size - at) as u32));
        }
        let n = types.intern(Type::Struct {
            name,
            fields: new_fields,
            packed,
        });
        self.fields.insert(t, index);
        n
    }
}

/// One lane of a value: a lane of a vector of at most 4 lanes, or a whole scalar.
#[derive(Clone, Copy, PartialEq, Eq)]
struct LaneRef {
    src: ValueId,
    lane: Option<u8>,
}

/// Rewrites one function.
struct Splitter<'a> {
    types: &'a mut TypeTable,
    tm: &'a mut TypeMap,
    sigs: &'a [Sig],
    f: &'a mut Function,
    /// The value types before the pass.
    old_types: Vec<TypeId>,
    /// The pieces standing for each wide value.
    pieces: HashMap<ValueId, Vec<ValueId>>,
    /// Values replaced by another (an identity shuffle, a one-lane compose).
    alias: HashMap<ValueId, ValueId>,
    /// Where a function with a wide result stores it.
    ret_ptr: Option<ValueId>,
    /// The statements of the block being built.
    out: Vec<Stmt>,
}

type R<T> = Result<T, Refusal>;

impl Splitter<'_> {
    fn function(&mut self) -> R<()> {
        let mapped: Vec<TypeId> = self
            .old_types
            .clone()
            .into_iter()
            .map(|t| self.tm.map(self.types, t))
            .collect();
        self.f.value_types = mapped;
        for l in 0..self.f.locals.len() {
            self.f.locals[l].ty = self.tm.map(self.types, self.f.locals[l].ty);
        }
        self.params()?;
        let body = std::mem::take(&mut self.f.body);
        let mut body = self.block(body)?;
        let mut prologue = std::mem::take(&mut self.out);
        prologue.append(&mut body.stmts);
        self.f.body = Block { stmts: prologue };
        Ok(())
    }

    /// Splits wide parameters (see the module doc); the prologue is left in `self.out`.
    fn params(&mut self) -> R<()> {
        let old = std::mem::take(&mut self.f.params);
        let kernel = self.f.is_kernel();
        for p in old {
            let Some((elem, n)) = self.wide(self.old_types[p.value.0 as usize]) else {
                let ty = self.tm.map(self.types, p.ty);
                self.f.params.push(Param { ty, ..p });
                continue;
            };
            if kernel {
                let ty = self.tm.map(self.types, p.ty);
                let (value, name) = (p.value, p.name.clone());
                self.f.params.push(Param { ty, ..p });
                let tmp = self
                    .f
                    .new_local(format!("{name}.wide"), ty, AddressSpace::Private);
                let addr = self.local_addr(tmp);
                self.out.push(Stmt::Store { ptr: addr, value });
                let pieces = self.load_pieces(addr, elem, n);
                self.pieces.insert(value, pieces);
            } else {
                let pt = self.types.vector(elem, PIECE_LANES);
                let mut pieces = Vec::new();
                for j in 0..n / PIECE_LANES {
                    let v = self.f.new_value(pt);
                    pieces.push(v);
                    self.f.params.push(Param {
                        name: format!("{}.{j}", p.name),
                        ty: pt,
                        value: v,
                        ..p.clone()
                    });
                }
                self.pieces.insert(p.value, pieces);
            }
        }
        if self.wide(self.f.ret).is_some() {
            let arr = self.tm.map(self.types, self.f.ret);
            let ty = self.types.pointer(AddressSpace::Private, arr);
            let v = self.f.new_value(ty);
            self.f.params.push(Param {
                name: "ret.wide".into(),
                ty,
                value: v,
                type_name: "__private void *".into(),
                is_const: false,
                is_restrict: true,
            });
            self.f.ret = self.types.void();
            self.ret_ptr = Some(v);
        }
        Ok(())
    }

    /// Element and lane count of a wide vector type.
    fn wide(&self, t: TypeId) -> Option<(ScalarType, u8)> {
        match self.types.get(t) {
            Type::Vector { elem, lanes } if *lanes > PIECE_LANES => Some((*elem, *lanes)),
            _ => None,
        }
    }

    fn emit(&mut self, op: Op, ty: TypeId) -> ValueId {
        let v = self.f.new_value(ty);
        self.out.push(Stmt::Let { value: v, op });
        v
    }

    fn r(&self, v: ValueId) -> ValueId {
        let mut v = v;
        while let Some(&a) = self.alias.get(&v) {
            v = a;
        }
        v
    }

    fn local_addr(&mut self, l: LocalId) -> ValueId {
        let t = self.f.locals[l.0 as usize].ty;
        let pt = self.types.pointer(AddressSpace::Private, t);
        self.emit(Op::LocalAddr(l), pt)
    }

    /// The address of piece `j` of the wide vector (array) `ptr` points to.
    fn piece_addr(&mut self, ptr: ValueId, j: u8) -> R<ValueId> {
        let pt = self.f.value_type(ptr);
        let Some((space, arr)) = self.types.pointee(pt) else {
            return Err("a wide vector accessed through a non-pointer".into());
        };
        let Type::Array { elem, .. } = *self.types.get(arr) else {
            return Err("a wide vector accessed through a pointer of another type".into());
        };
        let i64t = self.types.scalar(ScalarType::I64);
        let index = self.emit(Op::Const(Const::int(ScalarType::I64, j as i64)), i64t);
        let ty = self.types.pointer(space, elem);
        Ok(self.emit(Op::IndexAddr { base: ptr, index }, ty))
    }

    fn load_pieces(&mut self, ptr: ValueId, elem: ScalarType, n: u8) -> Vec<ValueId> {
        let pt = self.types.vector(elem, PIECE_LANES);
        (0..n / PIECE_LANES)
            .map(|j| {
                let a = self.piece_addr(ptr, j).expect("array pointer");
                self.emit(Op::Load { ptr: a }, pt)
            })
            .collect()
    }

    fn store_pieces(&mut self, ptr: ValueId, pieces: &[ValueId]) -> R<()> {
        for (j, p) in pieces.iter().enumerate() {
            let a = self.piece_addr(ptr, j as u8)?;
            self.out.push(Stmt::Store { ptr: a, value: *p });
        }
        Ok(())
    }

    fn block(&mut self, b: Block) -> R<Block> {
        let saved = std::mem::take(&mut self.out);
        for s in b.stmts {
            let span = stmt_span(self.f, &s);
            self.stmt(s).map_err(|e| e.at(span))?;
        }
        Ok(Block {
            stmts: std::mem::replace(&mut self.out, saved),
        })
    }

    fn stmt(&mut self, s: Stmt) -> R<()> {
        let s = match s {
            Stmt::Let { value, op } => return self.let_stmt(value, op),
            Stmt::Store { ptr, value } => {
                let ptr = self.r(ptr);
                if let Some(p) = self.pieces.get(&value).cloned() {
                    return self.store_pieces(ptr, &p);
                }
                Stmt::Store {
                    ptr,
                    value: self.r(value),
                }
            }
            Stmt::If {
                cond,
                then_body,
                else_body,
            } => Stmt::If {
                cond: self.r(cond),
                then_body: self.block(then_body)?,
                else_body: self.block(else_body)?,
            },
            Stmt::Loop {
                body,
                continuing,
                break_if,
                unroll,
            } => Stmt::Loop {
                body: self.block(body)?,
                continuing: self.block(continuing)?,
                break_if: break_if.map(|b| self.r(b)),
                unroll,
            },
            Stmt::Switch { selector, cases } => {
                let mut new_cases = Vec::with_capacity(cases.len());
                for mut c in cases {
                    c.body = self.block(c.body)?;
                    new_cases.push(c);
                }
                Stmt::Switch {
                    selector: self.r(selector),
                    cases: new_cases,
                }
            }
            Stmt::Return(Some(v)) if self.pieces.contains_key(&v) => {
                let (ptr, p) = (self.ret_ptr.expect("wide result"), self.pieces[&v].clone());
                self.store_pieces(ptr, &p)?;
                Stmt::Return(None)
            }
            Stmt::Return(v) => Stmt::Return(v.map(|v| self.r(v))),
            other => other,
        };
        self.out.push(s);
        Ok(())
    }

    /// The lanes of a value, in order.
    fn lanes(&self, v: ValueId) -> Vec<LaneRef> {
        if let Some(p) = self.pieces.get(&v) {
            return p
                .iter()
                .flat_map(|&src| (0..PIECE_LANES).map(move |l| LaneRef { src, lane: Some(l) }))
                .collect();
        }
        let v = self.r(v);
        match self.types.get(self.f.value_type(v)) {
            Type::Vector { lanes, .. } => (0..*lanes)
                .map(|l| LaneRef {
                    src: v,
                    lane: Some(l),
                })
                .collect(),
            _ => vec![LaneRef { src: v, lane: None }],
        }
    }

    /// A scalar holding one lane.
    fn scalar(&mut self, elem: ScalarType, l: LaneRef) -> ValueId {
        match l.lane {
            None => l.src,
            Some(lane) => {
                let t = self.types.scalar(elem);
                self.emit(
                    Op::Extract {
                        vector: l.src,
                        lane,
                    },
                    t,
                )
            }
        }
    }

    /// A value of at most 4 lanes made of `refs` (an existing value where one fits).
    fn chunk(&mut self, elem: ScalarType, refs: &[LaneRef]) -> ValueId {
        let n = refs.len() as u8;
        if n == 1 {
            return self.scalar(elem, refs[0]);
        }
        let ty = self.types.vector(elem, n);
        let first = refs[0].src;
        let whole = refs
            .iter()
            .enumerate()
            .all(|(i, l)| l.src == first && l.lane == Some(i as u8));
        if whole && self.f.value_type(first) == ty {
            return first;
        }
        let mut srcs: Vec<ValueId> = Vec::new();
        for l in refs {
            if l.lane.is_some() && !srcs.contains(&l.src) {
                srcs.push(l.src);
            }
        }
        let all_lanes = refs.iter().all(|l| l.lane.is_some());
        let same_ty = srcs
            .iter()
            .all(|s| self.f.value_type(*s) == self.f.value_type(srcs[0]));
        if all_lanes && srcs.len() <= 2 && same_ty {
            let (a, b) = (srcs[0], *srcs.last().unwrap());
            let width = self.types.lanes_of(self.f.value_type(a)).unwrap_or(1);
            let lanes = refs
                .iter()
                .map(|l| l.lane.unwrap() + if l.src == a { 0 } else { width })
                .collect();
            return self.emit(Op::Shuffle { a, b, lanes }, ty);
        }
        let parts = refs.iter().map(|l| self.scalar(elem, *l)).collect();
        self.emit(Op::Compose { ty, parts }, ty)
    }

    /// Defines `value` (of old type `ty`) from its lanes.
    fn define(&mut self, value: ValueId, ty: TypeId, refs: Vec<LaneRef>) -> R<()> {
        let elem = self
            .types
            .scalar_of(ty)
            .ok_or("a lane move producing a non-vector")?;
        if self.wide(ty).is_some() {
            let p = refs
                .chunks(PIECE_LANES as usize)
                .map(|c| self.chunk(elem, c))
                .collect();
            self.pieces.insert(value, p);
        } else {
            let v = self.chunk(elem, &refs);
            self.alias.insert(value, v);
        }
        Ok(())
    }

    /// The 4-lane piece type of wide type `ty`.
    fn piece_ty(&mut self, ty: TypeId) -> R<TypeId> {
        let (elem, _) = self.wide(ty).ok_or("expected a wide vector")?;
        Ok(self.types.vector(elem, PIECE_LANES))
    }

    /// Piece `j` of an operand: its own piece when wide, else the operand (a scalar that
    /// applies to every lane).
    fn piece_of(&self, v: ValueId, j: usize) -> ValueId {
        match self.pieces.get(&v) {
            Some(p) => p[j],
            None => self.r(v),
        }
    }

    /// Defines wide `value` as `op(j)` for each piece `j`.
    fn per_piece(&mut self, value: ValueId, ty: TypeId, op: impl Fn(&Self, usize) -> Op) -> R<()> {
        let (_, n) = self.wide(ty).ok_or("expected a wide vector")?;
        let pt = self.piece_ty(ty)?;
        let p = (0..(n / PIECE_LANES) as usize)
            .map(|j| {
                let o = op(self, j);
                self.emit(o, pt)
            })
            .collect();
        self.pieces.insert(value, p);
        Ok(())
    }

    fn let_stmt(&mut self, value: ValueId, mut op: Op) -> R<()> {
        let rt = self.old_types[value.0 as usize];
        let touches =
            self.wide(rt).is_some() || op.operands().iter().any(|o| self.pieces.contains_key(o));
        if let Op::Call { func, args } = &op {
            let sig = &self.sigs[func.0 as usize];
            let changed =
                self.wide(sig.ret).is_some() || sig.params.iter().any(|p| self.wide(*p).is_some());
            if changed {
                return self.call(value, *func, args.clone());
            }
        }
        if !touches {
            return self.plain(value, op);
        }
        match &mut op {
            Op::Unary(u, a) => {
                let (u, a) = (*u, *a);
                self.per_piece(value, rt, |s, j| Op::Unary(u, s.piece_of(a, j)))
            }
            Op::Binary(b, x, y) => {
                let (b, x, y) = (*b, *x, *y);
                self.per_piece(value, rt, |s, j| {
                    Op::Binary(b, s.piece_of(x, j), s.piece_of(y, j))
                })
            }
            Op::Compare(c, x, y) => {
                let (c, x, y) = (*c, *x, *y);
                self.per_piece(value, rt, |s, j| {
                    Op::Compare(c, s.piece_of(x, j), s.piece_of(y, j))
                })
            }
            Op::Select {
                cond,
                if_true,
                if_false,
            } => {
                let (c, t, e) = (*cond, *if_true, *if_false);
                self.per_piece(value, rt, |s, j| Op::Select {
                    cond: s.piece_of(c, j),
                    if_true: s.piece_of(t, j),
                    if_false: s.piece_of(e, j),
                })
            }
            Op::Convert {
                value: v,
                to,
                saturate,
                rounding,
            } => {
                let (v, sat, rnd) = (*v, *saturate, *rounding);
                let to = self.piece_ty(*to)?;
                self.per_piece(value, rt, |s, j| Op::Convert {
                    value: s.piece_of(v, j),
                    to,
                    saturate: sat,
                    rounding: rnd,
                })
            }
            Op::Math { func, args } => {
                let (func, args) = (*func, args.clone());
                self.per_piece(value, rt, |s, j| Op::Math {
                    func,
                    args: args.iter().map(|a| s.piece_of(*a, j)).collect(),
                })
            }
            Op::Splat { value: v, .. } => {
                let (v, to) = (self.r(*v), self.piece_ty(rt)?);
                self.per_piece(value, rt, |_, _| Op::Splat { value: v, to })
            }
            Op::Extract { vector, lane } => {
                let (p, l) = (self.pieces[vector][(*lane / PIECE_LANES) as usize], *lane);
                self.out.push(Stmt::Let {
                    value,
                    op: Op::Extract {
                        vector: p,
                        lane: l % PIECE_LANES,
                    },
                });
                Ok(())
            }
            Op::Insert {
                vector,
                lane,
                value: x,
            } => {
                let mut p = self.pieces[vector].clone();
                let j = (*lane / PIECE_LANES) as usize;
                let pt = self.piece_ty(rt)?;
                let op = Op::Insert {
                    vector: p[j],
                    lane: *lane % PIECE_LANES,
                    value: self.r(*x),
                };
                p[j] = self.emit(op, pt);
                self.pieces.insert(value, p);
                Ok(())
            }
            Op::Shuffle { a, b, lanes } => {
                let mut all = self.lanes(*a);
                all.extend(self.lanes(*b));
                let refs = lanes.iter().map(|l| all[*l as usize]).collect();
                self.define(value, rt, refs)
            }
            Op::Compose { parts, .. } => {
                let refs = parts.iter().flat_map(|p| self.lanes(*p)).collect();
                self.define(value, rt, refs)
            }
            Op::Bitcast { value: v, to } => self.bitcast(value, *v, *to),
            Op::Load { ptr } => {
                let (elem, n) = self.wide(rt).ok_or("a load of a split value")?;
                let ptr = self.r(*ptr);
                let p = self.load_pieces(ptr, elem, n);
                self.pieces.insert(value, p);
                Ok(())
            }
            Op::Printf { .. } => {
                Err("printf of an 8/16-lane vector is not supported on Vulkan yet".into())
            }
            other => Err(format!(
                "an operation on 8/16-lane vectors that cannot be split is not supported: {other:?}"
            )
            .into()),
        }
    }

    /// An operation without wide values: operands resolved, types mapped, fields renumbered.
    fn plain(&mut self, value: ValueId, mut op: Op) -> R<()> {
        if let Op::FieldAddr { base, field } = &mut op {
            let bt = self.old_types[base.0 as usize];
            if let Some((_, st)) = self.types.pointee(bt) {
                if let Some(index) = self.tm.fields().get(&st) {
                    *field = index[*field as usize];
                }
            }
        }
        match &mut op {
            Op::Convert { to, .. } | Op::Bitcast { to, .. } | Op::Splat { to, .. } => {
                *to = self.tm.map(self.types, *to);
            }
            Op::Compose { ty, .. } => *ty = self.tm.map(self.types, *ty),
            _ => {}
        }
        crate::visit::op_operands_mut(&mut op, &mut |v| *v = self.r(*v));
        self.out.push(Stmt::Let { value, op });
        Ok(())
    }

    /// `as_type` between a wide vector and a type of the same size.
    fn bitcast(&mut self, value: ValueId, v: ValueId, to: TypeId) -> R<()> {
        let from = self.old_types[v.0 as usize];
        let (fe, te) = match (self.types.scalar_of(from), self.types.scalar_of(to)) {
            (Some(a), Some(b)) => (a, b),
            _ => {
                return Err(
                    "a bitcast between a wide vector and a non-vector is not supported".into(),
                )
            }
        };
        let same_lanes = self.types.lanes_of(from) == self.types.lanes_of(to);
        if same_lanes && self.wide(to).is_some() {
            let pt = self.piece_ty(to)?;
            return self.per_piece(value, to, |s, j| Op::Bitcast {
                value: s.piece_of(v, j),
                to: pt,
            });
        }
        let refs = self.lanes(v);
        let scalars: Vec<ValueId> = refs.iter().map(|l| self.scalar(fe, *l)).collect();
        let out = self.regroup(&scalars, fe, te);
        let refs = out
            .into_iter()
            .map(|src| LaneRef { src, lane: None })
            .collect();
        self.define(value, to, refs)
    }

    /// The bits of scalars of type `from`, as scalars of type `to`.
    fn regroup(&mut self, xs: &[ValueId], from: ScalarType, to: ScalarType) -> Vec<ValueId> {
        let (fs, ts) = (from.size(), to.size());
        let tt = self.types.scalar(to);
        if fs == ts {
            return xs
                .iter()
                .map(|&x| self.emit(Op::Bitcast { value: x, to: tt }, tt))
                .collect();
        }
        if fs < ts {
            let r = (ts / fs) as usize;
            return xs
                .chunks(r)
                .map(|c| {
                    if r == 8 {
                        let halves = self.regroup(c, from, ScalarType::U32);
                        return self.regroup(&halves, ScalarType::U32, to)[0];
                    }
                    let vt = self.types.vector(from, r as u8);
                    let parts = c.to_vec();
                    let v = self.emit(Op::Compose { ty: vt, parts }, vt);
                    self.emit(Op::Bitcast { value: v, to: tt }, tt)
                })
                .collect();
        }
        let r = (fs / ts) as u8;
        let mut out = Vec::new();
        for &x in xs {
            if r == 8 {
                let halves = self.regroup(&[x], from, ScalarType::U32);
                out.extend(self.regroup(&halves, ScalarType::U32, to));
                continue;
            }
            let vt = self.types.vector(to, r);
            let v = self.emit(Op::Bitcast { value: x, to: vt }, vt);
            for lane in 0..r {
                out.push(self.emit(Op::Extract { vector: v, lane }, tt));
            }
        }
        out
    }

    /// A call of a function whose signature had wide parameters or a wide result.
    fn call(&mut self, value: ValueId, func: crate::FuncId, args: Vec<ValueId>) -> R<()> {
        let (is_kernel, params, ret) = {
            let s = &self.sigs[func.0 as usize];
            (s.is_kernel, s.params.clone(), s.ret)
        };
        let mut new_args = Vec::new();
        for (a, pt) in args.iter().zip(&params) {
            match self.pieces.get(a).cloned() {
                Some(p) if is_kernel => {
                    let ty = self.tm.map(self.types, *pt);
                    let tmp = self.f.new_local("arg.wide", ty, AddressSpace::Private);
                    let addr = self.local_addr(tmp);
                    self.store_pieces(addr, &p)?;
                    new_args.push(self.emit(Op::Load { ptr: addr }, ty));
                }
                Some(p) => new_args.extend(p),
                None => new_args.push(self.r(*a)),
            }
        }
        let Some((elem, n)) = self.wide(ret) else {
            self.out.push(Stmt::Let {
                value,
                op: Op::Call {
                    func,
                    args: new_args,
                },
            });
            return Ok(());
        };
        let ty = self.tm.map(self.types, ret);
        let tmp = self.f.new_local("ret.wide", ty, AddressSpace::Private);
        let addr = self.local_addr(tmp);
        new_args.push(addr);
        let void = self.types.void();
        self.emit(
            Op::Call {
                func,
                args: new_args,
            },
            void,
        );
        let p = self.load_pieces(addr, elem, n);
        self.pieces.insert(value, p);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_module, print_module, verify_module};

    const INPUT: &str = r#"
func @twice(%0 "x": f32x8) -> f32x8 {
  %1: f32 = const 2.0
  %2: f32x8 = splat %1
  %3: f32x8 = mul %0, %2
  return %3
}

kernel @k(%0 "o": ptr<global, struct item {f32, f32x8, i32x16}>, %1 "s": f32x8) -> void {
  local $0 "p": private f32x8
  %2: ptr<private, f32x8> = local_addr $0
  %3: f32x8 = call @twice(%1)
  %4: f32x8 = shuffle %3, %1 [15, 0, 14, 1, 13, 2, 12, 3]
  store %2, %4
  %5: ptr<global, f32x8> = field_addr %0, 1
  %6: f32x8 = load %2
  %7: f32 = extract %6, 6
  store %5, %6
  %8: ptr<global, f32> = field_addr %0, 0
  store %8, %7
  %9: ptr<global, i32x16> = field_addr %0, 2
  %10: i32x8 = bitcast %6
  %11: i32x16 = shuffle %10, %10 [0, 1, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 1, 0]
  store %9, %11
  return
}
"#;

    fn no_wide(m: &Module, what: &str) {
        for f in &m.functions {
            let mut used: Vec<TypeId> = f.params.iter().map(|p| p.ty).collect();
            used.extend(f.locals.iter().map(|l| l.ty));
            used.push(f.ret);
            crate::module::walk_stmts(&f.body, &mut |s| {
                if let Stmt::Let { value, .. } = s {
                    used.push(f.value_type(*value));
                }
            });
            for t in used {
                assert!(!is_wide_type(m.types.get(t)), "{what}: {}", print_module(m));
            }
        }
    }

    #[test]
    fn splits_values_signatures_and_keeps_struct_offsets() {
        let mut m = parse_module(INPUT).expect("parses");
        verify_module(&m).expect("input verifies");
        let old = m.functions[1].params[0].ty;
        let (_, old_item) = m.types.pointee(old).unwrap();
        let (old_offsets, old_layout) = m.types.struct_layout(old_item);
        assert_eq!(
            (old_offsets.clone(), old_layout.size),
            (vec![0, 32, 64], 128)
        );

        assert!(split_wide_vectors(&mut m).expect("splits"));
        verify_module(&m).unwrap_or_else(|e| panic!("{e}\n{}", print_module(&m)));
        no_wide(&m, "after the pass");

        // The helper takes two pieces and returns through a pointer.
        let twice = &m.functions[0];
        assert_eq!(twice.params.len(), 3);
        assert_eq!(*m.types.get(twice.ret), Type::Void);
        // The struct keeps its OpenCL layout: members at 0, 32, 64, size 128.
        let (_, item) = m.types.pointee(m.functions[1].params[0].ty).unwrap();
        let (offsets, layout) = m.types.struct_layout(item);
        let index = &tm_fields(&mut m.clone(), old_item);
        let kept: Vec<u64> = index.iter().map(|i| offsets[*i as usize]).collect();
        assert_eq!((kept, layout.size), (old_offsets, 128));
        // The by-value kernel argument keeps its size.
        let s = m.functions[1].params[1].ty;
        assert_eq!(m.types.layout(s).size, 32);
    }

    /// The new index of each field of `old` (recomputed: the mapping is deterministic).
    fn tm_fields(m: &mut Module, old: TypeId) -> Vec<u32> {
        let mut tm = TypeMap::default();
        tm.map(&mut m.types, old);
        tm.fields()[&old].clone()
    }

    #[test]
    fn modules_without_wide_vectors_are_left_alone() {
        let text = "kernel @k(%0 \"o\": ptr<global, f32x4>) -> void {\n  return\n}\n";
        let mut m = parse_module(text).unwrap();
        let before = print_module(&m);
        assert!(!split_wide_vectors(&mut m).unwrap());
        assert_eq!(print_module(&m), before);
    }
}
