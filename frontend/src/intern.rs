//! Token spellings shared between tokens: every token of a translation unit that is spelled
//! the same holds the same `Rc<str>`, so lexing allocates once per distinct spelling rather
//! than once per token (and equal spellings compare by pointer first).

use crate::fast_hash::FxHashSet;
use crate::lexer::TokKind;
use std::rc::Rc;

/// A set of spellings handed out as shared `Rc<str>`s.
#[derive(Default)]
pub struct Interner {
    spellings: FxHashSet<Rc<str>>,
    /// The last spelling handed out for each keyword and punctuator kind (indexed by the
    /// kind's discriminant): those are spelled one or two ways, so this answers most tokens
    /// without hashing.
    by_kind: Vec<Option<Rc<str>>>,
}

impl Interner {
    /// The shared spelling of a token of kind `kind` spelled `text`.
    pub fn intern_token(&mut self, kind: TokKind, text: &str) -> Rc<str> {
        use TokKind::*;
        if matches!(kind, Ident | IntLit | FloatLit | CharLit | StrLit | Error) {
            return self.intern(text);
        }
        let slot = kind as usize;
        if let Some(Some(s)) = self.by_kind.get(slot) {
            if &**s == text {
                return s.clone();
            }
        }
        let s = self.intern(text);
        if self.by_kind.len() <= slot {
            self.by_kind.resize(slot + 1, None);
        }
        self.by_kind[slot] = Some(s.clone());
        s
    }

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

    #[test]
    fn keyword_spellings_come_back_exactly() {
        let mut i = Interner::default();
        let a = i.intern_token(TokKind::KwKernel, "__kernel");
        let b = i.intern_token(TokKind::KwKernel, "kernel");
        let c = i.intern_token(TokKind::KwKernel, "__kernel");
        assert_eq!((&*a, &*b, &*c), ("__kernel", "kernel", "__kernel"));
        assert!(Rc::ptr_eq(&a, &c));
        let x = i.intern_token(TokKind::Ident, "x");
        assert!(Rc::ptr_eq(&x, &i.intern("x")));
    }
}
