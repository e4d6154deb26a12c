//! A small helper for constructing functions: it tracks the block being filled so that
//! nested `if`/`loop` bodies can be built in order. Used by the lowering and by tests.

use crate::module::{Block, FuncId, Function, FunctionKind, LocalId, Param, Stmt};
use crate::op::{Const, Op, ValueId};
use crate::span::{SourceSpan, SpanTable};
use crate::types::{AddressSpace, ScalarType, TypeId, TypeTable};

/// Builds one [`Function`] statement by statement.
pub struct FunctionBuilder<'t> {
    /// The module's type table (types are interned as they are needed).
    pub types: &'t mut TypeTable,
    func: Function,
    open: Vec<Block>,
    /// Values known to all have a span (the range of the last [`Self::fill_spans`]), so
    /// that nested fills skip them: an `a + b + ...` chain fills each value once, not once
    /// per enclosing expression.
    filled: std::ops::Range<u32>,
}

impl<'t> FunctionBuilder<'t> {
    /// Starts a function with no parameters and an empty body.
    pub fn new(types: &'t mut TypeTable, name: &str, kind: FunctionKind, ret: TypeId) -> Self {
        FunctionBuilder {
            types,
            func: Function {
                name: name.to_string(),
                kind,
                params: Vec::new(),
                ret,
                locals: Vec::new(),
                value_types: Vec::new(),
                body: Block::new(),
                is_library: false,
                is_import: false,
                spans: SpanTable::default(),
            },
            open: vec![Block::new()],
            filled: 0..0,
        }
    }

    /// Adds a parameter and returns the value standing for it.
    pub fn param(&mut self, name: &str, ty: TypeId) -> ValueId {
        let value = self.func.new_value(ty);
        self.func.params.push(Param {
            name: name.to_string(),
            ty,
            value,
            type_name: String::new(),
            is_const: false,
            is_restrict: false,
        });
        value
    }

    /// Mutable access to the parameters (to set argument-info fields).
    pub fn params_mut(&mut self) -> &mut Vec<Param> {
        &mut self.func.params
    }

    /// Adds a variable.
    pub fn local(&mut self, name: &str, ty: TypeId, space: AddressSpace) -> LocalId {
        self.func.new_local(name, ty, space)
    }

    /// The type of a value defined so far.
    pub fn value_type(&self, v: ValueId) -> TypeId {
        self.func.value_type(v)
    }

    /// Appends `let %new: ty = op` to the current block.
    pub fn emit(&mut self, op: Op, ty: TypeId) -> ValueId {
        let value = self.func.new_value(ty);
        self.push(Stmt::Let { value, op });
        value
    }

    /// The number of values defined so far (the id the next value gets).
    pub fn value_count(&self) -> u32 {
        self.func.value_types.len() as u32
    }

    /// Gives the values numbered from `first` on that have no source span yet `span` (see
    /// [`SpanTable::fill`]).
    pub fn fill_spans(&mut self, first: u32, span: SourceSpan) {
        let end = self.value_count();
        let done = self.filled.clone();
        if first > done.end || done.start >= done.end {
            // Disjoint from the values filled before: fill all of them.
            self.func.spans.fill(first, end, span);
            self.filled = first..end;
            return;
        }
        // Values of `done` already have spans; fill the ones before and after it.
        self.func.spans.fill(first, done.start.max(first), span);
        self.func.spans.fill(done.end.max(first), end, span);
        self.filled = first.min(done.start)..end.max(done.end);
    }

    /// Appends a scalar constant.
    pub fn constant(&mut self, c: Const) -> ValueId {
        let ty = self.types.scalar(c.ty);
        self.emit(Op::Const(c), ty)
    }

    /// Appends an `i64` constant (the index type of address arithmetic).
    pub fn const_i64(&mut self, v: i64) -> ValueId {
        self.constant(Const::int(ScalarType::I64, v))
    }

    /// Appends the address of a variable.
    pub fn local_addr(&mut self, local: LocalId) -> ValueId {
        let l = self.func.local(local).clone();
        let ty = self.types.pointer(l.space, l.ty);
        self.emit(Op::LocalAddr(local), ty)
    }

    /// Appends a load through `ptr`.
    pub fn load(&mut self, ptr: ValueId) -> ValueId {
        let pointee = self
            .types
            .pointee(self.func.value_type(ptr))
            .expect("load through a non-pointer")
            .1;
        self.emit(Op::Load { ptr }, pointee)
    }

    /// Appends a store.
    pub fn store(&mut self, ptr: ValueId, value: ValueId) {
        self.push(Stmt::Store { ptr, value });
    }

    /// Appends a call of `func`, whose result type is `ret`.
    pub fn call(&mut self, func: FuncId, args: Vec<ValueId>, ret: TypeId) -> ValueId {
        self.emit(Op::Call { func, args }, ret)
    }

    /// Appends any statement to the current block.
    pub fn push(&mut self, stmt: Stmt) {
        self.open
            .last_mut()
            .expect("no open block")
            .stmts
            .push(stmt);
    }

    /// Appends `if (cond) break;` (leaving the innermost loop when `cond` holds).
    pub fn push_break_if(&mut self, cond: ValueId) {
        self.open_block();
        self.push(Stmt::Break);
        let then_body = self.close_block();
        self.push(Stmt::If {
            cond,
            then_body,
            else_body: Block::new(),
        });
    }

    /// Opens a nested block; statements go there until [`FunctionBuilder::close_block`].
    pub fn open_block(&mut self) {
        self.open.push(Block::new());
    }

    /// Closes the innermost nested block and returns it (to put in an `If` or `Loop`).
    pub fn close_block(&mut self) -> Block {
        assert!(self.open.len() > 1, "close_block without open_block");
        self.open.pop().unwrap()
    }

    /// True when the current block already ends with `break`, `continue` or `return`.
    pub fn terminated(&self) -> bool {
        matches!(
            self.open.last().and_then(|b| b.stmts.last()),
            Some(Stmt::Break | Stmt::Continue | Stmt::Return(_))
        )
    }

    /// Finishes the function.
    pub fn finish(mut self) -> Function {
        assert_eq!(self.open.len(), 1, "unclosed blocks at finish");
        self.func.body = self.open.pop().unwrap();
        self.func
    }
}
