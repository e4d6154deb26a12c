//! Token spellings shared between tokens: every token of a translation unit that is spelled
//! the same holds the same `Rc<str>`, so lexing allocates once per distinct spelling rather
//! than once per token (and equal spellings compare by pointer first).

use crate::fast_hash::FxHashSet;
use std::rc::Rc;

/// A set of spellings handed out as shared `Rc<str>`s.
#[derive(Default)]
pub struct Interner {
    spellings: FxHashSet<Rc<str>>,
}

impl Interner {
    /// The shared `Rc<str>` spelled `text` (created on first use).
    pub fn intern(&mut self, text: &str) -> Rc<str> {
        if let Some(s) = self.spellings.get(text) {
            return s.clone();
        }
        let s: Rc<str> = Rc::from(text);
        self.spellings.insert(s.clone());
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_spellings_share_one_allocation() {
        let mut i = Interner::default();
        let a = i.intern("float4");
        let b = i.intern("float4");
        let c = i.intern("float");
        assert!(Rc::ptr_eq(&a, &b));
        assert_eq!(&*c, "float");
        assert!(!Rc::ptr_eq(&a, &c));
    }
}
