//! `--mlir-timing`: a tree of wall times in the format of upstream's execution time report
//! (the single-threaded form, which has only the `Wall Time` column).

use std::fmt::Write as _;
use std::time::Duration;

/// One timer: a name, the time spent, and nested timers in first-use order.
#[derive(Clone, Debug, Default)]
pub struct TimingNode {
    pub name: String,
    pub wall: Duration,
    pub children: Vec<TimingNode>,
}

impl TimingNode {
    pub fn new(name: impl Into<String>) -> Self {
        TimingNode { name: name.into(), wall: Duration::ZERO, children: Vec::new() }
    }

    /// The child named `name`, created on first use.
    pub fn child(&mut self, name: &str) -> &mut TimingNode {
        let i = match self.children.iter().position(|c| c.name == name) {
            Some(i) => i,
            None => {
                self.children.push(TimingNode::new(name));
                self.children.len() - 1
            }
        };
        &mut self.children[i]
    }
}

/// Render the report for top-level timers `nodes` over a run that took `total`. Time not
/// covered by the top-level timers is shown as `Rest`, as upstream does.
pub fn render_report(nodes: &[TimingNode], total: Duration) -> String {
    let total_s = total.as_secs_f64();
    let mut out = String::new();
    let rule = "===-------------------------------------------------------------------------===";
    let _ = writeln!(out, "{rule}");
    let _ = writeln!(out, "                         ... Execution time report ...");
    let _ = writeln!(out, "{rule}");
    let _ = writeln!(out, "  Total Execution Time: {total_s:.4} seconds");
    let _ = writeln!(out);
    let _ = writeln!(out, "  ----Wall Time----  ----Name----");
    let covered: Duration = nodes.iter().map(|n| n.wall).sum();
    for n in nodes {
        render_node(&mut out, n, 0, total_s);
    }
    let rest = total.saturating_sub(covered);
    render_line(&mut out, "Rest", 0, rest.as_secs_f64(), total_s);
    render_line(&mut out, "Total", 0, total_s, total_s);
    out
}

fn render_node(out: &mut String, n: &TimingNode, depth: usize, total: f64) {
    render_line(out, &n.name, depth, n.wall.as_secs_f64(), total);
    for c in &n.children {
        render_node(out, c, depth + 1, total);
    }
}

fn render_line(out: &mut String, name: &str, depth: usize, secs: f64, total: f64) {
    let pct = if total > 0.0 { secs / total * 100.0 } else { 0.0 };
    let indent = "  ".repeat(depth);
    let _ = writeln!(out, "  {secs:>8.4} ({pct:>5.1}%)  {indent}{name}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_has_upstream_shape() {
        let mut root = TimingNode::new("'func.func' Pipeline");
        root.wall = Duration::from_millis(2);
        root.child("CSE").wall = Duration::from_millis(1);
        let r = render_report(&[root], Duration::from_millis(4));
        let lines: Vec<&str> = r.lines().collect();
        assert!(lines[1].contains("... Execution time report ..."));
        assert_eq!(lines[3], "  Total Execution Time: 0.0040 seconds");
        assert_eq!(lines[5], "  ----Wall Time----  ----Name----");
        assert_eq!(lines[6], "    0.0020 ( 50.0%)  'func.func' Pipeline");
        assert_eq!(lines[7], "    0.0010 ( 25.0%)    CSE");
        assert_eq!(lines[8], "    0.0020 ( 50.0%)  Rest");
        assert_eq!(lines[9], "    0.0040 (100.0%)  Total");
    }
}
