//! Runs the spine-core oracle (`node $RIGC_ORACLE_DIR/pose.mjs`) for the tests.
//! `RIGC_ORACLE_DIR` defaults to `/work/oracle`. When `node` or the oracle is
//! missing, [`available`] says so loudly and the calling test returns early.

#![allow(dead_code)]

pub mod model;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The oracle directory.
pub fn dir() -> PathBuf {
    std::env::var_os("RIGC_ORACLE_DIR").map_or_else(|| PathBuf::from("/work/oracle"), PathBuf::from)
}

/// The fixtures the oracle ships.
pub fn fixtures() -> PathBuf {
    dir().join("fixtures")
}

/// True when `node` runs and the oracle script exists; otherwise prints why.
pub fn available() -> bool {
    let script = dir().join("pose.mjs");
    let node = Command::new("node").arg("--version").output();
    match node {
        Ok(o) if o.status.success() && script.exists() => true,
        _ => {
            eprintln!(
                "\n!!!!!!!! SKIPPED: node or {} is missing; the oracle comparison did not run !!!!!!!!\n",
                script.display()
            );
            false
        }
    }
}

/// Runs `node pose.mjs <args>` and parses its stdout as JSON.
pub fn run(args: &[&str]) -> serde_json::Value {
    let out = Command::new("node")
        .arg(dir().join("pose.mjs"))
        .args(args)
        .output()
        .expect("node runs");
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(&text).unwrap_or_else(|e| {
        panic!(
            "oracle output is not JSON ({e}): {text}\nstderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// `--setup` pose of a skeleton (atlas `None` = `-`), optionally with a skin.
pub fn setup(json: &Path, atlas: Option<&Path>, skin: Option<&str>) -> serde_json::Value {
    let json = json.to_string_lossy();
    let atlas = atlas.map_or("-".into(), |a| a.to_string_lossy().into_owned());
    let mut args = vec![json.as_ref(), atlas.as_str(), "--setup", "--compact"];
    if let Some(s) = skin {
        args.push("--skin");
        args.push(s);
    }
    run(&args)
}

/// `--roundtrip` verdict of a skeleton.
pub fn roundtrip(json: &Path, atlas: Option<&Path>) -> serde_json::Value {
    let json = json.to_string_lossy();
    let atlas = atlas.map_or("-".into(), |a| a.to_string_lossy().into_owned());
    run(&["--roundtrip", json.as_ref(), atlas.as_str(), "--compact"])
}

/// A fresh scratch directory for files handed to the oracle.
pub fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("rigc-oracle-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).expect("scratch dir");
    d
}
