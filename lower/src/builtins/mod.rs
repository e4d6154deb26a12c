//! Built-in function calls, lowered to IR operations or short IR sequences with the same
//! meaning: work-item queries and synchronization here, element-wise functions in
//! [`elementwise`], geometric functions in [`geometric`], conversions and vector shuffles
//! in [`reinterpret`], memory accesses (vector loads/stores, atomics, pointer results) in
//! [`memory`], work-group functions in [`workgroup`], images and samplers in [`image`].

mod async_copy;
mod atomic20;
mod elementwise;
mod generic;
mod geometric;
pub mod image;
mod memory;
mod reinterpret;
mod workgroup;

use oclc_frontend::check::builtins::BuiltinId as B;
use oclc_frontend::checked::{self as ck, BinOp, CType, ExprKind};

use super::function::FnLower;
use super::LowerError;
use oclc_ir::module::Stmt;
use oclc_ir::op::{Const, Dim, MemFence, Op, ValueId, WorkItemQuery};
use oclc_ir::types::ScalarType;

/// Evaluates a constant integer expression (literals, conversions, `|`, `&`, `+`).
pub(super) fn const_int(e: &ck::Expr) -> Option<u64> {
    match &e.kind {
        ExprKind::IntConst(v) => Some(*v),
        ExprKind::Convert(a) => const_int(a),
        ExprKind::Binary { op, lhs, rhs } => {
            let (a, b) = (const_int(lhs)?, const_int(rhs)?);
            match op {
                BinOp::BitOr => Some(a | b),
                BinOp::BitAnd => Some(a & b),
                BinOp::Add => Some(a.wrapping_add(b)),
                _ => None,
            }
        }
        _ => None,
    }
}

fn work_item_query(name: &str) -> Option<WorkItemQuery> {
    Some(match name {
        "get_global_id" => WorkItemQuery::GlobalId,
        "get_local_id" => WorkItemQuery::LocalId,
        "get_group_id" => WorkItemQuery::GroupId,
        "get_global_size" => WorkItemQuery::GlobalSize,
        "get_local_size" => WorkItemQuery::LocalSize,
        "get_num_groups" => WorkItemQuery::NumGroups,
        "get_global_offset" => WorkItemQuery::GlobalOffset,
        "get_work_dim" => WorkItemQuery::WorkDim,
        _ => return None,
    })
}

impl FnLower<'_, '_> {
    /// Lowers a call of a built-in whose chosen overload has parameter types `params`.
    pub fn builtin(
        &mut self,
        id: B,
        params: &[CType],
        args: &[ck::Expr],
        e: &ck::Expr,
    ) -> Result<ValueId, LowerError> {
        match id {
            B::Named(name) => {
                if let Some(query) = work_item_query(name) {
                    return self.work_item_call(query, args, e);
                }
                if image::is_image_builtin(name) {
                    return self.image_call(name, args, e);
                }
                match name {
                    "barrier" | "mem_fence" | "read_mem_fence" | "write_mem_fence" => {
                        self.sync_call(name, args)
                    }
                    // The memory scope argument widens visibility beyond the work-group,
                    // which no other work-group can observe at a barrier; it is evaluated
                    // for its effects only.
                    "work_group_barrier" => {
                        for a in args.iter().skip(1) {
                            self.expr(a)?;
                        }
                        self.sync_call("barrier", &args[..1])
                    }
                    "prefetch" => {
                        for a in args {
                            self.expr(a)?;
                        }
                        Ok(self.konst(Const::i32(0)))
                    }
                    "async_work_group_copy" | "async_work_group_strided_copy" => {
                        self.async_copy_call(name, params, args)
                    }
                    "wait_group_events" => self.wait_group_events_call(args),
                    _ if oclc_frontend::check::builtins::catalogue::CL20_ATOMICS
                        .contains(&name) =>
                    {
                        self.atomic20_call(name, args, e)
                    }
                    _ if name.starts_with("atom") => self.atomic_call(name, params, args, e),
                    _ if name.starts_with("work_group_") => self.work_group_call(name, args, e),
                    "fract" | "modf" | "sincos" | "frexp" | "lgamma_r" | "remquo" => {
                        self.pointer_result_call(name, args, e)
                    }
                    _ => self.elementwise(name, args, e),
                }
            }
            B::Convert { saturate, rounding } => self.convert_call(saturate, rounding, args, e),
            B::AsType => self.as_type_call(args, e),
            B::Shuffle | B::Shuffle2 => self.shuffle_call(args, e),
            B::VLoad {
                lanes,
                half,
                aligned,
            } => self.vload_call(lanes, half, aligned, args, e),
            B::VStore {
                lanes,
                half,
                aligned,
                rounding,
            } => self.vstore_call(lanes, half, aligned, rounding, args),
            B::Printf => self.printf_call(args, e),
            B::ToSpace(_) => self.generic_cast_call(args, e),
            B::GetFence => self.get_fence_call(args),
        }
    }

    fn work_item_call(
        &mut self,
        query: WorkItemQuery,
        args: &[ck::Expr],
        e: &ck::Expr,
    ) -> Result<ValueId, LowerError> {
        let dim = match args.first() {
            None => Dim::Const(0),
            Some(a) => match const_int(a) {
                Some(d) => Dim::Const(d.min(u32::MAX as u64) as u32),
                None => {
                    let v = self.expr(a)?;
                    let u32t = self.types().scalar(ScalarType::U32);
                    Dim::Dynamic(self.arith_convert(v, u32t))
                }
            },
        };
        let ty = self.vty(&e.ty);
        Ok(self.b.emit(Op::WorkItem { query, dim }, ty))
    }

    fn sync_call(&mut self, name: &str, args: &[ck::Expr]) -> Result<ValueId, LowerError> {
        let flags = args.first().and_then(const_int).unwrap_or(3);
        if args.first().is_some_and(|a| const_int(a).is_none()) {
            // Evaluate a computed flag argument for its effects; both fences apply.
            self.expr(&args[0])?;
        }
        let fence = MemFence {
            local: flags & 1 != 0,
            global: flags & 2 != 0,
        };
        self.b.push(if name == "barrier" {
            Stmt::Barrier { fence }
        } else {
            Stmt::Fence { fence }
        });
        // These are void; the value is never used.
        Ok(self.konst(Const::i32(0)))
    }

    fn printf_call(&mut self, args: &[ck::Expr], e: &ck::Expr) -> Result<ValueId, LowerError> {
        let Some(ExprKind::StringLit(bytes)) = args.first().map(|a| &a.kind) else {
            return self.unsupported(e.span, "printf needs a string literal format");
        };
        // The literal's bytes end with the C terminating NUL, which `Op::Printf` excludes.
        let bytes = bytes.strip_suffix(&[0]).unwrap_or(bytes);
        let format = String::from_utf8_lossy(bytes).into_owned();
        let mut values = Vec::new();
        for a in &args[1..] {
            values.push(self.expr(a)?);
        }
        let ty = self.vty(&e.ty);
        Ok(self.b.emit(
            Op::Printf {
                format,
                args: values,
            },
            ty,
        ))
    }
}
