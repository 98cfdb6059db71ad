//! This module owns what the setup stage's attachments share: the region name
//! of an `image` value (its basename without `.png`), and vertex geometry in
//! the model's form — weights by bone name resolved to indexes in the emitted
//! bone array and rounded to six decimals (FORMAT.md §5.5), and a `sequence`
//! block in the model's form with the frame its size is measured on.

use rigc_diag::codes;

use crate::spec::rig::{AttachmentSpec, Geometry, RigSpec};
use crate::stages::measure::ImageInfo;
use rigc_diag::json::quote;
use rigc_diag::Diagnostic;
use rigc_sdk::model::{Sequence, Vertices, WeightedBinding};
use std::collections::HashMap;

/// The region name of an `image` value: its basename without `.png`.
pub(crate) fn region_name(image: &str) -> String {
    let base = image.rsplit(['/', '\\']).next().unwrap_or(image);
    let cut = base.len().saturating_sub(4);
    match base.get(cut..) {
        Some(ext) if ext.eq_ignore_ascii_case(".png") => {
            base.get(..cut).unwrap_or(base).to_string()
        }
        _ => base.to_string(),
    }
}

/// The model's vertices of `geometry`: weights by bone name resolved to
/// indexes in the emitted bone array, their numbers rounded to six decimals
/// (FORMAT.md §5.5); the other forms as written.
pub(super) fn vertices(
    rig: &RigSpec,
    geometry: &Geometry,
    e: &AttachmentSpec,
    d: &mut rigc_diag::Diags,
) -> Option<Vertices> {
    Some(match geometry {
        Geometry::Unweighted(v) => Vertices::Unweighted(v.clone()),
        Geometry::Raw(v) => Vertices::Weighted(v.clone()),
        Geometry::ByName(v) => {
            let mut out = Vec::new();
            for vertex in v {
                let mut bindings = Vec::new();
                for nb in vertex {
                    let Some(index) = rig.bones.iter().position(|x| x.bone.name == nb.bone) else {
                        d.push(
                            Diagnostic::new(
                                codes::SETUP_BONE_UNRESOLVED,
                                format!(
                                    "a weight binds bone {}, which the rig does not declare",
                                    quote(&nb.bone)
                                ),
                            )
                            .at(e.loc.clone())
                            .help("name a declared bone"),
                        );
                        return None;
                    };
                    bindings.push(WeightedBinding {
                        bone: index as u32,
                        x: r6(nb.x),
                        y: r6(nb.y),
                        weight: r6(nb.weight),
                    });
                }
                out.push(bindings);
            }
            Vertices::Weighted(out)
        }
    })
}

/// FORMAT.md §5.2's `r6`: `Math.round(n·1e6)/1e6` (half up, towards +∞), with
/// `-0` written `0`.
pub(super) fn r6(n: f64) -> f64 {
    let v = (n * 1e6 + 0.5).floor() / 1e6;
    if v == 0.0 {
        0.0
    } else {
        v
    }
}

/// The model's `sequence` block of `e`, fields as declared.
pub(super) fn sequence(e: &AttachmentSpec) -> Option<Sequence> {
    e.sequence.as_ref().map(|q| Sequence {
        count: q.count,
        start: q.start,
        digits: q.digits,
        setup: q.setup,
    })
}

/// The measured setup frame of `e`'s sequence (frame `setup`, else 0): the
/// size a sequenced region or mesh takes when it states none. `None` without
/// a sequence, or when that frame was not measured (refused where it is read).
pub(super) fn setup_frame<'i>(
    e: &AttachmentSpec,
    images: &'i HashMap<String, ImageInfo>,
) -> Option<&'i ImageInfo> {
    let q = e.sequence.as_ref()?;
    images.get(&q.frame(q.setup.unwrap_or(0)))
}
