//! Translation of a *routine*: an IR function of scalars (a built-in of oclc's library with
//! its callees inlined, see [`crate::object::builtins`]) as a Cranelift function taking and
//! returning them directly, which kernels call as the JIT's code calls the routines of
//! [`crate::mathlib`]. Its body runs as the one work-item of a work-group of one: no
//! context, no work-item loop.

use cranelift_codegen::ir::{self, types, InstBuilder, Signature, UserFuncName};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use oclc_ir::{Function, Op, Stmt, TypeTable};

use super::{Env, FunctionShape, Tx, Wi};
use crate::error::CompileError;
use crate::plan::{plan, GROUP};

/// Translates `func` (every call inlined) into a function with signature `sig`, whose
/// parameters are the pieces of `func`'s parameters in order and whose results are the
/// pieces of its result. Fails on what needs a work-group (work-item queries, barriers,
/// `__local` variables, printf, images): a routine has none.
pub fn translate_routine(
    types: &TypeTable,
    func: &Function,
    sig: Signature,
    env: &mut Env,
) -> Result<ir::Function, CompileError> {
    refuse_work_group_operations(func)?;
    let p = plan(types, func);
    let mut clif =
        ir::Function::with_name_signature(UserFuncName::testcase(func.name.as_str()), sig);
    let mut fctx = FunctionBuilderContext::new();
    let b = FunctionBuilder::new(&mut clif, &mut fctx);
    let mut tx = Tx::new(types, func, &p, env, b, FunctionShape::Routine);
    tx.env.notes.clear();
    tx.run_routine()?;
    tx.b.seal_all_blocks();
    let config = tx.env.module.isa().frontend_config();
    tx.b.finalize(config);
    Ok(clif)
}

impl Tx<'_, '_, '_> {
    /// Binds the parameters to the function's own, runs the body once and returns the
    /// value `return` left in [`Tx::ret_vars`].
    fn run_routine(&mut self) -> Result<(), CompileError> {
        let f = self.f;
        let entry = self
            .b
            .func
            .layout
            .entry_block()
            .expect("the entry block exists");
        let mut incoming = self.b.block_params(entry).to_vec().into_iter();
        for p in &f.params {
            let mut lanes = Vec::new();
            for pc in self.pieces_of(p.ty)? {
                match incoming.next() {
                    Some(v) if self.b.func.dfg.value_type(v) == pc.ty => lanes.push(v),
                    _ => return Err(self.signature_mismatch()),
                }
            }
            self.vals.insert(p.value, lanes);
        }
        let ret_pieces = self.pieces_of(f.ret)?;
        let returns: Vec<_> = self
            .b
            .func
            .signature
            .returns
            .iter()
            .map(|r| r.value_type)
            .collect();
        if incoming.next().is_some() || ret_pieces.iter().map(|pc| pc.ty).ne(returns) {
            return Err(self.signature_mismatch());
        }
        self.ret_vars = Some(
            ret_pieces
                .iter()
                .map(|pc| self.b.declare_var(pc.ty))
                .collect(),
        );
        self.declare_promoted_vars()?;
        self.create_private_slots();
        let zero = self.b.ins().iconst(types::I64, 0);
        self.wi = Some(Wi {
            lid: [zero; 3],
            lin: zero,
            next: self.exit,
        });
        self.region = GROUP;
        self.region_loop_base = 0;
        self.work_item_stmts(&f.body.stmts, GROUP)?;
        if !self.terminated {
            self.b.ins().jump(self.exit, &[]);
        }
        self.b.switch_to_block(self.exit);
        let vars = self.ret_vars.clone().unwrap_or_default();
        let results: Vec<_> = vars.iter().map(|v| self.b.use_var(*v)).collect();
        self.b.ins().return_(&results);
        Ok(())
    }

    fn signature_mismatch(&self) -> CompileError {
        CompileError::Codegen {
            function: self.f.name.clone(),
            message: "the routine's parameters or result do not match its signature".into(),
        }
    }
}

/// Fails when `func` uses what only a kernel's work-group function provides.
fn refuse_work_group_operations(func: &Function) -> Result<(), CompileError> {
    let mut found = None;
    oclc_ir::walk_stmts(&func.body, &mut |s| {
        let what = match s {
            Stmt::Barrier { .. } => Some("a barrier"),
            Stmt::Let { op, .. } => match op {
                Op::WorkItem { .. } => Some("a work-item query"),
                Op::Printf { .. } => Some("printf"),
                Op::ImageRead { .. } | Op::ImageWrite { .. } | Op::ImageQuery { .. } => {
                    Some("an image operation")
                }
                Op::Call { .. } => Some("a call that was not inlined"),
                _ => None,
            },
            _ => None,
        };
        found = found.or(what);
    });
    let local = func
        .locals
        .iter()
        .any(|l| l.space == oclc_ir::AddressSpace::Local);
    match found.or(local.then_some("a __local variable")) {
        Some(what) => Err(CompileError::Codegen {
            function: func.name.clone(),
            message: format!("{what} in a routine (it runs outside any work-group)"),
        }),
        None => Ok(()),
    }
}
