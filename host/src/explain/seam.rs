//! This module owns `explain`'s loop seams: for every animation the motion
//! spec marks `loop: true`, its last frame against its first, drawn by rigc's
//! rasteriser (`rigc-render`) as `rigc render` draws them — the largest
//! channel difference and how many pixels differ (FIGURES.md: walk `0/255,
//! 0 of 66 240 px`). It is a check of its own, independent of the gate: a
//! loop whose closing pose is off by a sliver shows here even when every
//! assertion is green.
//!
//! How: the animation alone is framed (`framing::extent` of its samples, fit
//! to [`MAX`] px), posed from t = 0 frame after frame (physics simulated as
//! a player plays it) on the grid nearest the protocol rate that lands on the
//! duration — `n = round(duration·12)` steps of `duration/n` — and the
//! samples at t = 0 and t = duration are drawn and compared. A seam that
//! cannot be drawn (no runtime reading, an atlas page that does not load)
//! says why instead.

use super::Input;
use rigc_render::framing::{self, Shot};
use rigc_render::{compare, Image, Pages, Show};
use serde::Serialize;

/// The long side of the frames compared, pixels (`render`'s default).
pub const MAX: u32 = 256;

/// One looping animation's seam.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Seam {
    /// The animation.
    pub animation: String,
    /// The largest channel difference, 0..255 (`None`: not drawn).
    pub max: Option<u8>,
    /// Pixels that differ.
    pub differing: Option<u64>,
    /// Pixels compared.
    pub total: Option<u64>,
    /// Why it was not drawn.
    pub refused: Option<String>,
}

/// The seam of every `loop: true` animation of the motion spec, in its order.
pub fn of(input: &Input<'_>) -> Vec<Seam> {
    let Some(motion) = input.motion else {
        return Vec::new();
    };
    let looping: Vec<&str> = motion
        .animations
        .iter()
        .filter(|a| a.looping == Some(true))
        .map(|a| a.name.as_str())
        .collect();
    if looping.is_empty() {
        return Vec::new();
    }
    let pages = match input.loaded {
        Err(why) => Err(why.to_string()),
        Ok(_) => rigc_sdk::spine::read_atlas(input.atlas_text)
            .map_err(|e| format!("the atlas does not load: {}", e.message))
            .and_then(|mut atlas| {
                // The out directory need not exist (explain writes nothing),
                // so `out/../parts/x.png` is resolved by name, not by the OS.
                for page in &mut atlas.pages {
                    let at = crate::project::normalize(&input.out_dir.join(&page.name));
                    page.name = at.to_string_lossy().into_owned();
                }
                Pages::load(&atlas, input.out_dir).map_err(|e| e.to_string())
            }),
    };
    looping
        .into_iter()
        .map(|name| {
            let drawn = match (&pages, input.loaded) {
                (Ok(pages), Ok(data)) => seam(data, pages, name),
                (Err(why), _) => Err(why.clone()),
                (_, Err(why)) => Err(why.to_string()),
            };
            match drawn {
                Ok(d) => Seam {
                    animation: name.to_string(),
                    max: Some(d.max),
                    differing: Some(d.differing),
                    total: Some(d.total),
                    refused: None,
                },
                Err(why) => Seam {
                    animation: name.to_string(),
                    max: None,
                    differing: None,
                    total: None,
                    refused: Some(why),
                },
            }
        })
        .collect()
}

/// Draws `name`'s first and last frames and compares them.
fn seam(
    data: &rigc_sdk::spine::SkeletonData,
    pages: &Pages,
    name: &str,
) -> Result<compare::Difference, String> {
    let index = data
        .animations
        .iter()
        .position(|a| a.name == name)
        .ok_or_else(|| "the skeleton has no animation of that name".to_string())?;
    let duration = data.animations[index].duration;
    if !(duration.is_finite() && duration > 0.0) {
        return Err(format!("its duration is {duration} s: nothing to loop"));
    }
    let steps = (duration * rigc_render::sidecar::PROTOCOL_FPS)
        .round()
        .max(1.0);
    let shot = Shot {
        animation: Some(index),
        fps: steps / duration,
    };
    let last = shot.samples(data).saturating_sub(1);
    let extent = framing::extent(data, None, &[shot]).map_err(|e| e.to_string())?;
    let viewport = framing::fit(&extent, MAX).map_err(|e| e.to_string())?;
    let mut ends: Vec<Image> = Vec::with_capacity(2);
    framing::pose_shot(data, None, shot, |i, sk| {
        if i == 0 || i == last {
            let image = rigc_render::draw(sk, pages, &viewport, &Show::All)
                .map_err(|e| Why(e.to_string()))?;
            ends.push(image);
        }
        Ok::<(), Why>(())
    })
    .map_err(|Why(m)| m)?;
    match ends.as_slice() {
        [first, last] => compare::difference(last, first)
            .ok_or_else(|| "the two frames differ in size".to_string()),
        _ => Err("it has one frame".to_string()),
    }
}

/// Why a seam was not drawn, as posing reports it.
struct Why(String);

impl From<framing::FrameError> for Why {
    fn from(e: framing::FrameError) -> Why {
        Why(e.to_string())
    }
}

/// The section's lines: nothing when no animation loops.
pub fn lines(seams: &[Seam]) -> Vec<String> {
    if seams.is_empty() {
        return Vec::new();
    }
    let mut out = vec![format!(
        "loop seams  (last frame vs first, drawn by rigc's rasteriser at --max {MAX}; not a gate rule)"
    )];
    for s in seams {
        let what = match (s.max, s.differing, s.total, &s.refused) {
            (Some(max), Some(differing), Some(total), _) => compare::Difference {
                max,
                differing,
                total,
            }
            .to_string(),
            (_, _, _, Some(why)) => format!("not drawn: {why}"),
            _ => "not drawn".to_string(),
        };
        out.push(format!(
            "  ..    seam     {}: last frame vs first {what}",
            s.animation
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seam_line_spells_the_difference_or_why_not() {
        let seams = [
            Seam {
                animation: "walk".into(),
                max: Some(0),
                differing: Some(0),
                total: Some(66_240),
                refused: None,
            },
            Seam {
                animation: "sweep".into(),
                max: None,
                differing: None,
                total: None,
                refused: Some("atlas page \"x.png\" (/p/x.png): cannot be read".into()),
            },
        ];
        let l = lines(&seams);
        assert!(l[0].starts_with("loop seams"), "{l:?}");
        assert_eq!(
            l[1],
            "  ..    seam     walk: last frame vs first 0/255, 0 of 66 240 px"
        );
        assert!(
            l[2].contains("sweep: last frame vs first not drawn: atlas page"),
            "{l:?}"
        );
        assert!(lines(&[]).is_empty());
    }
}
