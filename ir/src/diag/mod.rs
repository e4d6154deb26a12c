//! What passes and backends need to explain a refusal to a user: the [`refusal::Refusal`]
//! error with its source span, and phrases that name IR values by their source
//! ([`describe`]).

pub mod describe;
pub mod refusal;
