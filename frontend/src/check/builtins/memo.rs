//! Remembers resolved built-in calls: [`super::resolve`] is a pure function of the name and
//! the argument types, and real kernels call the same few overloads many times (each fresh
//! resolution instantiates every member of the entries' generic families).

use super::{ResolveError, Resolved};
use crate::checked::CType;
use crate::fast_hash::FxHashMap;
use std::cell::RefCell;

type Outcome = Result<Resolved, ResolveError>;

/// Name -> (argument types, outcome) of each call resolved so far.
type Resolutions = FxHashMap<String, Vec<(Vec<CType>, Outcome)>>;

thread_local! {
    /// The calls resolved so far on this thread.
    static RESOLVED: RefCell<Resolutions> = RefCell::new(FxHashMap::default());
}

/// The outcome of resolving `name` for `args`, computed by `resolve` on first use.
pub(super) fn resolve_memoized(
    name: &str,
    args: &[CType],
    resolve: impl FnOnce() -> Outcome,
) -> Outcome {
    let hit = RESOLVED.with(|m| {
        m.borrow()
            .get(name)
            .and_then(|calls| calls.iter().find(|(a, _)| a.as_slice() == args))
            .map(|(_, outcome)| outcome.clone())
    });
    if let Some(outcome) = hit {
        return outcome;
    }
    let outcome = resolve();
    RESOLVED.with(|m| {
        m.borrow_mut()
            .entry(name.to_string())
            .or_default()
            .push((args.to_vec(), outcome.clone()));
    });
    outcome
}
