//! Copying library functions (with everything they call and the program-scope variables
//! they use) from the library module into another module: types are re-interned into the
//! destination's table, and function and variable ids are remapped. Value and local ids
//! are per function and need no remapping.

use crate::fx::HashMap;

use super::Unit;
use crate::module::{Block, FuncId, GlobalId, Module, Stmt};
use crate::op::Op;
use crate::types::{Type, TypeId, TypeTable};

/// Remembers what was already copied into one destination module, so that each library
/// function and variable is copied once however often it is needed.
#[derive(Default)]
pub(super) struct Importer {
    funcs: HashMap<FuncId, FuncId>,
    globals: HashMap<GlobalId, GlobalId>,
    types: HashMap<TypeId, TypeId>,
}

impl Importer {
    /// The id in `dst` of library function `f`, copying it (optimised) and its callees on
    /// first use.
    pub(super) fn function(&mut self, lib: &mut Unit, dst: &mut Module, f: FuncId) -> FuncId {
        if let Some(&id) = self.funcs.get(&f) {
            return id;
        }
        let mut copy = lib.optimised_function(f).clone();
        copy.name = unique_function_name(dst, &copy.name);
        // Reserve the id (and the name) before copying the callees, so that a call back
        // into `f` maps to the copy; the remapped body replaces the placeholder below.
        let id = FuncId(dst.functions.len() as u32);
        self.funcs.insert(f, id);
        dst.functions.push(copy.clone());
        let types = &lib.module.types;
        for p in &mut copy.params {
            p.ty = self.ty(types, &mut dst.types, p.ty);
        }
        copy.ret = self.ty(types, &mut dst.types, copy.ret);
        for l in &mut copy.locals {
            l.ty = self.ty(types, &mut dst.types, l.ty);
        }
        for t in &mut copy.value_types {
            *t = self.ty(types, &mut dst.types, *t);
        }
        self.block(lib, dst, &mut copy.body);
        dst.functions[id.0 as usize] = copy;
        id
    }

    /// Remaps the ids in every operation of `block` and the blocks nested in it.
    fn block(&mut self, lib: &mut Unit, dst: &mut Module, block: &mut Block) {
        for stmt in &mut block.stmts {
            match stmt {
                Stmt::Let { op, .. } => self.op(lib, dst, op),
                Stmt::If {
                    then_body,
                    else_body,
                    ..
                } => {
                    self.block(lib, dst, then_body);
                    self.block(lib, dst, else_body);
                }
                Stmt::Loop {
                    body, continuing, ..
                } => {
                    self.block(lib, dst, body);
                    self.block(lib, dst, continuing);
                }
                Stmt::Switch { cases, .. } => {
                    for c in cases {
                        self.block(lib, dst, &mut c.body);
                    }
                }
                Stmt::Store { .. }
                | Stmt::Break
                | Stmt::Continue
                | Stmt::Return(_)
                | Stmt::Barrier { .. }
                | Stmt::Fence { .. } => {}
            }
        }
    }

    /// Remaps the type, function and variable ids one operation names.
    fn op(&mut self, lib: &mut Unit, dst: &mut Module, op: &mut Op) {
        match op {
            Op::Convert { to, .. } | Op::Bitcast { to, .. } | Op::Splat { to, .. } => {
                *to = self.ty(&lib.module.types, &mut dst.types, *to);
            }
            Op::Compose { ty, .. } => *ty = self.ty(&lib.module.types, &mut dst.types, *ty),
            Op::Call { func, .. } => *func = self.function(lib, dst, *func),
            Op::GlobalAddr(g) => *g = self.global(lib, dst, *g),
            _ => {}
        }
    }

    /// The id in `dst` of library variable `g`, copying it on first use.
    fn global(&mut self, lib: &Unit, dst: &mut Module, g: GlobalId) -> GlobalId {
        if let Some(&id) = self.globals.get(&g) {
            return id;
        }
        let mut copy = lib.module.globals[g.0 as usize].clone();
        copy.ty = self.ty(&lib.module.types, &mut dst.types, copy.ty);
        if !copy.name.starts_with("__oclc_") {
            copy.name = format!("__oclc_{}", copy.name);
        }
        let id = GlobalId(dst.globals.len() as u32);
        dst.globals.push(copy);
        self.globals.insert(g, id);
        id
    }

    /// The id in `dst` of library type `t` (interned there by structure).
    fn ty(&mut self, src: &TypeTable, dst: &mut TypeTable, t: TypeId) -> TypeId {
        if let Some(&id) = self.types.get(&t) {
            return id;
        }
        let mapped = match src.get(t).clone() {
            ty @ (Type::Void
            | Type::Scalar(_)
            | Type::Vector { .. }
            | Type::Image { .. }
            | Type::Sampler) => ty,
            Type::Pointer { space, pointee } => Type::Pointer {
                space,
                pointee: self.ty(src, dst, pointee),
            },
            Type::Array { elem, len } => Type::Array {
                elem: self.ty(src, dst, elem),
                len,
            },
            Type::Struct {
                name,
                fields,
                packed,
            } => Type::Struct {
                name,
                fields: fields.iter().map(|f| self.ty(src, dst, *f)).collect(),
                packed,
            },
        };
        let id = dst.intern(mapped);
        self.types.insert(t, id);
        id
    }
}

/// `name`, or `name_N` with the smallest N that no function of `module` is called yet.
fn unique_function_name(module: &Module, name: &str) -> String {
    if module.find_function(name).is_none() {
        return name.to_string();
    }
    (1..)
        .map(|n| format!("{name}_{n}"))
        .find(|n| module.find_function(n).is_none())
        .expect("some suffix is free")
}
