//! Warning W0309: a function whose private variables take more than
//! [`PRIVATE_BYTES_WARNING`] per work-item. clang-14 accepts any size (its targets decide);
//! oclc compiles up to 512 KiB per function (`oclc_lower::limits`, where the measurements
//! are), but consumers of its modules struggle beyond 64 KiB: PoCL crashes at 128 KiB and
//! lavapipe takes minutes (a 96 KiB array: 107 s and 1 GB), so the size is said where it is
//! declared. (No clang option names it; `-w` hides it.)

use super::Checker;
use crate::checked::AddrSpace;
use crate::diagnostic::Diagnostic;

/// Private bytes per function and work-item beyond which W0309 warns (64 KiB).
pub const PRIVATE_BYTES_WARNING: u64 = 64 << 10;

impl Checker {
    /// Warns at the variable of each defined function that takes its private variables
    /// beyond [`PRIVATE_BYTES_WARNING`].
    pub(crate) fn warn_large_private(&mut self) {
        let mut found = Vec::new();
        for f in self.functions.iter().filter(|f| f.body.is_some()) {
            let mut total = 0u64;
            for v in &f.vars {
                if v.is_param || v.space == AddrSpace::Local {
                    continue;
                }
                total = total.saturating_add(v.ty.size());
                if total > PRIVATE_BYTES_WARNING {
                    found.push(Diagnostic::warning(
                        "W0309",
                        format!(
                            "with `{}`, the private variables of `{}` take {total} bytes per \
                             work-item: more than {} KiB, which some OpenCL and Vulkan \
                             implementations cannot run (PoCL) or run very slowly (lavapipe)",
                            v.name,
                            f.name,
                            PRIVATE_BYTES_WARNING >> 10
                        ),
                        v.span,
                    ));
                    break;
                }
            }
        }
        for d in found {
            self.diags.push(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::source::SourceMap;
    use crate::{compile_to_checked, FrontendOptions};

    fn warnings(src: &str) -> Vec<String> {
        let mut map = SourceMap::new();
        let file = map.add("k.cl".to_string(), src);
        let out = compile_to_checked(&mut map, file, &FrontendOptions::default());
        assert!(out.program.is_some(), "{}", out.diagnostics.render(&map));
        out.diagnostics
            .items
            .iter()
            .filter(|d| d.code == "W0309")
            .map(|d| d.message.clone())
            .collect()
    }

    #[test]
    fn warns_beyond_64_kib_per_function_only() {
        let at_limit = "kernel void k(global uint *o) { uint a[16384]; a[0] = 1; o[0] = a[0]; }";
        assert!(warnings(at_limit).is_empty());
        // 96 KiB in two variables: the second crosses 64 KiB; __local and parameters do not
        // count.
        let beyond = "void f(int i) { uint a[12288]; uint b[12288]; a[i] = b[i]; }\n\
                      kernel void k(global uint *o) { local uint l[32768]; f(0); o[0] = l[0]; }";
        let w = warnings(beyond);
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].starts_with("with `b`, the private variables of `f` take 98304 bytes"));
    }
}
