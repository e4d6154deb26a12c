//! The link pass: every `Op::Math` that the target wants from the library becomes a call of
//! the library function (per lane for vectors), and the functions called are copied in.

use crate::fx::HashMap;
use std::fmt;

use super::import::Importer;
use super::{function_name, opencl_type_name, Library, LibrarySource};
use crate::module::{Block, FuncId, Function, Module, Stmt};
use crate::op::{BinaryOp, CmpOp, Const, MathFn, Op, ValueId};
use crate::types::{ScalarType, Type, TypeId, TypeTable};

/// What [`link`] did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LinkReport {
    /// The built-ins taken from the library, each once, in the order first met.
    pub linked: Vec<(MathFn, ScalarType)>,
    /// How many `Op::Math` operations became calls.
    pub ops_replaced: usize,
    /// How many functions were copied from the library (callees included).
    pub functions_added: usize,
    /// The element types whose float divisions became library calls (`__oclc_fdiv_<T>`).
    pub divisions_linked: Vec<ScalarType>,
    /// How many float divisions became calls.
    pub divisions_replaced: usize,
}

/// Why [`link`] failed.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkError {
    /// The target wants a built-in from the library, which does not have it (yet).
    Missing {
        /// The built-in.
        func: MathFn,
        /// Its element type.
        scalar: ScalarType,
    },
    /// The target wants float division on this element type from the library, which
    /// does not have it (no `__oclc_fdiv_<T>`).
    MissingDivision(ScalarType),
    /// The library does not compile, or one of its functions does not have the signature
    /// the naming contract gives it: a bug of oclc.
    Internal(String),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Missing { func, scalar } => write!(
                f,
                "the built-in `{}` on {} is not supported by oclc's built-in library yet (no `{}`)",
                func.name(),
                opencl_type_name(*scalar),
                function_name(*func, *scalar)
            ),
            LinkError::MissingDivision(scalar) => write!(
                f,
                "division on {} is not supported by oclc's built-in library yet (no `{}`)",
                opencl_type_name(*scalar),
                division_name(*scalar)
            ),
            LinkError::Internal(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for LinkError {}

/// A library function resolved in the destination module, with its signature there.
#[derive(Clone)]
struct Callee {
    id: FuncId,
    name: String,
    params: Vec<TypeId>,
    ret: TypeId,
}

/// Replaces every `Op::Math { func, .. }` of `module` whose first operand has element type
/// `T` with `wants(func, T)` by calls of the library's `__oclc_<func>_<T>`, copying that
/// function (and what it calls and reads) into the module once. Vector operations are
/// split into lanes (extract, call, compose); a scalar operand among vector ones is passed
/// to every lane. Relational results (`int` 1/0 from the library) become the `bool`s the
/// op defined, which the lowering already widens to OpenCL's 1/0 or -1/0.
///
/// Library functions are linked the same way, so they may use built-ins the target lacks
/// too. The library is compiled only when some operation is wanted. On error the module
/// may be partly rewritten.
pub fn link(
    module: &mut Module,
    library: &dyn LibrarySource,
    wants: &dyn Fn(MathFn, ScalarType) -> bool,
) -> Result<LinkReport, LinkError> {
    link_with_division(module, library, wants, &|_| false)
}

/// The library function computing the correctly rounded float division `a / b` on
/// elements of `scalar`.
pub fn division_name(scalar: ScalarType) -> String {
    format!("__oclc_fdiv_{}", scalar.name())
}

/// [`link`], and also every float division (`Op::Binary(Div, ..)`) whose element type
/// `T` has `divide(T)` becomes a call of `__oclc_fdiv_<T>` ([`division_name`]), per lane
/// for vectors: for targets whose native division is less precise than OpenCL requires
/// (Vulkan on doubles).
pub fn link_with_division(
    module: &mut Module,
    library: &dyn LibrarySource,
    wants: &dyn Fn(MathFn, ScalarType) -> bool,
    divide: &dyn Fn(ScalarType) -> bool,
) -> Result<LinkReport, LinkError> {
    let mut report = LinkReport::default();
    let mut units = Units::new(library);
    let mut callees: HashMap<(MathFn, ScalarType), Callee> = HashMap::default();
    let mut div_callees: HashMap<ScalarType, Callee> = HashMap::default();
    let first_added = module.functions.len();
    // Functions copied in are appended and visited by this same loop.
    let mut i = 0;
    while i < module.functions.len() {
        for scalar in wanted_divisions(&module.functions[i], &module.types, divide) {
            if div_callees.contains_key(&scalar) {
                continue;
            }
            let name = division_name(scalar);
            let Some(id) = units.import(module, &name, scalar == ScalarType::F64)? else {
                return Err(LinkError::MissingDivision(scalar));
            };
            if id.0 as usize == i {
                return Err(LinkError::Internal(format!(
                    "library function `{name}` divides on its own type"
                )));
            }
            let f = module.function(id);
            let callee = Callee {
                id,
                name: f.name.clone(),
                params: f.params.iter().map(|p| p.ty).collect(),
                ret: f.ret,
            };
            div_callees.insert(scalar, callee);
            report.divisions_linked.push(scalar);
        }
        let needed = wanted_math(&module.functions[i], &module.types, wants);
        for key in needed {
            if callees.contains_key(&key) {
                continue;
            }
            let name = function_name(key.0, key.1);
            let Some(id) = units.import(module, &name, key.1 == ScalarType::F64)? else {
                return Err(LinkError::Missing {
                    func: key.0,
                    scalar: key.1,
                });
            };
            let f = module.function(id);
            let callee = Callee {
                id,
                name: f.name.clone(),
                params: f.params.iter().map(|p| p.ty).collect(),
                ret: f.ret,
            };
            if id.0 as usize == i {
                return Err(LinkError::Internal(format!(
                    "library function `{name}` uses the built-in it implements"
                )));
            }
            callees.insert(key, callee);
            report.linked.push(key);
        }
        let Module {
            types, functions, ..
        } = module;
        let func = &mut functions[i];
        let mut body = std::mem::take(&mut func.body);
        let mut rewriter = Rewriter {
            types,
            func,
            callees: &callees,
            div_callees: &div_callees,
            replaced: 0,
            divisions: 0,
        };
        let result = rewriter.block(&mut body);
        report.ops_replaced += rewriter.replaced;
        report.divisions_replaced += rewriter.divisions;
        func.body = body;
        result?;
        i += 1;
    }
    report.functions_added = module.functions.len() - first_added;
    Ok(report)
}

/// The two translation units of the library, each asked for on first use, with the
/// importer that remembers what was copied from it.
struct Units<'a> {
    source: &'a dyn LibrarySource,
    base: Option<&'a Library>,
    double: Option<&'a Library>,
    base_importer: Importer,
    double_importer: Importer,
}

impl<'a> Units<'a> {
    fn new(source: &'a dyn LibrarySource) -> Self {
        Units {
            source,
            base: None,
            double: None,
            base_importer: Importer::default(),
            double_importer: Importer::default(),
        }
    }

    /// Copies the library function `name` (and its callees) into `module` and returns its
    /// id there; `None` when the library lacks it. Functions on doubles are looked up in
    /// the double unit first (so float-only modules never compile it), then in the base.
    fn import(
        &mut self,
        module: &mut Module,
        name: &str,
        double_first: bool,
    ) -> Result<Option<FuncId>, LinkError> {
        let order: &[bool] = if double_first {
            &[true, false]
        } else {
            &[false]
        };
        for &double in order {
            let lib = self.unit(double)?;
            if let Some(src) = lib.function(name) {
                let importer = if double {
                    &mut self.double_importer
                } else {
                    &mut self.base_importer
                };
                return Ok(Some(importer.function(&mut lib.lock(), module, src)));
            }
        }
        Ok(None)
    }

    /// The base (or double) unit, built on first use.
    fn unit(&mut self, double: bool) -> Result<&'a Library, LinkError> {
        let slot = if double {
            &mut self.double
        } else {
            &mut self.base
        };
        if let Some(l) = *slot {
            return Ok(l);
        }
        let lib = if double {
            self.source.double()
        } else {
            self.source.base()
        };
        let l = lib.map_err(LinkError::Internal)?;
        *slot = Some(l);
        Ok(l)
    }
}

/// The (built-in, element type) pairs of the `Op::Math`s of `func` that `wants` selects.
fn wanted_math(
    func: &Function,
    types: &TypeTable,
    wants: &dyn Fn(MathFn, ScalarType) -> bool,
) -> Vec<(MathFn, ScalarType)> {
    let mut found = Vec::new();
    crate::module::walk_stmts(&func.body, &mut |s| {
        if let Stmt::Let {
            op: Op::Math { func: f, args },
            ..
        } = s
        {
            if let Some(elem) = args
                .first()
                .and_then(|a| types.scalar_of(func.value_type(*a)))
            {
                if wants(*f, elem) && !found.contains(&(*f, elem)) {
                    found.push((*f, elem));
                }
            }
        }
    });
    found
}

/// The float element types of the divisions of `func` that `divide` selects.
fn wanted_divisions(
    func: &Function,
    types: &TypeTable,
    divide: &dyn Fn(ScalarType) -> bool,
) -> Vec<ScalarType> {
    let mut found = Vec::new();
    crate::module::walk_stmts(&func.body, &mut |s| {
        if let Stmt::Let {
            op: Op::Binary(BinaryOp::Div, a, _),
            ..
        } = s
        {
            if let Some(elem) = types.scalar_of(func.value_type(*a)) {
                if elem.is_float() && divide(elem) && !found.contains(&elem) {
                    found.push(elem);
                }
            }
        }
    });
    found
}

/// Rewrites the wanted `Op::Math`s (and float divisions) of one function into calls.
struct Rewriter<'a> {
    types: &'a mut TypeTable,
    func: &'a mut Function,
    callees: &'a HashMap<(MathFn, ScalarType), Callee>,
    div_callees: &'a HashMap<ScalarType, Callee>,
    replaced: usize,
    divisions: usize,
}

impl Rewriter<'_> {
    fn block(&mut self, block: &mut Block) -> Result<(), LinkError> {
        let old = std::mem::take(&mut block.stmts);
        let mut out = Vec::with_capacity(old.len());
        for mut stmt in old {
            match &mut stmt {
                Stmt::Let {
                    value,
                    op: Op::Binary(BinaryOp::Div, a, b),
                } => {
                    let elem = self.types.scalar_of(self.func.value_type(*a));
                    if let Some(callee) = elem.and_then(|e| self.div_callees.get(&e)) {
                        let callee = callee.clone();
                        let (value, args) = (*value, [*a, *b]);
                        self.divide(&mut out, value, &args, &callee);
                        self.divisions += 1;
                        continue;
                    }
                }
                Stmt::Let {
                    value,
                    op: Op::Math { func, args },
                } => {
                    let elem = args
                        .first()
                        .and_then(|a| self.types.scalar_of(self.func.value_type(*a)));
                    if let Some(callee) = elem.and_then(|e| self.callees.get(&(*func, e))) {
                        let callee = callee.clone();
                        let (value, func, args) = (*value, *func, args.clone());
                        self.call(&mut out, value, func, &args, &callee)?;
                        self.replaced += 1;
                        continue;
                    }
                }
                _ => {
                    for b in stmt.child_blocks_mut() {
                        self.block(b)?;
                    }
                }
            }
            out.push(stmt);
        }
        block.stmts = out;
        Ok(())
    }

    /// Emits into `out` the statements computing `value = func(args)` through `callee`.
    fn call(
        &mut self,
        out: &mut Vec<Stmt>,
        value: ValueId,
        func: MathFn,
        args: &[ValueId],
        callee: &Callee,
    ) -> Result<(), LinkError> {
        let rty = self.func.value_type(value);
        let lanes = self.types.lanes_of(rty).unwrap_or(1);
        let relational = self.types.scalar_of(rty) == Some(ScalarType::Bool);
        self.check_signature(func, args, rty, callee, relational)?;
        if lanes == 1 {
            self.lane_result(out, Some(value), args.to_vec(), callee, relational);
            return Ok(());
        }
        let mut parts = Vec::with_capacity(lanes as usize);
        for lane in 0..lanes {
            let lane_args = args.iter().map(|&a| self.lane_of(out, a, lane)).collect();
            parts.push(self.lane_result(out, None, lane_args, callee, relational));
        }
        out.push(Stmt::Let {
            value,
            op: Op::Compose { ty: rty, parts },
        });
        Ok(())
    }

    /// Emits into `out` the statements computing `value = args[0] / args[1]` through
    /// `callee` (the library's division, whose signature is fixed by the library itself).
    fn divide(&mut self, out: &mut Vec<Stmt>, value: ValueId, args: &[ValueId], callee: &Callee) {
        let rty = self.func.value_type(value);
        let lanes = self.types.lanes_of(rty).unwrap_or(1);
        if lanes == 1 {
            self.lane_result(out, Some(value), args.to_vec(), callee, false);
            return;
        }
        let mut parts = Vec::with_capacity(lanes as usize);
        for lane in 0..lanes {
            let lane_args = args.iter().map(|&a| self.lane_of(out, a, lane)).collect();
            parts.push(self.lane_result(out, None, lane_args, callee, false));
        }
        out.push(Stmt::Let {
            value,
            op: Op::Compose { ty: rty, parts },
        });
    }

    /// Calls `callee` on one lane's operands; the result goes to `into` (or a new value).
    /// Relational results are compared with 0 to give the op's `bool`.
    fn lane_result(
        &mut self,
        out: &mut Vec<Stmt>,
        into: Option<ValueId>,
        args: Vec<ValueId>,
        callee: &Callee,
        relational: bool,
    ) -> ValueId {
        let call = Op::Call {
            func: callee.id,
            args,
        };
        if !relational {
            let v = into.unwrap_or_else(|| self.func.new_value(callee.ret));
            out.push(Stmt::Let { value: v, op: call });
            return v;
        }
        let int = self.func.new_value(callee.ret);
        out.push(Stmt::Let {
            value: int,
            op: call,
        });
        let zero = self.func.new_value(callee.ret);
        out.push(Stmt::Let {
            value: zero,
            op: Op::Const(Const::i32(0)),
        });
        let bool_ty = self.types.scalar(ScalarType::Bool);
        let v = into.unwrap_or_else(|| self.func.new_value(bool_ty));
        out.push(Stmt::Let {
            value: v,
            op: Op::Compare(CmpOp::Ne, int, zero),
        });
        v
    }

    /// Lane `lane` of `value`: an extract for a vector, the value itself for a scalar.
    fn lane_of(&mut self, out: &mut Vec<Stmt>, value: ValueId, lane: u8) -> ValueId {
        let ty = self.func.value_type(value);
        match self.types.get(ty).clone() {
            Type::Vector { elem, .. } => {
                let ety = self.types.scalar(elem);
                let v = self.func.new_value(ety);
                out.push(Stmt::Let {
                    value: v,
                    op: Op::Extract {
                        vector: value,
                        lane,
                    },
                });
                v
            }
            _ => value,
        }
    }

    /// Checks that `callee` takes the scalar forms of `args` and returns the scalar form of
    /// the op's result (`int` for relational functions), as the naming contract says.
    fn check_signature(
        &mut self,
        func: MathFn,
        args: &[ValueId],
        rty: TypeId,
        callee: &Callee,
        relational: bool,
    ) -> Result<(), LinkError> {
        let scalar_of = |types: &mut TypeTable, t: TypeId| {
            let s = types.scalar_of(t);
            s.map(|s| types.scalar(s))
        };
        let want_params: Vec<Option<TypeId>> = args
            .iter()
            .map(|a| scalar_of(self.types, self.func.value_type(*a)))
            .collect();
        let want_ret = if relational {
            Some(self.types.scalar(ScalarType::I32))
        } else {
            scalar_of(self.types, rty)
        };
        let params_ok = want_params.len() == callee.params.len()
            && want_params
                .iter()
                .zip(&callee.params)
                .all(|(w, p)| *w == Some(*p));
        if params_ok && want_ret == Some(callee.ret) {
            return Ok(());
        }
        let show = |types: &TypeTable, ts: &[TypeId]| {
            ts.iter()
                .map(|t| types.display(*t).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let wanted: Vec<TypeId> = want_params.iter().flatten().copied().collect();
        Err(LinkError::Internal(format!(
            "oclc's built-in library: `{}` has the signature ({}) -> {}, but `{}` needs ({}) -> {}",
            callee.name,
            show(self.types, &callee.params),
            self.types.display(callee.ret),
            func.name(),
            show(self.types, &wanted),
            want_ret
                .map(|t| self.types.display(t).to_string())
                .unwrap_or_else(|| "?".into()),
        )))
    }
}
