//! Runs the spine-core oracle (`node $RIGC_ORACLE_DIR/pose.mjs`) for the tests.
//! `RIGC_ORACLE_DIR` defaults to the workspace's `.oracle/`, where
//! `scripts/setup-oracle.sh` installs spine-core 4.3.13 and the pose driver; the
//! oracle's fixtures are read from the shared directory (`RIGC_SHARED`, default
//! `<workspace>/../shared`). A missing oracle fails the test with the fix: a
//! conformance test that silently skips proves nothing.

#![allow(dead_code)]

pub mod model;
pub mod pose;

use std::ffi::OsStr;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The oracle directory.
pub fn dir() -> PathBuf {
    std::env::var_os("RIGC_ORACLE_DIR").map_or_else(|| workspace().join(".oracle"), PathBuf::from)
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The fixtures the oracle ships (in the shared directory).
pub fn fixtures() -> PathBuf {
    std::env::var_os("RIGC_SHARED")
        .map_or_else(|| workspace().join("../shared"), PathBuf::from)
        .join("oracle/fixtures")
}

/// True when `node` runs and the oracle is installed; otherwise the test fails
/// with the command that installs it.
pub fn available() -> bool {
    let dir = dir();
    let node = Command::new("node").arg("--version").output();
    let ok = matches!(node, Ok(o) if o.status.success())
        && dir.join("pose.mjs").exists()
        && dir
            .join("node_modules/@esotericsoftware/spine-core")
            .is_dir();
    assert!(
        ok,
        "the spine-core oracle is not installed at {} (or node is missing): run scripts/setup-oracle.sh",
        dir.display()
    );
    ok
}

/// Runs `node pose.mjs <args>` and parses its stdout as JSON.
pub fn run(args: &[&str]) -> serde_json::Value {
    let mut all: Vec<std::ffi::OsString> = vec![dir().join("pose.mjs").into()];
    all.extend(args.iter().map(std::ffi::OsString::from));
    let out = node(&all, Duration::from_secs(60));
    let text = String::from_utf8_lossy(&out);
    serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("oracle output is not JSON ({e}): {text}"))
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

/// Runs `node <args>` and returns its stdout, killing it (and failing the
/// test) after `limit`: an input that hangs spine-core must not hang the tests.
pub fn node<S: AsRef<OsStr>>(args: &[S], limit: Duration) -> Vec<u8> {
    let mut child = Command::new("node")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node runs");
    let mut stdout = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stdout.read_to_end(&mut buf);
        buf
    });
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!(
                "node did not finish within {limit:?} (args: {:?})",
                args.iter()
                    .map(|a| a.as_ref().to_os_string())
                    .collect::<Vec<_>>()
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let out = reader.join().expect("reader");
    if out.is_empty() {
        let mut err = String::new();
        if let Some(mut e) = child.stderr.take() {
            let _ = e.read_to_string(&mut err);
        }
        eprintln!("node printed nothing; stderr: {err}");
    }
    out
}

/// Runs an inline CommonJS script (`node -e`) with arguments.
pub fn script<S: AsRef<OsStr>>(source: &str, args: &[S]) -> Vec<u8> {
    let mut all: Vec<std::ffi::OsString> = vec!["-e".into(), source.into()];
    all.extend(args.iter().map(|a| a.as_ref().to_os_string()));
    node(&all, Duration::from_secs(120))
}

/// `tests/oracle/dump.mjs`: what spine-core holds after reading.
pub fn dump_script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracle/dump.mjs")
}
