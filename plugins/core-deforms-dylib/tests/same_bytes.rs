//! The cdylib build of `rigc-core-deforms`, loaded through its entry symbol
//! as a host loads any plugin, and the linked crate's table answer the same
//! bytes — manifest, offsets, refusals and errors — for the same calls.

use rigc_sdk::abi::{
    Buffer, DeformCall, EntryFn, MeshGeometry, MeshVertex, PluginTable, ABI_VERSION, ENTRY_SYMBOL,
};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The cdylib, built with the tests' own profile into the directory they run from.
fn library() -> PathBuf {
    let exe = std::env::current_exe().expect("test exe");
    let dir = exe.parent().and_then(Path::parent).expect("target dir");
    let lib = dir.join(format!(
        "{}rigc_core_deforms_dylib{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ));
    let profile = match dir.file_name().and_then(|n| n.to_str()) {
        Some("debug") | None => "dev",
        Some(profile) => profile,
    };
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .args([
            "build",
            "-q",
            "-p",
            "rigc-core-deforms-dylib",
            "--profile",
            profile,
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .expect("cargo runs");
    assert!(status.success(), "building rigc-core-deforms-dylib failed");
    assert!(lib.is_file(), "no library at {}", lib.display());
    lib
}

/// One call through `table`: its status and reply bytes.
fn call(table: &PluginTable, stage: &str, input: &[u8]) -> (i32, Vec<u8>) {
    let mut out = Buffer::EMPTY;
    // SAFETY: `stage` and `input` are valid for the call, `out` is a buffer
    // the table writes, and the table's functions live as long as `table`.
    let status = unsafe {
        (table.call)(
            stage.as_ptr(),
            stage.len(),
            input.as_ptr(),
            input.len(),
            &mut out,
        )
    };
    (status, take(table, out))
}

/// Copies a buffer the table returned and hands it back to the table's `free`.
fn take(table: &PluginTable, out: Buffer) -> Vec<u8> {
    let bytes = if out.ptr.is_null() {
        Vec::new()
    } else {
        // SAFETY: the plugin returned `out` with `len` initialised bytes at `ptr`.
        unsafe { std::slice::from_raw_parts(out.ptr, out.len) }.to_vec()
    };
    // SAFETY: `out` came from this table and is freed once, by its own allocator.
    unsafe { (table.free)(out) };
    bytes
}

fn manifest(table: &PluginTable) -> Vec<u8> {
    // SAFETY: the manifest function takes nothing and returns a buffer of its own.
    let out = unsafe { (table.manifest)() };
    take(table, out)
}

fn deform(kind: &str, params: serde_json::Value, vs: Vec<MeshVertex>) -> Vec<u8> {
    serde_json::to_vec(&DeformCall {
        kind: kind.into(),
        mesh: MeshGeometry {
            name: "default/face/face".into(),
            vertices: vs,
            ..Default::default()
        },
        params,
        time: 0.5,
        config: serde_json::Value::Null,
    })
    .unwrap()
}

fn vertex(x: f64, y: f64, depth: Option<f64>) -> MeshVertex {
    MeshVertex {
        x,
        y,
        depth,
        ..Default::default()
    }
}

/// The calls both builds answer: each kind, refusals, errors, and random ones.
fn calls() -> Vec<(&'static str, Vec<u8>)> {
    let square = || {
        (0..4)
            .map(|i| vertex(20.0 * f64::from(i % 2), 20.0 * f64::from(i / 2), Some(30.0)))
            .collect::<Vec<_>>()
    };
    let mut calls = vec![
        (
            "deform",
            deform("yaw", json!({ "radius": 170, "degrees": 12 }), square()),
        ),
        (
            "deform",
            deform(
                "pitch",
                json!({ "depth": true, "degrees": -7, "about": 3 }),
                square(),
            ),
        ),
        (
            "deform",
            deform(
                "affine",
                json!({ "scale": [1.1, 0.9], "about": [4, 4] }),
                square(),
            ),
        ),
        (
            "deform",
            deform(
                "wave",
                json!({ "amplitude": 3, "wavelength": 37, "phase": 1, "along": "x", "axis": "y" }),
                square(),
            ),
        ),
        (
            "deform",
            deform(
                "bend",
                json!({ "amount": 6, "from": 0, "to": 20, "power": 1, "along": "y", "axis": "x" }),
                square(),
            ),
        ),
        (
            "deform",
            deform("affine", json!({ "scale": [-1, 1] }), square()),
        ),
        (
            "deform",
            deform("yaw", json!({ "radius": 5, "degrees": 12 }), square()),
        ),
        (
            "deform",
            deform(
                "wave",
                json!({ "amplitude": 3, "wavelength": 40, "along": "x", "axis": "y" }),
                square(),
            ),
        ),
        ("deform", deform("parallax", json!({}), square())),
        ("deform", b"{ not json".to_vec()),
        ("gate", b"{}".to_vec()),
    ];
    let mut rng = fastrand::Rng::with_seed(15);
    let kinds = ["yaw", "pitch", "affine", "wave", "bend"];
    for _ in 0..200 {
        let kind = kinds[rng.usize(..kinds.len())];
        let count = rng.usize(1..30);
        let mut num = || (rng.f64() - 0.5) * 400.0;
        let params = json!({
            "radius": num().abs(), "degrees": num(), "about": num(), "amplitude": num(),
            "wavelength": num().abs(), "phase": num(), "amount": num(), "from": num(), "to": num(),
            "power": 2, "along": "x", "axis": "y", "scale": [num() / 100.0, num() / 100.0],
        });
        let mut params = params.as_object().unwrap().clone();
        let keep: &[&str] = match kind {
            "yaw" | "pitch" => &["radius", "degrees", "about"],
            "affine" => &["scale"],
            "wave" => &["amplitude", "wavelength", "phase", "along", "axis"],
            _ => &["amount", "from", "to", "power", "along", "axis"],
        };
        params.retain(|k, _| keep.contains(&k.as_str()));
        let vs = (0..count).map(|_| vertex(num(), num(), None)).collect();
        calls.push(("deform", deform(kind, params.into(), vs)));
    }
    calls
}

#[test]
fn the_loaded_cdylib_and_the_linked_kinds_answer_the_same_bytes() {
    let path = library();
    // SAFETY: the library is this workspace's own plugin build; loading runs
    // no initialiser beyond Rust's.
    let lib = unsafe { libloading::Library::new(&path) }.expect("loads");
    // SAFETY: `rigc_plugin_entry` has the signature `EntryFn` (rigc-abi).
    let entry: libloading::Symbol<EntryFn> =
        unsafe { lib.get(ENTRY_SYMBOL.as_bytes()) }.expect("entry symbol");
    // SAFETY: the entry returns a pointer to a static table that lives as long as `lib`.
    let loaded: &PluginTable = unsafe { &*entry() };
    let linked = rigc_core_deforms::rigc_plugin_table();
    assert_eq!(loaded.abi_version, ABI_VERSION);
    assert_eq!(loaded.table_size, linked.table_size);
    assert_eq!(manifest(loaded), manifest(linked), "manifests differ");
    let (mut offsets, mut refused, mut errors) = (0, 0, 0);
    for (stage, input) in calls() {
        let a = call(loaded, stage, &input);
        let b = call(linked, stage, &input);
        assert_eq!(
            a,
            b,
            "{stage} {}: the loaded and linked kinds disagree",
            String::from_utf8_lossy(&input)
        );
        match (a.0, a.1.starts_with(b"{\"offsets\"")) {
            (rigc_sdk::abi::STATUS_OK, true) => offsets += 1,
            (rigc_sdk::abi::STATUS_OK, false) => refused += 1,
            _ => errors += 1,
        }
    }
    // Every kind of answer was compared, not only one.
    assert!(
        offsets >= 5 && refused >= 3 && errors == 3,
        "offsets {offsets}, refused {refused}, errors {errors}"
    );
}
