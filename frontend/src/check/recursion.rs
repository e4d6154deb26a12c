//! Indirect recursion detection over the user call graph (OpenCL forbids recursion).

use super::Checker;
use crate::diagnostic::Diagnostic;

impl Checker {
    /// Reports one error per call cycle `f -> g -> ... -> f` (direct self-calls are
    /// reported while checking the call).
    pub(crate) fn check_recursion(&mut self) {
        let n = self.functions.len();
        let mut edges: Vec<Vec<(usize, crate::source::Span)>> = vec![Vec::new(); n];
        for (from, to, span) in &self.calls {
            edges[from.0 as usize].push((to.0 as usize, *span));
        }
        // 0 = unvisited, 1 = on the DFS stack, 2 = done.
        let mut color = vec![0u8; n];
        let mut stack: Vec<(usize, usize)> = Vec::new();
        for root in 0..n {
            if color[root] != 0 {
                continue;
            }
            color[root] = 1;
            stack.push((root, 0));
            while let Some(&mut (f, ref mut next)) = stack.last_mut() {
                if let Some(&(g, span)) = edges[f].get(*next) {
                    *next += 1;
                    match color[g] {
                        0 => {
                            color[g] = 1;
                            stack.push((g, 0));
                        }
                        1 => {
                            let start = stack.iter().position(|(x, _)| *x == g).unwrap_or(0);
                            let names: Vec<String> = stack[start..]
                                .iter()
                                .map(|(x, _)| self.functions[*x].name.clone())
                                .chain(std::iter::once(self.functions[g].name.clone()))
                                .collect();
                            self.diags.push(
                                Diagnostic::error(
                                    "E0320",
                                    format!(
                                        "recursion is not allowed in OpenCL (call cycle {})",
                                        names.join(" -> ")
                                    ),
                                    span,
                                )
                                .with_label("this call closes the cycle"),
                            );
                        }
                        _ => {}
                    }
                } else {
                    color[f] = 2;
                    stack.pop();
                }
            }
        }
    }
}
