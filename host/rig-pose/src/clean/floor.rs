//! This module owns step 4, the floor (only with `--loop`): the whole figure
//! moves in y by one constant, so that the lowest ankle over the cycle (the
//! largest y of either ankle, y down) is where it was before smoothing.

use crate::sequence::Pos;

/// The lowest ankle over the clip: the largest y of the ankles' positions.
pub fn lowest(ankles: &[&[Pos]]) -> Option<f64> {
    ankles
        .iter()
        .flat_map(|t| t.iter().flatten().map(|p| p[1]))
        .max_by(f64::total_cmp)
}

/// The shift, in px (y down), that puts the lowest ankle back at `before`.
pub fn shift(before: Option<f64>, after: Option<f64>) -> Option<f64> {
    Some(before? - after?)
}

/// Moves every position of `tracks` by `dy`.
pub fn apply(tracks: &mut [Vec<Pos>], dy: f64) {
    for p in tracks.iter_mut().flatten().flatten() {
        p[1] += dy;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shift_restores_the_lowest_ankle() {
        let r: Vec<Pos> = vec![Some([0.0, 500.0]), Some([0.0, 510.0]), None];
        let l: Vec<Pos> = vec![Some([0.0, 505.0]), Some([0.0, 490.0]), Some([0.0, 508.0])];
        let before = lowest(&[&r, &l]);
        assert_eq!(before, Some(510.0));
        // Smoothing lifted the lowest ankle to 506.5.
        let mut tracks = vec![
            vec![Some([0.0, 500.0]), Some([0.0, 506.5]), None],
            vec![Some([0.0, 505.0]), Some([0.0, 492.0]), Some([0.0, 504.0])],
        ];
        let dy = shift(before, lowest(&[&tracks[0], &tracks[1]])).unwrap();
        assert_eq!(dy, 3.5);
        apply(&mut tracks, dy);
        assert_eq!(lowest(&[&tracks[0], &tracks[1]]), Some(510.0));
        assert_eq!(tracks[0][2], None);
        assert_eq!(tracks[1][0], Some([0.0, 508.5]));
    }
}
