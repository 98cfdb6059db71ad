//! The `grid` generator against meshes numbered by hand in the test (an
//! independent construction: a turtle walking the lattice's border clockwise
//! from the top-left corner, the interior read off what it did not visit, and
//! each cell's two triangles found by position), and against portrait's
//! authored head, which IS the grid (FACE.md §2.1).

mod common;

use rigc_meshgen::grid::{self, Lattice};
use rigc_sdk::mesh::topology;

/// The hand numbering of a `c`×`r` lattice: `(column, row)` per vertex.
fn by_hand(c: usize, r: usize) -> Vec<(usize, usize)> {
    let mut seen = vec![false; c * r];
    let (mut i, mut j) = (0i64, 0i64);
    let dirs = [(1i64, 0i64), (0, 1), (-1, 0), (0, -1)];
    let mut d = 0;
    let mut out = Vec::new();
    loop {
        out.push((i as usize, j as usize));
        seen[j as usize * c + i as usize] = true;
        let mut moved = false;
        for turn in 0..2 {
            let (di, dj) = dirs[(d + turn) % 4];
            let (ni, nj) = (i + di, j + dj);
            let on_border = ni == 0 || nj == 0 || ni == c as i64 - 1 || nj == r as i64 - 1;
            if ni >= 0
                && nj >= 0
                && ni < c as i64
                && nj < r as i64
                && on_border
                && !seen[nj as usize * c + ni as usize]
            {
                d = (d + turn) % 4;
                (i, j) = (ni, nj);
                moved = true;
                break;
            }
        }
        if !moved {
            break;
        }
    }
    let hull = out.len();
    assert_eq!(hull, 2 * c + 2 * r - 4);
    for j in 0..r {
        for i in 0..c {
            if !seen[j * c + i] {
                out.push((i, j));
            }
        }
    }
    out
}

fn check(c: usize, r: usize) {
    let (w, h) = (340u32, 380u32);
    let mesh = grid::generate(
        w,
        h,
        &Lattice::Counts {
            cols: c as u32,
            rows: r as u32,
        },
    )
    .expect("a lattice");
    let hand = by_hand(c, r);
    let pos = |(i, j): (usize, usize)| {
        [
            i as f64 * f64::from(w) / (c - 1) as f64,
            j as f64 * f64::from(h) / (r - 1) as f64,
        ]
    };
    assert_eq!(mesh.points.len(), c * r);
    for (k, &cell) in hand.iter().enumerate() {
        let want = pos(cell);
        let got = mesh.points[k];
        assert!(
            (got[0] - want[0]).abs() < 1e-9 && (got[1] - want[1]).abs() < 1e-9,
            "{c}x{r} vertex {k}: {got:?} vs {want:?}"
        );
    }
    let find = |cell: (usize, usize)| hand.iter().position(|&h| h == cell).unwrap() as u32;
    let mut want = Vec::new();
    for j in 0..r - 1 {
        for i in 0..c - 1 {
            let (tl, bl, br, tr) = (
                find((i, j)),
                find((i, j + 1)),
                find((i + 1, j + 1)),
                find((i + 1, j)),
            );
            want.extend([tl, bl, br, tl, br, tr]);
        }
    }
    assert_eq!(mesh.triangles, want, "{c}x{r} triangles");
    assert_eq!(mesh.triangles.len() / 3, 2 * (c - 1) * (r - 1));
    assert_eq!(mesh.hull as usize, 2 * c + 2 * r - 4);
    let topo = topology::derive(c * r, &mesh.triangles, Some(mesh.hull as usize))
        .expect("the hull rule holds by construction");
    let walk: Vec<u32> = (0..mesh.hull).collect();
    assert_eq!(
        topo.outline, walk,
        "{c}x{r}: the outline is the first hull vertices in order"
    );
}

#[test]
fn grid_matches_hand_numbering_2x2_5x5_21x9() {
    check(2, 2);
    check(5, 5);
    check(21, 9);
}

#[test]
fn portrait_head_is_the_grid() {
    let rig = common::rig("portrait");
    let head = &rig["skins"]["default"]["head"]["head"];
    let uvs = common::nums(&head["uvs"]);
    let vertices = common::nums(&head["vertices"]);
    let triangles: Vec<u32> = common::nums(&head["triangles"])
        .iter()
        .map(|&t| t as u32)
        .collect();
    let (w, h) = (
        head["width"].as_f64().unwrap(),
        head["height"].as_f64().unwrap(),
    );
    // FIGURES.md: columns x = −162, −120, 0, 120, 162 and rows ±180, ±90, 0 on
    // the 340×380 head, as fractions of the window (FORMAT.md §2.7.3's example).
    let us = vec![0.0235294, 0.1470588, 0.5, 0.8529412, 0.9764706];
    let vs = vec![0.0263158, 0.2631579, 0.5, 0.7368421, 0.9736842];
    let mesh = grid::generate(w as u32, h as u32, &Lattice::Positions { us, vs }).unwrap();
    assert_eq!(mesh.points.len(), 25);
    assert_eq!(mesh.triangles.len() / 3, 32);
    assert_eq!(mesh.triangles, triangles);
    assert_eq!(mesh.hull, 16);
    let topo = topology::derive(25, &triangles, None).unwrap();
    assert_eq!(topo.hull, mesh.hull as usize);
    for (k, p) in mesh.points.iter().enumerate() {
        // uvs = x/w, y/h; vertices by the placement rule (px − w/2, h/2 − py).
        assert!(
            (p[0] / w - uvs[2 * k]).abs() < 1e-7 && (p[1] / h - uvs[2 * k + 1]).abs() < 1e-7,
            "uv {k}"
        );
        let (x, y) = (p[0] - w / 2.0, h / 2.0 - p[1]);
        assert!(
            (x - vertices[2 * k]).abs() < 1e-4 && (y - vertices[2 * k + 1]).abs() < 1e-4,
            "vertex {k}: ({x}, {y})"
        );
    }
}

#[test]
fn lattice_refusals_name_their_field() {
    let pos = |us: Vec<f64>, vs: Vec<f64>| {
        grid::generate(10, 10, &Lattice::Positions { us, vs }).unwrap_err()
    };
    let e = pos(vec![0.1, 0.6, 0.6], vec![0.0, 1.0]);
    assert_eq!(e.field, Some("us"));
    assert!(
        e.message
            .contains("\"us\" is not ascending: [1]=0.6 and [2]=0.6"),
        "{}",
        e.message
    );
    let e = pos(vec![0.0, 1.5], vec![0.0, 1.0]);
    assert!(e
        .message
        .contains("positions are fractions of the part window, 0..1"));
    let e = pos(vec![0.0, 1.0], vec![0.5]);
    assert_eq!(e.field, Some("vs"));
    let e = grid::generate(10, 10, &Lattice::Counts { cols: 1, rows: 4 }).unwrap_err();
    assert!(
        e.message.contains("it is a whole number of at least 2"),
        "{}",
        e.message
    );
    let e = grid::generate(
        10,
        10,
        &Lattice::Counts {
            cols: u32::MAX,
            rows: u32::MAX,
        },
    )
    .unwrap_err();
    assert!(e.message.contains("past the 65536"), "{}", e.message);
}
