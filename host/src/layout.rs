//! This module owns the atlas layout a build is asked for, whichever way it is
//! asked: `--pack [--page-size --padding --page-edges]` or `--atlas-in` on the
//! command line, or `pack`, `page_size`, `padding`, `page_edges`, `atlas_in`
//! in a `[[target]]` of `rigc.toml`. Both spellings become one [`LayoutAsk`];
//! its rules (CLI.md §1: the pack-only options need `pack`, `pack` and
//! `atlas_in` exclude each other) are [`LayoutAsk::conflict`]'s, and the
//! [`Layout`] it resolves to (the defaults filled in) is [`LayoutAsk::layout`]'s.
//! The command line words a conflict as a usage error, `rigc.toml` as a
//! refusal at the value; neither states a rule of its own.
//!
//! Decided where the spec is silent: a layout asked on the command line
//! replaces every selected target's own (as `--profile` does); a target that
//! asks for nothing builds one page per part.

use crate::stages::pack::{Edges, Layout, PackOptions};
use std::path::PathBuf;

/// The atlas layout asked for (paths absolute).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LayoutAsk {
    /// `--pack` / `pack = true`.
    pub pack: bool,
    /// `--page-size` / `page_size`.
    pub page_size: Option<u32>,
    /// `--padding` / `padding`.
    pub padding: Option<u32>,
    /// `--page-edges` / `page_edges`.
    pub page_edges: Option<Edges>,
    /// `--atlas-in` / `atlas_in`, absolute.
    pub atlas_in: Option<PathBuf>,
}

/// An option that only means something with `pack`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PackOnly {
    /// `--page-size` / `page_size`.
    PageSize,
    /// `--padding` / `padding`.
    Padding,
    /// `--page-edges` / `page_edges`.
    PageEdges,
}

impl PackOnly {
    /// Its command-line flag, without the dashes.
    pub fn flag(self) -> &'static str {
        match self {
            PackOnly::PageSize => "page-size",
            PackOnly::Padding => "padding",
            PackOnly::PageEdges => "page-edges",
        }
    }

    /// Its `rigc.toml` key.
    pub fn key(self) -> &'static str {
        match self {
            PackOnly::PageSize => "page_size",
            PackOnly::Padding => "padding",
            PackOnly::PageEdges => "page_edges",
        }
    }
}

/// Why a layout ask cannot be built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Conflict {
    /// A pack-only option without `pack`.
    PackOnly(PackOnly),
    /// `pack` and `atlas_in` together.
    PackAndAtlasIn,
}

impl Conflict {
    /// The rule, in the words of the spelling that broke it (`toml`: the
    /// `rigc.toml` keys, else the flags).
    pub fn message(self, toml: bool) -> String {
        match (self, toml) {
            (Conflict::PackOnly(o), false) => format!("--{} only means something with --pack", o.flag()),
            (Conflict::PackOnly(o), true) => format!("{} only means something with pack = true", o.key()),
            (Conflict::PackAndAtlasIn, false) => {
                "--pack lays the atlas out and --atlas-in reuses one laid out elsewhere; pick one".into()
            }
            (Conflict::PackAndAtlasIn, true) => {
                "pack = true lays the atlas out and atlas_in reuses one laid out elsewhere; pick one".into()
            }
        }
    }
}

impl LayoutAsk {
    /// Nothing asked: one page per part.
    pub fn is_empty(&self) -> bool {
        *self == LayoutAsk::default()
    }

    /// The first rule the ask breaks, if any.
    pub fn conflict(&self) -> Option<Conflict> {
        if !self.pack {
            let given = [
                (PackOnly::PageSize, self.page_size.is_some()),
                (PackOnly::Padding, self.padding.is_some()),
                (PackOnly::PageEdges, self.page_edges.is_some()),
            ];
            if let Some((o, _)) = given.iter().find(|(_, g)| *g) {
                return Some(Conflict::PackOnly(*o));
            }
        }
        (self.pack && self.atlas_in.is_some()).then_some(Conflict::PackAndAtlasIn)
    }

    /// The layout asked for, the defaults filled in (an ask that breaks a
    /// rule is refused before this is called; `atlas_in` then wins).
    pub fn layout(&self) -> Layout {
        if let Some(atlas) = &self.atlas_in {
            return Layout::AtlasIn(atlas.clone());
        }
        if !self.pack {
            return Layout::PerPart;
        }
        Layout::Pack(PackOptions::new(
            self.page_size,
            self.padding,
            self.page_edges,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_rule_for_both_spellings() {
        let mut ask = LayoutAsk {
            padding: Some(0),
            ..LayoutAsk::default()
        };
        assert_eq!(ask.conflict(), Some(Conflict::PackOnly(PackOnly::Padding)));
        assert_eq!(
            Conflict::PackOnly(PackOnly::Padding).message(true),
            "padding only means something with pack = true"
        );
        ask.pack = true;
        assert_eq!(ask.conflict(), None);
        assert_eq!(
            ask.layout(),
            Layout::Pack(PackOptions::new(None, Some(0), None))
        );
        ask.atlas_in = Some("/a.atlas".into());
        assert_eq!(ask.conflict(), Some(Conflict::PackAndAtlasIn));
        assert!(LayoutAsk::default().is_empty());
        assert_eq!(LayoutAsk::default().layout(), Layout::PerPart);
    }
}
