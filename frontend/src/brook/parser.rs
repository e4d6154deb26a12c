//! A recursive-descent parser for Brook+ kernels over the preprocessed token stream.
//!
//! It reports brcc's "not supported" constructs (goto, pointers, switch, static, volatile,
//! sizeof, strings, host code) with their own codes so the checker only sees kernel code.

use super::ast::*;
use super::types::{Scalar, Ty};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::lexer::{TokKind, Token};
use crate::source::Span;

/// Parses a token stream into a [`BrProgram`]; errors are added to `diags`.
pub fn parse_program(tokens: &[Token], diags: &mut Diagnostics) -> BrProgram {
    let mut p = Parser {
        toks: tokens,
        pos: 0,
        diags,
        next_id: 0,
        structs: Vec::new(),
    };
    let mut prog = BrProgram::default();
    while !p.at_end() {
        let before = p.pos;
        if p.item(&mut prog).is_err() {
            p.recover_top();
        }
        if p.pos == before {
            p.pos += 1;
        }
    }
    prog
}

/// Marker for an already reported parse error.
struct Fail;
type PResult<T> = Result<T, Fail>;

struct Parser<'a> {
    toks: &'a [Token],
    pos: usize,
    diags: &'a mut Diagnostics,
    next_id: u32,
    structs: Vec<String>,
}

impl Parser<'_> {
    fn at_end(&self) -> bool {
        self.pos >= self.toks.len()
    }

    fn peek_text(&self, k: usize) -> &str {
        self.toks.get(self.pos + k).map(|t| &*t.text).unwrap_or("")
    }

    fn text(&self) -> &str {
        self.peek_text(0)
    }

    fn span(&self) -> Span {
        self.toks
            .get(self.pos)
            .or_else(|| self.toks.last())
            .map(|t| t.report_span())
            .unwrap_or_default()
    }

    fn prev_span(&self) -> Span {
        self.toks
            .get(self.pos.saturating_sub(1))
            .map(|t| t.report_span())
            .unwrap_or_default()
    }

    fn kind(&self) -> Option<TokKind> {
        self.toks.get(self.pos).map(|t| t.kind)
    }

    fn eat(&mut self, text: &str) -> bool {
        if self.text() == text && !self.at_end() {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn error(&mut self, code: &'static str, msg: impl Into<String>, span: Span) -> Fail {
        self.diags.push(Diagnostic::error(code, msg, span));
        Fail
    }

    fn expect(&mut self, text: &str) -> PResult<()> {
        if self.eat(text) {
            Ok(())
        } else {
            let found = if self.at_end() {
                "end of file".to_string()
            } else {
                format!("'{}'", self.text())
            };
            let sp = self.span();
            Err(self.error(
                "B0100",
                format!("syntax error: expected '{text}', found {found}"),
                sp,
            ))
        }
    }

    fn ident(&mut self) -> PResult<(String, Span)> {
        if self.kind().map(|k| k.is_identifier_like()).unwrap_or(false) {
            let t = &self.toks[self.pos];
            self.pos += 1;
            Ok((t.text.to_string(), t.report_span()))
        } else {
            let sp = self.span();
            let found = self.text().to_string();
            Err(self.error(
                "B0100",
                format!("syntax error: expected a name, found '{found}'"),
                sp,
            ))
        }
    }

    fn recover_top(&mut self) {
        let mut depth = 0i32;
        while !self.at_end() {
            match self.text() {
                "{" => depth += 1,
                "}" => {
                    depth -= 1;
                    if depth <= 0 {
                        self.pos += 1;
                        return;
                    }
                }
                ";" if depth == 0 => {
                    self.pos += 1;
                    return;
                }
                _ => {}
            }
            self.pos += 1;
        }
    }

    fn new_expr(&mut self, kind: ExprKind, span: Span) -> Expr {
        self.next_id += 1;
        Expr {
            id: self.next_id,
            kind,
            span,
        }
    }

    // ---------------------------------------------------------------- types

    /// True when the tokens at the cursor start a type.
    fn starts_type(&self, k: usize) -> bool {
        let t = self.peek_text(k);
        matches!(t, "unsigned" | "signed" | "struct" | "long" | "void")
            || Ty::from_name(t).is_some()
            || self.structs.iter().any(|s| s == t)
    }

    fn ty(&mut self) -> PResult<Ty> {
        let sp = self.span();
        let t = self.text().to_string();
        self.pos += 1;
        match t.as_str() {
            "void" => Ok(Ty::Void),
            "long" => Err(self.error(
                "B0301",
                "Stream element type not supported: 'long' types are reserved in Brook+",
                sp,
            )),
            "unsigned" | "signed" => {
                let unsigned = t == "unsigned";
                let base = match self.text() {
                    "char" | "short" | "int" => {
                        let b = self.text().to_string();
                        self.pos += 1;
                        b
                    }
                    "long" => return Err(self.error(
                        "B0301",
                        "Stream element type not supported: 'long' types are reserved in Brook+",
                        sp,
                    )),
                    _ => "int".to_string(),
                };
                let name = if unsigned { format!("u{base}") } else { base };
                Ok(Ty::from_name(&name).expect("known base"))
            }
            "struct" => {
                let (n, nsp) = self.ident()?;
                if !self.structs.contains(&n) {
                    return Err(self.error(
                        "B0302",
                        format!("Unsupported variable type: struct '{n}' is not defined"),
                        nsp,
                    ));
                }
                Ok(Ty::Struct(n))
            }
            other => {
                if let Some(ty) = Ty::from_name(other) {
                    if let Ty::Prim {
                        scalar: Scalar::Double,
                        lanes,
                    } = ty
                    {
                        if lanes > 2 {
                            return Err(self.error(
                                "B0303",
                                "double data types can have 1 or 2 components",
                                sp,
                            ));
                        }
                    }
                    return Ok(ty);
                }
                if self.structs.iter().any(|s| s == other) {
                    return Ok(Ty::Struct(other.to_string()));
                }
                Err(self.error(
                    "B0100",
                    format!("syntax error: expected a type, found '{other}'"),
                    sp,
                ))
            }
        }
    }

    // ---------------------------------------------------------------- items

    fn item(&mut self, prog: &mut BrProgram) -> PResult<()> {
        let start = self.span();
        if self.text() == "typedef" {
            return Err(self.error(
                "B0104",
                "typedef is not supported in Brook+ kernels by oclc; use 'struct Name' directly",
                start,
            ));
        }
        if self.text() == "struct" && self.peek_text(2) == "{" {
            return self.struct_def(prog);
        }
        let mut group_size = None;
        while self.text() == "Attribute" {
            let attr = self.attribute()?;
            if group_size.is_some() {
                return Err(self.error(
                    "B0625",
                    "More than one GroupSize specified: only one GroupSize allowed",
                    attr.1,
                ));
            }
            group_size = Some(attr);
        }
        let mut kind = FuncKind::Helper;
        let mut saw_kind = |p: &mut Parser| -> bool {
            match p.text() {
                "kernel" | "__kernel" => {
                    kind = FuncKind::Kernel;
                    p.pos += 1;
                    true
                }
                "reduce" => {
                    kind = FuncKind::Reduce;
                    p.pos += 1;
                    true
                }
                _ => false,
            }
        };
        saw_kind(self);
        if matches!(self.text(), "static" | "extern" | "inline") {
            self.pos += 1;
        }
        if !self.starts_type(0) {
            let sp = self.span();
            let t = self.text().to_string();
            return Err(self.error(
                "B0100",
                format!("syntax error: expected a kernel or function definition, found '{t}'"),
                sp,
            ));
        }
        let ret = self.ty()?;
        saw_kind(self);
        let (name, name_span) = self.ident()?;
        if name == "main" {
            return Err(self.error(
                "B0105",
                "host code is not compiled by oclc: put the kernels of a .br file in a file of their own and drive them with `oclc run` or the runtime-lite Brook API",
                name_span,
            ));
        }
        self.expect("(")?;
        let mut params = Vec::new();
        if !self.eat(")") {
            if self.text() == "void" && self.peek_text(1) == ")" {
                self.pos += 2;
            } else {
                loop {
                    params.push(self.param()?);
                    if self.eat(")") {
                        break;
                    }
                    self.expect(",")?;
                }
            }
        }
        if self.eat(";") {
            // A prototype: brcc needs definitions before use; nothing to record.
            return Ok(());
        }
        let body = self.block_body()?;
        prog.funcs.push(Func {
            kind,
            name,
            name_span,
            ret,
            params,
            body,
            group_size,
        });
        Ok(())
    }

    fn attribute(&mut self) -> PResult<(Vec<i64>, Span)> {
        let start = self.span();
        self.pos += 1;
        self.expect("[")?;
        let (name, nsp) = self.ident()?;
        if name != "GroupSize" {
            return Err(self.error("B0601", "Unsupported kernel Attribute", nsp));
        }
        self.expect("(")?;
        let mut vals = Vec::new();
        while !self.eat(")") {
            let sp = self.span();
            let t = self.text().to_string();
            match parse_int(&t) {
                Some((v, _)) if self.kind() == Some(TokKind::IntLit) => vals.push(v),
                _ => {
                    return Err(self.error(
                        "B0602",
                        "GroupSize must have values: integer constants",
                        sp,
                    ))
                }
            }
            self.pos += 1;
            if !self.eat(",") && self.text() != ")" {
                return Err(self.expect(")").unwrap_err());
            }
        }
        self.expect("]")?;
        Ok((vals, start.to(self.prev_span())))
    }

    fn struct_def(&mut self, prog: &mut BrProgram) -> PResult<()> {
        let start = self.span();
        self.pos += 1;
        let (name, _) = self.ident()?;
        self.expect("{")?;
        let mut fields = Vec::new();
        while !self.eat("}") {
            let fsp = self.span();
            let ty = self.ty()?;
            if !matches!(ty, Ty::Prim { .. }) {
                return Err(self.error(
                    "B0304",
                    "struct members must be primitive types or short vectors",
                    fsp,
                ));
            }
            loop {
                let (f, _) = self.ident()?;
                fields.push((ty.clone(), f));
                if !self.eat(",") {
                    break;
                }
            }
            self.expect(";")?;
        }
        self.expect(";")?;
        self.structs.push(name.clone());
        prog.structs.push(StructDef {
            name,
            fields,
            span: start.to(self.prev_span()),
        });
        Ok(())
    }

    fn param(&mut self) -> PResult<Param> {
        let start = self.span();
        let (mut is_out, mut is_reduce, mut is_const) = (false, false, false);
        loop {
            match self.text() {
                "out" => is_out = true,
                "reduce" => is_reduce = true,
                "const" => is_const = true,
                "vout" => {
                    let sp = self.span();
                    return Err(self.error("B0401", "vout deprecated", sp));
                }
                "volatile" | "restrict" => {
                    let sp = self.span();
                    return Err(self.error(
                        "B0205",
                        "volatile or Restrict qualifiers not allowed inside kernel",
                        sp,
                    ));
                }
                "iter" => {
                    let sp = self.span();
                    return Err(self.error("B0402", "Iterator not supported", sp));
                }
                _ => break,
            }
            self.pos += 1;
        }
        let ty = self.ty()?;
        if self.text() == "*" || self.text() == "&" {
            let sp = self.span();
            return Err(self.error("B0201", "pointers not allowed inside kernel", sp));
        }
        let (name, _) = self.ident()?;
        let shape =
            if self.eat("<") {
                let mut dims = Vec::new();
                loop {
                    if self.text() == ">" || self.text() == "," {
                        dims.push(None);
                    } else {
                        let sp = self.span();
                        let t = self.text().to_string();
                        match parse_int(&t) {
                            Some((v, _)) => {
                                dims.push(Some(v));
                                self.pos += 1;
                            }
                            None => {
                                return Err(self.error(
                                    "B0403",
                                    "expect int for stream dimension parameter",
                                    sp,
                                ))
                            }
                        }
                    }
                    if self.eat(">") {
                        break;
                    }
                    self.expect(",")?;
                }
                ParamShape::Stream(dims)
            } else if self.text() == "[" {
                let mut dims = Vec::new();
                while self.eat("[") {
                    if self.eat("]") {
                        dims.push(None);
                        continue;
                    }
                    let sp = self.span();
                    let t = self.text().to_string();
                    match parse_int(&t) {
                        Some((v, _)) if self.kind() == Some(TokKind::IntLit) && v > 0 => {
                            dims.push(Some(v));
                            self.pos += 1;
                        }
                        Some(_) if self.kind() == Some(TokKind::IntLit) => return Err(self.error(
                            "B0501",
                            "Gather Array size must be non-zero positive int value if specified",
                            sp,
                        )),
                        _ => return Err(self.error(
                            "B0502",
                            "Gather Array size expression must be simple constant int if specified",
                            sp,
                        )),
                    }
                    self.expect("]")?;
                }
                ParamShape::Array(dims)
            } else {
                ParamShape::Value
            };
        if self.text() == "=" && !matches!(shape, ParamShape::Value) {
            let sp = self.span();
            return Err(self.error("B0414", "Stream can't have an initializer", sp));
        }
        Ok(Param {
            name,
            span: start.to(self.prev_span()),
            ty,
            is_out,
            is_reduce,
            is_const,
            shape,
        })
    }

    // ---------------------------------------------------------------- statements

    fn block_body(&mut self) -> PResult<Vec<Stmt>> {
        self.expect("{")?;
        let mut out = Vec::new();
        while !self.eat("}") {
            if self.at_end() {
                let sp = self.prev_span();
                return Err(self.error("B0100", "syntax error: missing '}'", sp));
            }
            match self.stmt() {
                Ok(s) => out.push(s),
                Err(f) => {
                    self.recover_stmt();
                    if self.at_end() {
                        return Err(f);
                    }
                }
            }
        }
        Ok(out)
    }

    fn recover_stmt(&mut self) {
        let mut depth = 0usize;
        while !self.at_end() {
            match self.text() {
                ";" if depth == 0 => {
                    self.pos += 1;
                    return;
                }
                "}" if depth == 0 => return,
                "{" => depth += 1,
                "}" => depth -= 1,
                _ => {}
            }
            self.pos += 1;
        }
    }

    fn stmt(&mut self) -> PResult<Stmt> {
        let sp = self.span();
        match self.text() {
            "{" => return Ok(Stmt::Block(self.block_body()?)),
            ";" => {
                self.pos += 1;
                return Ok(Stmt::Empty);
            }
            "if" => {
                self.pos += 1;
                self.expect("(")?;
                let c = self.expr()?;
                self.expect(")")?;
                let a = self.stmt()?;
                let b = if self.eat("else") {
                    Some(Box::new(self.stmt()?))
                } else {
                    None
                };
                return Ok(Stmt::If(c, Box::new(a), b));
            }
            "while" => {
                self.pos += 1;
                self.expect("(")?;
                let c = self.expr()?;
                self.expect(")")?;
                return Ok(Stmt::While(c, Box::new(self.stmt()?)));
            }
            "do" => {
                self.pos += 1;
                let body = self.stmt()?;
                self.expect("while")?;
                self.expect("(")?;
                let c = self.expr()?;
                self.expect(")")?;
                self.expect(";")?;
                return Ok(Stmt::DoWhile(Box::new(body), c));
            }
            "for" => {
                self.pos += 1;
                self.expect("(")?;
                let init = if self.eat(";") {
                    None
                } else if self.starts_type(0) {
                    Some(Box::new(self.decl()?))
                } else {
                    let e = self.expr()?;
                    self.expect(";")?;
                    Some(Box::new(Stmt::Expr(e)))
                };
                let cond = if self.text() == ";" {
                    None
                } else {
                    Some(self.expr()?)
                };
                self.expect(";")?;
                let step = if self.text() == ")" {
                    None
                } else {
                    Some(self.expr()?)
                };
                self.expect(")")?;
                return Ok(Stmt::For(init, cond, step, Box::new(self.stmt()?)));
            }
            "return" => {
                self.pos += 1;
                let e = if self.text() == ";" {
                    None
                } else {
                    Some(self.expr()?)
                };
                self.expect(";")?;
                return Ok(Stmt::Return(e, sp));
            }
            "break" => {
                self.pos += 1;
                self.expect(";")?;
                return Ok(Stmt::Break(sp));
            }
            "continue" => {
                self.pos += 1;
                self.expect(";")?;
                return Ok(Stmt::Continue(sp));
            }
            "goto" => return Err(self.error("B0202", "goto is not allowed inside kernel", sp)),
            "switch" => {
                return Err(self.error("B0203", "Switch not supported inside kernel yet", sp))
            }
            "static" | "extern" => {
                return Err(self.error("B0204", "static or extern not allowed inside kernel", sp))
            }
            "volatile" | "restrict" => {
                return Err(self.error(
                    "B0205",
                    "volatile or Restrict qualifiers not allowed inside kernel",
                    sp,
                ))
            }
            "out" => {
                return Err(self.error(
                    "B0206",
                    "out qualifier allowed only for kernel parameters",
                    sp,
                ))
            }
            "reduce" => {
                return Err(self.error(
                    "B0207",
                    "reduce qualifier allowed only for kernel parameters",
                    sp,
                ))
            }
            _ => {}
        }
        if self.text() == "shared"
            || self.text() == "const"
            || self.text() == "auto"
            || self.text() == "register"
            || (self.starts_type(0) && self.peek_text(1) != "(" && !self.peek_text(1).is_empty())
        {
            return self.decl();
        }
        let e = self.expr()?;
        self.expect(";")?;
        Ok(Stmt::Expr(e))
    }

    fn decl(&mut self) -> PResult<Stmt> {
        let start = self.span();
        let (mut shared, mut is_const) = (false, false);
        loop {
            match self.text() {
                "shared" => shared = true,
                "const" => is_const = true,
                "auto" | "register" => {}
                "static" | "extern" => {
                    let sp = self.span();
                    return Err(self.error(
                        "B0204",
                        "static or extern not allowed inside kernel",
                        sp,
                    ));
                }
                "volatile" | "restrict" => {
                    let sp = self.span();
                    return Err(self.error(
                        "B0205",
                        "volatile or Restrict qualifiers not allowed inside kernel",
                        sp,
                    ));
                }
                _ => break,
            }
            self.pos += 1;
        }
        let ty = self.ty()?;
        let mut vars = Vec::new();
        loop {
            if self.text() == "*" {
                let sp = self.span();
                return Err(self.error("B0201", "pointers not allowed inside kernel", sp));
            }
            let (name, nsp) = self.ident()?;
            if self.text() == "<" {
                let sp = self.span();
                return Err(self.error(
                    "B0404",
                    "Problem with stream declaration: streams are declared by host code, not inside kernels",
                    sp,
                ));
            }
            let mut dims = Vec::new();
            while self.eat("[") {
                dims.push(self.expr()?);
                self.expect("]")?;
            }
            let init = if self.eat("=") {
                if shared {
                    let sp = self.prev_span();
                    return Err(self.error(
                        "B0626",
                        "Shared Local Array should not be initialized",
                        sp,
                    ));
                }
                if self.text() == "{" {
                    let sp = self.span();
                    return Err(self.error(
                        "B0208",
                        "array initializers are not supported by oclc's Brook+ front end yet",
                        sp,
                    ));
                }
                Some(self.assign_expr()?)
            } else {
                None
            };
            vars.push(VarDecl {
                name,
                span: nsp,
                dims,
                init,
            });
            if !self.eat(",") {
                break;
            }
        }
        self.expect(";")?;
        Ok(Stmt::Decl {
            ty,
            shared,
            is_const,
            vars,
            span: start.to(self.prev_span()),
        })
    }

    // ---------------------------------------------------------------- expressions

    fn expr(&mut self) -> PResult<Expr> {
        let e = self.assign_expr()?;
        if self.text() == "," {
            let sp = self.span();
            return Err(self.error(
                "B0106",
                "the comma operator is not supported in Brook+ kernels",
                sp,
            ));
        }
        Ok(e)
    }

    fn assign_expr(&mut self) -> PResult<Expr> {
        let lhs = self.cond_expr()?;
        let op = match self.text() {
            "=" => None,
            "+=" => Some(BinOp::Add),
            "-=" => Some(BinOp::Sub),
            "*=" => Some(BinOp::Mul),
            "/=" => Some(BinOp::Div),
            "%=" => Some(BinOp::Rem),
            "<<=" => Some(BinOp::Shl),
            ">>=" => Some(BinOp::Shr),
            "&=" => Some(BinOp::BitAnd),
            "|=" => Some(BinOp::BitOr),
            "^=" => Some(BinOp::BitXor),
            _ => return Ok(lhs),
        };
        self.pos += 1;
        let rhs = self.assign_expr()?;
        let span = lhs.span.to(rhs.span);
        Ok(self.new_expr(ExprKind::Assign(op, Box::new(lhs), Box::new(rhs)), span))
    }

    fn cond_expr(&mut self) -> PResult<Expr> {
        let c = self.binary(0)?;
        if !self.eat("?") {
            return Ok(c);
        }
        let a = self.assign_expr()?;
        self.expect(":")?;
        let b = self.cond_expr()?;
        let span = c.span.to(b.span);
        Ok(self.new_expr(ExprKind::Cond(Box::new(c), Box::new(a), Box::new(b)), span))
    }

    fn binop(&self) -> Option<(BinOp, u8)> {
        Some(match self.text() {
            "||" => (BinOp::Or, 1),
            "&&" => (BinOp::And, 2),
            "|" => (BinOp::BitOr, 3),
            "^" => (BinOp::BitXor, 4),
            "&" => (BinOp::BitAnd, 5),
            "==" => (BinOp::Eq, 6),
            "!=" => (BinOp::Ne, 6),
            "<" => (BinOp::Lt, 7),
            ">" => (BinOp::Gt, 7),
            "<=" => (BinOp::Le, 7),
            ">=" => (BinOp::Ge, 7),
            "<<" => (BinOp::Shl, 8),
            ">>" => (BinOp::Shr, 8),
            "+" => (BinOp::Add, 9),
            "-" => (BinOp::Sub, 9),
            "*" => (BinOp::Mul, 10),
            "/" => (BinOp::Div, 10),
            "%" => (BinOp::Rem, 10),
            _ => return None,
        })
    }

    fn binary(&mut self, min: u8) -> PResult<Expr> {
        let mut lhs = self.unary()?;
        while let Some((op, prec)) = self.binop() {
            if prec <= min {
                break;
            }
            self.pos += 1;
            let rhs = self.binary(prec)?;
            let span = lhs.span.to(rhs.span);
            lhs = self.new_expr(ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)), span);
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> PResult<Expr> {
        let sp = self.span();
        let op = match self.text() {
            "-" => Some(UnOp::Neg),
            "+" => Some(UnOp::Plus),
            "!" => Some(UnOp::Not),
            "~" => Some(UnOp::BitNot),
            "++" => Some(UnOp::PreInc),
            "--" => Some(UnOp::PreDec),
            "&" => {
                return Err(self.error(
                    "B0209",
                    "variable address(&) is not allowed in kernels",
                    sp,
                ))
            }
            "*" => {
                return Err(self.error(
                    "B0210",
                    "pointer dereference(*) is not allowed in kernels",
                    sp,
                ))
            }
            "sizeof" => return Err(self.error("B0211", "Sizeof not allowed in kernel", sp)),
            _ => None,
        };
        if let Some(op) = op {
            self.pos += 1;
            let e = self.unary()?;
            let span = sp.to(e.span);
            return Ok(self.new_expr(ExprKind::Unary(op, Box::new(e)), span));
        }
        if self.text() == "(" && self.starts_type(1) && self.peek_text(2) == ")" {
            self.pos += 1;
            let ty = self.ty()?;
            self.expect(")")?;
            let e = self.unary()?;
            let span = sp.to(e.span);
            return Ok(self.new_expr(ExprKind::Cast(ty, Box::new(e)), span));
        }
        if self.text() == "(" && self.starts_type(1) && self.peek_text(1) == "unsigned" {
            self.pos += 1;
            let ty = self.ty()?;
            self.expect(")")?;
            let e = self.unary()?;
            let span = sp.to(e.span);
            return Ok(self.new_expr(ExprKind::Cast(ty, Box::new(e)), span));
        }
        self.postfix()
    }

    fn postfix(&mut self) -> PResult<Expr> {
        let mut e = self.primary()?;
        loop {
            let sp = self.span();
            match self.text() {
                "[" => {
                    self.pos += 1;
                    let i = self.expr()?;
                    self.expect("]")?;
                    let span = e.span.to(self.prev_span());
                    e = self.new_expr(ExprKind::Index(Box::new(e), Box::new(i)), span);
                }
                "." => {
                    self.pos += 1;
                    let (n, nsp) = self.ident()?;
                    let span = e.span.to(nsp);
                    e = self.new_expr(ExprKind::Member(Box::new(e), n), span);
                }
                "->" => {
                    return Err(self.error(
                        "B0212",
                        "pointer dereference(->) is not allowed in kernels",
                        sp,
                    ))
                }
                "++" | "--" => {
                    let op = if self.text() == "++" {
                        UnOp::PostInc
                    } else {
                        UnOp::PostDec
                    };
                    self.pos += 1;
                    let span = e.span.to(sp);
                    e = self.new_expr(ExprKind::Unary(op, Box::new(e)), span);
                }
                _ => return Ok(e),
            }
        }
    }

    fn args(&mut self) -> PResult<Vec<Expr>> {
        self.expect("(")?;
        let mut args = Vec::new();
        if self.eat(")") {
            return Ok(args);
        }
        loop {
            args.push(self.assign_expr()?);
            if self.eat(")") {
                return Ok(args);
            }
            self.expect(",")?;
        }
    }

    fn primary(&mut self) -> PResult<Expr> {
        let sp = self.span();
        let text = self.text().to_string();
        match self.kind() {
            Some(TokKind::IntLit) => {
                self.pos += 1;
                let Some((v, unsigned)) = parse_int(&text) else {
                    return Err(self.error("B0107", format!("bad integer constant '{text}'"), sp));
                };
                return Ok(self.new_expr(ExprKind::Int(v, unsigned), sp));
            }
            Some(TokKind::FloatLit) => {
                self.pos += 1;
                let is_f = text.ends_with(['f', 'F']);
                let body = text.trim_end_matches(['f', 'F', 'l', 'L', 'h', 'H']);
                let Ok(v) = body.parse::<f64>() else {
                    return Err(self.error("B0107", format!("bad floating constant '{text}'"), sp));
                };
                return Ok(self.new_expr(ExprKind::Float(v, is_f), sp));
            }
            Some(TokKind::StrLit) | Some(TokKind::CharLit) => {
                return Err(self.error("B0213", "String constant in kernel not allowed", sp))
            }
            _ => {}
        }
        if self.eat("(") {
            let e = self.expr()?;
            self.expect(")")?;
            return Ok(e);
        }
        // Constructors: float4(..) and float4_(..).
        let ctor_name = text.strip_suffix('_').unwrap_or(&text);
        if self.peek_text(1) == "(" {
            if let Some(ty) = Ty::from_name(ctor_name) {
                self.pos += 1;
                let args = self.args()?;
                let span = sp.to(self.prev_span());
                return Ok(self.new_expr(ExprKind::Ctor(ty, args), span));
            }
        }
        let (name, nsp) = self.ident()?;
        if self.text() == "(" {
            let args = self.args()?;
            let span = nsp.to(self.prev_span());
            return Ok(self.new_expr(ExprKind::Call(name, args), span));
        }
        Ok(self.new_expr(ExprKind::Ident(name), nsp))
    }
}

/// Parses a C integer literal; the flag says whether it had a `u` suffix.
pub fn parse_int(text: &str) -> Option<(i64, bool)> {
    let unsigned = text.contains(['u', 'U']);
    let body = text.trim_end_matches(['u', 'U', 'l', 'L']);
    let v = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        i64::from_str_radix(h, 16).ok()?
    } else if body.len() > 1 && body.starts_with('0') {
        i64::from_str_radix(&body[1..], 8).ok()?
    } else {
        body.parse().ok()?
    };
    Some((v, unsigned))
}
