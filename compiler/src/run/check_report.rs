//! Renders the defects of `oclc run --check` like compile diagnostics: the kind as the
//! code (`error[out-of-bounds-read]`), the object and offset in the headline, the source
//! line at the operation's span (through `#include` and macros), and notes with the first
//! work-item and the count. `--diagnostics-format json` gives one JSON line per defect.

use oclc_backend_cpu::check::global::UNKNOWN_GROUP;
use oclc_backend_cpu::check::local_cell::UNKNOWN_WORK_ITEM;
use oclc_backend_cpu::check::site::{CheckObject, DefectKind};
use oclc_frontend::diagnostic::{diagnostic_format, Diagnostic, DiagnosticFormat};
use oclc_frontend::source::SourceMap;
use oclc_runtime_lite::Defect;

/// The headline of a defect.
pub fn headline(d: &Defect) -> String {
    let kind = d.site.kind;
    let mut s = kind.headline().to_string();
    match kind {
        DefectKind::OutOfBoundsRead | DefectKind::OutOfBoundsWrite => {
            let size = d
                .object_size
                .map(|n| format!(" ({n} bytes)"))
                .unwrap_or_default();
            s.push_str(&format!(
                " of {} bytes at byte offset {} of {}{size}",
                d.site.size, d.first.detail, d.site.object
            ));
        }
        DefectKind::Misaligned => s.push_str(&format!(
            ": {} bytes at address {:#x}, not a multiple of the element size",
            d.site.size, d.first.detail
        )),
        DefectKind::BarrierDivergence if d.first.local == [u64::MAX; 3] => s.push_str(&format!(
            ": {} work-item(s) of the group leave here, the others go on to a barrier",
            d.first.detail
        )),
        DefectKind::BarrierDivergence => {
            s.push_str(": the work-items of the group disagree on this condition around a barrier")
        }
        DefectKind::GatherOutOfStream => match &d.site.object {
            CheckObject::Param { name, .. } => s.push_str(&format!(
                " '{}' (the Brook+ kernel's gather array)",
                name.trim_start_matches("__brook_")
            )),
            other => s.push_str(&format!(": {other}")),
        },
        DefectKind::DataRace => {
            let who = match d.first.detail {
                lin if lin == i64::from(UNKNOWN_WORK_ITEM) => "another work-item".to_string(),
                lin => format!("the work-item with linear local id {lin}"),
            };
            s.push_str(&format!(
                " on {}: {who} accessed the same bytes since the last barrier, one of them writing",
                d.site.object
            ))
        }
        DefectKind::GlobalDataRace => {
            let other = match d.first.detail {
                lin if lin >= 0 => {
                    let who = if lin == i64::from(u32::MAX) {
                        "another work-item".to_string()
                    } else {
                        format!("the work-item with linear local id {lin}")
                    };
                    format!("{who} of the same work-group accessed the same bytes since the last barrier(CLK_GLOBAL_MEM_FENCE)")
                }
                code => {
                    let code = (-1 - code) as u64;
                    let (group, lin) = (code >> 32, code & u64::from(u32::MAX));
                    let who = if lin == u64::from(u32::MAX) {
                        "a work-item".to_string()
                    } else {
                        format!("the work-item with linear local id {lin}")
                    };
                    let of = if group == UNKNOWN_GROUP {
                        "another work-group".to_string()
                    } else {
                        format!("the work-group with linear id {group}")
                    };
                    format!("{who} of {of} accessed the same bytes")
                }
            };
            s.push_str(&format!(
                " of {}: {other}, one of them writing",
                d.site.object
            ))
        }
        DefectKind::UninitialisedRead => {
            let who = match d.site.object {
                CheckObject::Variable {
                    space: "private", ..
                } => "the work-item did not write it",
                _ => "no work-item of the group wrote it",
            };
            s.push_str(&format!(
                " of {} at byte offset {}: {who}",
                d.site.object, d.first.detail
            ))
        }
        _ if d.site.object != CheckObject::None => s.push_str(&format!(" on {}", d.site.object)),
        _ => {}
    }
    s
}

/// `(x,y,z)`, or `group level` for code that runs once per group.
fn ids(v: [u64; 3]) -> String {
    if v == [u64::MAX; 3] {
        return "(group level)".into();
    }
    format!("({},{},{})", v[0], v[1], v[2])
}

/// The notes of a defect: where it first happened and how often.
fn notes(d: &Defect) -> Vec<String> {
    vec![
        format!(
            "first in work-item {} of work-group {} of kernel '{}'",
            ids(d.first.local),
            ids(d.first.group),
            d.kernel
        ),
        format!(
            "happened {} time{} in the launch",
            d.count,
            if d.count == 1 { "" } else { "s" }
        ),
    ]
}

/// Renders every defect (text or JSON, as `--diagnostics-format` says).
pub fn render_defects(sources: &SourceMap, defects: &[Defect]) -> String {
    let mut out = String::new();
    for d in defects {
        let label = match d.site.kind {
            DefectKind::OutOfBoundsWrite => "written here",
            DefectKind::OutOfBoundsRead => "read here",
            _ => "here",
        };
        match d
            .site
            .span
            .and_then(|s| crate::located::frontend_span(sources, s))
        {
            Some(span) => {
                let mut diag =
                    Diagnostic::error(d.site.kind.name(), headline(d), span).with_label(label);
                for n in notes(d) {
                    diag = diag.with_note(n);
                }
                out.push_str(&diag.render(sources));
            }
            None => out.push_str(&unlocated(d)),
        }
    }
    out
}

/// A defect without a source span.
fn unlocated(d: &Defect) -> String {
    let text = format!("error[{}]: {}", d.site.kind.name(), headline(d));
    match diagnostic_format() {
        DiagnosticFormat::Json => crate::cli::as_json_lines(&format!(
            "error: {}: {}; {}",
            d.site.kind.name(),
            headline(d),
            notes(d).join("; ")
        )),
        DiagnosticFormat::Text => {
            let mut s = text;
            s.push('\n');
            for n in notes(d) {
                s.push_str(&format!("  = note: {n}\n"));
            }
            s
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oclc_backend_cpu::check::sink::Occurrence;
    use oclc_backend_cpu::check::site::CheckSite;

    /// A race report of `kind` on `__local` variable `l` with `detail`.
    fn race(kind: DefectKind, detail: i64) -> Defect {
        Defect {
            kernel: "k".into(),
            site: CheckSite {
                kind,
                span: None,
                object: CheckObject::Variable {
                    name: "l".into(),
                    space: "__local",
                },
                size: 4,
                object_size: Some(4),
            },
            count: 1,
            first: Occurrence {
                group: [0; 3],
                local: [1, 0, 0],
                detail,
            },
            object_size: Some(4),
        }
    }

    #[test]
    fn races_with_an_unknown_other_side_say_so() {
        let local = headline(&race(DefectKind::DataRace, i64::from(UNKNOWN_WORK_ITEM)));
        assert!(local.contains(": another work-item accessed"), "{local}");
        let known = headline(&race(DefectKind::DataRace, 3));
        assert!(known.contains("linear local id 3 accessed"), "{known}");
        let code = -1 - ((UNKNOWN_GROUP << 32 | u64::from(u32::MAX)) as i64);
        assert!(code < 0);
        let global = headline(&race(DefectKind::GlobalDataRace, code));
        assert!(
            global.contains("a work-item of another work-group accessed"),
            "{global}"
        );
    }
}
