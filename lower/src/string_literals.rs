//! String literals used as values (`"\05\05\04"[i]`, `__constant char *p = "abc"`): in
//! OpenCL C a string literal is a `__constant char` array, as clang-14 places it. Each
//! distinct literal becomes one program-scope `__constant` array global holding its bytes
//! and the terminating NUL (after the program's own globals); the expression is the
//! address of its first element. `printf` formats are handled apart
//! (`builtins::printf`) and never come here.

use oclc_ir::fx::HashMap;

use oclc_ir::module::{Global, GlobalId};
use oclc_ir::op::Op;
use oclc_ir::types::{AddressSpace, ScalarType, TypeTable};
use oclc_ir::ValueId;

use super::function::FnLower;

/// The string literals the functions have used so far.
pub struct StringLiterals {
    /// The id of the first one: the number of globals the program itself declares.
    first: u32,
    /// The literals' bytes (NUL included), in the order of their ids.
    bytes: Vec<Vec<u8>>,
    /// The position in `bytes` of each literal, to share identical ones.
    index: HashMap<Vec<u8>, u32>,
}

impl StringLiterals {
    /// No literals yet; the first gets the global id `first`.
    pub fn new(first: u32) -> Self {
        StringLiterals {
            first,
            bytes: Vec::new(),
            index: HashMap::default(),
        }
    }

    /// The global holding `bytes` (a literal with its NUL), made on first use.
    pub fn global_of(&mut self, bytes: &[u8]) -> GlobalId {
        let next = self.bytes.len() as u32;
        let pos = *self.index.entry(bytes.to_vec()).or_insert(next);
        if pos == next {
            self.bytes.push(bytes.to_vec());
        }
        GlobalId(self.first + pos)
    }

    /// The globals, in id order, for the module's global list.
    pub fn into_globals(self, types: &mut TypeTable) -> Vec<Global> {
        let elem = types.scalar(ScalarType::I8);
        self.bytes
            .into_iter()
            .enumerate()
            .map(|(k, bytes)| Global {
                name: format!("__oclc_string{k}"),
                ty: types.array(elem, bytes.len() as u32),
                space: AddressSpace::Constant,
                init: Some(trimmed(bytes)),
            })
            .collect()
    }
}

impl FnLower<'_, '_> {
    /// The value of a string literal of bytes `bytes` (NUL included): a `__constant char *`
    /// to the first byte of its global.
    pub fn string_literal(&mut self, bytes: &[u8]) -> ValueId {
        let id = self.strings.borrow_mut().global_of(bytes);
        let types = self.types();
        let elem = types.scalar(ScalarType::I8);
        let array = types.array(elem, bytes.len() as u32);
        let array_ptr = types.pointer(AddressSpace::Constant, array);
        let elem_ptr = types.pointer(AddressSpace::Constant, elem);
        let base = self.b.emit(Op::GlobalAddr(id), array_ptr);
        let zero = self.b.const_i64(0);
        self.b.emit(Op::IndexAddr { base, index: zero }, elem_ptr)
    }
}

/// `bytes` without its trailing zeros (a global's `init` keeps bytes up to the last
/// non-zero one).
fn trimmed(mut bytes: Vec<u8>) -> Vec<u8> {
    while bytes.last() == Some(&0) {
        bytes.pop();
    }
    bytes
}
