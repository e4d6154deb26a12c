//! Brook+ front-end options (brcc's -a, -c, -wN and -x).

/// How the Brook+ checker behaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrookOptions {
    /// Strong typing (brcc's default; `-a` / `--brook-no-strong-typing` turns it off).
    pub strong_typing: bool,
    /// Legacy gather arrays: partial size specifications allowed (`-c` /
    /// `--brook-legacy-gather`, which disables constant buffers).
    pub legacy_gather: bool,
    /// Warning level 0-3 (`-wN` / `--brook-warn-level N`): warnings above it are hidden.
    pub warn_level: u8,
    /// Warnings become errors (`-x` / `--brook-warnings-as-errors`; only without strong typing).
    pub warnings_as_errors: bool,
    /// `-D` macros as `NAME` or `NAME=VALUE`.
    pub defines: Vec<String>,
    /// Gathers outside their stream read element -1 instead of clamping, so that checked
    /// code (`oclc run --check`) reports them.
    pub checked_gathers: bool,
}

impl Default for BrookOptions {
    fn default() -> Self {
        BrookOptions {
            strong_typing: true,
            legacy_gather: false,
            warn_level: 1,
            warnings_as_errors: false,
            defines: Vec::new(),
            checked_gathers: false,
        }
    }
}
