//! This module owns how a mesh slot reads (FORMAT.md §6.2): the legend line of
//! each mesh kind present, then one `MESH` line per mesh slot — its kind,
//! counts, triangle budget, bones, attachments and how it sits on its art —
//! rendered from `stages::mesh::MeshLine`, for `build` and `explain` alike.

use crate::stages::mesh::{FitOf, MeshLine};

/// What each mesh kind means, as the legend prints it.
const LEGEND: &[(&str, &str)] = &[
    ("ring", "rim ring pinned on the window edge, seam ring pinned on the mask contour, aperture moves"),
    ("ribbon", "entry row pinned, rows share their weights so the strip lengthens without widening"),
    ("contour", "the art's own silhouette, every vertex pinned to the slot bone (geometry, not a deformation)"),
    ("grid", "a lattice over the part window at stated column and row positions, every vertex pinned to the slot bone"),
    ("segments", "a lattice over the part's alpha, every vertex weighted by distance to the bone segments it names"),
    ("authored", "geometry rigc did not build; it assumes nothing about the topology"),
];

/// The legend and `MESH` lines of `meshes` (nothing when there are none).
pub fn lines(meshes: &[MeshLine]) -> Vec<String> {
    let mut out: Vec<String> = LEGEND
        .iter()
        .filter(|(kind, _)| meshes.iter().any(|m| m.kind == *kind))
        .map(|(kind, text)| format!("  ..    {kind:<10}{text}"))
        .collect();
    out.extend(meshes.iter().map(line));
    out
}

/// One `MESH` line.
pub fn line(m: &MeshLine) -> String {
    let budget = match m.budget {
        Some(b) => format!("(budget {b})"),
        None => "(no budget declared)".to_string(),
    };
    let more = m
        .generated
        .as_ref()
        .map(super::mesh_generated::continuation)
        .unwrap_or_default();
    format!(
        "  MESH  {:<12} {:<8} {} vertices / {} triangles  {budget}  bones=[{}]  attachments=[{}]{}{more}",
        m.slot,
        m.kind,
        m.vertices,
        m.triangles,
        m.bones.join(", "),
        m.attachments.join(", "),
        fit(&m.fit)
    )
}

/// The line's `fit` part: empty when the mesh names no image.
fn fit(f: &FitOf) -> String {
    match f {
        FitOf::NoImage => String::new(),
        FitOf::NotMeasured(why) => format!("  fit not measured: {why}"),
        FitOf::Measured(f) => {
            let hole = if f.hole > 0 {
                format!(", enclosing {}px of hole", f.hole)
            } else {
                String::new()
            };
            format!(
                "  covers {:.2}% of the art, reaching {:.2}px past it{hole}",
                f.percent(),
                f.reach
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stages::mesh::fit::Fit;

    fn ball(fit: FitOf, budget: Option<u32>) -> MeshLine {
        MeshLine {
            slot: "ball".into(),
            kind: "authored".into(),
            vertices: 9,
            triangles: 8,
            budget,
            bones: vec!["ball".into()],
            attachments: vec!["ball".into()],
            fit,
            generated: None,
        }
    }

    #[test]
    fn the_format_md_examples() {
        // FORMAT.md §6.2: 94.31% and 2.50px; 848px of hole (flag_b).
        let f = Fit {
            art: 10000,
            covered: 9431,
            reach: 2.5,
            hole: 0,
        };
        assert_eq!(
            line(&ball(FitOf::Measured(f), Some(8))),
            "  MESH  ball         authored 9 vertices / 8 triangles  (budget 8)  bones=[ball]  attachments=[ball]  covers 94.31% of the art, reaching 2.50px past it"
        );
        let mut flag = ball(
            FitOf::Measured(Fit {
                art: 4,
                covered: 4,
                reach: 2.0,
                hole: 848,
            }),
            Some(96),
        );
        (flag.slot, flag.kind, flag.vertices, flag.triangles) =
            ("flag_b".into(), "contour".into(), 48, 46);
        flag.bones = vec!["flag_b".into()];
        flag.attachments = vec!["flag_b".into()];
        assert_eq!(
            line(&flag),
            "  MESH  flag_b       contour  48 vertices / 46 triangles  (budget 96)  bones=[flag_b]  attachments=[flag_b]  covers 100.00% of the art, reaching 2.00px past it, enclosing 848px of hole"
        );
    }

    #[test]
    fn no_budget_no_image_and_the_legend() {
        let l = lines(&[ball(FitOf::NoImage, None)]);
        assert_eq!(
            l,
            [
                "  ..    authored  geometry rigc did not build; it assumes nothing about the topology",
                "  MESH  ball         authored 9 vertices / 8 triangles  (no budget declared)  bones=[ball]  attachments=[ball]",
            ]
        );
        assert!(lines(&[]).is_empty());
        let why = "the image has no pixel with alpha above 0, so there is no art to cover";
        assert!(line(&ball(FitOf::NotMeasured(why.into()), None))
            .ends_with(&format!("  fit not measured: {why}")));
    }
}
