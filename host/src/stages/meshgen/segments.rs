//! This module owns what a `segments` mesh's `MESH` line reports (FORMAT.md
//! §6.2, [cli-new]): the lattice (`cell Cpx, CxR cells, A with art, K kept`,
//! from the meshgen stage) and the influence (`max N bone(s) per vertex, mean
//! M, K of V vertices (P%) on a single bone`), counted off the compiled
//! mesh's weighted vertices by the mesh stage — the weights are setup's, so
//! the meshgen stage cannot know them.

use rigc_meshgen::segments::Cells;
use rigc_sdk::model::{MeshAttachment, Vertices};

/// A segments mesh's report data.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SegmentsReport {
    /// The lattice's cell counts.
    pub cells: Cells,
    /// The bindings per vertex, once the mesh stage has counted them.
    pub influence: Option<Influence>,
}

/// How many bones the vertices bind.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Influence {
    /// The most bindings one vertex has.
    pub max: usize,
    /// The mean bindings per vertex.
    pub mean: f64,
    /// Vertices bound to a single bone.
    pub single: usize,
    /// Vertices.
    pub vertices: usize,
}

impl SegmentsReport {
    /// The report of a lattice, its influence not counted yet.
    pub fn of(cells: Cells) -> Self {
        SegmentsReport {
            cells,
            influence: None,
        }
    }

    /// This report with the influence of `mesh`'s weights (none when the
    /// mesh is unweighted or has no vertex).
    pub fn with_weights(mut self, mesh: &MeshAttachment) -> Self {
        self.influence = match &mesh.vertices {
            Vertices::Weighted(v) if !v.is_empty() => {
                let total: usize = v.iter().map(Vec::len).sum();
                Some(Influence {
                    max: v.iter().map(Vec::len).max().unwrap_or(0),
                    mean: total as f64 / v.len() as f64,
                    single: v.iter().filter(|b| b.len() == 1).count(),
                    vertices: v.len(),
                })
            }
            _ => None,
        };
        self
    }

    /// The continuation lines' text (without the 8-space indent).
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(i) = &self.influence {
            out.push(format!(
                "influence  max {} bone(s) per vertex, mean {:.2}, {} of {} vertices ({:.2}%) on a single bone",
                i.max,
                i.mean,
                i.single,
                i.vertices,
                100.0 * i.single as f64 / i.vertices.max(1) as f64
            ));
        }
        let c = &self.cells;
        out.push(format!(
            "lattice    cell {}px, {}x{} cells, {} with art, {} kept",
            c.cell, c.cols, c.rows, c.with_art, c.kept
        ));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rigc_sdk::model::WeightedBinding;

    #[test]
    fn the_lines_count_the_bindings() {
        let b = |bone| WeightedBinding {
            bone,
            x: 0.0,
            y: 0.0,
            weight: 0.5,
        };
        let mesh = MeshAttachment {
            uvs: vec![0.0; 6],
            triangles: vec![0, 1, 2],
            vertices: Vertices::Weighted(vec![
                vec![b(0)],
                vec![b(0), b(1)],
                vec![b(0), b(1), b(2)],
            ]),
            hull: 3,
            edges: vec![],
            width: 1.0,
            height: 1.0,
            path: None,
            color: None,
            sequence: None,
        };
        let r = SegmentsReport::of(Cells {
            cell: 8,
            cols: 3,
            rows: 2,
            with_art: 5,
            kept: 6,
        })
        .with_weights(&mesh);
        // 6 bindings over 3 vertices; 1 of 3 single.
        assert_eq!(
            r.lines(),
            [
                "influence  max 3 bone(s) per vertex, mean 2.00, 1 of 3 vertices (33.33%) on a single bone",
                "lattice    cell 8px, 3x2 cells, 5 with art, 6 kept"
            ]
        );
    }
}
