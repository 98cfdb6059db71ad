//! The test harness: a temporary project per test, the real `rigc` binary run in
//! it (built once, fresh, through cargo), and a dump of command, directory,
//! stdout and stderr when an expectation fails.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The workspace root.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
        .to_path_buf()
}

/// The shared directory (`RIGC_SHARED`, else `<workspace>/../shared`).
pub fn shared() -> PathBuf {
    let dir = std::env::var_os("RIGC_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace().join("../shared"));
    assert!(
        dir.join("reference").is_dir(),
        "the shared directory is not at {} (set RIGC_SHARED to the directory holding reference/ and oracle/)",
        dir.display()
    );
    dir
}

/// `cargo`, as the tests run it to build what they load: without the
/// variables cargo set for this test process (`CARGO_MANIFEST_DIR=…/tests`,
/// `CARGO_PKG_*`, …). Passed on, they change the fingerprint of a dependency
/// whose build script reads one (ring's reads `CARGO_MANIFEST_DIR`), so every
/// test run and every plain `cargo build` after it rebuilt ring, rustls, ureq
/// and rigc (~13 s each way).
pub fn cargo() -> Command {
    let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    for (k, _) in std::env::vars_os() {
        let k = k.to_string_lossy();
        let set_for_tests = k.starts_with("CARGO_PKG_")
            || k.starts_with("CARGO_BIN_EXE_")
            || matches!(
                &*k,
                "CARGO_MANIFEST_DIR"
                    | "CARGO_MANIFEST_PATH"
                    | "CARGO_CRATE_NAME"
                    | "CARGO_PRIMARY_PACKAGE"
                    | "CARGO_TARGET_TMPDIR"
                    | "CARGO_RUSTC_CURRENT_DIR"
            );
        if set_for_tests {
            cmd.env_remove(&*k);
        }
    }
    cmd
}

/// The `rigc` binary, built (or confirmed fresh) once per test run.
pub fn rigc_bin() -> PathBuf {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        let status = cargo()
            .args(["build", "-q", "-p", "rigc", "--bin", "rigc"])
            .current_dir(workspace())
            .status()
            .expect("cargo runs");
        assert!(status.success(), "building rigc failed");
        let exe = std::env::current_exe().expect("test exe");
        let dir = exe.parent().and_then(Path::parent).expect("target dir");
        let bin = dir.join(format!("rigc{}", std::env::consts::EXE_SUFFIX));
        assert!(bin.is_file(), "no rigc binary at {}", bin.display());
        bin
    })
    .clone()
}

/// The environment variables that point rigc at a remote cache. A developer
/// may export them; a test build must not then be served (or fill) that
/// server, so every `rigc` the tests run starts without them ([`rigc_command`]);
/// the remote-cache tests set them explicitly.
pub const REMOTE_CACHE_ENV: [&str; 4] = [
    "RIGC_REMOTE_CACHE",
    "RIGC_REMOTE_CACHE_READ_ONLY",
    "RIGC_REMOTE_CACHE_TOKEN",
    "RIGC_REMOTE_CACHE_TIMEOUT_MS",
];

/// `rigc` as the tests run it: the binary of [`rigc_bin`], without the
/// environment's remote cache ([`REMOTE_CACHE_ENV`]).
pub fn rigc_command() -> Command {
    let mut cmd = Command::new(rigc_bin());
    for k in REMOTE_CACHE_ENV {
        cmd.env_remove(k);
    }
    cmd
}

/// A temporary project directory.
pub struct Project {
    dir: tempfile::TempDir,
}

/// One run of `rigc`.
#[derive(Debug)]
pub struct Run {
    /// The command line.
    pub cmd: String,
    /// Where it ran.
    pub cwd: PathBuf,
    /// Exit code.
    pub code: i32,
    /// Stdout.
    pub stdout: String,
    /// Stderr.
    pub stderr: String,
}

impl Run {
    pub fn dump(&self) -> String {
        let listing = list_dir(&self.cwd);
        format!(
            "\n--- command: {}\n--- cwd: {}\n--- exit: {}\n--- files:\n{}\n--- stdout:\n{}\n--- stderr:\n{}\n",
            self.cmd,
            self.cwd.display(),
            self.code,
            listing,
            self.stdout,
            self.stderr
        )
    }

    /// Asserts the exit code.
    pub fn code(&self, code: i32) -> &Self {
        assert_eq!(self.code, code, "unexpected exit code{}", self.dump());
        self
    }

    /// Asserts a green build/validate (exit 0).
    pub fn green(&self) -> &Self {
        self.code(0)
    }

    /// Asserts stdout contains `s`.
    pub fn stdout_has(&self, s: &str) -> &Self {
        assert!(self.stdout.contains(s), "stdout lacks {s:?}{}", self.dump());
        self
    }

    /// Asserts stderr contains `s`.
    pub fn stderr_has(&self, s: &str) -> &Self {
        assert!(self.stderr.contains(s), "stderr lacks {s:?}{}", self.dump());
        self
    }

    /// Asserts stdout does not contain `s`.
    pub fn stdout_lacks(&self, s: &str) -> &Self {
        assert!(!self.stdout.contains(s), "stdout has {s:?}{}", self.dump());
        self
    }

    /// The stderr diagnostics of a `--message-format json` run.
    pub fn json_diagnostics(&self) -> Vec<serde_json::Value> {
        self.stderr
            .lines()
            .filter(|l| l.starts_with('{'))
            .map(|l| {
                serde_json::from_str(l)
                    .unwrap_or_else(|e| panic!("bad JSON line {l:?}: {e}{}", self.dump()))
            })
            .collect()
    }
}

/// Every path under `dir`, relative, sorted, one per line.
pub fn list_dir(dir: &Path) -> String {
    let mut out = Vec::new();
    for entry in walk(dir) {
        out.push(format!(
            "  {}",
            entry.strip_prefix(dir).unwrap_or(&entry).display()
        ));
    }
    out.sort();
    out.join("\n")
}

/// Every file under `dir`, recursively.
pub fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Ok(rd) = std::fs::read_dir(dir) {
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                out.push(p.clone());
                out.extend(walk(&p));
            } else {
                out.push(p);
            }
        }
    }
    out
}

impl Project {
    /// An empty project (no rigc.toml: the working directory is the root).
    pub fn new() -> Self {
        Project {
            dir: tempfile::tempdir().expect("temp dir"),
        }
    }

    /// The project directory.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Writes a file (creating its directories).
    pub fn write(&self, rel: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let p = self.path().join(rel);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).expect("mkdir");
        }
        std::fs::write(&p, contents).expect("write");
        p
    }

    /// Reads a file.
    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.path().join(rel)).unwrap_or_else(|e| panic!("read {rel}: {e}"))
    }

    /// Copies a directory tree into the project at `rel`.
    pub fn copy_dir(&self, from: &Path, rel: &str) {
        copy_tree(from, &self.path().join(rel));
    }

    /// Runs `rigc` with `args` in the project directory.
    pub fn rigc(&self, args: &[&str]) -> Run {
        run_in(self.path(), args)
    }

    /// Does `rel` exist?
    pub fn exists(&self, rel: &str) -> bool {
        self.path().join(rel).exists()
    }
}

/// Builds a workspace package once per test run (`cargo build -q -p <package>`, with the
/// tests' profile) and returns the path of its dynamic library `lib<name>.so` beside them.
pub fn plugin_library(package: &str) -> PathBuf {
    static BUILT: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    let name = package.replace('-', "_");
    let exe = std::env::current_exe().expect("test exe");
    let dir = exe.parent().and_then(Path::parent).expect("target dir");
    let lib = dir.join(format!(
        "{}{name}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ));
    if !built.contains(&package.to_string()) {
        // Built with the tests' own profile, into the directory they run from
        // (`debug` is the `dev` profile's).
        let profile = match dir.file_name().and_then(|n| n.to_str()) {
            Some("debug") | None => "dev",
            Some(profile) => profile,
        };
        let status = cargo()
            .args(["build", "-q", "-p", package, "--profile", profile])
            .current_dir(workspace())
            .status()
            .expect("cargo runs");
        assert!(status.success(), "building {package} failed");
        built.push(package.to_string());
    }
    assert!(lib.is_file(), "no library at {}", lib.display());
    lib
}

/// Every gallery rig's directory (those holding a `rig.json`), with its
/// plugin built ([`gallery_plugins`]).
pub fn gallery_rigs() -> Vec<PathBuf> {
    gallery_plugins();
    let gallery = workspace().join("gallery");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&gallery)
        .expect("gallery/")
        .flatten()
        .map(|e| e.path())
        .filter(|d| d.join("rig.json").is_file())
        .collect();
    dirs.sort();
    dirs
}

/// A copy of the gallery's project in a fresh temp dir: its rigc.toml, its rigs
/// without their builds, and the studio plugin where rigc.toml loads it from.
/// Its cache is its own (`cache/` inside it).
pub fn gallery_project() -> Project {
    let p = Project::new();
    let ws = workspace();
    p.write(
        "rigc.toml",
        std::fs::read(ws.join("rigc.toml")).expect("rigc.toml"),
    );
    for rig in gallery_rigs() {
        let name = rig
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        p.copy_dir(&rig, &format!("gallery/{name}"));
        let _ = std::fs::remove_dir_all(p.path().join(format!("gallery/{name}/build")));
    }
    let lib = "target/release/librigc_studio_example.so";
    p.write(lib, std::fs::read(ws.join(lib)).expect("the studio plugin"));
    p
}

/// `rigc build` of the gallery rig in `dir` into `out`, from the workspace
/// (so the gallery's `rigc.toml` applies), with `extra` arguments.
pub fn build_gallery_rig(dir: &Path, out: &Path, extra: &[&str]) -> Run {
    let (rig, motion) = (dir.join("rig.json"), dir.join("motion.json"));
    let mut args = vec![
        "build",
        "--rig",
        rig.to_str().unwrap(),
        "--motion",
        motion.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    run_in(&workspace(), &args)
}

/// The gallery's project file loads the studio-example plugin from
/// `target/release/`; build it (once per test run) before building the gallery.
pub fn gallery_plugins() {
    static DONE: OnceLock<()> = OnceLock::new();
    DONE.get_or_init(|| {
        let status = cargo()
            .args(["build", "-q", "--release", "-p", "rigc-studio-example"])
            .current_dir(workspace())
            .status()
            .expect("cargo runs");
        assert!(
            status.success(),
            "building the studio-example plugin failed"
        );
    });
}

/// Runs `rigc` in `cwd` with extra environment variables.
pub fn run_env(cwd: &Path, args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut cmd = rigc_command();
    cmd.args(args).current_dir(cwd);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("rigc runs");
    Run {
        cmd: format!(
            "{} rigc {}",
            env.iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join(" "),
            args.join(" ")
        ),
        cwd: cwd.to_path_buf(),
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Runs `rigc` in `cwd`. Every skeleton a green build writes is handed to the
/// official runtime: spine-core must load it and pose every animation at its
/// start, middle and end (every skeleton the tests emit is held to it).
pub fn run_in(cwd: &Path, args: &[&str]) -> Run {
    let started = std::time::SystemTime::now() - std::time::Duration::from_secs(1);
    let out = rigc_command()
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("rigc runs");
    let run = Run {
        cmd: format!("rigc {}", args.join(" ")),
        cwd: cwd.to_path_buf(),
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    if args.first() == Some(&"build") && run.code == 0 {
        let mut checked = Vec::new();
        for line in run.stdout.lines() {
            let written = line.strip_prefix("rigc: wrote ").or_else(|| {
                line.strip_prefix("rigc: kept ")
                    .and_then(|l| l.strip_suffix(" (unchanged)"))
            });
            if let Some(path) = written.filter(|p| p.ends_with("skeleton.json")) {
                checked.push(PathBuf::from(path));
            }
        }
        // A many-target build prints no `wrote` lines: its targets' skeletons are
        // the ones written (or kept) since the command started.
        if checked.is_empty() {
            checked = walk(cwd)
                .into_iter()
                .filter(|p| {
                    p.file_name().is_some_and(|n| n == "skeleton.json")
                        && !p.starts_with(cwd.join("cache"))
                })
                .filter(|p| {
                    std::fs::metadata(p)
                        .and_then(|m| m.modified())
                        .is_ok_and(|t| t >= started)
                })
                .collect();
        }
        for path in checked {
            spine_core_loads_and_poses(&path, &|| run.dump());
        }
    }
    run
}

/// spine-core loads `skeleton.json` (with the atlas beside it) and poses every
/// animation at 0, half its duration and its duration, with finite bones;
/// `context` says what wrote it, shown on failure.
pub fn spine_core_loads_and_poses(skeleton: &Path, context: &dyn Fn() -> String) {
    let atlas = skeleton.with_file_name("skeleton.atlas");
    let (s, a) = (
        skeleton.to_str().unwrap_or(""),
        atlas.to_str().unwrap_or(""),
    );
    let verdict = oracle(&["--roundtrip", s, a])
        .unwrap_or_else(|e| panic!("spine-core refused {s}: {e}{}", context()));
    assert_eq!(
        verdict["ok"],
        true,
        "spine-core refused {s}: {verdict}{}",
        context()
    );
    let Some(names) = verdict["animationNames"].as_array() else {
        return;
    };
    for name in names.iter().filter_map(|n| n.as_str()) {
        let first = oracle(&[s, a, name, "0"])
            .unwrap_or_else(|e| panic!("spine-core could not pose {name}: {e}"));
        let d = first["duration"].as_f64().unwrap_or(0.0);
        let times = format!("0,{},{}", d / 2.0, d);
        let doc = oracle(&[s, a, name, &times])
            .unwrap_or_else(|e| panic!("spine-core could not pose {name}: {e}"));
        our_runtime_agrees(skeleton, &atlas, name, &times, &doc, context);
        for frame in doc["frames"].as_array().into_iter().flatten() {
            for bone in frame["bones"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|b| b["active"] == true)
            {
                for k in ["a", "b", "c", "d", "worldX", "worldY"] {
                    assert!(
                        bone[k].is_number(),
                        "{s}: {name} at {}: bone {} {k} = {}",
                        frame["time"],
                        bone["name"],
                        bone[k]
                    );
                }
            }
        }
    }
}

/// Our runtime (`rigc_sdk::spine::sample`, what `rigc sample` prints) poses
/// the same frames as spine-core within 1e-4 (every skeleton the tests emit).
fn our_runtime_agrees(
    skeleton: &Path,
    atlas: &Path,
    animation: &str,
    times: &str,
    theirs: &serde_json::Value,
    context: &dyn Fn() -> String,
) {
    use rigc_sdk::spine::sample::{compare, parse_times, pose_document, Layout, SampleOptions};
    let text = std::fs::read_to_string(skeleton).expect("skeleton");
    let atlas = rigc_sdk::spine::read_atlas(&std::fs::read_to_string(atlas).expect("atlas"))
        .unwrap_or_else(|e| panic!("we refuse the atlas spine-core reads: {e}{}", context()));
    let data = rigc_sdk::spine::read_skeleton(&text, Some(&atlas))
        .unwrap_or_else(|e| {
            panic!(
                "we refuse the skeleton spine-core reads: {}{}",
                e.message,
                context()
            )
        })
        .data;
    let options = SampleOptions {
        animation: Some(animation.to_string()),
        times: parse_times(times).expect("times"),
        ..SampleOptions::default()
    };
    let ours = pose_document(&data, &options, Layout::Compact)
        .unwrap_or_else(|e| panic!("we cannot pose {animation}: {}{}", e.message, context()));
    let ours: serde_json::Value = serde_json::from_str(&ours).expect("our JSON");
    let c = compare(theirs, &ours, 1e-4, 0.0);
    assert!(
        c.ok(),
        "{}: {animation}: our runtime differs from spine-core: {}{}",
        skeleton.display(),
        c.report(),
        context()
    );
}

/// Copies a tree.
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("read_dir").flatten() {
        let p = e.path();
        let dest = to.join(e.file_name());
        if p.is_dir() {
            copy_tree(&p, &dest);
        } else {
            std::fs::copy(&p, &dest).expect("copy");
        }
    }
}

/// The spine-core oracle installed by `scripts/setup-oracle.sh` (`.oracle/`).
pub fn oracle_dir() -> PathBuf {
    let dir = std::env::var_os("RIGC_ORACLE")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace().join(".oracle"));
    assert!(
        dir.join("node_modules/@esotericsoftware/spine-core").is_dir() && dir.join("pose.mjs").is_file(),
        "the spine-core oracle is not installed at {}: run scripts/setup-oracle.sh (scripts/test.sh does it)",
        dir.display()
    );
    dir
}

/// Runs `node <oracle>/pose.mjs args…` and parses its JSON output.
pub fn oracle(args: &[&str]) -> Result<serde_json::Value, String> {
    let dir = oracle_dir();
    let out = Command::new("node")
        .arg(dir.join("pose.mjs"))
        .args(args)
        .output()
        .expect("node runs (install Node 18+)");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    if !out.status.success() {
        return Err(format!("{}{}", text, String::from_utf8_lossy(&out.stderr)));
    }
    serde_json::from_str(&text).map_err(|e| format!("oracle printed non-JSON ({e}): {text}"))
}

/// The numbers of the JSON array `v` (a test reading emitted uvs, vertices or
/// a pose); panics, naming nothing else, when `v` is not an array of numbers.
pub fn numbers(v: &serde_json::Value) -> Vec<f64> {
    v.as_array()
        .expect("a JSON array")
        .iter()
        .map(|x| x.as_f64().expect("a number"))
        .collect()
}
