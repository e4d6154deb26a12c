//! Functions the program declares and calls but never defines. Each becomes an IR function
//! with no body marked [`is_import`](oclc_ir::Function::is_import), after the defined
//! functions, in the order of the first call to it: SPIR-V for OpenCL imports it by name
//! (as clang-14 + llvm-spirv-14 do, for the consumer to link); the other targets refuse the
//! call (`oclc_ir::legalize::RefuseImports`). Prototypes nothing calls are left out.

use oclc_frontend::checked::{self as ck, CType};
use oclc_ir::builder::FunctionBuilder;
use oclc_ir::module::{FuncId, Function, FunctionKind};
use oclc_ir::types::TypeTable;

use super::types;

/// The body-less functions calls have used so far.
pub struct Imports {
    /// The IR id of the first import: the number of defined functions.
    first: u32,
    /// Checked-function indices, in the order of their ids.
    used: Vec<usize>,
}

impl Imports {
    /// No imports yet; the first will get id `defined` (the defined functions come first).
    pub fn new(defined: u32) -> Self {
        Imports {
            first: defined,
            used: Vec::new(),
        }
    }

    /// The IR id of the body-less checked function `index`, given on its first call.
    pub fn id_of(&mut self, index: usize) -> FuncId {
        let pos = match self.used.iter().position(|&u| u == index) {
            Some(pos) => pos,
            None => {
                self.used.push(index);
                self.used.len() - 1
            }
        };
        FuncId(self.first + pos as u32)
    }

    /// The checked-function indices of the imports, in the order of their ids.
    pub fn used(&self) -> &[usize] {
        &self.used
    }
}

/// The IR declaration of body-less function `f`: its parameters and result type.
pub fn declaration(types_table: &mut TypeTable, f: &ck::Function) -> Function {
    let ret = types::value_type(types_table, &f.ret);
    let mut b = FunctionBuilder::new(types_table, &f.name, FunctionKind::Helper, ret);
    for p in &f.params {
        let ty = types::value_type(b.types, &p.ty);
        b.param(&p.name, ty);
        if let Some(last) = b.params_mut().last_mut() {
            last.type_name = p.ty.display();
            last.is_const = matches!(&p.ty, CType::Pointer { is_const: true, .. });
            last.is_restrict = p.is_restrict;
        }
    }
    let mut decl = b.finish();
    decl.is_import = true;
    decl
}
