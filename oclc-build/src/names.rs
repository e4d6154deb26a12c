//! Rust names for kernels and their parameters.

/// Rust's keywords, strict and reserved (none can name a parameter as it is).
const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for",
    "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
    "self", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where",
    "while", "async", "await", "dyn", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen", "_",
];

/// Names the launcher itself uses for its own parameters and locals.
const LAUNCHER_NAMES: &[&str] = &["device", "range", "args"];

/// True for a C identifier that is also a plain Rust identifier.
fn is_plain(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !KEYWORDS.contains(&name)
}

/// The Rust name of parameter `index` called `name` in OpenCL: the same name where Rust
/// allows it, else `argN`.
pub fn param_name(name: &str, index: usize) -> String {
    if is_plain(name) && !LAUNCHER_NAMES.contains(&name) {
        name.to_string()
    } else {
        format!("arg{index}")
    }
}

/// The Rust name of the launcher of kernel `name` (a raw identifier for a keyword), or
/// `None` when Rust cannot name it.
pub fn kernel_fn_name(name: &str) -> Option<String> {
    if is_plain(name) {
        Some(name.to_string())
    } else if KEYWORDS.contains(&name) && !["self", "Self", "super", "crate", "_"].contains(&name) {
        Some(format!("r#{name}"))
    } else {
        None
    }
}
