//! The reference rig `flex` (four `contour` meshes traced off their art, leaf
//! deform keys as `bend` transforms), read from `../shared/reference`, never
//! copied into the repository: it builds green under both profiles, its four
//! `MESH` lines are FIGURES.md's. (`sample` holds its output to spine-core.)

use crate::build::build_reference;

#[test]
fn flex_builds_green_with_figures_md_mesh_lines() {
    for profile in ["spine", "spine-html"] {
        let (_p, run) = build_reference("rigc-gallery/flex", "rig.json", "motion.json", profile);
        let run = run.green();
        run.stdout_lacks("FAIL");
        if profile == "spine" {
            // FIGURES.md's flex MESH lines (tolerance 0.9, margin 1.2,
            // maxVertices 96, alpha 60): the counts, coverage, the reach past
            // the silhouette and flag_b's enclosed hole.
            run.stdout_has("  ..    contour   the art's own silhouette, every vertex pinned to the slot bone (geometry, not a deformation)")
                .stdout_has("  MESH  flag_a       contour  52 vertices / 50 triangles  (budget 96)  bones=[flag_a]  attachments=[flag_a]  covers 100.00% of the art, reaching 2.00px past it\n")
                .stdout_has("  MESH  flag_b       contour  48 vertices / 46 triangles  (budget 96)  bones=[flag_b]  attachments=[flag_b]  covers 100.00% of the art, reaching 2.00px past it, enclosing 848px of hole\n")
                .stdout_has("  MESH  flag_c       contour  81 vertices / 79 triangles  (budget 96)  bones=[flag_c]  attachments=[flag_c]  covers 99.96% of the art, reaching 2.00px past it\n")
                .stdout_has("  MESH  leaf         contour  77 vertices / 75 triangles  (budget 96)  bones=[leaf]  attachments=[leaf]  covers 100.00% of the art, reaching 2.00px past it\n");
        }
    }
}
