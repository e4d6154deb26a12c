//! Emission of one IR function as one SPIR-V function: parameters, variables, and the
//! dispatch of statements and operations to the lowering in the sibling modules.

use std::collections::BTreeSet;

use oclc_ir::analysis::AccessAlign;
use oclc_ir::{AddressSpace, FuncId, Function, Op, Stmt, Type, ValueId};
use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, FunctionControl, FunctionParameterAttribute, StorageClass, Word};

use super::context::{Flavour, ModuleCtx};
use crate::error::{unsupported, Result, SpirvError};

/// Which SPIR-V function is made from an IR function.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum EmitKind {
    /// The entry point of a kernel.
    Entry,
    /// A function callable with `OpFunctionCall` (helpers, and copies of called kernels).
    Callable,
}

/// The branch targets of the innermost loops and switches, and whether they were
/// branched to.
pub(crate) struct LoopTargets {
    /// A switch (only `break` applies to it; `continue` skips to the enclosing loop).
    pub is_switch: bool,
    /// The construct's merge block (target of `break`).
    pub merge: Word,
    /// The loop's continue target (target of `continue`).
    pub cont: Word,
    /// Some branch goes to the merge block.
    pub merge_reached: bool,
    /// Some branch goes to the continue target.
    pub cont_reached: bool,
}

/// The state of the function being emitted.
pub(crate) struct FnEmitter<'a, 'm> {
    /// The module under construction.
    pub cx: &'a mut ModuleCtx<'m>,
    /// The IR function being emitted.
    pub f: &'m Function,
    values: Vec<Option<Word>>,
    locals: Vec<Word>,
    /// Enclosing loops and switches, innermost last.
    pub loops: Vec<LoopTargets>,
    /// A block is open (the current position is reachable and needs a terminator).
    pub open: bool,
    uses: BTreeSet<Word>,
    calls: BTreeSet<Word>,
    /// What each load and store may claim of its pointer's alignment.
    pub align: AccessAlign,
}

/// Emits IR function `fid` as the SPIR-V function `id`.
pub(crate) fn emit_function(
    cx: &mut ModuleCtx<'_>,
    fid: FuncId,
    id: Word,
    kind: EmitKind,
) -> Result<()> {
    let f = cx.ir.function(fid);
    emit(cx, f, id, kind).map_err(|e| e.in_function(&f.name))
}

/// Emits kernel `fid` as a Vulkan entry point `id` that reads the argument block and then
/// runs the kernel's callable copy `body` once per work-item it stands for (see
/// `crate::vulkan::items`).
pub(crate) fn emit_items_entry(
    cx: &mut ModuleCtx<'_>,
    fid: FuncId,
    id: Word,
    body: Word,
) -> Result<()> {
    let f = cx.ir.function(fid);
    let void = cx.ty(f.ret)?;
    let fn_ty = cx.fn_ty(void, Vec::new());
    let mut e = FnEmitter::new(cx, f);
    e.cx.b
        .begin_function(void, Some(id), FunctionControl::NONE, fn_ty)?;
    e.cx.b.name(id, f.name.clone());
    e.cx.b.begin_block(None)?;
    e.open = true;
    e.vk_entry_prologue()
        .and_then(|()| e.vk_items_loop(body))
        .map_err(|err| err.in_function(&f.name))?;
    e.calls.insert(body);
    e.cx.b.end_function()?;
    e.record_references(id);
    Ok(())
}

fn emit<'m>(cx: &mut ModuleCtx<'m>, f: &'m Function, id: Word, kind: EmitKind) -> Result<()> {
    let ret = cx.ty(f.ret)?;
    // A Vulkan entry point takes no parameters: they come from its argument block.
    let vk_entry = kind == EmitKind::Entry && cx.flavour == Flavour::Vulkan;
    let mut param_tys = Vec::with_capacity(f.params.len());
    for p in f.params.iter().filter(|_| !vk_entry) {
        param_tys.push(cx.ty(p.ty)?);
    }
    let fn_ty = cx.fn_ty(ret, param_tys.clone());
    let name = match kind {
        EmitKind::Entry => f.name.clone(),
        EmitKind::Callable if f.is_kernel() => format!("{}.callable", f.name),
        EmitKind::Callable => f.name.clone(),
    };
    let mut e = FnEmitter::new(cx, f);
    // __local variables live at module scope, one set per emitted function.
    let mut local_ptr_tys = Vec::with_capacity(f.locals.len());
    for l in &f.locals {
        let t = e.cx.mem_ty(l.ty)?;
        local_ptr_tys.push(e.cx.ptr_ty(l.space, t));
    }
    for (i, l) in f.locals.iter().enumerate() {
        let w = match l.space {
            AddressSpace::Local => {
                // One copy per merged work-group (see `crate::vulkan::merged_groups`).
                let var_ty = match e.cx.vk.merged_groups {
                    Some(m) => {
                        let t = e.cx.mem_ty(l.ty)?;
                        let copies = e.cx.b.type_array(t, m);
                        e.cx.ptr_ty(l.space, copies)
                    }
                    None => local_ptr_tys[i],
                };
                let var = e.cx.global_variable(var_ty, StorageClass::Workgroup, None);
                e.cx.b.name(var, format!("{name}.{}", l.name));
                if e.cx.flavour == Flavour::OpenCl {
                    let align = e.cx.ir.types.layout(l.ty).align as u32;
                    e.cx.b
                        .decorate(var, Decoration::Alignment, [Operand::LiteralBit32(align)]);
                }
                e.uses.insert(var);
                var
            }
            AddressSpace::Private => 0,
            other => {
                return unsupported(format!(
                    "variable `{}` in the {} address space",
                    l.name,
                    other.name()
                ))
            }
        };
        e.locals.push(w);
    }
    e.cx.b
        .begin_function(ret, Some(id), FunctionControl::NONE, fn_ty)?;
    e.cx.b.name(id, name.clone());
    for (p, ty) in f.params.iter().zip(param_tys) {
        let w = e.cx.b.function_parameter(ty)?;
        e.cx.b.name(w, p.name.clone());
        if e.cx.ir.types.pointee(p.ty).is_some() && e.cx.flavour == Flavour::OpenCl {
            let attr = |a| [Operand::FunctionParameterAttribute(a)];
            if p.is_restrict {
                e.cx.b.decorate(
                    w,
                    Decoration::FuncParamAttr,
                    attr(FunctionParameterAttribute::NoAlias),
                );
            }
            if p.is_const {
                e.cx.b.decorate(
                    w,
                    Decoration::FuncParamAttr,
                    attr(FunctionParameterAttribute::NoWrite),
                );
            }
        }
        // Vulkan requires a physical-storage-buffer pointer parameter to say how it aliases.
        let physical = e.cx.ir.types.pointee(p.ty).is_some_and(|(space, _)| {
            matches!(space, AddressSpace::Global | AddressSpace::Constant)
        });
        if physical && e.cx.flavour == Flavour::Vulkan {
            let d = if p.is_restrict {
                Decoration::Restrict
            } else {
                Decoration::Aliased
            };
            e.cx.b.decorate(w, d, []);
        }
        e.values[p.value.0 as usize] = Some(w);
    }
    if f.is_import {
        // A declaration: the caller (the OpenCL flavour) decorates it for import.
        if e.cx.flavour == Flavour::Vulkan {
            return unsupported(format!(
                "function '{}' is declared but never defined",
                f.name
            ));
        }
        e.cx.b.end_function()?;
        e.record_references(id);
        return Ok(());
    }
    e.cx.b.begin_block(None)?;
    e.open = true;
    for (i, l) in f.locals.iter().enumerate() {
        if l.space == AddressSpace::Private {
            let var =
                e.cx.b
                    .variable(local_ptr_tys[i], None, StorageClass::Function, None);
            e.cx.b.name(var, l.name.clone());
            // Vulkan requires a variable holding a device address (or an array of them) to
            // say how it aliases.
            let mut held = l.ty;
            while let Type::Array { elem, .. } = e.cx.ir.types.get(held) {
                held = *elem;
            }
            let holds_device_pointer = matches!(
                e.cx.ir.types.get(held),
                Type::Pointer {
                    space: AddressSpace::Global | AddressSpace::Constant,
                    ..
                }
            );
            if e.cx.flavour == super::context::Flavour::Vulkan && holds_device_pointer {
                e.cx.b.decorate(var, Decoration::AliasedPointer, []);
            }
            e.locals[i] = var;
        }
    }
    e.cx.debug_function(f, id, &name);
    if vk_entry {
        e.vk_entry_prologue()?;
    }
    e.block(&f.body.stmts)?;
    if e.open {
        if matches!(e.cx.ir.types.get(f.ret), Type::Void) {
            e.cx.b.ret()?;
        } else {
            e.cx.b.unreachable()?;
        }
    }
    e.cx.b.end_function()?;
    e.record_references(id);
    Ok(())
}

impl<'a, 'm> FnEmitter<'a, 'm> {
    /// A fresh emitter for function `f` (no block open yet).
    fn new(cx: &'a mut ModuleCtx<'m>, f: &'m Function) -> Self {
        let align = AccessAlign::of_function(&cx.ir.types, f);
        FnEmitter {
            cx,
            f,
            values: vec![None; f.value_types.len()],
            locals: Vec::with_capacity(f.locals.len()),
            loops: Vec::new(),
            open: false,
            uses: BTreeSet::new(),
            calls: BTreeSet::new(),
            align,
        }
    }

    /// Records the module-scope variables and functions the emitted function `id`
    /// references (for entry-point interfaces).
    fn record_references(self, id: Word) {
        self.cx.uses.insert(id, self.uses);
        self.cx.calls.insert(id, self.calls);
    }
}

impl FnEmitter<'_, '_> {
    /// The SPIR-V id of an IR value defined earlier.
    pub fn val(&self, v: ValueId) -> Result<Word> {
        match self.values.get(v.0 as usize) {
            Some(Some(w)) => Ok(*w),
            _ => unsupported(format!("value %{} is used before it is defined", v.0)),
        }
    }

    /// The IR type of a value.
    pub fn vty(&self, v: ValueId) -> oclc_ir::TypeId {
        self.f.value_type(v)
    }

    /// Defines an IR value (used by flavour-specific prologues).
    pub fn set_val(&mut self, v: ValueId, w: Word) {
        self.values[v.0 as usize] = Some(w);
    }

    /// Records that this function references a module-scope variable.
    pub fn use_var(&mut self, var: Word) {
        self.uses.insert(var);
    }

    /// The variable of a function local.
    pub fn local_var(&self, l: oclc_ir::LocalId) -> Result<Word> {
        match self.locals.get(l.0 as usize) {
            Some(w) => Ok(*w),
            None => unsupported(format!("unknown variable ${}", l.0)),
        }
    }

    /// The address of variable `l`: its own copy of a `__local` variable where the module
    /// merges work-groups (see `crate::vulkan::merged_groups`).
    fn local_addr(&mut self, l: oclc_ir::LocalId) -> Result<Word> {
        let var = self.local_var(l)?;
        let local = self.f.local(l);
        if local.space != AddressSpace::Local || self.cx.vk.merged_groups.is_none() {
            return Ok(var);
        }
        let t = self.cx.mem_ty(local.ty)?;
        let pt = self.cx.ptr_ty(AddressSpace::Local, t);
        self.vk_local_copy(var, pt)
    }

    /// Emits statements in order; those after a jump are unreachable and skipped.
    pub fn block(&mut self, stmts: &[Stmt]) -> Result<()> {
        for s in stmts {
            if !self.open {
                break;
            }
            self.stmt(s)?;
        }
        Ok(())
    }

    /// Emits one statement; an error that arose at it gets the source span of the value
    /// it defines or reads (see `oclc_ir::diag::refusal::stmt_span`).
    pub(crate) fn stmt(&mut self, s: &Stmt) -> Result<()> {
        let f = self.f;
        self.stmt_inner(s)
            .map_err(|e| e.at(oclc_ir::diag::refusal::stmt_span(f, s)))
    }

    fn stmt_inner(&mut self, s: &Stmt) -> Result<()> {
        match s {
            Stmt::Let { value, op } => {
                self.cx.debug_line(self.f.span(*value));
                let w = self.op(*value, op)?;
                self.values[value.0 as usize] = Some(w);
            }
            Stmt::Store { ptr, value } => self.store(*ptr, *value)?,
            Stmt::If {
                cond,
                then_body,
                else_body,
            } => self.if_stmt(*cond, &then_body.stmts, &else_body.stmts)?,
            Stmt::Loop {
                body,
                continuing,
                break_if,
                unroll,
            } => self.loop_stmt(&body.stmts, &continuing.stmts, *break_if, *unroll)?,
            Stmt::Break => self.break_stmt()?,
            Stmt::Continue => self.continue_stmt()?,
            Stmt::Return(v) => self.return_stmt(*v)?,
            Stmt::Barrier { fence } => self.barrier(*fence)?,
            Stmt::Fence { fence } => self.fence(*fence)?,
            Stmt::Switch { selector, cases } => self.switch_stmt(*selector, cases)?,
        }
        Ok(())
    }

    fn op(&mut self, result: ValueId, op: &Op) -> Result<Word> {
        let rty = self.vty(result);
        if self.cx.flavour == Flavour::Vulkan && matches!(op, Op::Printf { .. }) {
            return unsupported(
                "printf on Vulkan (Vulkan compute has no printf; its only form, \
                 NonSemantic.DebugPrintf, prints only under a validation layer)",
            );
        }
        match op {
            Op::Atomic {
                op,
                ptr,
                args,
                order,
                scope,
            } => self.atomic(*op, *ptr, args, *order, *scope, rty),
            Op::Printf { format, args } => self.printf(format, args, rty),
            Op::Const(c) => Ok(self.cx.const_scalar(c.ty, c.bits)),
            Op::Unary(u, a) => self.unary(*u, *a),
            Op::Binary(b, x, y) => self.binary(*b, *x, *y),
            Op::Compare(c, x, y) => self.compare(*c, *x, *y, rty),
            Op::Select {
                cond,
                if_true,
                if_false,
            } => self.select(*cond, *if_true, *if_false, rty),
            Op::Convert {
                value,
                to,
                saturate,
                rounding,
            } => self.convert(*value, *to, *saturate, *rounding),
            Op::Bitcast { value, to } => self.bitcast(*value, *to),
            Op::GenericCast { value, to } => self.generic_cast(*value, *to),
            Op::Splat { value, to } => self.splat(*value, *to),
            Op::Extract { vector, lane } => self.extract(*vector, *lane, rty),
            Op::Insert {
                vector,
                lane,
                value,
            } => self.insert(*vector, *lane, *value),
            Op::Shuffle { a, b, lanes } => self.shuffle(*a, *b, lanes, rty),
            Op::Compose { ty, parts } => self.compose(*ty, parts),
            Op::LocalAddr(l) => self.local_addr(*l),
            Op::GlobalAddr(g) => match self.cx.flavour {
                Flavour::OpenCl => self.global_addr(*g),
                Flavour::Vulkan => self.vk_global_addr(*g, rty),
            },
            Op::PtrOffset { base, index } => self.ptr_offset(*base, *index, rty),
            Op::IndexAddr { base, index } => self.index_addr(*base, *index, rty),
            Op::FieldAddr { base, field } => self.field_addr(*base, *field, rty),
            Op::Load { ptr } => self.load(*ptr),
            Op::WorkItem { query, dim } => self.work_item(*query, *dim),
            Op::Math { func, args } => match self.cx.flavour {
                Flavour::OpenCl => self.math(*func, args, rty),
                Flavour::Vulkan => self.vk_math(*func, args, rty),
            },
            Op::SamplerConst(bits) => self.sampler_value(*bits),
            Op::ImageRead {
                image,
                sampler,
                coord,
            } => self.image_read(*image, *sampler, *coord, rty),
            Op::ImageWrite {
                image,
                coord,
                value,
            } => self.image_write(*image, *coord, *value),
            Op::ImageQuery { query, image } => self.image_query(*query, *image, rty),
            Op::Call { func, args } => self.call(*func, args, rty),
        }
    }

    fn call(&mut self, func: FuncId, args: &[ValueId], rty: oclc_ir::TypeId) -> Result<Word> {
        let Some(&callee) = self.cx.helper_ids.get(func.0 as usize) else {
            return Err(SpirvError::new(format!(
                "call of unknown function {}",
                func.0
            )));
        };
        let mut ws = Vec::with_capacity(args.len());
        for a in args {
            ws.push(self.val(*a)?);
        }
        let rt = self.cx.ty(rty)?;
        self.calls.insert(callee);
        Ok(self.cx.b.function_call(rt, None, callee, ws)?)
    }
}
