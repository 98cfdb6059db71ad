use super::*;

fn params(rows: u32, chain: &[&str]) -> Params {
    Params {
        size: [10.0, 20.0],
        rows,
        chain: chain.iter().map(|s| s.to_string()).collect(),
    }
}

#[test]
fn the_strip_walks_its_outline_and_pairs_rows() {
    let m = generate(10, 20, &params(3, &["a"])).unwrap();
    // Left side down (x = 0), right side up (x = 10), rows at 0, 10, 20.
    assert_eq!(
        m.points,
        vec![
            [0.0, 0.0],
            [0.0, 10.0],
            [0.0, 20.0],
            [10.0, 20.0],
            [10.0, 10.0],
            [10.0, 0.0]
        ]
    );
    assert_eq!(m.hull, 6);
    assert_eq!(m.triangles, vec![0, 1, 4, 0, 4, 5, 1, 2, 3, 1, 3, 4]);
    for rows in [2u32, 3, 7, 512] {
        let m = generate(10, 20, &params(rows, &["a"])).unwrap();
        let n = m.points.len();
        assert_eq!(n, 2 * rows as usize);
        assert_eq!(m.triangles.len(), 3 * 2 * (rows as usize - 1));
        for i in 0..n / 2 {
            let (l, r) = (m.points[i], m.points[n - 1 - i]);
            assert_eq!((l[0], r[0]), (0.0, 10.0));
            assert_eq!(l[1], r[1]);
            assert!((l[1] - 20.0 * i as f64 / (rows - 1) as f64).abs() < 1e-12);
        }
        // Every triangle winds as grid's [tl, bl, br] does (a negative cross
        // product in y-down pixels), none degenerate.
        for t in m.triangles.chunks(3) {
            let [a, b, c] = [0, 1, 2].map(|k| m.points[t[k] as usize]);
            let cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
            assert!(cross < 0.0, "{t:?} winds the other way or is degenerate");
        }
    }
}

#[test]
fn rows_blend_the_two_bones_they_lie_between() {
    // Bone a from (5, 0) to b's origin (5, 10); b's tip at (5, 20). A row at
    // y has b's weight clamp(y/10, 0, 1), the rest on a.
    let p = params(9, &["a", "b"]);
    let joints = [[5.0, 0.0], [5.0, 10.0], [5.0, 20.0]];
    let rows = row_weights(10.0, 20.0, &p, &joints).unwrap();
    assert_eq!(rows.len(), 9);
    assert!(rows[0].is_empty());
    for (i, list) in rows.iter().enumerate().skip(1) {
        let y = 20.0 * i as f64 / 8.0;
        let wb = (y / 10.0).clamp(0.0, 1.0);
        let mut want = Vec::new();
        if wb < 1.0 {
            want.push((0, 1.0 - wb));
        }
        if wb > 0.0 {
            want.push((1, wb));
        }
        assert_eq!(list.len(), want.len(), "row {i}: {list:?}");
        for (g, w) in list.iter().zip(&want) {
            assert_eq!(g.0, w.0);
            assert!((g.1 - w.1).abs() < 1e-9, "row {i}: {list:?}");
        }
        let sum: f64 = list.iter().map(|b| b.1).sum();
        assert!((sum - 1.0).abs() < 1e-9);
    }
}

#[test]
fn an_offset_or_slanted_chain_projects_perpendicularly() {
    // The chain runs along x = 30 (off the window): the row centre (5, y)
    // projects to (30, y), the same fraction.
    let p = params(5, &["a", "b"]);
    let rows = row_weights(10.0, 20.0, &p, &[[30.0, 0.0], [30.0, 20.0], [30.0, 40.0]]).unwrap();
    // Rows at 5, 10, 15: b's weight y/20; the far row (20) is wholly b.
    for (i, list) in rows.iter().enumerate().skip(1).take(3) {
        let wb = 5.0 * i as f64 / 20.0;
        assert_eq!(list.len(), 2, "{list:?}");
        assert!((list[1].1 - wb).abs() < 1e-9 && (list[0].1 - (1.0 - wb)).abs() < 1e-9);
    }
    assert_eq!(rows[4], vec![(1, 1.0)]);
    // A chain at 45° from (5, 0) to (15, 10): the centre (5, 10) projects at
    // t = ((0, 10)·(10, 10)) / 200 = 1/2.
    let p = params(3, &["a", "b"]);
    let rows = row_weights(10.0, 20.0, &p, &[[5.0, 0.0], [15.0, 10.0], [25.0, 20.0]]).unwrap();
    assert_eq!(rows[1], vec![(0, 0.5), (1, 0.5)]);
}

#[test]
fn a_bone_no_row_reaches_is_refused_by_name() {
    // Four bones down the strip and only the far row past the entry one.
    let p = params(2, &["a", "b", "c", "d"]);
    let joints = [
        [5.0, 0.0],
        [5.0, 5.0],
        [5.0, 10.0],
        [5.0, 15.0],
        [5.0, 20.0],
    ];
    let e = row_weights(10.0, 20.0, &p, &joints).unwrap_err();
    assert_eq!(e.field, Some("chain"));
    assert!(
        e.message
            .starts_with("chain bone \"a\" binds no row of the strip"),
        "{}",
        e.message
    );
    // Bones stacked on one spot: every row is wholly the root.
    let p = params(6, &["a", "b"]);
    let e = row_weights(10.0, 20.0, &p, &[[5.0, 0.0]; 3]).unwrap_err();
    assert!(
        e.message.starts_with("chain bone \"b\" binds no row"),
        "{}",
        e.message
    );
    // Non-finite setup.
    let e = row_weights(10.0, 20.0, &p, &[[f64::NAN, 0.0], [0.0, 0.0], [0.0, 1.0]]).unwrap_err();
    assert!(e.message.contains("no finite point"), "{}", e.message);
    // Joints that do not match the chain.
    assert!(row_weights(10.0, 20.0, &p, &[[0.0, 0.0]]).is_err());
}

#[test]
fn parameter_problems() {
    assert!(rows_problem(2.0).is_none() && rows_problem(512.0).is_none());
    for bad in [1.0, 0.0, -3.0, 2.5, 513.0, f64::NAN, f64::INFINITY] {
        assert!(rows_problem(bad).is_some(), "{bad}");
    }
    assert!(size_problem([1.0, 0.5]).is_none());
    for bad in [[0.0, 1.0], [1.0, -1.0], [f64::NAN, 1.0]] {
        assert!(size_problem(bad).is_some());
    }
    assert!(window_problem("t.png", 10, 20, [10.0, 20.0]).is_none());
    let e = window_problem("t.png", 10, 21, [10.0, 20.0]).unwrap();
    assert_eq!(
        e.message,
        "\"t.png\" is 10x21 but the ribbon's \"size\" window is 10x20"
    );
    assert!(generate(0, 20, &params(3, &["a"])).is_err());
    assert!(generate(10, 20, &params(1, &["a"])).is_err());
    assert!(generate(10, 20, &params(513, &["a"])).is_err());
}

#[test]
fn arbitrary_parameters_never_panic() {
    // A small deterministic generator (xorshift) over rows, window and joints.
    let mut s: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    for _ in 0..2000 {
        let rows = (next() % 600) as u32;
        let (w, h) = ((next() % 50) as u32, (next() % 50) as u32);
        let m = 1 + (next() % 6) as usize;
        let chain: Vec<String> = (0..m).map(|i| format!("b{i}")).collect();
        let p = Params {
            size: [f64::from(w), f64::from(h)],
            rows,
            chain,
        };
        let pick = |v: u64| match v % 7 {
            0 => f64::NAN,
            1 => f64::INFINITY,
            2 => 0.0,
            3 => 1e300,
            _ => (v % 1000) as f64 / 7.0 - 50.0,
        };
        let joints: Vec<[f64; 2]> = (0..m + 1 - (next() % 2) as usize)
            .map(|_| [pick(next()), pick(next())])
            .collect();
        if let Ok(mesh) = generate(w, h, &p) {
            assert_eq!(mesh.points.len(), 2 * rows as usize);
            assert!(rows as usize <= MAX_ROWS as usize);
        }
        if let Ok(rows) = row_weights(f64::from(w), f64::from(h), &p, &joints) {
            for list in rows.iter().skip(1) {
                let sum: f64 = list.iter().map(|b| b.1).sum();
                assert!((sum - 1.0).abs() < 1e-6 && list.iter().all(|b| b.1 > 0.0));
            }
        }
    }
}
