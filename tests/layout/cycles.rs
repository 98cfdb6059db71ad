//! From references to cycles. A reference between a module and its own
//! ancestor or descendant is no edge (a child is part of its parent); any
//! other is lifted to the two children of the lowest common ancestor that
//! contain its ends (`crate::diag::render` → `crate::spec::source` is
//! `diag` → `spec` under `crate`). Under each parent, the strongly connected
//! components of more than one child are the cycles, each reported as a
//! closed chain through all its members, every edge with one example
//! reference (the first by file and line).

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt::Write as _;
use std::path::Path;

use super::resolve::{Reference, Scoped};
use super::tree::Tree;

/// An edge between two siblings, with the reference shown for it.
#[derive(Clone, Debug)]
pub struct Edge {
    pub from: String,
    pub to: String,
    /// How many references were lifted to it.
    pub references: usize,
    /// How many of them are written in `#[cfg(test)]` modules.
    pub in_tests: usize,
    /// `host/src/watch/events.rs:9 \`super::actor::BuildDone\` (..)`.
    pub example: String,
}

/// A cycle among the children of one module.
#[derive(Debug)]
pub struct Cycle {
    pub krate: String,
    /// `crate::watch`.
    pub parent: String,
    /// The children in the cycle, sorted.
    pub members: Vec<String>,
    /// A closed walk through every member, from the first declared back to it.
    pub walk: Vec<String>,
    /// The edges of the walk, each once, in walk order.
    pub chain: Vec<Edge>,
    /// The other edges among the members.
    pub others: Vec<Edge>,
}

/// The references lifted to one edge between siblings.
#[derive(Clone, Copy)]
struct Lifted<'r> {
    /// The first by file and line.
    first: &'r Reference,
    references: usize,
    in_tests: usize,
}

/// What one crate's check saw.
pub struct CrateStats {
    pub label: String,
    pub modules: usize,
    pub references: usize,
    pub scanned_macros: usize,
}

#[derive(Default)]
pub struct Report {
    pub crates: Vec<CrateStats>,
    pub cycles: Vec<Cycle>,
}

impl Report {
    /// Adds one crate: its statistics and its cycles.
    pub fn add_crate(
        &mut self,
        workspace: &Path,
        tree: &Tree,
        scoped: &Scoped,
        refs: &[Reference],
    ) {
        self.crates.push(CrateStats {
            label: tree.label.clone(),
            modules: tree.modules.len(),
            references: refs.len(),
            scanned_macros: scoped.written.iter().map(|w| w.scanned_macros).sum(),
        });
        // parent → (child, child) → what was lifted to that edge.
        let mut lifted: BTreeMap<usize, BTreeMap<(usize, usize), Lifted>> = BTreeMap::new();
        for r in refs {
            let Some((parent, a, b)) = tree.lift(r.from, r.to) else {
                continue;
            };
            let slot = lifted
                .entry(parent)
                .or_default()
                .entry((a, b))
                .or_insert(Lifted {
                    first: r,
                    references: 0,
                    in_tests: 0,
                });
            slot.references += 1;
            slot.in_tests += usize::from(tree.modules[r.from].test_only);
            if (&r.file, r.line) < (&slot.first.file, slot.first.line) {
                slot.first = r;
            }
        }
        for (parent, edges) in lifted {
            let graph: BTreeMap<usize, BTreeSet<usize>> =
                edges.keys().fold(BTreeMap::new(), |mut g, &(a, b)| {
                    g.entry(a).or_default().insert(b);
                    g.entry(b).or_default();
                    g
                });
            for component in strongly_connected(&graph) {
                let edge = |a: usize, b: usize| {
                    let Lifted {
                        first: r,
                        references,
                        in_tests,
                    } = edges[&(a, b)];
                    let file = r.file.strip_prefix(workspace).unwrap_or(&r.file);
                    Edge {
                        from: tree.modules[a].name.clone(),
                        to: tree.modules[b].name.clone(),
                        references,
                        in_tests,
                        example: format!(
                            "{}:{} `{}` ({} -> {})",
                            file.display(),
                            r.line,
                            r.written,
                            tree.path(r.from),
                            tree.path(r.to)
                        ),
                    }
                };
                let walk = closed_walk(&graph, &component);
                let mut used = BTreeSet::new();
                let chain = walk
                    .windows(2)
                    .filter(|w| used.insert((w[0], w[1])))
                    .map(|w| edge(w[0], w[1]))
                    .collect();
                let others = edges
                    .keys()
                    .filter(|(a, b)| component.contains(a) && component.contains(b))
                    .filter(|e| !used.contains(e))
                    .map(|&(a, b)| edge(a, b))
                    .collect();
                let mut members: Vec<String> = component
                    .iter()
                    .map(|&c| tree.modules[c].name.clone())
                    .collect();
                members.sort();
                self.cycles.push(Cycle {
                    krate: tree.label.clone(),
                    parent: tree.path(parent),
                    members,
                    walk: walk.iter().map(|&m| tree.modules[m].name.clone()).collect(),
                    chain,
                    others,
                });
            }
        }
    }

    /// One line per crate: modules, references, unread macro bodies.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        for c in &self.crates {
            let _ = writeln!(
                out,
                "  {}: {} modules, {} references between modules, {} macro bodies only scanned for paths",
                c.label, c.modules, c.references, c.scanned_macros
            );
        }
        out
    }

    /// Every cycle with its chain and example references, then the summary.
    pub fn render(&self) -> String {
        let mut out = format!("{} import cycles between modules:\n", self.cycles.len());
        for (i, cycle) in self.cycles.iter().enumerate() {
            let _ = writeln!(
                out,
                "\n({}) {}: {} children of `{}` in a cycle: {}\n    closed walk: {}",
                i + 1,
                cycle.krate,
                cycle.members.len(),
                cycle.parent,
                cycle.members.join(", "),
                cycle.walk.join(" -> ")
            );
            for e in &cycle.chain {
                let _ = writeln!(out, "      {e}");
            }
            if !cycle.others.is_empty() {
                let _ = writeln!(out, "    other edges among them:");
                for e in &cycle.others {
                    let _ = writeln!(out, "      {e}");
                }
            }
        }
        let _ = write!(out, "\ncrates checked:\n{}", self.summary());
        out
    }
}

impl std::fmt::Display for Edge {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let plural = if self.references == 1 { "" } else { "s" };
        write!(
            f,
            "{} -> {} ({} reference{plural}",
            self.from, self.to, self.references
        )?;
        if self.in_tests == self.references {
            write!(f, ", all in #[cfg(test)] modules")?;
        } else if self.in_tests > 0 {
            write!(f, ", {} in #[cfg(test)] modules", self.in_tests)?;
        }
        write!(f, "), e.g. {}", self.example)
    }
}

/// Tarjan's algorithm: the components of more than one node, each sorted,
/// in order of their smallest node.
fn strongly_connected(graph: &BTreeMap<usize, BTreeSet<usize>>) -> Vec<Vec<usize>> {
    struct State<'g> {
        graph: &'g BTreeMap<usize, BTreeSet<usize>>,
        index: BTreeMap<usize, usize>,
        low: BTreeMap<usize, usize>,
        stack: Vec<usize>,
        on_stack: BTreeSet<usize>,
        found: Vec<Vec<usize>>,
    }
    fn connect(s: &mut State, v: usize) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on_stack.insert(v);
        for &w in &s.graph[&v] {
            if !s.index.contains_key(&w) {
                connect(s, w);
                let low = s.low[&v].min(s.low[&w]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(&w) {
                let low = s.low[&v].min(s.index[&w]);
                s.low.insert(v, low);
            }
        }
        if s.low[&v] == s.index[&v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(&w);
                component.push(w);
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.found.push(component);
            }
        }
    }
    let mut s = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for &v in graph.keys() {
        if !s.index.contains_key(&v) {
            connect(&mut s, v);
        }
    }
    s.found.sort();
    s.found
}

/// A closed walk inside `component` from its first node through all of
/// them, by shortest paths to the next node not yet passed, and back.
fn closed_walk(graph: &BTreeMap<usize, BTreeSet<usize>>, component: &[usize]) -> Vec<usize> {
    let inside: BTreeSet<usize> = component.iter().copied().collect();
    let start = component[0];
    let mut walk = vec![start];
    let mut passed = BTreeSet::from([start]);
    for &target in component.iter().skip(1).chain([&start]) {
        if target != start && passed.contains(&target) {
            continue;
        }
        let from = *walk.last().expect("the walk has its start");
        let path = shortest_path(graph, &inside, from, target);
        passed.extend(path.iter().copied());
        walk.extend(path);
    }
    walk
}

/// The nodes after `from` on a shortest path to `to` within `inside` (a
/// strongly connected set, so there is one; empty only if `to` is `from`
/// and it is not the end of the closed walk).
fn shortest_path(
    graph: &BTreeMap<usize, BTreeSet<usize>>,
    inside: &BTreeSet<usize>,
    from: usize,
    to: usize,
) -> Vec<usize> {
    let mut came_from: BTreeMap<usize, usize> = BTreeMap::new();
    let mut queue = VecDeque::from([from]);
    while let Some(v) = queue.pop_front() {
        for &w in &graph[&v] {
            if !inside.contains(&w) || came_from.contains_key(&w) {
                continue;
            }
            came_from.insert(w, v);
            if w == to {
                let mut path = vec![to];
                let mut at = to;
                while let Some(&p) = came_from.get(&at).filter(|&&p| p != from) {
                    path.push(p);
                    at = p;
                }
                path.reverse();
                return path;
            }
            queue.push_back(w);
        }
    }
    Vec::new()
}
