//! From what a module writes to the modules it names. A path's first segment
//! is `crate` (the root), `self`, `super` (repeatable), or a bare name looked
//! up in the module's scope: its child modules, then the names its `use`
//! leaves bind to modules (`use crate::stages;`, `use super::plan::{self}`),
//! then — unless the module binds the name itself (an item or any other
//! `use`) — what its glob imports bring (`use super::*`). The following
//! segments are followed through child modules (and module re-exports) as
//! far as they go: the longest prefix naming a module is the target, and
//! anything else (std, other crates, items) names nothing. `use` bindings
//! can build on each other (`use crate::stages; use stages::gate;`), so
//! they are resolved to a fixed point first.
//!
//! A path in code names its module only through a prefix shorter than the
//! whole path (`events::Foo`): a single segment `events` in code is a value
//! or a type, never a module.

use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use super::refs::{self, Binds, Written};
use super::tree::Tree;

/// A reference from one module to another that it names.
pub struct Reference {
    pub from: usize,
    pub to: usize,
    pub file: PathBuf,
    pub line: usize,
    /// The path as written (`use` leaves flattened): `super::actor::BuildDone`.
    pub written: String,
}

/// A crate's tree with each module's writings and names in scope.
pub struct Scoped<'t> {
    pub tree: &'t Tree,
    pub written: Vec<Written>,
    /// Names `use`d for modules, per module.
    aliases: Vec<BTreeMap<String, usize>>,
    /// Modules glob-imported, per module.
    globs: Vec<BTreeSet<usize>>,
    /// Names a module binds itself (items, `use` leaves): these shadow globs.
    bound: Vec<BTreeSet<String>>,
}

/// How far a path resolved: the module, and how many segments named it.
struct Resolved {
    module: usize,
    consumed: usize,
}

/// How deep glob imports of glob imports are followed.
const GLOB_DEPTH: usize = 4;

impl<'t> Scoped<'t> {
    pub fn new(tree: &'t Tree) -> Self {
        let written: Vec<Written> = tree
            .modules
            .iter()
            .map(|m| refs::collect(&m.items))
            .collect();
        let bound = tree
            .modules
            .iter()
            .zip(&written)
            .map(|(m, w)| {
                let items = m.items.iter().filter_map(item_name);
                let uses = w.uses.iter().filter_map(|u| match &u.binds {
                    Binds::Name(n) if n != "_" => Some(n.clone()),
                    _ => None,
                });
                items.chain(uses).collect()
            })
            .collect();
        let n = tree.modules.len();
        let mut scoped = Scoped {
            tree,
            written,
            aliases: vec![BTreeMap::new(); n],
            globs: vec![BTreeSet::new(); n],
            bound,
        };
        scoped.resolve_uses();
        scoped
    }

    /// Binds `use` leaves that name whole modules, until nothing changes.
    fn resolve_uses(&mut self) {
        loop {
            let mut changed = false;
            for m in 0..self.tree.modules.len() {
                for i in 0..self.written[m].uses.len() {
                    let leaf = &self.written[m].uses[i];
                    let Some(r) = self.resolve(m, &leaf.segments, leaf.global, false) else {
                        continue;
                    };
                    if r.consumed != leaf.segments.len() {
                        continue;
                    }
                    changed |= match leaf.binds.clone() {
                        Binds::Name(name) if name == "_" => false,
                        // The first binding of a name wins (two in different
                        // function bodies may differ), so this ends.
                        Binds::Name(name) => match self.aliases[m].entry(name) {
                            Entry::Vacant(slot) => {
                                slot.insert(r.module);
                                true
                            }
                            Entry::Occupied(_) => false,
                        },
                        Binds::Glob => self.globs[m].insert(r.module),
                    };
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// The module `name` stands for in module `m`'s scope.
    fn lookup(&self, m: usize, name: &str, depth: usize) -> Option<usize> {
        if let Some(&c) = self.tree.modules[m].children.get(name) {
            return Some(c);
        }
        if let Some(&a) = self.aliases[m].get(name) {
            return Some(a);
        }
        if self.bound[m].contains(name) || depth >= GLOB_DEPTH {
            return None;
        }
        self.globs[m]
            .iter()
            .find_map(|&g| self.lookup(g, name, depth + 1))
    }

    /// The longest prefix of `segments`, written in module `m`, that names a
    /// module; for a code path (`code`) the last segment never counts.
    fn resolve(&self, m: usize, segments: &[String], global: bool, code: bool) -> Option<Resolved> {
        if global || segments.is_empty() {
            return None;
        }
        let limit = segments.len() - usize::from(code);
        let (mut module, mut consumed) = match segments[0].as_str() {
            "crate" => (0, 1),
            "self" => (m, 1),
            "super" => {
                let mut module = m;
                let mut consumed = 0;
                while segments.get(consumed).is_some_and(|s| s == "super") {
                    module = self.tree.modules[module].parent?;
                    consumed += 1;
                }
                (module, consumed)
            }
            _ if limit == 0 => return None,
            name => (self.lookup(m, name, 0)?, 1),
        };
        while consumed < limit {
            let name = segments[consumed].as_str();
            let next = self.tree.modules[module]
                .children
                .get(name)
                .or_else(|| self.aliases[module].get(name));
            let Some(&next) = next else { break };
            module = next;
            consumed += 1;
        }
        Some(Resolved { module, consumed })
    }

    /// Every reference from a module to another module of the crate (to
    /// itself excluded), `use` leaves and code paths alike.
    pub fn references(&self) -> Vec<Reference> {
        let mut found = Vec::new();
        for (m, written) in self.written.iter().enumerate() {
            let uses = written
                .uses
                .iter()
                .map(|u| (&u.segments, u.global, u.line, false));
            let paths = written
                .paths
                .iter()
                .map(|p| (&p.segments, p.global, p.line, true));
            for (segments, global, line, code) in uses.chain(paths) {
                let Some(r) = self.resolve(m, segments, global, code) else {
                    continue;
                };
                if r.module != m {
                    found.push(Reference {
                        from: m,
                        to: r.module,
                        file: self.tree.modules[m].file.clone(),
                        line,
                        written: segments.join("::"),
                    });
                }
            }
        }
        found
    }
}

/// The name an item binds in the type namespace (where modules live).
fn item_name(item: &syn::Item) -> Option<String> {
    let ident = match item {
        syn::Item::Struct(i) => &i.ident,
        syn::Item::Enum(i) => &i.ident,
        syn::Item::Union(i) => &i.ident,
        syn::Item::Trait(i) => &i.ident,
        syn::Item::TraitAlias(i) => &i.ident,
        syn::Item::Type(i) => &i.ident,
        syn::Item::Mod(i) => &i.ident,
        syn::Item::ExternCrate(i) => i.rename.as_ref().map_or(&i.ident, |(_, r)| r),
        _ => return None,
    };
    Some(ident.to_string())
}
