//! Located diagnostics (errors, warnings, notes), their collector and rendering.

use crate::source::{SourceMap, Span};
use codespan_reporting::diagnostic as cs;
use codespan_reporting::term;
use std::sync::atomic::{AtomicU8, Ordering};

/// How [`Diagnostic::render`] and [`Diagnostics::render`] write diagnostics.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum DiagnosticFormat {
    /// Human-readable text with source excerpts (codespan-reporting).
    #[default]
    Text,
    /// JSON Lines: one object per diagnostic (see [`crate::diagnostic_json`]).
    Json,
}

static FORMAT: AtomicU8 = AtomicU8::new(0);

/// Sets the process-wide format used by `render` (the `oclc` command line sets it from
/// `--diagnostics-format`; library users can call the explicit `render_*` methods).
pub fn set_diagnostic_format(format: DiagnosticFormat) {
    FORMAT.store(format as u8, Ordering::Relaxed);
}

/// The process-wide format used by `render` (text unless changed).
pub fn diagnostic_format() -> DiagnosticFormat {
    match FORMAT.load(Ordering::Relaxed) {
        1 => DiagnosticFormat::Json,
        _ => DiagnosticFormat::Text,
    }
}

/// How serious a diagnostic is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Informational note.
    Note,
    /// Warning: compilation continues.
    Warning,
    /// Error: compilation fails.
    Error,
}

/// A secondary label: a span with a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What to say there.
    pub message: String,
}

/// One located diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error, warning or note.
    pub severity: Severity,
    /// Stable code such as `"E0300"` (empty for errors without one, printed without it).
    pub code: &'static str,
    /// Headline.
    pub message: String,
    /// Main location.
    pub primary: Span,
    /// Label at the main location (may be empty).
    pub primary_label: String,
    /// Extra locations.
    pub secondary: Vec<Label>,
    /// Free-form notes printed below the excerpt.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// New error diagnostic.
    pub fn error(code: &'static str, message: impl Into<String>, span: Span) -> Self {
        Self::new(Severity::Error, code, message, span)
    }

    /// New warning diagnostic.
    pub fn warning(code: &'static str, message: impl Into<String>, span: Span) -> Self {
        Self::new(Severity::Warning, code, message, span)
    }

    /// New diagnostic of any severity.
    pub fn new(
        severity: Severity,
        code: &'static str,
        message: impl Into<String>,
        span: Span,
    ) -> Self {
        Diagnostic {
            severity,
            code,
            message: message.into(),
            primary: span,
            primary_label: String::new(),
            secondary: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// Sets the primary label.
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.primary_label = label.into();
        self
    }

    /// Adds a secondary label.
    pub fn with_secondary(mut self, span: Span, message: impl Into<String>) -> Self {
        self.secondary.push(Label {
            span,
            message: message.into(),
        });
        self
    }

    /// Adds a note.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// A copy with macro-expansion and include-chain notes from `map`.
    pub fn with_origins(&self, map: &SourceMap) -> Diagnostic {
        crate::diagnostic_origins::with_origins(self, map)
    }

    fn to_codespan(&self) -> cs::Diagnostic<crate::source::FileId> {
        let sev = match self.severity {
            Severity::Error => cs::Severity::Error,
            Severity::Warning => cs::Severity::Warning,
            Severity::Note => cs::Severity::Note,
        };
        let mut labels = vec![cs::Label::primary(self.primary.file, self.primary.range())
            .with_message(&self.primary_label)];
        for l in &self.secondary {
            labels.push(cs::Label::secondary(l.span.file, l.span.range()).with_message(&l.message));
        }
        let d = cs::Diagnostic::new(sev);
        // An empty code (errors of later stages) prints as a plain `error: ...`.
        let d = if self.code.is_empty() {
            d
        } else {
            d.with_code(self.code)
        };
        d.with_message(format!("{}{}", self.message, self.flag_suffix()))
            .with_labels(labels)
            .with_notes(self.notes.clone())
    }

    /// clang's option name of this warning as clang prints it after the message:
    /// `-Wunused-value`, or `-Werror,-Wunused-value` once it was made an error; `None` for
    /// diagnostics that are not named warnings.
    pub fn flag_option(&self) -> Option<String> {
        let name = crate::warning_flags::warning_flag(self.code)?;
        Some(match self.severity {
            Severity::Error => format!("-Werror,-W{name}"),
            _ => format!("-W{name}"),
        })
    }

    fn flag_suffix(&self) -> String {
        self.flag_option()
            .map(|f| format!(" [{f}]"))
            .unwrap_or_default()
    }

    /// Renders this diagnostic in the process-wide [`diagnostic_format`].
    pub fn render(&self, map: &SourceMap) -> String {
        match diagnostic_format() {
            DiagnosticFormat::Text => self.render_text(map),
            DiagnosticFormat::Json => self.render_json(map),
        }
    }

    /// Renders this diagnostic as text: file:line:col, source excerpt, labels, notes
    /// (including macro-expansion and include-chain notes).
    pub fn render_text(&self, map: &SourceMap) -> String {
        let config = term::Config::default();
        let d = self.with_origins(map);
        term::emit_into_string(&config, map, &d.to_codespan())
            .unwrap_or_else(|_| format!("{:?}: {}\n", self.severity, self.message))
    }

    /// Renders this diagnostic as one JSON line (with a trailing newline).
    pub fn render_json(&self, map: &SourceMap) -> String {
        let mut s = crate::diagnostic_json::to_json(&self.with_origins(map), map);
        s.push('\n');
        s
    }
}

/// How warnings are treated (`-w`, `-Werror`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum WarningMode {
    /// Keep warnings as warnings.
    #[default]
    Normal,
    /// Drop all warnings (`-w`).
    Suppress,
    /// Turn warnings into errors (`-Werror`).
    AsErrors,
}

/// Ordered collection of diagnostics.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics {
    /// All diagnostics in emission order.
    pub items: Vec<Diagnostic>,
    /// Warning policy applied on [`Diagnostics::push`].
    pub mode: WarningMode,
    /// Per-name warning options (`-Wno-NAME`, `-Werror=NAME`, ...) applied on push.
    pub flags: crate::warning_flags::WarningFlags,
}

impl Diagnostics {
    /// Empty collector with normal warning handling.
    pub fn new() -> Self {
        Self::default()
    }

    /// Empty collector with a warning policy.
    pub fn with_mode(mode: WarningMode) -> Self {
        Diagnostics {
            items: Vec::new(),
            mode,
            flags: Default::default(),
        }
    }

    /// Empty collector with a warning policy and per-name warning options.
    pub fn with_policy(mode: WarningMode, flags: crate::warning_flags::WarningFlags) -> Self {
        Diagnostics {
            items: Vec::new(),
            mode,
            flags,
        }
    }

    /// Adds a diagnostic, applying the warning policy.
    pub fn push(&mut self, mut d: Diagnostic) {
        if d.severity == Severity::Warning {
            if self.mode == WarningMode::Suppress {
                return;
            }
            let all_errors = self.mode == WarningMode::AsErrors;
            match self.flags.resolve(d.code, all_errors) {
                None => return,
                Some(true) => {
                    d.severity = Severity::Error;
                    d.notes.push(if all_errors {
                        "warnings are treated as errors (-Werror)".into()
                    } else {
                        format!(
                            "this warning is treated as an error (-Werror={})",
                            crate::warning_flags::warning_flag(d.code).unwrap_or("?")
                        )
                    });
                }
                Some(false) => {}
            }
        }
        self.items.push(d);
    }

    /// Appends another collector's diagnostics (policy of `self` applies).
    pub fn extend(&mut self, other: Diagnostics) {
        for d in other.items {
            self.push(d);
        }
    }

    /// True if any error was recorded.
    pub fn has_errors(&self) -> bool {
        self.items.iter().any(|d| d.severity == Severity::Error)
    }

    /// True if an error was recorded other than a warning made an error (`-Werror`): the
    /// front end goes on after those, as clang does, to report the rest.
    pub fn has_errors_besides_warnings(&self) -> bool {
        self.items
            .iter()
            .any(|d| d.severity == Severity::Error && !d.code.starts_with('W'))
    }

    /// Number of errors.
    pub fn error_count(&self) -> usize {
        self.items
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count()
    }

    /// True if empty.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Renders all diagnostics in the process-wide [`diagnostic_format`].
    pub fn render(&self, map: &SourceMap) -> String {
        self.items.iter().map(|d| d.render(map)).collect()
    }

    /// Renders all diagnostics as text.
    pub fn render_text(&self, map: &SourceMap) -> String {
        self.items.iter().map(|d| d.render_text(map)).collect()
    }

    /// Renders all diagnostics as JSON Lines.
    pub fn render_json(&self, map: &SourceMap) -> String {
        self.items.iter().map(|d| d.render_json(map)).collect()
    }

    /// Writes all diagnostics to a termcolor stream (colored if the stream supports it).
    pub fn emit(
        &self,
        map: &SourceMap,
        out: &mut dyn term::termcolor::WriteColor,
    ) -> std::io::Result<()> {
        let config = term::Config::default();
        for d in &self.items {
            if diagnostic_format() == DiagnosticFormat::Json {
                out.write_all(d.render_json(map).as_bytes())?;
                continue;
            }
            let d = d.with_origins(map);
            term::emit_to_write_style(out, &config, map, &d.to_codespan())
                .map_err(std::io::Error::other)?;
        }
        Ok(())
    }
}
