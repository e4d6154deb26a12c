//! Statements and structured control flow.

use oclc_frontend::checked::{self as ck, CType};

use super::function::{Binding, FnLower};
use super::lvalue::Place;
use super::LowerError;
use oclc_ir::module::{Block, Stmt};
use oclc_ir::op::{Op, UnaryOp};
use oclc_ir::types::ScalarType;

impl FnLower<'_, '_> {
    /// Lowers a statement into the current block.
    pub fn stmt(&mut self, s: &ck::Stmt) -> Result<(), LowerError> {
        if self.b.terminated() {
            // Code after break/continue/return is unreachable.
            return Ok(());
        }
        match s {
            ck::Stmt::Expr(e) => {
                self.expr(e)?;
            }
            ck::Stmt::Decl { var, init } => {
                let Some(init) = init else { return Ok(()) };
                let info = &self.source.vars[var.0 as usize];
                let ty = info.ty.clone();
                let span = info.span;
                if super::builtins::image::is_sampler(&ty) {
                    let ck::Initializer::Expr(e) = init else {
                        return self.unsupported(span, "a sampler needs a single initializer");
                    };
                    let value = self.expr(e)?;
                    self.vars[var.0 as usize] = Some(Binding::Value(value));
                    return Ok(());
                }
                let Some(Binding::Local(local)) = self.vars[var.0 as usize] else {
                    return self.unsupported(span, "initializer for a variable without storage");
                };
                let addr = self.b.local_addr(local);
                self.initialize(Place::Addr(addr), &ty, init, span)?;
            }
            ck::Stmt::Block(stmts) => {
                for s in stmts {
                    self.stmt(s)?;
                }
            }
            ck::Stmt::If { cond, then, els } => {
                let c = self.expr(cond)?;
                let c = self.num_to_bool(c);
                let then_body = self.sub_block(then)?;
                let else_body = match els {
                    Some(e) => self.sub_block(e)?,
                    None => Block::new(),
                };
                self.b.push(Stmt::If {
                    cond: c,
                    then_body,
                    else_body,
                });
            }
            ck::Stmt::While { cond, body, unroll } => {
                self.b.open_block();
                self.break_unless(cond)?;
                self.stmt(body)?;
                let body = self.b.close_block();
                self.b.push(Stmt::Loop {
                    body,
                    continuing: Block::new(),
                    break_if: None,
                    unroll: unroll_request(*unroll),
                });
            }
            ck::Stmt::Switch { cond, cases } => {
                let selector = self.expr(cond)?;
                let mut out = Vec::with_capacity(cases.len());
                for (i, c) in cases.iter().enumerate() {
                    self.b.open_block();
                    for s in &c.body {
                        self.stmt(s)?;
                    }
                    let ends = self.b.terminated();
                    let body = self.b.close_block();
                    out.push(oclc_ir::module::SwitchCase {
                        values: c.values.clone(),
                        is_default: c.is_default,
                        body,
                        fall_through: !ends && i + 1 < cases.len(),
                    });
                }
                self.b.push(Stmt::Switch {
                    selector,
                    cases: out,
                });
            }
            ck::Stmt::DoWhile { body, cond, unroll } => {
                let body = self.sub_block(body)?;
                self.b.open_block();
                let c = self.expr(cond)?;
                let c = self.num_to_bool(c);
                let bt = self.b.value_type(c);
                let stop = self.b.emit(Op::Unary(UnaryOp::Not, c), bt);
                let continuing = self.b.close_block();
                self.b.push(Stmt::Loop {
                    body,
                    continuing,
                    break_if: Some(stop),
                    unroll: unroll_request(*unroll),
                });
            }
            ck::Stmt::For {
                init,
                cond,
                step,
                body,
                unroll,
            } => {
                for s in init {
                    self.stmt(s)?;
                }
                self.b.open_block();
                if let Some(c) = cond {
                    self.break_unless(c)?;
                }
                self.stmt(body)?;
                let body = self.b.close_block();
                self.b.open_block();
                if let Some(step) = step {
                    self.expr(step)?;
                }
                let continuing = self.b.close_block();
                self.b.push(Stmt::Loop {
                    body,
                    continuing,
                    break_if: None,
                    unroll: unroll_request(*unroll),
                });
            }
            // Labels only matter to `goto` (see `goto.rs`).
            ck::Stmt::Label(_) => {}
            ck::Stmt::Goto { label, span } => self.goto(label, *span)?,
            ck::Stmt::Break => self.b.push(Stmt::Break),
            ck::Stmt::Continue => self.b.push(Stmt::Continue),
            ck::Stmt::Return(value) => {
                let v = match value {
                    Some(e) => Some(self.expr(e)?),
                    None => None,
                };
                self.b.push(Stmt::Return(v));
            }
        }
        Ok(())
    }

    fn sub_block(&mut self, s: &ck::Stmt) -> Result<Block, LowerError> {
        self.b.open_block();
        self.stmt(s)?;
        Ok(self.b.close_block())
    }

    /// `if (!cond) break;`
    fn break_unless(&mut self, cond: &ck::Expr) -> Result<(), LowerError> {
        let c = self.expr(cond)?;
        let c = self.num_to_bool(c);
        let bt = self.b.value_type(c);
        let stop = self.b.emit(Op::Unary(UnaryOp::Not, c), bt);
        self.b.push_break_if(stop);
        Ok(())
    }

    /// Stores an initializer into a location of checked type `ty` (arrays element by
    /// element; missing trailing elements are zero).
    fn initialize(
        &mut self,
        place: Place,
        ty: &CType,
        init: &ck::Initializer,
        span: oclc_frontend::source::Span,
    ) -> Result<(), LowerError> {
        match (init, ty) {
            (ck::Initializer::Expr(e), _) => {
                let v = self.expr(e)?;
                self.store_place(&place, v, ty, span)
            }
            (ck::Initializer::List(items), CType::Array { elem, len }) => {
                let Place::Addr(base) = place else {
                    return self.unsupported(span, "array initializer for a value binding");
                };
                let pty = self.element_pointer(base, elem);
                let given = (items.len() as u64).min(*len);
                for (i, item) in items.iter().take(given as usize).enumerate() {
                    let idx = self.b.const_i64(i as i64);
                    let addr = self.b.emit(Op::IndexAddr { base, index: idx }, pty);
                    self.initialize(Place::Addr(addr), elem, item, span)?;
                }
                self.zero_fill_elements(base, elem, given..*len, span)
            }
            (ck::Initializer::Zero, _) => {
                let Place::Addr(addr) = place else {
                    return self.unsupported(span, "zero initializer for a value binding");
                };
                self.zero_fill(addr, ty, span)
            }
            (ck::Initializer::List(items), CType::Struct(s)) if s.is_union() => {
                let Place::Addr(base) = place else {
                    return self.unsupported(span, "union initializer for a value binding");
                };
                let Some(layout) = s.layout() else {
                    return self.unsupported(span, "initializer for an incomplete union");
                };
                self.zero_fill(base, ty, span)?;
                for (i, f) in layout.fields.iter().enumerate() {
                    match items.get(i) {
                        Some(ck::Initializer::Zero) | None => {}
                        Some(item) => {
                            let addr = self.union_member_addr(base, &f.ty);
                            self.initialize(Place::Addr(addr), &f.ty, item, span)?;
                        }
                    }
                }
                Ok(())
            }
            (ck::Initializer::List(items), CType::Struct(s)) => {
                let Place::Addr(base) = place else {
                    return self.unsupported(span, "struct initializer for a value binding");
                };
                let Some(layout) = s.layout() else {
                    return self.unsupported(span, "initializer for an incomplete struct");
                };
                let pt = self.b.value_type(base);
                let (space, _) = self.types().pointee(pt).expect("pointer");
                for (i, f) in layout.fields.iter().enumerate() {
                    let fty = self.sty(&f.ty);
                    let pty = self.types().pointer(space, fty);
                    let field = super::types::ir_field_index(self.types(), s, i as u32);
                    let addr = self.b.emit(Op::FieldAddr { base, field }, pty);
                    match items.get(i) {
                        Some(item) => self.initialize(Place::Addr(addr), &f.ty, item, span)?,
                        None => self.zero_fill(addr, &f.ty, span)?,
                    }
                }
                Ok(())
            }
            (ck::Initializer::List(_), _) => {
                self.unsupported(span, format!("brace initializer for {}", ty.display()))
            }
        }
    }

    /// The address of a union member of checked type `member`: the union's own address
    /// reinterpreted (every member starts at offset 0).
    fn union_member_addr(
        &mut self,
        union_addr: oclc_ir::op::ValueId,
        member: &CType,
    ) -> oclc_ir::op::ValueId {
        let fty = self.sty(member);
        let pt = self.b.value_type(union_addr);
        let (space, _) = self.types().pointee(pt).expect("pointer");
        let pty = self.types().pointer(space, fty);
        self.b.emit(
            Op::Bitcast {
                value: union_addr,
                to: pty,
            },
            pty,
        )
    }

    /// Stores zero into every scalar of the `ty` that `addr` points to.
    pub(super) fn zero_fill(
        &mut self,
        addr: oclc_ir::op::ValueId,
        ty: &CType,
        span: oclc_frontend::source::Span,
    ) -> Result<(), LowerError> {
        match ty {
            CType::Array { elem, len } => self.zero_fill_elements(addr, elem, 0..*len, span),
            CType::Bool => {
                let u8t = self.types().scalar(ScalarType::U8);
                let z = self.const_of(u8t, 0);
                self.b.store(addr, z);
                Ok(())
            }
            CType::Scalar(_) | CType::Vector(..) => {
                let t = self.sty(ty);
                let z = self.const_of(t, 0);
                self.b.store(addr, z);
                Ok(())
            }
            CType::Struct(s) if s.is_union() && s.layout().is_some() => {
                // Zeroing every member through its view covers the whole union.
                for f in &s.layout().expect("complete").fields {
                    let a = self.union_member_addr(addr, &f.ty);
                    self.zero_fill(a, &f.ty, span)?;
                }
                Ok(())
            }
            CType::Struct(s) if s.layout().is_some() => {
                let layout = s.layout().expect("complete");
                let pt = self.b.value_type(addr);
                let (space, _) = self.types().pointee(pt).expect("pointer");
                for (i, f) in layout.fields.iter().enumerate() {
                    let fty = self.sty(&f.ty);
                    let pty = self.types().pointer(space, fty);
                    let field = super::types::ir_field_index(self.types(), s, i as u32);
                    let a = self.b.emit(Op::FieldAddr { base: addr, field }, pty);
                    self.zero_fill(a, &f.ty, span)?;
                }
                Ok(())
            }
            _ => self.unsupported(span, format!("zero-initializing {}", ty.display())),
        }
    }
}

/// The IR's form of a loop's unrolling request.
fn unroll_request(u: ck::LoopUnroll) -> oclc_ir::Unroll {
    match u {
        ck::LoopUnroll::Auto => oclc_ir::Unroll::Auto,
        ck::LoopUnroll::Never => oclc_ir::Unroll::Never,
        ck::LoopUnroll::Full => oclc_ir::Unroll::Full,
        ck::LoopUnroll::Count(n) => oclc_ir::Unroll::Count(n),
    }
}
