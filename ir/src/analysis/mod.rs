//! Analyses the optimisations and backends share, computed on demand from a function (the IR keeps no
//! use lists or loop trees): how private variables are accessed ([`vars`]) and which are
//! always stored before they are loaded ([`initialised`]), what a block
//! does to memory and control flow ([`effects`]), whether every work-group reaches the same
//! barriers ([`group_invariant`]), counted loops with their induction
//! variable, bounds and trip count ([`loops`]), and the alignment each memory access may
//! rely on ([`access_align`]).

pub mod access_align;
pub mod defs;
pub mod effects;
pub mod group_invariant;
pub mod initialised;
pub mod loops;
pub mod signs;
pub mod unwritten;
pub mod vars;

pub use access_align::AccessAlign;
pub use defs::Defs;
pub use effects::{block_effects, Effects};
pub use group_invariant::{barriers_alike_in_every_group, group_varying_values};
pub use initialised::initialised_before_loads;
pub use loops::{counted_loop, unrollable_loop, CountedLoop};
pub use unwritten::unwritten_params;
pub use vars::{local_addresses, variables, Variables};
