//! Located diagnostics (errors, warnings, notes), their collector and rendering.

use crate::source::{SourceMap, Span};
use codespan_reporting::diagnostic as cs;
use codespan_reporting::term;

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
    /// Stable code such as `"E0300"`.
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
        cs::Diagnostic::new(sev)
            .with_code(self.code)
            .with_message(&self.message)
            .with_labels(labels)
            .with_notes(self.notes.clone())
    }

    /// Renders this diagnostic (plain text, file:line:col plus source excerpt).
    pub fn render(&self, map: &SourceMap) -> String {
        let config = term::Config::default();
        term::emit_into_string(&config, map, &self.to_codespan())
            .unwrap_or_else(|_| format!("{:?}: {}\n", self.severity, self.message))
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
        }
    }

    /// Adds a diagnostic, applying the warning policy.
    pub fn push(&mut self, mut d: Diagnostic) {
        if d.severity == Severity::Warning {
            match self.mode {
                WarningMode::Suppress => return,
                WarningMode::AsErrors => {
                    d.severity = Severity::Error;
                    d.notes
                        .push("warnings are treated as errors (-Werror)".into());
                }
                WarningMode::Normal => {}
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

    /// Renders all diagnostics as plain text.
    pub fn render(&self, map: &SourceMap) -> String {
        self.items.iter().map(|d| d.render(map)).collect()
    }

    /// Writes all diagnostics to a termcolor stream (colored if the stream supports it).
    pub fn emit(
        &self,
        map: &SourceMap,
        out: &mut dyn term::termcolor::WriteColor,
    ) -> std::io::Result<()> {
        let config = term::Config::default();
        for d in &self.items {
            term::emit_to_write_style(out, &config, map, &d.to_codespan())
                .map_err(std::io::Error::other)?;
        }
        Ok(())
    }
}
