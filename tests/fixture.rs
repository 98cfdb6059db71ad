//! Small projects written by the tests themselves: a two-part rig whose PNGs are
//! drawn here, so a test can break exactly one thing about it.

use crate::util::Project;
use rigc_sdk::png_image::encode_rgba;

/// An RGBA PNG of `w`×`h` with a transparent border and an opaque middle.
pub fn part_png(w: u32, h: u32) -> Vec<u8> {
    let mut px = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h {
        for x in 0..w {
            let edge = x == 0 || y == 0 || x + 1 == w || y + 1 == h;
            px.extend_from_slice(&[200, 120, 40, if edge { 0 } else { 255 }]);
        }
    }
    encode_rgba(w, h, &px)
}

/// The tiny rig's spec text.
pub const RIG: &str = r#"{
  "spec": "rigc-rig/1",
  "name": "tiny",
  "images": "parts",
  "skeleton": { "width": 200, "height": 100 },
  "bones": [
    { "name": "root" },
    { "name": "body", "parent": "root", "x": 100, "y": 20 },
    { "name": "head", "parent": "body", "y": 40, "rotation": 5 }
  ],
  "slots": [
    { "name": "body", "bone": "body", "attachment": "body" },
    { "name": "head", "bone": "head", "attachment": "head" }
  ],
  "skins": {
    "default": {
      "body": { "body": { "image": "body.png", "y": 20 } },
      "head": { "head": { "image": "head.png" } }
    }
  }
}
"#;

/// The tiny rig's motion text.
pub const MOTION: &str = r#"{
  "spec": "rigc-motion/1",
  "archetype": "tiny",
  "cut": "tiny",
  "easings": { "soft": [0.25, 0, 0.75, 1] },
  "animations": {
    "nod": {
      "duration": 1,
      "tracks": [
        { "bone": "head", "property": "rotate", "keys": [
          { "t": 0, "v": [0], "ease": "soft" },
          { "t": 0.5, "v": [10], "ease": "soft" },
          { "t": 1, "v": [0] } ] }
      ]
    }
  }
}
"#;

/// Writes the tiny rig (rig.json, motion.json, parts/body.png, parts/head.png).
pub fn tiny(p: &Project) {
    p.write("rig.json", RIG);
    p.write("motion.json", MOTION);
    p.write("parts/body.png", part_png(30, 40));
    p.write("parts/head.png", part_png(24, 20));
}

/// A `rigc.toml` declaring each of `targets` as a build of the tiny rig
/// (`rig.json`, `motion.json`) into `build/<target>`.
pub fn manifest(targets: &[&str]) -> String {
    let mut toml = String::from("[project]\nprofile = \"spine\"\n");
    for t in targets {
        toml.push_str(&format!(
            "\n[[target]]\nname = \"{t}\"\nrig = \"rig.json\"\nmotion = \"motion.json\"\nout = \"build/{t}\"\n"
        ));
    }
    toml
}

/// Builds the tiny rig into `out`.
pub fn build(p: &crate::util::Project, out: &str) -> crate::util::Run {
    p.rigc(&args(out, &[]))
}

/// Builds arguments for the tiny rig into `out`.
pub fn build_args(out: &str) -> Vec<String> {
    args(out, &[]).iter().map(|s| s.to_string()).collect()
}

/// `rigc build` of the tiny rig (`rig.json`, `motion.json`) into `out`, then
/// `extra`.
pub fn args<'a>(out: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "build",
        "--rig",
        "rig.json",
        "--motion",
        "motion.json",
        "--out",
        out,
    ];
    args.extend_from_slice(extra);
    args
}

/// An opaque RGB PNG (colour type 2, no `tRNS`): a file that cannot hold
/// transparency anywhere.
pub fn rgb_png(w: u32, h: u32) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut writer = enc.write_header().expect("png header");
        writer
            .write_image_data(&vec![90u8; (w * h * 3) as usize])
            .expect("png data");
    }
    out
}
