//! Test helpers: the reference gallery's files, decoded.
#![allow(dead_code)]

use std::path::PathBuf;

/// `../shared/reference/rigc-gallery/<rig>/<file>`, from the repository.
pub fn gallery(rig: &str, file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/reference/rigc-gallery")
        .join(rig)
        .join(file)
}

/// An RGBA8 PNG of the gallery, decoded: width, height, pixels.
pub fn png(rig: &str, part: &str) -> (u32, u32, Vec<u8>) {
    let f = std::fs::File::open(gallery(rig, &format!("parts/{part}"))).expect("gallery png");
    let mut dec = png::Decoder::new(std::io::BufReader::new(f));
    dec.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
    let mut r = dec.read_info().expect("png header");
    let mut buf = vec![0; r.output_buffer_size()];
    let info = r.next_frame(&mut buf).expect("png frame");
    assert_eq!(info.color_type, png::ColorType::Rgba, "{part}");
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// The rig spec of a gallery rig.
pub fn rig(rig: &str) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(gallery(rig, "rig.json")).expect("rig.json"))
        .expect("rig json")
}

/// A JSON array of numbers.
pub fn nums(v: &serde_json::Value) -> Vec<f64> {
    v.as_array()
        .expect("array")
        .iter()
        .map(|n| n.as_f64().expect("number"))
        .collect()
}
