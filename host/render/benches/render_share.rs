//! Where a render's time goes (bench/render.sh): a built skeleton's every
//! animation framed as `rigc render` frames it, then posed alone, posed and
//! drawn, and posed, drawn and PNG-encoded, each timed (best of `runs`), in
//! process, on one thread.
//!
//! `cargo bench -p rigc-render --bench render_share -- <dir> <fps> <max> [runs]`
//! (without a directory it prints its usage and does nothing, so a bare
//! `cargo bench` passes over it).

use rigc_render::framing::{self, Shot};
use rigc_render::{Pages, Show};
use std::time::Instant;

fn main() -> Result<(), String> {
    // `cargo bench` adds `--bench`.
    let args: Vec<String> = std::env::args().filter(|a| !a.starts_with("--")).collect();
    let [_, dir, fps, max, rest @ ..] = args.as_slice() else {
        println!("usage: render_share <built dir> <fps> <max> [runs]");
        return Ok(());
    };
    let dir = std::path::Path::new(dir);
    let fps: f64 = fps.parse().map_err(|_| "fps")?;
    let max: u32 = max.parse().map_err(|_| "max")?;
    let runs: u32 = rest.first().and_then(|r| r.parse().ok()).unwrap_or(3);
    let read = |n: &str| std::fs::read_to_string(dir.join(n)).map_err(|e| format!("{n}: {e}"));
    let atlas = rigc_spine::read_atlas(&read("skeleton.atlas")?).map_err(|e| e.message)?;
    let data = rigc_spine::read_skeleton(&read("skeleton.json")?, Some(&atlas))
        .map_err(|e| e.message)?
        .data;
    let pages = Pages::load(&atlas, dir).map_err(|e| e.to_string())?;
    let shots: Vec<Shot> = (0..data.animations.len())
        .map(|a| Shot {
            animation: Some(a),
            fps,
        })
        .collect();
    let frames: u32 = shots.iter().map(|s| s.samples(&data)).sum();
    let t = Instant::now();
    let extent = framing::extent(&data, None, &shots).map_err(|e| e.to_string())?;
    let framing_s = t.elapsed().as_secs_f64();
    let viewport = framing::fit(&extent, max).map_err(|e| e.to_string())?;
    // 0: pose, 1: pose + draw, 2: pose + draw + encode.
    let mut best = [f64::INFINITY; 3];
    for _ in 0..runs {
        for (stage, slot) in best.iter_mut().enumerate() {
            let t = Instant::now();
            let mut bytes = 0usize;
            for &shot in &shots {
                framing::pose_shot(&data, None, shot, |_, sk| {
                    if stage >= 1 {
                        let img = rigc_render::draw(sk, &pages, &viewport, &Show::All)
                            .map_err(|e| Why(e.to_string()))?;
                        if stage == 2 {
                            bytes += img.encode_png().len();
                        }
                    }
                    Ok::<(), Why>(())
                })
                .map_err(|Why(e)| e)?;
            }
            std::hint::black_box(bytes);
            *slot = slot.min(t.elapsed().as_secs_f64());
        }
    }
    let [pose, draw, encode] = best;
    println!(
        "frames {frames} at {}x{} px; framing {:.2} ms; pose {:.2} ms; pose+draw {:.1} ms; pose+draw+encode {:.1} ms",
        viewport.pixel_width,
        viewport.pixel_height,
        framing_s * 1e3,
        pose * 1e3,
        draw * 1e3,
        encode * 1e3
    );
    println!(
        "posing share {:.2} % of pose+draw+encode ({:.2} % with framing's posing); drawing {:.1} %; encoding {:.1} %; {:.1} frames/s in process",
        100.0 * pose / encode,
        100.0 * (pose + framing_s) / (encode + framing_s),
        100.0 * (draw - pose) / encode,
        100.0 * (encode - draw) / encode,
        f64::from(frames) / (encode + framing_s)
    );
    Ok(())
}

/// An error of a timed pass.
struct Why(String);

impl From<framing::FrameError> for Why {
    fn from(e: framing::FrameError) -> Why {
        Why(e.to_string())
    }
}
