//! The hash maps and sets of the IR, its passes and the back ends: rustc's Fx hash
//! (`rustc-hash`) instead of std's SipHash. Keys here are small (value, block and variable
//! ids, types); SipHash's defence against hash flooding is not needed by a compiler reading
//! its own input, and cost a quarter to half of the -O2 compile time (issue 15).
//!
//! Output must not depend on a map's iteration order (std's order changes from run to run;
//! tests/determinism.rs checks): where order matters, sort or use a BTreeMap.

pub use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
