//! The data model, field by field, against what spine-core holds after
//! `readSkeletonData` (dumped by `tests/oracle/dump.mjs`, run now): header,
//! bones, slots, every constraint kind, skins with every attachment type
//! (sequences, UVs, region offsets, weighted vertices, linked meshes), events,
//! and every timeline's `Float32Array` frames and curves (Bezier tables).

mod oracle;

use oracle::model::{dump, same};
use rigc_spine::{read_atlas, read_skeleton};
use serde_json::Value;
use std::path::Path;

#[test]
fn data_model_matches_spine_core_field_by_field() {
    if !oracle::available() {
        return;
    }
    let script = oracle::dump_script();
    let data_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut files: Vec<(std::path::PathBuf, Option<std::path::PathBuf>)> =
        ["tiny", "features", "constraints"]
            .iter()
            .map(|f| {
                let d = oracle::fixtures().join(f);
                let atlas = d.join("skeleton.atlas");
                (d.join("skeleton.json"), atlas.exists().then_some(atlas))
            })
            .collect();
    for f in ["odd-values.json", "pose-ik.json", "pose-transform.json"] {
        files.push((data_dir.join(f), None));
    }
    let mut count = 0;
    for (json_path, atlas_path) in &files {
        let atlas_arg = atlas_path
            .as_ref()
            .map_or("-".into(), |p| p.to_string_lossy().into_owned());
        let out = oracle::node(
            &[
                script.as_os_str(),
                oracle::dir().as_os_str(),
                json_path.as_os_str(),
                std::ffi::OsStr::new(&atlas_arg),
            ],
            std::time::Duration::from_secs(60),
        );
        let theirs: Value = serde_json::from_slice(&out).expect("dump output");
        let atlas = atlas_path
            .as_ref()
            .map(|p| read_atlas(&std::fs::read_to_string(p).expect("atlas")).expect("atlas"));
        let json = std::fs::read_to_string(json_path).expect("json");
        let data = read_skeleton(&json, atlas.as_ref()).expect("reads").data;
        same(
            &json_path.display().to_string(),
            &dump(&data),
            &theirs,
            &mut count,
        );
    }
    eprintln!(
        "data model vs spine-core: {} files, {count} numbers identical",
        files.len()
    );
}
