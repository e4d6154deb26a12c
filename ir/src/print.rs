//! The IR text form (printing). The syntax is line-oriented and regular so that the parser in
//! `parse.rs` reads back exactly what is printed here:
//!
//! ```text
//! kernel @vecadd(%0 "a": ptr<global, f32> const, %1 "b": ptr<global, f32>) -> void {
//!   local $0 "i": private i32
//!   %2: u64 = global_id 0
//!   %3: i32 = convert %2
//!   store %4, %3
//!   if %5 {
//!   } else {
//!   }
//!   loop {
//!   } continuing {
//!   } break_if %9
//!   barrier local
//!   return
//! }
//! ```

use std::fmt::Write;

use crate::module::{Block, Function, FunctionKind, Module, Stmt, Unroll};
use crate::op::{BinaryOp, CmpOp, Const, Dim, Op, Rounding, UnaryOp};
use crate::types::{ScalarType, TypeTable};

/// Prints a whole module in text form.
pub fn print_module(module: &Module) -> String {
    let mut out = String::new();
    if module.volatile_memory {
        out.push_str("module volatile_memory\n\n");
    }
    for (i, g) in module.globals.iter().enumerate() {
        let _ = write!(
            out,
            "global @g{} \"{}\": {} {}",
            i,
            escape(&g.name),
            g.space.name(),
            module.types.display(g.ty)
        );
        if let Some(bytes) = &g.init {
            out.push_str(" = bytes ");
            for b in bytes {
                let _ = write!(out, "{b:02x}");
            }
        }
        out.push('\n');
    }
    if !module.globals.is_empty() {
        out.push('\n');
    }
    for (i, f) in module.functions.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        print_function(&mut out, module, f);
    }
    out
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn print_function(out: &mut String, module: &Module, f: &Function) {
    let types = &module.types;
    let kind = match &f.kind {
        FunctionKind::Kernel(_) => "kernel",
        FunctionKind::Helper => "func",
    };
    let _ = write!(out, "{kind} @{}(", f.name);
    for (i, p) in f.params.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(
            out,
            "%{} \"{}\": {}",
            p.value.0,
            escape(&p.name),
            types.display(p.ty)
        );
        if p.is_const {
            out.push_str(" const");
        }
        if p.is_restrict {
            out.push_str(" restrict");
        }
        if !p.type_name.is_empty() {
            let _ = write!(out, " type \"{}\"", escape(&p.type_name));
        }
    }
    let _ = write!(out, ") -> {}", types.display(f.ret));
    if f.is_library {
        out.push_str(" library");
    }
    if f.is_import {
        out.push_str(" import");
    }
    if let FunctionKind::Kernel(attrs) = &f.kind {
        if let Some([x, y, z]) = attrs.reqd_work_group_size {
            let _ = write!(out, " reqd_work_group_size({x}, {y}, {z})");
        }
        if let Some([x, y, z]) = attrs.work_group_size_hint {
            let _ = write!(out, " work_group_size_hint({x}, {y}, {z})");
        }
        if let Some((s, n)) = attrs.vec_type_hint {
            let _ = write!(out, " vec_type_hint({}, {n})", s.name());
        }
        if let Some(v) = &attrs.groups_variant {
            let _ = write!(
                out,
                " groups_variant({:?}, {}, {})",
                v.kernel, v.dim, v.factor
            );
        }
        if let Some(of) = &attrs.variant_of {
            let _ = write!(out, " variant_of({of:?})");
        }
    }
    out.push_str(" {\n");
    for (i, l) in f.locals.iter().enumerate() {
        let _ = writeln!(
            out,
            "  local ${} \"{}\": {} {}",
            i,
            escape(&l.name),
            l.space.name(),
            types.display(l.ty)
        );
    }
    print_block(out, module, f, &f.body, 1);
    out.push_str("}\n");
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn print_block(out: &mut String, module: &Module, f: &Function, block: &Block, depth: usize) {
    for stmt in &block.stmts {
        indent(out, depth);
        match stmt {
            Stmt::Let { value, op } => {
                let _ = write!(
                    out,
                    "%{}: {} = ",
                    value.0,
                    module.types.display(f.value_type(*value))
                );
                print_op(out, module, op);
                out.push('\n');
            }
            Stmt::Store { ptr, value } => {
                let _ = writeln!(out, "store %{}, %{}", ptr.0, value.0);
            }
            Stmt::If {
                cond,
                then_body,
                else_body,
            } => {
                let _ = writeln!(out, "if %{} {{", cond.0);
                print_block(out, module, f, then_body, depth + 1);
                indent(out, depth);
                out.push_str("} else {\n");
                print_block(out, module, f, else_body, depth + 1);
                indent(out, depth);
                out.push_str("}\n");
            }
            Stmt::Loop {
                body,
                continuing,
                break_if,
                unroll,
            } => {
                out.push_str("loop ");
                match unroll {
                    Unroll::Auto => {}
                    Unroll::Never => out.push_str("nounroll "),
                    Unroll::Full => out.push_str("unroll "),
                    Unroll::Count(n) => {
                        let _ = write!(out, "unroll({n}) ");
                    }
                }
                out.push_str("{\n");
                print_block(out, module, f, body, depth + 1);
                indent(out, depth);
                out.push_str("} continuing {\n");
                print_block(out, module, f, continuing, depth + 1);
                indent(out, depth);
                match break_if {
                    Some(c) => {
                        let _ = writeln!(out, "}} break_if %{}", c.0);
                    }
                    None => out.push_str("}\n"),
                }
            }
            Stmt::Break => out.push_str("break\n"),
            Stmt::Continue => out.push_str("continue\n"),
            Stmt::Return(None) => out.push_str("return\n"),
            Stmt::Return(Some(v)) => {
                let _ = writeln!(out, "return %{}", v.0);
            }
            Stmt::Switch { selector, cases } => {
                let _ = writeln!(out, "switch %{} {{", selector.0);
                for c in cases {
                    indent(out, depth);
                    let mut labels: Vec<String> = c.values.iter().map(|v| v.to_string()).collect();
                    if c.is_default {
                        labels.push("default".to_string());
                    }
                    let _ = writeln!(
                        out,
                        "case {}{} {{",
                        labels.join(", "),
                        if c.fall_through { " fallthrough" } else { "" }
                    );
                    print_block(out, module, f, &c.body, depth + 1);
                    indent(out, depth);
                    out.push_str("}\n");
                }
                indent(out, depth);
                out.push_str("}\n");
            }
            Stmt::Fence { fence } => {
                out.push_str("fence");
                if fence.local {
                    out.push_str(" local");
                }
                if fence.global {
                    out.push_str(" global");
                }
                out.push('\n');
            }
            Stmt::Barrier { fence } => {
                out.push_str("barrier");
                if fence.local {
                    out.push_str(" local");
                }
                if fence.global {
                    out.push_str(" global");
                }
                out.push('\n');
            }
        }
    }
}

/// Text-form name of a unary operator.
pub fn unary_name(op: UnaryOp) -> &'static str {
    match op {
        UnaryOp::Neg => "neg",
        UnaryOp::Not => "not",
    }
}

/// Text-form name of a binary operator.
pub fn binary_name(op: BinaryOp) -> &'static str {
    match op {
        BinaryOp::Add => "add",
        BinaryOp::Sub => "sub",
        BinaryOp::Mul => "mul",
        BinaryOp::Div => "div",
        BinaryOp::Rem => "rem",
        BinaryOp::Shl => "shl",
        BinaryOp::Shr => "shr",
        BinaryOp::And => "and",
        BinaryOp::Or => "or",
        BinaryOp::Xor => "xor",
    }
}

/// Text-form name of a comparison.
pub fn cmp_name(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Eq => "eq",
        CmpOp::Ne => "ne",
        CmpOp::Lt => "lt",
        CmpOp::Le => "le",
        CmpOp::Gt => "gt",
        CmpOp::Ge => "ge",
    }
}

/// Text-form suffix of a rounding mode ("" for the default).
pub fn rounding_suffix(r: Rounding) -> &'static str {
    match r {
        Rounding::Default => "",
        Rounding::Rte => ".rte",
        Rounding::Rtz => ".rtz",
        Rounding::Rtp => ".rtp",
        Rounding::Rtn => ".rtn",
    }
}

/// Formats a constant's value (floats in shortest round-trip form, non-finite as raw bits).
pub fn const_text(c: &Const) -> String {
    match c.ty {
        ScalarType::Bool => if c.bits != 0 { "true" } else { "false" }.to_string(),
        t if t.is_float() => {
            let v = c.as_f64();
            if v.is_finite() {
                match t {
                    ScalarType::F32 => format!("{:?}", f32::from_bits(c.bits as u32)),
                    _ => format!("{v:?}"),
                }
            } else {
                format!("0x{:x}", c.bits)
            }
        }
        t if t.is_signed() => c.as_i64().to_string(),
        _ => c.bits.to_string(),
    }
}

fn list(values: &[crate::op::ValueId]) -> String {
    values
        .iter()
        .map(|v| format!("%{}", v.0))
        .collect::<Vec<_>>()
        .join(", ")
}

fn print_op(out: &mut String, module: &Module, op: &Op) {
    let _types: &TypeTable = &module.types;
    let _ = match op {
        Op::Const(c) => write!(out, "const {}", const_text(c)),
        Op::Unary(u, a) => write!(out, "{} %{}", unary_name(*u), a.0),
        Op::Binary(b, x, y) => write!(out, "{} %{}, %{}", binary_name(*b), x.0, y.0),
        Op::Compare(c, x, y) => write!(out, "cmp.{} %{}, %{}", cmp_name(*c), x.0, y.0),
        Op::Select {
            cond,
            if_true,
            if_false,
        } => write!(out, "select %{}, %{}, %{}", cond.0, if_true.0, if_false.0),
        Op::Convert {
            value,
            saturate,
            rounding,
            ..
        } => write!(
            out,
            "convert{}{} %{}",
            if *saturate { ".sat" } else { "" },
            rounding_suffix(*rounding),
            value.0
        ),
        Op::Bitcast { value, .. } => write!(out, "bitcast %{}", value.0),
        Op::GenericCast { value, .. } => write!(out, "generic_cast %{}", value.0),
        Op::Splat { value, .. } => write!(out, "splat %{}", value.0),
        Op::Extract { vector, lane } => write!(out, "extract %{}, {}", vector.0, lane),
        Op::Insert {
            vector,
            lane,
            value,
        } => write!(out, "insert %{}, {}, %{}", vector.0, lane, value.0),
        Op::Shuffle { a, b, lanes } => write!(
            out,
            "shuffle %{}, %{} [{}]",
            a.0,
            b.0,
            lanes
                .iter()
                .map(|l| l.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Op::Compose { parts, .. } => write!(out, "compose {}", list(parts)),
        Op::LocalAddr(l) => write!(out, "local_addr ${}", l.0),
        Op::GlobalAddr(g) => write!(out, "global_addr @g{}", g.0),
        Op::PtrOffset { base, index } => write!(out, "ptr_offset %{}, %{}", base.0, index.0),
        Op::IndexAddr { base, index } => write!(out, "index_addr %{}, %{}", base.0, index.0),
        Op::FieldAddr { base, field } => write!(out, "field_addr %{}, {}", base.0, field),
        Op::Load { ptr } => write!(out, "load %{}", ptr.0),
        Op::WorkItem { query, dim } => match dim {
            _ if query.is_dimensionless() => write!(out, "{}", query.name()),
            Dim::Const(d) => write!(out, "{} {}", query.name(), d),
            Dim::Dynamic(v) => write!(out, "{} %{}", query.name(), v.0),
        },
        Op::Math { func, args } => write!(out, "math.{} {}", func.name(), list(args)),
        Op::Atomic {
            op,
            ptr,
            args,
            order,
            scope,
        } => {
            let mut operands = vec![format!("%{}", ptr.0)];
            operands.extend(args.iter().map(|a| format!("%{}", a.0)));
            write!(
                out,
                "atomic.{} {} {} {}",
                op.name(),
                order_name(*order),
                scope_name(*scope),
                operands.join(", ")
            )
        }
        Op::Printf { format, args } => {
            let _ = write!(out, "printf \"{}\"", escape_string(format));
            for a in args {
                let _ = write!(out, ", %{}", a.0);
            }
            Ok(())
        }
        Op::SamplerConst(bits) => write!(out, "sampler_const {}", bits.0),
        Op::ImageRead {
            image,
            sampler,
            coord,
        } => match sampler {
            Some(s) => write!(out, "image_read %{}, %{}, %{}", image.0, s.0, coord.0),
            None => write!(out, "image_read %{}, %{}", image.0, coord.0),
        },
        Op::ImageWrite {
            image,
            coord,
            value,
        } => write!(out, "image_write %{}, %{}, %{}", image.0, coord.0, value.0),
        Op::ImageQuery { query, image } => {
            write!(out, "image_query.{} %{}", query.name(), image.0)
        }
        Op::Call { func, args } => {
            write!(out, "call @{}({})", module.function(*func).name, list(args))
        }
    };
}

/// Text-form name of a memory order.
pub fn order_name(o: crate::op::MemoryOrder) -> &'static str {
    use crate::op::MemoryOrder::*;
    match o {
        Relaxed => "relaxed",
        Acquire => "acquire",
        Release => "release",
        AcqRel => "acq_rel",
        SeqCst => "seq_cst",
    }
}

/// Text-form name of a memory scope.
pub fn scope_name(s: crate::op::MemoryScope) -> &'static str {
    use crate::op::MemoryScope::*;
    match s {
        WorkItem => "work_item",
        WorkGroup => "work_group",
        Device => "device",
        AllDevices => "all_devices",
    }
}

/// Escapes a string for the text form: backslash, quote and control characters as `\\xNN`.
pub fn escape_string(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out
}
