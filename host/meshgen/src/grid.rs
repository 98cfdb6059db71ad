//! This module owns the `grid` generator (FORMAT.md §2.7.3): a lattice over
//! the part window at stated column and row positions (`us`/`vs`, fractions
//! of the window) or an even division of it (`cols`/`rows`). Its vertex order
//! is the perimeter first, walked round — top row left to right, right column
//! down, bottom row right to left, left column up — then the interior row by
//! row, so the hull rule holds by construction; each cell, rows outer and
//! columns inner, is split into `[tl, bl, br]` and `[tl, br, tr]`, which is
//! portrait's hand-numbered head (FACE.md §2.1) exactly.

use crate::{Mesh, Refusal};

/// The most vertices a generated lattice may have: Spine's triangle indices
/// are 16-bit in its binary form, and this bounds what a count can allocate.
pub const MAX_VERTICES: u64 = 65_536;

/// Where the lattice's columns and rows go.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Lattice {
    /// Stated positions across the window, each `0..=1`, strictly ascending,
    /// at least two per axis.
    Positions {
        /// Column positions (`u`).
        us: Vec<f64>,
        /// Row positions (`v`).
        vs: Vec<f64>,
    },
    /// An even division of the whole window, at least 2 per axis.
    Counts {
        /// Columns of vertices.
        cols: u32,
        /// Rows of vertices.
        rows: u32,
    },
}

impl Lattice {
    /// The column and row positions, fractions of the window; refused when
    /// they break §2.7.3's rules (the host refuses them at the spec value
    /// first; this keeps the generator total).
    pub fn positions(&self) -> Result<(Vec<f64>, Vec<f64>), Refusal> {
        match self {
            Lattice::Positions { us, vs } => {
                check_axis("us", us)?;
                check_axis("vs", vs)?;
                vertex_budget(us.len() as u64, vs.len() as u64)?;
                Ok((us.clone(), vs.clone()))
            }
            Lattice::Counts { cols, rows } => {
                for (field, n) in [("cols", *cols), ("rows", *rows)] {
                    if let Some(m) = count_problem(field, n) {
                        return Err(Refusal::at(field, m));
                    }
                }
                vertex_budget(u64::from(*cols), u64::from(*rows))?;
                let even = |n: u32| (0..n).map(|i| f64::from(i) / f64::from(n - 1)).collect();
                Ok((even(*cols), even(*rows)))
            }
        }
    }
}

/// What is wrong with the positions `p` of axis `field` (`"us"`/`"vs"`), if
/// anything: the offending element's index (`None`: the list as a whole) and
/// the message. The host places it at that element; [`Lattice::positions`]
/// refuses with it.
pub fn axis_problem(field: &str, p: &[f64]) -> Option<(Option<usize>, String)> {
    if p.len() < 2 {
        return Some((
            None,
            format!(
                "\"{field}\" holds {} position(s); a lattice needs at least 2 per axis",
                p.len()
            ),
        ));
    }
    if let Some((i, v)) = p
        .iter()
        .enumerate()
        .find(|(_, v)| !(0.0..=1.0).contains(*v))
    {
        return Some((
            Some(i),
            format!("\"{field}\"[{i}] is {v}; positions are fractions of the part window, 0..1"),
        ));
    }
    let i = (1..p.len()).find(|&i| p[i] <= p[i - 1])?;
    Some((
        Some(i),
        format!(
            "\"{field}\" is not ascending: [{}]={} and [{i}]={}",
            i - 1,
            p[i - 1],
            p[i]
        ),
    ))
}

/// What is wrong with the count `n` of `field` (`"cols"`/`"rows"`), if
/// anything.
pub fn count_problem(field: &str, n: u32) -> Option<String> {
    (n < 2).then(|| format!("\"{field}\" is {n}; it is a whole number of at least 2"))
}

/// Refuses an axis that is not ≥ 2 ascending fractions.
fn check_axis(field: &'static str, p: &[f64]) -> Result<(), Refusal> {
    match axis_problem(field, p) {
        Some((_, m)) => Err(Refusal::at(field, m)),
        None => Ok(()),
    }
}

/// Refuses a lattice of more than [`MAX_VERTICES`] vertices.
fn vertex_budget(cols: u64, rows: u64) -> Result<(), Refusal> {
    let n = cols.saturating_mul(rows);
    if n > MAX_VERTICES {
        return Err(Refusal::new(format!(
            "a {cols}x{rows} lattice is {n} vertices, past the {MAX_VERTICES} one mesh can index"
        )));
    }
    Ok(())
}

/// The lattice over a `width`×`height` part window.
pub fn generate(width: u32, height: u32, lattice: &Lattice) -> Result<Mesh, Refusal> {
    let (us, vs) = lattice.positions()?;
    let (c, r) = (us.len(), vs.len());
    let order = walk(c, r);
    let mut index = vec![0u32; c * r];
    for (k, &(i, j)) in order.iter().enumerate() {
        index[j * c + i] = k as u32;
    }
    let (w, h) = (f64::from(width), f64::from(height));
    let points = order.iter().map(|&(i, j)| [us[i] * w, vs[j] * h]).collect();
    let mut triangles = Vec::with_capacity((c - 1) * (r - 1) * 6);
    for j in 0..r - 1 {
        for i in 0..c - 1 {
            let at = |i: usize, j: usize| index[j * c + i];
            let (tl, bl, br, tr) = (at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i + 1, j));
            triangles.extend_from_slice(&[tl, bl, br, tl, br, tr]);
        }
    }
    Ok(Mesh {
        points,
        triangles,
        hull: (2 * c + 2 * r - 4) as u32,
    })
}

/// The lattice's `(column, row)` cells in vertex order: the perimeter walked
/// round from the top-left corner, then the interior row-major.
fn walk(c: usize, r: usize) -> Vec<(usize, usize)> {
    let mut order = Vec::with_capacity(c * r);
    order.extend((0..c).map(|i| (i, 0)));
    order.extend((1..r).map(|j| (c - 1, j)));
    order.extend((0..c - 1).rev().map(|i| (i, r - 1)));
    order.extend((1..r - 1).rev().map(|j| (0, j)));
    for j in 1..r - 1 {
        order.extend((1..c - 1).map(|i| (i, j)));
    }
    order
}
