//! This module owns a `[[target]]`'s atlas layout keys — `pack = true`,
//! `page_size`, `padding`, `page_edges = "pot" | "free"`, `atlas_in = "path"`
//! — read into the [`LayoutAsk`] the command line's flags also make
//! (`crate::layout`, whose rules they obey). Each refusal is placed at the
//! value: an unknown `page_edges`, a `page_size` of 0, an `atlas_in` that is
//! not a file inside the project (relative to rigc.toml, like every path of
//! it), a pack-only key without `pack = true`, `pack` beside `atlas_in`.

use super::{kinds::Need, RawTarget, Reader};
use crate::layout::{Conflict, LayoutAsk, PackOnly};
use crate::stages::pack::Edges;
use rigc_diag::{codes, Diagnostic};

/// The layout target `i` (`t`) asks for; its refusals go to `r`.
pub(super) fn read(r: &mut Reader<'_>, t: &RawTarget, i: usize) -> LayoutAsk {
    let ptr = |k: &str| format!("/target/{i}/{k}");
    let page_edges = t
        .page_edges
        .as_ref()
        .and_then(|e| match e.get_ref().as_str() {
            "pot" => Some(Edges::Pot),
            "free" => Some(Edges::Free),
            other => {
                let loc = r.loc(e.span(), &ptr("page_edges"));
                r.diags.push(
                    Diagnostic::new(
                        codes::CONFIG_PAGE_EDGES,
                        format!("page_edges {other:?}; known page edges: pot, free"),
                    )
                    .at(loc)
                    .help("write \"pot\" (power-of-two pages, the default) or \"free\""),
                );
                None
            }
        });
    if let Some(size) = t.page_size.as_ref().filter(|s| *s.get_ref() == 0) {
        let loc = r.loc(size.span(), &ptr("page_size"));
        r.diags.push(
            Diagnostic::new(
                codes::CONFIG_PAGE_SIZE,
                "page_size 0: a page needs at least one texel a side",
            )
            .at(loc)
            .help("give the largest page side in texels (2048 when left out); it is floored to a power of two"),
        );
    }
    let atlas_in = t
        .atlas_in
        .as_ref()
        .map(|a| r.path(a, &ptr("atlas_in"), "atlas", Need::File));
    let ask = LayoutAsk {
        pack: t.pack.as_ref().is_some_and(|p| *p.get_ref()),
        page_size: t.page_size.as_ref().map(|s| *s.get_ref()),
        padding: t.padding.as_ref().map(|s| *s.get_ref()),
        page_edges,
        atlas_in,
    };
    let Some(conflict) = ask.conflict() else {
        return ask;
    };
    // Placed at the key that breaks the rule.
    let (key, span) = match conflict {
        Conflict::PackOnly(o) => (
            o.key(),
            match o {
                PackOnly::PageSize => t.page_size.as_ref().map(|s| s.span()),
                PackOnly::Padding => t.padding.as_ref().map(|s| s.span()),
                PackOnly::PageEdges => t.page_edges.as_ref().map(|s| s.span()),
            },
        ),
        Conflict::PackAndAtlasIn => ("atlas_in", t.atlas_in.as_ref().map(|s| s.span())),
    };
    let (code, help) = match conflict {
        Conflict::PackOnly(_) => (
            codes::CONFIG_PACK_ONLY,
            "add pack = true to the target, or drop the key",
        ),
        Conflict::PackAndAtlasIn => (
            codes::CONFIG_PACK_AND_ATLAS_IN,
            "drop pack (and its options) to reuse the atlas, or drop atlas_in to pack the parts",
        ),
    };
    let mut d = Diagnostic::new(code, conflict.message(true)).help(help);
    if let Some(span) = span {
        d = d.at(r.loc(span, &ptr(key)));
    }
    if let (Conflict::PackAndAtlasIn, Some(p)) = (conflict, &t.pack) {
        d = d.related("pack = true", r.loc(p.span(), &ptr("pack")));
    }
    r.diags.push(d);
    LayoutAsk::default()
}
