//! This module owns a linked mesh (FORMAT.md §2.7.7: `type: "linkedmesh"`, or
//! `"mesh"` with a `source`): its keys (`source`, `skin`, `slot`, `timelines`,
//! `path`, `image`, `width`, `height`, `color`), the refusal by name of every
//! geometry key on a link (the reader never reads them: the geometry is the
//! source's), and — once every skin is read — that its source is a mesh with
//! geometry of its own in the skin and slot the link names.

use rigc_diag::codes;

use super::read::{absent_at, boolean, color, number, q, string, Diags};
use super::types::{At, AttachmentKind, LinkedMeshSpec, SkinSpec};
use rigc_diag::cursor::Node;
use rigc_diag::Diagnostic;

/// The keys of a linked mesh.
const LINKED_KEYS: &[&str] = &[
    "type",
    "source",
    "skin",
    "slot",
    "timelines",
    "path",
    "image",
    "width",
    "height",
    "color",
    "sequence",
];

/// The geometry keys a link takes from its source, refused by name on it.
const GEOMETRY_KEYS: &[&str] = &[
    "uvs",
    "triangles",
    "vertices",
    "weights",
    "boneIndexing",
    "hull",
    "edges",
    "generator",
];

/// Reads the linked mesh `node`; `None` when it is refused. Its source is
/// resolved by [`check_sources`].
pub(super) fn parse(node: &Node, where_: &str, d: &mut Diags) -> Option<LinkedMeshSpec> {
    let before = d.len();
    for key in GEOMETRY_KEYS {
        if let Some(v) = node.get(key) {
            let source = node.get("source").and_then(|s| s.as_str().map(q));
            let from = source.map(|s| format!(" {s}")).unwrap_or_default();
            d.push(
                v.err(
                    codes::RIG_LINKED_GEOMETRY,
                    format!(
                        "{where_}: a linked mesh states {}, and the runtime never reads it — a link takes its bones, vertices, uvs, triangles, hull and edges from its source{from}",
                        q(key)
                    ),
                )
                .help(format!("remove {}; to give this part geometry of its own, make it a \"mesh\" without a \"source\"", q(key))),
            );
        }
    }
    let known: Vec<&str> = LINKED_KEYS.iter().chain(GEOMETRY_KEYS).copied().collect();
    d.extend(node.unknown_keys(&known, &format!("linked mesh ({where_})")));
    let source = match node.get("source") {
        None => {
            d.push(
                absent_at(
                    node,
                    codes::RIG_LINKED_SOURCE_MISSING,
                    format!("{where_}: a linked mesh needs a \"source\" — the placeholder of the mesh whose geometry it shares"),
                )
                .help("add \"source\": \"<the source mesh's placeholder>\""),
            );
            None
        }
        Some(s) => match s.as_str() {
            Some(v) => Some(At {
                value: v.to_string(),
                loc: s.loc(),
            }),
            None => {
                d.push(super::read::not_a_string(&s, "source", where_));
                None
            }
        },
    };
    let located = |key: &str, d: &mut Diags| {
        let v = node.get(key)?;
        string(node, key, where_, d).map(|value| At {
            value,
            loc: v.loc(),
        })
    };
    let skin = located("skin", d);
    let slot = located("slot", d);
    let link = LinkedMeshSpec {
        source: source?,
        skin,
        slot,
        timelines: boolean(node, "timelines", where_, d),
        image: super::read::image(node, where_, d),
        path: string(node, "path", where_, d),
        width: number(node, "width", where_, d),
        height: number(node, "height", where_, d),
        color: color(node, "color", where_, 8, d),
    };
    (d.len() == before).then_some(link)
}

/// Refuses every link whose source is not a mesh with geometry of its own in
/// the skin (`skin`, else `default`) and slot (`slot`, else the link's own) it
/// names — the runtime throws on a source it cannot find.
pub(super) fn check_sources(skins: &[SkinSpec], d: &mut Diags) {
    for skin in skins {
        for slot in &skin.slots {
            for e in &slot.entries {
                let AttachmentKind::LinkedMesh(l) = &e.kind else {
                    continue;
                };
                let where_ = format!(
                    "skin {} slot {} attachment {}",
                    q(&skin.name),
                    q(&slot.slot),
                    q(&e.placeholder)
                );
                if let Some(why) = source_problem(skins, &slot.slot, l) {
                    let (code, at, message) = why;
                    d.push(
                        Diagnostic::new(code, format!("{where_}: {message}"))
                            .at(at)
                            .help("name the placeholder of a mesh with uvs, triangles and vertices, in the skin and slot the link states (absent: the default skin, the link's own slot)"),
                    );
                }
            }
        }
    }
}

/// Why `l` (in slot `own_slot`) has no source, if it has none: the code, the
/// place and the sentence.
fn source_problem(
    skins: &[SkinSpec],
    own_slot: &str,
    l: &LinkedMeshSpec,
) -> Option<(rigc_diag::codes::Code, rigc_diag::Loc, String)> {
    let skin_name = l.skin.as_ref().map_or("default", |s| s.value.as_str());
    let slot_name = l.slot.as_ref().map_or(own_slot, |s| s.value.as_str());
    let unknown = codes::RIG_LINKED_SOURCE_UNKNOWN;
    let Some(skin) = skins.iter().find(|s| s.name == skin_name) else {
        let at = l
            .skin
            .as_ref()
            .map_or(l.source.loc.clone(), |s| s.loc.clone());
        return Some((
            unknown,
            at,
            format!(
                "the source is looked up in skin {}, which this rig does not declare",
                q(skin_name)
            ),
        ));
    };
    let Some(slot) = skin.slots.iter().find(|s| s.slot == slot_name) else {
        let at = l
            .slot
            .as_ref()
            .map_or(l.source.loc.clone(), |s| s.loc.clone());
        return Some((unknown, at, format!("the source is looked up in slot {} of skin {}, which gives that slot no attachments", q(slot_name), q(skin_name))));
    };
    let at = l.source.loc.clone();
    let Some(entry) = slot
        .entries
        .iter()
        .find(|e| e.placeholder == l.source.value)
    else {
        let has: Vec<&str> = slot
            .entries
            .iter()
            .map(|e| e.placeholder.as_str())
            .collect();
        return Some((unknown, at, format!(
            "source {} is not an attachment of slot {} in skin {} (it has: {}); the loader throws on a source it cannot find",
            q(&l.source.value), q(slot_name), q(skin_name), has.join(", ")
        )));
    };
    let kind = match &entry.kind {
        AttachmentKind::Mesh(_) => return None,
        AttachmentKind::LinkedMesh(_) => "a linked mesh itself",
        AttachmentKind::Region(_) => "a region",
        AttachmentKind::BoundingBox(_) => "a boundingbox",
        AttachmentKind::Point(_) => "a point",
        AttachmentKind::Clipping(_) => "a clipping attachment",
        #[allow(unreachable_patterns)]
        _ => "not a mesh",
    };
    Some((codes::RIG_LINKED_SOURCE_NOT_A_MESH, at, format!(
        "source {} in slot {} of skin {} is {kind}; a link shares the geometry of a mesh that has its own uvs, triangles and vertices",
        q(&l.source.value), q(slot_name), q(skin_name)
    )))
}
