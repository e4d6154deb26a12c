//! clang's names for oclc's warnings (`-Wunused-value`, ...), the groups that contain them
//! (`-Wconversion`, `-Wall`, ...), and the per-name settings of a command line
//! (`-WNAME`, `-Wno-NAME`, `-Werror=NAME`, `-Wno-error=NAME`), applied in order as clang
//! applies them. The names and groups were read off clang-14's own output on the same
//! kernels (`tests/warning_flags.rs` compares them).

/// One warning oclc has: its code, clang's option name (without `-W`), whether it is
/// shown without being asked for, and whether clang counts it as an extension warning
/// (which `-pedantic-errors` makes an error).
struct WarningFlag {
    code: &'static str,
    name: &'static str,
    on_by_default: bool,
    extension: bool,
}

/// Every warning of the OpenCL C front end with clang's name for it.
const FLAGS: &[WarningFlag] = &[
    extension("W0101", "macro-redefined", true),
    flag("W0104", "#warnings", true),
    extension("W0105", "pedantic", false),
    flag("W0300", "unknown-attributes", true),
    extension("W0301", "incompatible-pointer-types", true),
    extension(
        "W0302",
        "incompatible-pointer-types-discards-qualifiers",
        true,
    ),
    extension("W0303", "excess-initializers", true),
    flag("W0304", "constant-conversion", true),
    flag("W0305", "unused-value", true),
    // On by default in oclc (clang has it only under -Wconversion / -Wfloat-conversion).
    flag("W0306", "float-conversion", true),
    flag("W0307", "literal-conversion", true),
    flag("W0108", "ignored-pragmas", true),
];

const fn flag(code: &'static str, name: &'static str, on_by_default: bool) -> WarningFlag {
    WarningFlag {
        code,
        name,
        on_by_default,
        extension: false,
    }
}

const fn extension(code: &'static str, name: &'static str, on_by_default: bool) -> WarningFlag {
    WarningFlag {
        code,
        name,
        on_by_default,
        extension: true,
    }
}

/// clang's warning groups that contain oclc's warnings: a group names flags or groups.
/// `-Wextra` holds none of them; `-Wcpp` is clang's other name for `-W#warnings`.
const GROUPS: &[(&str, &[&str])] = &[
    (
        "everything",
        &[
            "all",
            "extra",
            "pedantic",
            "conversion",
            "#warnings",
            "macro-redefined",
            "attributes",
            "incompatible-pointer-types",
            "excess-initializers",
            "ignored-pragmas",
        ],
    ),
    ("all", &["most"]),
    ("most", &["unused"]),
    ("unused", &["unused-value"]),
    ("extra", &[]),
    (
        "conversion",
        &[
            "constant-conversion",
            "literal-conversion",
            "float-conversion",
        ],
    ),
    ("attributes", &["unknown-attributes"]),
    ("pragmas", &["ignored-pragmas"]),
    (
        "incompatible-pointer-types",
        &["incompatible-pointer-types-discards-qualifiers"],
    ),
    ("cpp", &["#warnings"]),
];

/// clang's option name (without `-W`) of the warning with `code`, if it has one.
pub fn warning_flag(code: &str) -> Option<&'static str> {
    FLAGS.iter().find(|f| f.code == code).map(|f| f.name)
}

/// True when `name` is one of oclc's warnings or a clang group containing some.
pub fn is_known_flag(name: &str) -> bool {
    FLAGS.iter().any(|f| f.name == name) || GROUPS.iter().any(|(g, _)| *g == name)
}

/// Every warning name oclc has, and every group name it understands (for help texts).
pub fn known_flag_names() -> Vec<&'static str> {
    let mut v: Vec<&'static str> = FLAGS.iter().map(|f| f.name).collect();
    v.extend(GROUPS.iter().map(|(g, _)| *g));
    v
}

/// True when `name` is the warning `flag` or a group that contains it (through subgroups).
fn covers(name: &str, flag: &str) -> bool {
    if name == flag {
        return true;
    }
    GROUPS
        .iter()
        .find(|(g, _)| *g == name)
        .is_some_and(|(_, members)| members.iter().any(|m| covers(m, flag)))
}

/// What one `-W...` option says about a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagSetting {
    /// `-WNAME`: show it.
    Enable,
    /// `-Wno-NAME`: hide it.
    Disable,
    /// `-Werror=NAME`: show it, as an error.
    Error,
    /// `-Wno-error=NAME`: keep it a warning even under `-Werror`.
    NoError,
}

/// The per-name warning options of a command line, in order (later ones win, as in clang).
/// `-w` and the global `-Werror` are [`crate::diagnostic::WarningMode`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WarningFlags {
    settings: Vec<(String, FlagSetting)>,
    /// `-pedantic-errors`: clang's extension warnings are errors.
    pub extensions_are_errors: bool,
}

impl WarningFlags {
    /// Adds one option given without its `-W`: `NAME`, `no-NAME`, `error=NAME` or
    /// `no-error=NAME` (the global `error` / `no-error` are not per-name: the caller
    /// handles them).
    pub fn push(&mut self, option: &str) {
        let (name, setting) = if let Some(n) = option.strip_prefix("no-error=") {
            (n, FlagSetting::NoError)
        } else if let Some(n) = option.strip_prefix("error=") {
            (n, FlagSetting::Error)
        } else if let Some(n) = option.strip_prefix("no-") {
            (n, FlagSetting::Disable)
        } else {
            (option, FlagSetting::Enable)
        };
        self.settings.push((name.to_string(), setting));
    }

    /// Adds a setting for `name`.
    pub fn set(&mut self, name: &str, setting: FlagSetting) {
        self.settings.push((name.to_string(), setting));
    }

    /// True when no option was given.
    pub fn is_empty(&self) -> bool {
        self.settings.is_empty()
    }

    /// The options as given, in order, spelled `-W...` (and `-pedantic-errors`).
    pub fn options(&self) -> Vec<String> {
        let errors = self
            .extensions_are_errors
            .then(|| "-pedantic-errors".to_string());
        errors
            .into_iter()
            .chain(self.settings.iter().map(|(n, s)| match s {
                FlagSetting::Enable => format!("-W{n}"),
                FlagSetting::Disable => format!("-Wno-{n}"),
                FlagSetting::Error => format!("-Werror={n}"),
                FlagSetting::NoError => format!("-Wno-error={n}"),
            }))
            .collect()
    }

    /// How the warning `code` comes out: `None` when hidden, else whether it is an error
    /// (`all_errors` is the global `-Werror`). Warnings without a name follow the defaults.
    pub fn resolve(&self, code: &str, all_errors: bool) -> Option<bool> {
        let Some(flag) = FLAGS.iter().find(|f| f.code == code) else {
            return Some(all_errors);
        };
        let mut shown = flag.on_by_default || flag.name == "pedantic" && self.extensions_are_errors;
        let mut error: Option<bool> =
            (flag.extension && self.extensions_are_errors).then_some(true);
        for (name, setting) in &self.settings {
            if !covers(name, flag.name) {
                continue;
            }
            match setting {
                FlagSetting::Enable => shown = true,
                FlagSetting::Disable => shown = false,
                FlagSetting::Error => {
                    shown = true;
                    error = Some(true);
                }
                FlagSetting::NoError => error = Some(false),
            }
        }
        shown.then_some(error.unwrap_or(all_errors))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(options: &[&str]) -> WarningFlags {
        let mut f = WarningFlags::default();
        for o in options {
            f.push(o);
        }
        f
    }

    #[test]
    fn groups_cover_their_members() {
        assert!(covers("conversion", "float-conversion"));
        assert!(covers("all", "unused-value"));
        assert!(covers("everything", "unused-value"));
        assert!(!covers("extra", "unused-value"));
        assert!(covers("cpp", "#warnings"));
    }

    #[test]
    fn later_options_win_and_no_error_survives_werror() {
        // W0305 is -Wunused-value.
        assert_eq!(
            flags(&["no-unused", "unused-value"]).resolve("W0305", false),
            Some(false)
        );
        assert_eq!(
            flags(&["unused-value", "no-unused"]).resolve("W0305", false),
            None
        );
        assert_eq!(
            flags(&["error=unused-value", "no-unused-value"]).resolve("W0305", false),
            None
        );
        assert_eq!(
            flags(&["no-unused-value", "error=unused-value"]).resolve("W0305", false),
            Some(true)
        );
        assert_eq!(
            flags(&["no-error=unused"]).resolve("W0305", true),
            Some(false)
        );
        assert_eq!(flags(&[]).resolve("W0105", false), None);
        assert_eq!(flags(&["pedantic"]).resolve("W0105", false), Some(false));
    }
}
