//! This module owns one attachment of a skin (FORMAT.md §2.7): its `type`, the
//! region, point and bounding-box attachments rigc compiles, and the refusal by
//! name of every attachment construct it does not compile yet (a mesh
//! `generator`). Bounding-box geometry lives in `geometry`, an authored mesh in
//! `mesh`, a clipping polygon in `clipping`, a linked mesh in `linked`, a path
//! in `path`, the `sequence` block of a region, mesh or linked mesh in
//! `sequence`.

use rigc_diag::codes;

use super::bones::Bones;
use super::geometry;
use super::read::{absent_at, color, number, q, string, Diags};
use super::types::{AttachmentKind, AttachmentSpec, BoundingBoxSpec, RegionSpec};
use rigc_diag::cursor::Node;
use rigc_sdk::model::PointAttachment;

/// The keys of a region attachment.
const REGION_KEYS: &[&str] = &[
    "type", "path", "image", "x", "y", "rotation", "scaleX", "scaleY", "width", "height", "color",
    "sequence",
];

/// The keys of a point attachment.
const POINT_KEYS: &[&str] = &["type", "x", "y", "rotation", "color"];

/// The keys of a bounding-box attachment.
const BOX_KEYS: &[&str] = &[
    "type",
    "vertexCount",
    "vertices",
    "weights",
    "boneIndexing",
    "color",
];

/// Every attachment type of the Spine 4.3 format.
const SPINE_TYPES: &[&str] = &[
    "region",
    "mesh",
    "linkedmesh",
    "boundingbox",
    "path",
    "point",
    "clipping",
];

/// Reads the attachment `node` under `placeholder`; `where_` is
/// `skin "S" slot "X" attachment "P"`. `None` when it is refused.
pub(super) fn parse(
    node: &Node,
    placeholder: &str,
    where_: &str,
    bones: &Bones,
    d: &mut Diags,
) -> Option<AttachmentSpec> {
    if !node.is_object() {
        d.push(
            node.err(
                codes::RIG_ATTACHMENT_NOT_AN_OBJECT,
                format!(
                    "{where_}: an attachment is an object ({{ \"image\": \"<part>.png\" }} for a region), not {}",
                    node.describe()
                ),
            )
            .help("write the attachment as an object, e.g. { \"image\": \"torso.png\" }"),
        );
        return None;
    }
    let ty = match node.get("type") {
        None => "region".to_string(),
        Some(t) => match t.as_str() {
            Some(s) => s.to_string(),
            None => {
                d.push(
                    t.err(
                        codes::RIG_ATTACHMENT_TYPE_NOT_A_STRING,
                        format!(
                            "{where_}: type is {}; it is one of {} (absent means region)",
                            t.describe(),
                            SPINE_TYPES.join(", ")
                        ),
                    )
                    .help("write the type as a string, or leave it out for a region"),
                );
                return None;
            }
        },
    };
    let type_node = node.get("type").unwrap_or_else(|| node.clone());
    let drawn_once = super::sequence::conflicts(node, where_, d);
    let kind = match ty.as_str() {
        "region" => AttachmentKind::Region(region(node, where_, d)?),
        "point" => AttachmentKind::Point(point(node, where_, d)?),
        "boundingbox" => AttachmentKind::BoundingBox(bounding_box(node, where_, bones, d)?),
        "mesh" if node.has("source") => {
            AttachmentKind::LinkedMesh(super::linked::parse(node, where_, d)?)
        }
        "mesh" => super::mesh::parse(node, where_, bones, d)?,
        "linkedmesh" => AttachmentKind::LinkedMesh(super::linked::parse(node, where_, d)?),
        "clipping" => AttachmentKind::Clipping(super::clipping::parse(node, where_, bones, d)?),
        "path" => AttachmentKind::Path(super::path::attachment(node, where_, bones, d)?),
        other => {
            let near = super::read::did_you_mean(other, SPINE_TYPES);
            d.push(
                type_node
                    .err(
                        codes::RIG_ATTACHMENT_TYPE_UNKNOWN,
                        format!(
                            "{where_}: attachment type {} is not one Spine 4.3 knows; the types are {}{near}",
                            q(other),
                            SPINE_TYPES.join(", ")
                        ),
                    )
                    .help("fix the type; an unknown type is skipped by the loader without a word, so the attachment would vanish"),
            );
            return None;
        }
    };
    if !drawn_once {
        return None;
    }
    let sequence = match kind {
        AttachmentKind::Region(_) | AttachmentKind::Mesh(_) | AttachmentKind::LinkedMesh(_) => {
            super::sequence::parse(node, placeholder, where_, d).ok()?
        }
        _ => None,
    };
    Some(AttachmentSpec {
        placeholder: placeholder.to_string(),
        loc: node.loc(),
        kind,
        sequence,
    })
}

/// Reads a region attachment.
fn region(node: &Node, where_: &str, d: &mut Diags) -> Option<RegionSpec> {
    let unknown = node.unknown_keys(REGION_KEYS, &format!("region attachment ({where_})"));
    let had_unknown = !unknown.is_empty();
    d.extend(unknown);
    let before = d.len();
    let mut r = RegionSpec {
        image: super::read::image(node, where_, d),
        ..RegionSpec::default()
    };
    r.width = number(node, "width", where_, d);
    r.height = number(node, "height", where_, d);
    r.path = string(node, "path", where_, d);
    r.x = number(node, "x", where_, d);
    r.y = number(node, "y", where_, d);
    r.rotation = number(node, "rotation", where_, d);
    r.scale_x = number(node, "scaleX", where_, d);
    r.scale_y = number(node, "scaleY", where_, d);
    r.color = color(node, "color", where_, 8, d);
    let sized = node.has("width") && node.has("height");
    let drawn = node.has("image") || node.has("sequence");
    if !sized && !drawn && !had_unknown {
        d.push(
            absent_at(
                node,
                codes::RIG_ATTACHMENT_REGION_SIZE,
                format!(
                    "{where_}: a region needs width and height — give them, or give an \"image\" and rigc will measure the PNG"
                ),
            )
            .help("add \"image\": \"<part>.png\", or both \"width\" and \"height\""),
        );
    }
    (d.len() == before && !had_unknown).then_some(r)
}

/// Reads a point attachment.
fn point(node: &Node, where_: &str, d: &mut Diags) -> Option<PointAttachment> {
    let unknown = node.unknown_keys(POINT_KEYS, &format!("point attachment ({where_})"));
    let had_unknown = !unknown.is_empty();
    d.extend(unknown);
    let before = d.len();
    let p = PointAttachment {
        x: number(node, "x", where_, d),
        y: number(node, "y", where_, d),
        rotation: number(node, "rotation", where_, d),
        color: color(node, "color", where_, 8, d),
    };
    (d.len() == before && !had_unknown).then_some(p)
}

/// Reads a bounding-box attachment.
fn bounding_box(
    node: &Node,
    where_: &str,
    bones: &Bones,
    d: &mut Diags,
) -> Option<BoundingBoxSpec> {
    let unknown = node.unknown_keys(BOX_KEYS, &format!("boundingbox attachment ({where_})"));
    if !unknown.is_empty() {
        d.extend(unknown);
        return None;
    }
    let before = d.len();
    let color = color(node, "color", where_, 8, d);
    let geometry = geometry::parse(node, where_, bones, d);
    match geometry {
        Some((vertex_count, geometry)) if d.len() == before => Some(BoundingBoxSpec {
            vertex_count,
            geometry,
            color,
        }),
        _ => None,
    }
}
