//! `rigc watch`: the real binary watching a temporary project. Each test spawns
//! it, waits for what it prints and writes (polling, with a deadline — never a
//! fixed sleep as an assertion), edits inputs, and stops it with SIGINT. A child
//! that misbehaves is killed, and its output dumped with the project listing.
//! Every skeleton a green rebuild writes is handed to spine-core.

use crate::fixture;
use crate::util::{self, Project};
use std::io::Read;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long any one expectation may take.
const DEADLINE: Duration = Duration::from_secs(20);

/// A running `rigc watch` (`serve` drives one too).
pub(crate) struct Watch {
    child: Child,
    cmd: String,
    dir: PathBuf,
    stdout: Arc<Mutex<String>>,
    stderr: Arc<Mutex<String>>,
    /// Where in stdout the next expectation starts looking.
    seen: usize,
    /// The threads reading stdout and stderr (they end when the child does).
    readers: Vec<std::thread::JoinHandle<()>>,
}

fn drain(
    mut from: impl Read + Send + 'static,
    into: Arc<Mutex<String>>,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = from.read(&mut buf) {
            if n == 0 {
                break;
            }
            if let Ok(mut s) = into.lock() {
                s.push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        }
    })
}

impl Watch {
    pub(crate) fn spawn(p: &Project, args: &[&str]) -> Watch {
        let mut child = util::rigc_command()
            .arg("watch")
            .args(args)
            .current_dir(p.path())
            .env_remove("RIGC_CACHE_DIR")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("rigc watch starts");
        let (stdout, stderr) = (Arc::default(), Arc::default());
        let readers = vec![
            drain(child.stdout.take().expect("stdout"), Arc::clone(&stdout)),
            drain(child.stderr.take().expect("stderr"), Arc::clone(&stderr)),
        ];
        Watch {
            child,
            cmd: format!("rigc watch {}", args.join(" ")),
            dir: p.path().to_path_buf(),
            stdout,
            stderr,
            seen: 0,
            readers,
        }
    }

    pub(crate) fn stdout(&self) -> String {
        self.stdout.lock().map(|s| s.clone()).unwrap_or_default()
    }

    pub(crate) fn stderr(&self) -> String {
        self.stderr.lock().map(|s| s.clone()).unwrap_or_default()
    }

    fn dump(&self) -> String {
        format!(
            "\n--- command: {}\n--- cwd: {}\n--- files:\n{}\n--- stdout:\n{}\n--- stderr:\n{}\n",
            self.cmd,
            self.dir.display(),
            util::list_dir(&self.dir),
            self.stdout(),
            self.stderr()
        )
    }

    /// Kills the child and fails the test with everything it printed.
    pub(crate) fn fail(&mut self, why: &str) -> ! {
        let _ = self.child.kill();
        let _ = self.child.wait();
        panic!("{why}{}", self.dump());
    }

    /// Polls `ready` until it holds (or fails the test after the deadline).
    fn wait_until<T>(&mut self, what: &str, mut ready: impl FnMut(&mut Watch) -> Option<T>) -> T {
        let start = Instant::now();
        loop {
            if let Some(t) = ready(self) {
                return t;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                if let Some(t) = ready(self) {
                    return t;
                }
                self.fail(&format!(
                    "rigc watch exited ({status}) while waiting for {what}"
                ));
            }
            if start.elapsed() > DEADLINE {
                self.fail(&format!("no {what} within {DEADLINE:?}"));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits for a stdout line, after the last one waited for, containing `pattern`;
    /// returns it and moves past it.
    pub(crate) fn line(&mut self, pattern: &str) -> String {
        let from = self.seen;
        let (line, end) = self.wait_until(&format!("stdout line with {pattern:?}"), |w| {
            let out = w.stdout();
            let rest = out.get(from..)?;
            let at = rest.find(pattern)?;
            let start = rest[..at].rfind('\n').map_or(0, |i| i + 1);
            let len = rest[at..].find('\n')? + at;
            Some((rest[start..len].to_string(), from + len + 1))
        });
        self.seen = end;
        line
    }

    /// Everything printed on stdout from byte `from`.
    fn printed_since(&self, from: usize) -> String {
        self.stdout().get(from..).unwrap_or("").to_string()
    }

    /// SIGINT, then the exit code.
    pub(crate) fn interrupt(&mut self) -> i32 {
        let sent = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status();
        if !sent.is_ok_and(|s| s.success()) {
            self.fail("could not send SIGINT");
        }
        self.exit_code()
    }

    /// The exit code of a `rigc watch` that ends (by itself or by a signal),
    /// once everything it printed has been read.
    pub(crate) fn exit_code(&mut self) -> i32 {
        let status = self.wait_until("exit", |w| w.child.try_wait().ok().flatten());
        for r in std::mem::take(&mut self.readers) {
            let _ = r.join();
        }
        status.code().unwrap_or(-1)
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The tiny rig's motion with two animations: `nod` (head, peaking at `peak`
/// degrees, its last key at `last` s of a 1 s animation) and `sway` (body).
fn motion(peak: f64, last: f64) -> String {
    format!(
        r#"{{
  "spec": "rigc-motion/1",
  "archetype": "tiny",
  "cut": "tiny",
  "easings": {{ "soft": [0.25, 0, 0.75, 1] }},
  "animations": {{
    "nod": {{
      "duration": 1,
      "tracks": [
        {{ "bone": "head", "property": "rotate", "keys": [
          {{ "t": 0, "v": [0], "ease": "soft" }},
          {{ "t": 0.5, "v": [{peak}], "ease": "soft" }},
          {{ "t": {last}, "v": [0] }} ] }}
      ]
    }},
    "sway": {{
      "duration": 2,
      "tracks": [
        {{ "bone": "body", "property": "rotate", "keys": [
          {{ "t": 0, "v": [0] }},
          {{ "t": 1, "v": [4] }},
          {{ "t": 2, "v": [0] }} ] }}
      ]
    }}
  }}
}}
"#
    )
}

const ONE_TARGET: &str = "[[target]]\nname = \"one\"\nrig = \"rig.json\"\nmotion = \"motion.json\"\nout = \"build/one\"\n";

fn nod_peak(p: &Project, out: &str) -> f64 {
    let v: serde_json::Value =
        serde_json::from_str(&p.read(&format!("{out}/skeleton.json"))).unwrap_or_default();
    v["animations"]["nod"]["bones"]["head"]["rotate"][1]["value"]
        .as_f64()
        .unwrap_or(f64::NAN)
}

fn tiny_project() -> Project {
    let p = Project::new();
    fixture::tiny(&p);
    p.write("motion.json", motion(10.0, 1.0));
    p.write("rigc.toml", ONE_TARGET);
    p
}

/// Waits until `out/skeleton.json` shows the nod peaking at `peak`, then holds it
/// to spine-core.
fn wait_for_peak(w: &mut Watch, p: &Project, out: &str, peak: f64) {
    w.wait_until(
        &format!("{out}/skeleton.json with the nod at {peak}"),
        |_| (nod_peak(p, out) == peak).then_some(()),
    );
    let dump = w.dump();
    util::spine_core_loads_and_poses(&p.path().join(out).join("skeleton.json"), &|| dump.clone());
}

#[test]
fn watch_rebuilds_exactly_what_changed_keeps_the_last_green_output_and_stops_on_sigint() {
    let p = tiny_project();
    let mut w = Watch::spawn(&p, &["--debounce", "30"]);
    let header = w.line("rigc watch: 1 target(s), watching");
    assert!(
        header.contains("debounce 30 ms; Ctrl-C to stop"),
        "{header}"
    );
    let first = w.line("rebuilt one: green");
    assert!(
        first.contains("from the event to the written output"),
        "{first}"
    );
    wait_for_peak(&mut w, &p, "build/one", 10.0);

    // One animation's key: that animation recompiles, the other stays cached.
    p.write("motion.json", motion(14.0, 1.0));
    let from = w.seen;
    let line = w.line("rebuilt one: green");
    let batch = w.printed_since(from);
    assert!(batch.contains("  change  motion.json"), "{batch}");
    assert!(line.contains("animation:nod"), "{line}");
    assert!(!line.contains("animation:sway"), "{line}");
    assert!(
        !line.contains("parse:rig") && !line.contains("measure:"),
        "{line}"
    );
    assert!(
        line.contains(" ms from the event to the written output"),
        "{line}"
    );
    wait_for_peak(&mut w, &p, "build/one", 14.0);

    // A key past the duration: red, printed, and the last green output kept.
    let green = std::fs::read(p.path().join("build/one/skeleton.json")).expect("green output");
    p.write("motion.json", motion(14.0, 1.5));
    let red = w.line("rebuilt one: red");
    assert!(
        red.contains("build/one keeps the last green output"),
        "{red}"
    );
    w.wait_until("the refusal on stderr", |w| {
        w.stderr()
            .contains("past the declared duration")
            .then_some(())
    });
    let kept = std::fs::read(p.path().join("build/one/skeleton.json")).expect("kept output");
    if kept != green {
        w.fail("a red build changed the last green skeleton.json");
    }

    // Fixed: green again, with the new value.
    p.write("motion.json", motion(12.0, 1.0));
    w.line("rebuilt one: green");
    wait_for_peak(&mut w, &p, "build/one", 12.0);

    // rigc.toml gains a target: it is loaded and built.
    p.write(
        "rigc.toml",
        format!("{ONE_TARGET}\n[[target]]\nname = \"two\"\nrig = \"rig.json\"\nmotion = \"motion.json\"\nout = \"build/two\"\nprofile = \"spine-html\"\n"),
    );
    let reload = w.line("reload  rigc.toml: 2 target(s) (new: two)");
    assert!(reload.contains("watching"), "{reload}");
    w.line("rebuilt two: green");
    wait_for_peak(&mut w, &p, "build/two", 12.0);

    // A PNG edit re-runs that image's measure stage (and not the other's).
    p.write("parts/head.png", fixture::part_png(26, 22));
    let measured = w.line("ran measure:head.png");
    assert!(!measured.contains("measure:body.png"), "{measured}");
    w.wait_until("the new head size in build/one", |_| {
        std::fs::read_to_string(p.path().join("build/one/skeleton.atlas"))
            .is_ok_and(|a| a.contains("size: 26, 22"))
            .then_some(())
    });

    // SIGINT: exit 0, nothing half-written left behind.
    let code = w.interrupt();
    if code != 0 {
        w.fail(&format!("exit code {code} after SIGINT"));
    }
    assert!(w.stdout().contains("rigc watch: stopped"), "{}", w.dump());
    for out in ["build/one", "build/two"] {
        for f in util::walk(&p.path().join(out)) {
            let name = f.file_name().map(|n| n.to_string_lossy().into_owned());
            if name.is_some_and(|n| n.starts_with('.') || n.contains("rigc-tmp")) {
                w.fail(&format!("temporary file left behind: {}", f.display()));
            }
        }
    }
}

#[test]
fn watch_without_a_project_file_or_with_an_unknown_target_is_a_usage_error() {
    let p = Project::new();
    fixture::tiny(&p);
    let mut w = Watch::spawn(&p, &[]);
    assert_eq!(w.exit_code(), 2, "{}", w.dump());
    assert!(w.stderr().contains("no rigc.toml in"), "{}", w.dump());

    p.write("rigc.toml", ONE_TARGET);
    let mut w = Watch::spawn(&p, &["three"]);
    assert_eq!(w.exit_code(), 2, "{}", w.dump());
    assert!(
        w.stderr().contains("declares no target \"three\""),
        "{}",
        w.dump()
    );
}

/// The studio-example plugin as a cdylib, built (or confirmed fresh) once.
fn studio_plugin() -> PathBuf {
    static LIB: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    LIB.get_or_init(|| {
        let status = util::cargo()
            .args(["build", "-q", "-p", "rigc-studio-example"])
            .current_dir(util::workspace())
            .status()
            .expect("cargo runs");
        assert!(status.success(), "building rigc-studio-example failed");
        let exe = std::env::current_exe().expect("test exe");
        let dir = exe
            .parent()
            .and_then(std::path::Path::parent)
            .expect("target dir");
        let lib = dir.join(format!(
            "{}rigc_studio_example{}",
            std::env::consts::DLL_PREFIX,
            std::env::consts::DLL_SUFFIX
        ));
        assert!(lib.is_file(), "no plugin library at {}", lib.display());
        lib
    })
    .clone()
}

fn plugin_manifest(max_seconds: f64) -> String {
    format!("[project]\nplugins = [\"lib/libstudio.so\"]\n\n[plugin.studio-example]\nmax_animation_seconds = {max_seconds:?}\n\n{ONE_TARGET}")
}

#[test]
fn watch_reloads_a_rebuilt_plugin_and_reruns_only_its_stage() {
    let p = tiny_project();
    let lib = std::fs::read(studio_plugin()).expect("plugin library");
    p.write("lib/libstudio.so", &lib);
    p.write("rigc.toml", plugin_manifest(8.0));
    let mut w = Watch::spawn(&p, &[]);
    w.line("rebuilt one: green");

    // A rebuilt library (new bytes, same plugin): reloaded from a fresh private
    // copy, and only the stage that calls it runs again.
    let mut rebuilt = lib.clone();
    rebuilt.extend_from_slice(&[0u8; 64]);
    p.write("lib/libstudio.so", &rebuilt);
    let reload = w.line("reload  plugin studio-example (lib/libstudio.so): ");
    assert!(reload.contains(" → "), "{reload}");
    let line = w.line("rebuilt one: green");
    assert!(line.contains("ran gate:studio-example ("), "{line}");

    // Its configuration in rigc.toml: a gate FAIL, printed, and nothing written.
    let green = std::fs::read(p.path().join("build/one/skeleton.json")).expect("green output");
    p.write("rigc.toml", plugin_manifest(0.5));
    let red = w.line("rebuilt one: red (2 assertion(s) failed)");
    assert!(red.contains("ran gate:studio-example ("), "{red}");
    w.line("    FAIL  STUDIO01_ANIMATION_WITHIN_MAX_LENGTH");
    let kept = std::fs::read(p.path().join("build/one/skeleton.json")).expect("kept output");
    if kept != green {
        w.fail("a red gate changed the last green skeleton.json");
    }
    assert_eq!(w.interrupt(), 0, "{}", w.dump());
}

/// A target that packs (`pack = true` in rigc.toml): watch builds it packed,
/// and an edit of a packed part's pixels (its size kept) repacks — the
/// part's measure stage runs, and the page written shows the new texels
/// where the atlas places the part; spine-core loads the rebuilt pair.
#[test]
fn watch_repacks_a_packed_target_after_a_part_edit() {
    let p = tiny_project();
    p.write("rigc.toml", format!("{ONE_TARGET}pack = true\n"));
    let mut w = Watch::spawn(&p, &["--debounce", "30"]);
    w.line("rebuilt one: green");
    w.wait_until("build/one/skeleton.png", |_| {
        p.exists("build/one/skeleton.png").then_some(())
    });
    // The tiny pack: head at 36,2 on a 64×64 page (tests/pack.rs derives it).
    let head: Vec<u8> = (0..24 * 20)
        .flat_map(|i| [10, (i % 200) as u8, 250, 255])
        .collect();
    p.write(
        "parts/head.png",
        rigc_sdk::png_image::encode_rgba(24, 20, &head),
    );
    let line = w.line("rebuilt one: green");
    assert!(line.contains("measure:head.png"), "{line}");
    let shows_head = |p: &Project| {
        let bytes = std::fs::read(p.path().join("build/one/skeleton.png")).ok()?;
        let page = rigc_sdk::png_image::decode(&bytes).ok()?;
        let pw = page.header.width as usize;
        (0..20)
            .all(|y| {
                let at = ((2 + y) * pw + 36) * 4;
                page.rgba.get(at..at + 24 * 4) == head.get(y * 24 * 4..(y + 1) * 24 * 4)
            })
            .then_some(())
    };
    w.wait_until("the new head texels on the packed page", |_| shows_head(&p));
    assert!(p
        .read("build/one/skeleton.atlas")
        .contains("head\nbounds: 36, 2, 24, 20\n"));
    let dump = w.dump();
    util::spine_core_loads_and_poses(&p.path().join("build/one/skeleton.json"), &|| dump.clone());
    let code = w.interrupt();
    if code != 0 {
        w.fail(&format!("exit code {code} after SIGINT"));
    }
}

/// A target that imports its atlas (`atlas_in` in rigc.toml): watch watches
/// the atlas too, so an edit of it (the head region moved on its page) is
/// rebuilt into the re-anchored atlas the target writes.
#[test]
fn watch_rebuilds_an_imported_target_when_its_atlas_changes() {
    let p = tiny_project();
    p.rigc(&fixture::args("packed", &["--pack"])).green();
    p.write(
        "rigc.toml",
        format!("{ONE_TARGET}atlas_in = \"packed/skeleton.atlas\"\n"),
    );
    let mut w = Watch::spawn(&p, &["--debounce", "30"]);
    w.line("rebuilt one: green");
    let atlas = p.read("packed/skeleton.atlas");
    assert!(atlas.contains("bounds: 36, 2, 24, 20\n"), "{atlas}");
    p.write(
        "packed/skeleton.atlas",
        atlas.replace("bounds: 36, 2, 24, 20\n", "bounds: 34, 40, 24, 20\n"),
    );
    w.line("rebuilt one: green");
    w.wait_until("the moved head region in build/one", |_| {
        std::fs::read_to_string(p.path().join("build/one/skeleton.atlas"))
            .is_ok_and(|a| a.contains("bounds: 34, 40, 24, 20\n"))
            .then_some(())
    });
    let dump = w.dump();
    util::spine_core_loads_and_poses(&p.path().join("build/one/skeleton.json"), &|| dump.clone());
    let code = w.interrupt();
    if code != 0 {
        w.fail(&format!("exit code {code} after SIGINT"));
    }
}
