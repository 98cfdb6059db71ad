//! rigc's rasteriser held to the official renderer: gallery/owl (regions and
//! its head mesh turning) drawn by `rigc render` and by the Spine Web Player
//! in headless Chromium on the same grid — the setup pose and one frame in
//! the middle of `turn` — and their mean absolute difference over the union
//! alpha kept under a stated bound. As our numbers are held to spine-core,
//! our pixels are held to the official renderer.
//!
//! The two differ by design at edges: rigc fills triangles without
//! anti-aliasing (so a mesh's triangles tile without hairlines), while the
//! player's WebGL canvas is multisampled, so a part's outline pixels are
//! partly covered there and empty or full here. Measured on owl at 202×288:
//! MAE ≈ 2.6 for both frames, 98 % of pixels within 16/255; the bound is 4.

use crate::preview::{browser_or_skip, official_frame};
use crate::util::{build_gallery_rig, gallery_plugins, workspace, Project};
use rigc_render::compare::mae;
use rigc_render::sidecar::{frame_file, Frames};
use rigc_render::{draw, Image, Pages, Show};

/// The largest mean absolute difference (0..255, over the union alpha)
/// allowed between our frame and the player's.
const BOUND: f64 = 4.0;

#[test]
fn our_pixels_stay_within_the_bound_of_the_official_players() {
    if !browser_or_skip("raster_browser") {
        return;
    }
    gallery_plugins();
    let p = Project::new();
    let out = p.path().join("owl");
    build_gallery_rig(&workspace().join("gallery/owl"), &out, &[]).green();
    let out_s = out.to_str().expect("utf-8");
    p.rigc(&[
        "render",
        "--candidate",
        out_s,
        "--animation",
        "turn",
        "--max",
        "288",
        "--out",
        "render",
    ])
    .green();
    let frames = Frames::parse(&p.read("render/frames.json")).expect("frames.json");
    let v = frames.viewport;
    let set = &frames.sets[0];
    let grid = (v.x, v.y, v.width, v.height);
    let size = (v.pixel_width, v.pixel_height);
    let decode = |bytes: &[u8]| Image::decode_png(bytes).expect("a PNG");

    // The setup pose, drawn in process by the rasteriser.
    let atlas_text = std::fs::read_to_string(out.join("skeleton.atlas")).expect("atlas");
    let atlas = rigc_sdk::spine::read_atlas(&atlas_text).expect("reads");
    let text = std::fs::read_to_string(out.join("skeleton.json")).expect("skeleton");
    let data = rigc_sdk::spine::read_skeleton(&text, Some(&atlas))
        .expect("reads")
        .data;
    let pages = Pages::load(&atlas, &out).expect("pages");
    let mut sk = rigc_sdk::spine::Skeleton::new(&data).expect("poses");
    sk.setup_pose();
    sk.update_world_transform().expect("a pose");
    let ours_setup = draw(&sk, &pages, &v, &Show::All).expect("draws");
    let theirs_setup = decode(&official_frame(&out, None, 0.0, grid, size));

    // The middle frame of turn, as rigc render wrote it.
    let k = set.written / 2;
    let t = f64::from(k * set.stride) / set.fps;
    let ours_mid = decode(
        &std::fs::read(p.path().join("render").join(&set.dir).join(frame_file(k)))
            .expect("a frame"),
    );
    let theirs_mid = decode(&official_frame(&out, Some("turn"), t, grid, size));

    for (what, ours, theirs) in [
        ("setup pose", &ours_setup, &theirs_setup),
        ("turn at its middle frame", &ours_mid, &theirs_mid),
    ] {
        let m = mae(ours, theirs).expect("the same grid");
        println!(
            "raster vs Spine Web Player, owl {what} ({}x{} px): MAE {:.3} over {} union px (bound {BOUND})",
            v.pixel_width, v.pixel_height, m.mean, m.union
        );
        assert!(m.union > 1000, "{what}: something is drawn");
        assert!(m.mean < BOUND, "{what}: MAE {} ≥ {BOUND}", m.mean);
    }
    // The bound means something: the two poses differ by more than it.
    let apart = mae(&ours_setup, &theirs_mid).expect("the same grid").mean;
    println!("… and our setup pose against the player's middle frame: MAE {apart:.3}");
    assert!(
        apart > BOUND,
        "the setup pose and the turn differ by more than the bound: {apart}"
    );
}
