//! Issue #14, the cache and the plugin copies: every corruption of a cache
//! entry — a flipped blob, a torn or non-UTF-8 action entry, one target's entry
//! copied over another's, random damage — is named (`cache.corrupt`) and rebuilt,
//! and the build stays green with the right bytes; a plugin copy replaced by
//! another library, truncated or bit-flipped is named (`plugin.copy-corrupt`)
//! and copied again, so the original is what loads; a library cut short at its
//! own path is refused by name (`plugin.truncated`), never a SIGBUS; a killed
//! run's temporaries in the cache are swept by the next build and by `cache gc`,
//! and `cache stats` counts them apart. Each test prints its figures.

use crate::fixture;
use crate::util::{self, Project, Run};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A pid no process has: above Linux's largest (`pid_max` ≤ 2²²).
const DEAD: u32 = 4_194_304 + 17;

/// The tiny rig as two targets whose motions differ, so each has its own
/// `parse:motion` entry and its own trace.
fn two_targets() -> Project {
    let p = Project::new();
    fixture::tiny(&p);
    p.write(
        "b/motion.json",
        fixture::MOTION.replace("\"v\": [10]", "\"v\": [25]"),
    );
    p.write(
        "rigc.toml",
        "[project]\nprofile = \"spine\"\n\n[[target]]\nname = \"a\"\nrig = \"rig.json\"\nmotion = \"motion.json\"\nout = \"build/a\"\n\n[[target]]\nname = \"b\"\nrig = \"rig.json\"\nmotion = \"b/motion.json\"\nout = \"build/b\"\n",
    );
    p
}

/// Both targets' written files.
fn outputs(p: &Project) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for t in ["a", "b"] {
        for f in ["skeleton.json", "skeleton.atlas"] {
            let rel = format!("build/{t}/{f}");
            out.push((
                rel.clone(),
                std::fs::read(p.path().join(&rel)).unwrap_or_default(),
            ));
        }
    }
    out
}

/// `rigc build --all` without the spine-core check of every skeleton (the
/// first build of each project has it).
fn build(p: &Project) -> Run {
    util::run_env(p.path(), &["build", "--all"], &[])
}

/// Every file under `dir`, with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    util::walk(dir)
        .into_iter()
        .filter(|f| f.is_file())
        .map(|f| {
            let bytes = std::fs::read(&f).unwrap();
            (f, bytes)
        })
        .collect()
}

/// Puts `dir` back as `snap` holds it.
fn restore(dir: &Path, snap: &BTreeMap<PathBuf, Vec<u8>>) {
    for f in util::walk(dir).into_iter().filter(|f| f.is_file()) {
        if !snap.contains_key(&f) {
            std::fs::remove_file(f).unwrap();
        }
    }
    for (f, bytes) in snap {
        std::fs::create_dir_all(f.parent().unwrap()).unwrap();
        std::fs::write(f, bytes).unwrap();
    }
}

/// The action entries of the cache: (path, is a binary trace entry, its
/// stage), the JSON entries' stage read from their text.
fn entries(cache: &Path) -> Vec<(PathBuf, bool, String)> {
    util::walk(&cache.join("actions"))
        .into_iter()
        .filter(|f| f.is_file())
        .map(|f| {
            let bytes = std::fs::read(&f).unwrap();
            if bytes.starts_with(b"target\n") {
                return (f, true, "target".to_string());
            }
            let text = String::from_utf8(bytes).unwrap();
            let json: serde_json::Value =
                serde_json::from_str(text.split_once('\n').unwrap().0).unwrap();
            let stage = json["stage"].as_str().unwrap().to_string();
            (f, false, stage)
        })
        .collect()
}

fn name_of(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

/// A build after damage: green, the right bytes, and each of `named` named on
/// a line saying `says` (with `= code: cache.corrupt` after it); then a build
/// that reads every entry again finds nothing to name.
fn rebuilt_right(p: &Project, good: &[(String, Vec<u8>)], named: &[PathBuf], says: &str) {
    std::fs::remove_dir_all(p.path().join("build")).unwrap();
    let run = build(p);
    run.green();
    assert!(outputs(p) == good, "wrong bytes after damage{}", run.dump());
    for f in named {
        let name = name_of(f);
        let line = run.stderr.lines().find(|l| l.contains(&name));
        assert!(
            line.is_some_and(|l| l.contains(says) && l.contains("the stage is rebuilt")),
            "{name} is not named as {says:?}{}",
            run.dump()
        );
    }
    if !named.is_empty() {
        run.stderr_has("= code: cache.corrupt");
    }
    std::fs::remove_dir_all(p.path().join("build")).unwrap();
    let again = build(p);
    again.green();
    assert!(
        !again.stderr.contains("corrupt"),
        "the damage was not rebuilt{}",
        again.dump()
    );
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `bytes`, put where `path` is, still make the entry the cache wrote
/// there (`was`), by the format's own rules (DESIGN.md; `cache/mod.rs`): a blob
/// hashes to its name; a trace entry's last 32 bytes are the blake3 of the rest,
/// which names its stage and key; a JSON entry is UTF-8, its check line the
/// blake3 of its JSON, which names its key and stage (and an inline output
/// hashes to the output recorded).
fn sound(path: &Path, bytes: &[u8], was: &[u8]) -> bool {
    let name = name_of(path);
    if path.components().any(|c| c.as_os_str() == "blobs") {
        return blake3::hash(bytes).to_hex().as_str() == name;
    }
    if was.starts_with(b"target\n") {
        let Some(at) = bytes.len().checked_sub(32) else {
            return false;
        };
        let (body, check) = bytes.split_at(at);
        return blake3::hash(body).as_bytes() == check
            && body.starts_with(b"target\n")
            && body.get(7..39).is_some_and(|k| hex(k) == name);
    }
    let (Ok(text), Ok(was)) = (std::str::from_utf8(bytes), std::str::from_utf8(was)) else {
        return false;
    };
    let Some((json, check)) = text.split_once('\n') else {
        return false;
    };
    let Ok(entry) = serde_json::from_str::<serde_json::Value>(json) else {
        return false;
    };
    let was: serde_json::Value = serde_json::from_str(was.split_once('\n').unwrap().0).unwrap();
    let inline_ok = match entry["inline"].as_str() {
        Some(inline) => blake3::hash(inline.as_bytes()).to_hex().as_str() == entry["output"],
        None => true,
    };
    blake3::hash(json.as_bytes()).to_hex().as_str() == check.trim_end()
        && entry["key"] == name.as_str()
        && entry["stage"] == was["stage"]
        && inline_ok
}

#[test]
fn every_cache_corruption_is_named_and_rebuilt_and_the_bytes_stay_right() {
    let p = two_targets();
    p.rigc(&["build", "--all"]).green();
    let good = outputs(&p);
    let cache = p.path().join("cache");
    let snap = snapshot(&cache);
    let all = entries(&cache);
    let blobs: Vec<PathBuf> = util::walk(&cache.join("blobs"))
        .into_iter()
        .filter(|f| f.is_file())
        .collect();
    let mut directed = 0;

    // Every blob flipped.
    for b in &blobs {
        let mut bytes = std::fs::read(b).unwrap();
        bytes[0] ^= 0x20;
        std::fs::write(b, bytes).unwrap();
    }
    rebuilt_right(&p, &good, &blobs, "is corrupt: its");
    directed += 1;

    // Every action entry torn.
    restore(&cache, &snap);
    for (f, _, _) in &all {
        let bytes = std::fs::read(f).unwrap();
        std::fs::write(f, &bytes[..bytes.len() / 2]).unwrap();
    }
    let torn: Vec<PathBuf> = all.iter().map(|e| e.0.clone()).collect();
    rebuilt_right(&p, &good, &torn, "is corrupt or truncated");
    directed += 1;

    // Every JSON entry with a byte that is not UTF-8.
    restore(&cache, &snap);
    let json: Vec<PathBuf> = all.iter().filter(|e| !e.1).map(|e| e.0.clone()).collect();
    for f in &json {
        let mut bytes = std::fs::read(f).unwrap();
        bytes[10] = 0xff;
        std::fs::write(f, bytes).unwrap();
    }
    rebuilt_right(&p, &good, &json, "is corrupt: it is not UTF-8 (byte 10)");
    directed += 1;

    // One target's entry copied over the other's: parse:motion, then the traces.
    for stage in ["parse:motion", "target"] {
        restore(&cache, &snap);
        let pair: Vec<&PathBuf> = all.iter().filter(|e| e.2 == stage).map(|e| &e.0).collect();
        assert_eq!(pair.len(), 2, "one {stage} entry per target: {pair:?}");
        std::fs::copy(pair[0], pair[1]).unwrap();
        let says = format!("is corrupt: it is the entry of key {}", name_of(pair[0]));
        rebuilt_right(&p, &good, &[pair[1].clone()], &says);
        directed += 1;
    }

    // Random damage to a random entry: a flipped bit, a cut, a byte that is
    // not UTF-8, or another entry copied over it.
    let trials = 120;
    let mut rng = fastrand::Rng::with_seed(14);
    let files: Vec<PathBuf> = blobs
        .iter()
        .chain(all.iter().map(|e| &e.0))
        .cloned()
        .collect();
    let (mut named, mut unread) = (0, 0);
    for trial in 0..trials {
        restore(&cache, &snap);
        let f = &files[rng.usize(..files.len())];
        let mut bytes = std::fs::read(f).unwrap();
        let fault = rng.u8(..4);
        match fault {
            0 => {
                let at = rng.usize(..bytes.len());
                bytes[at] ^= 1 << rng.u8(..8);
            }
            1 => bytes.truncate(rng.usize(..bytes.len())),
            2 => {
                let at = rng.usize(..bytes.len());
                bytes[at] = 0x80 | rng.u8(..0x80);
            }
            _ => bytes = std::fs::read(&all[rng.usize(..all.len())].0).unwrap(),
        }
        let sound = sound(f, &bytes, &snap[f]);
        std::fs::write(f, bytes).unwrap();
        std::fs::remove_dir_all(p.path().join("build")).unwrap();
        let run = build(&p);
        run.green();
        assert!(
            outputs(&p) == good,
            "trial {trial} (fault {fault} of {}): wrong bytes{}",
            f.display(),
            run.dump()
        );
        // Exactly the damage that leaves a file unsound is named.
        let was_named = run.stderr.contains(&name_of(f));
        assert_eq!(
            was_named,
            !sound,
            "trial {trial} (fault {fault} of {}): named {was_named}, sound {sound}{}",
            f.display(),
            run.dump()
        );
        if was_named {
            run.stderr_has("= code: cache.corrupt");
            named += 1;
        } else {
            unread += 1;
        }
    }
    eprintln!(
        "reliability::cache fuzz: {directed} directed cases over {} blobs and {} entries, {trials} random trials ({named} named, {unread} still sound and served), 0 wrong outputs",
        blobs.len(),
        all.len()
    );
}

/// The tiny rig in a project whose rigc.toml loads the library at
/// `plugins/lib.so` (written by the caller).
fn with_plugin(lib: &[u8]) -> Project {
    let p = Project::new();
    fixture::tiny(&p);
    p.write("plugins/lib.so", lib);
    p.write(
        "rigc.toml",
        "[project]\nplugins = [\"plugins/lib.so\"]\n[[target]]\nname = \"tiny\"\nrig = \"rig.json\"\nmotion = \"motion.json\"\nout = \"build/tiny\"\n",
    );
    p
}

/// `rigc plugins` exits 0 (no signal ended it) and lists the original library
/// under its own path and hash; returns what it printed.
fn lists_original(p: &Project, hash: &str) -> String {
    let run = util::run_env(p.path(), &["plugins"], &[]);
    run.green()
        .stdout_has("misbehave 0  [project]")
        .stdout_has(&format!("blake3  {hash}"))
        .stdout_lacks("studio-example");
    run.stdout + &run.stderr
}

#[test]
fn a_substituted_truncated_or_flipped_plugin_copy_is_named_and_the_original_loads() {
    let original = std::fs::read(util::plugin_library("rigc-test-misbehave")).unwrap();
    let other = std::fs::read(util::plugin_library("rigc-studio-example")).unwrap();
    let hash = blake3::hash(&original).to_hex().to_string();
    let p = with_plugin(&original);
    build(&p).green();
    let copy = p.path().join(format!("cache/plugins/{hash}.so"));
    assert_eq!(
        std::fs::read(&copy).unwrap(),
        original,
        "the copy is the library"
    );
    let remade = |what: &str, bytes: &[u8]| {
        std::fs::write(&copy, bytes).unwrap();
        let listed = lists_original(&p, &hash);
        assert!(
            listed.contains(&format!(
                "its {} bytes hash to {}, not to its name — deleted; it was copied again from the library\n  = code: plugin.copy-corrupt",
                bytes.len(),
                blake3::hash(bytes).to_hex()
            )),
            "{what}: the copy is not named: {listed}"
        );
        assert!(
            std::fs::read(&copy).unwrap() == original,
            "{what}: not copied again"
        );
    };
    // Another library in the copy's place: the original is what loads, and the
    // build runs its rule, not the other's.
    remade("substituted", &other);
    std::fs::write(&copy, &other).unwrap();
    let run = util::run_env(p.path(), &fixture::args("out", &[]), &[]);
    run.green()
        .stdout_has("PASS  TEST01_ALWAYS_HOLDS")
        .stdout_lacks("STUDIO0")
        .stderr_has("= code: plugin.copy-corrupt");
    // Cut short (which used to end every later build in SIGBUS), then flipped.
    remade("truncated", &original[..4096]);
    let trials = 20;
    let mut rng = fastrand::Rng::with_seed(3);
    for trial in 0..trials {
        let mut bytes = original.clone();
        let at = rng.usize(..bytes.len());
        bytes[at] ^= 1 << rng.u8(..8);
        remade(&format!("flip {trial} at byte {at}"), &bytes);
    }
    eprintln!(
        "reliability::cache plugin copy: 1 substitution, 1 truncation, {trials} bit flips; 0 loaded the wrong library, 0 signals"
    );
}

#[test]
fn a_plugin_cut_short_at_its_own_path_is_refused_by_name() {
    let lib = std::fs::read(util::plugin_library("rigc-test-misbehave")).unwrap();
    let n = lib.len();
    let cuts = [
        4096,
        64,
        1_000,
        8_192,
        65_536,
        n / 4,
        n / 2,
        n - 4096,
        n - 1,
    ];
    for cut in cuts {
        let p = with_plugin(&lib[..cut]);
        for args in [&["build", "--all"][..], &["plugins"][..]] {
            let run = util::run_env(p.path(), args, &[]);
            run.code(1)
                .stderr_has("plugin library")
                .stderr_has(&format!(
                    "past the file's end ({cut} bytes), so it was not loaded"
                ))
                .stderr_has("--> ")
                .stderr_has("rigc.toml:2:")
                .stderr_has("= code: plugin.truncated");
        }
        assert!(!p.exists("build"), "cut {cut}: a refused build wrote");
    }
    eprintln!(
        "reliability::cache truncated plugin: {} cuts × build and plugins, {} refused by name, 0 signals",
        cuts.len(),
        cuts.len() * 2
    );
}

/// Every temporary of the cache, of either naming (rigc's, or the names older
/// rigc gave them).
fn temporaries(cache: &Path) -> Vec<PathBuf> {
    util::walk(cache)
        .into_iter()
        .filter(|f| {
            let name = name_of(f);
            name.contains(".rigc-tmp-") || name.starts_with(".copy-") || name.starts_with(".tmp-")
        })
        .collect()
}

#[test]
fn a_killed_runs_temporaries_are_swept_by_the_next_build_and_by_gc() {
    let lib = std::fs::read(util::plugin_library("rigc-studio-example")).unwrap();
    let hash = blake3::hash(&lib).to_hex().to_string();
    let p = with_plugin(&lib);
    let cache = p.path().join("cache");
    build(&p).green();
    let copy = cache.join(format!("plugins/{hash}.so"));
    // SIGKILL the build at random points while it copies the plugin in.
    let trials = 30;
    let mut rng = fastrand::Rng::with_seed(2);
    let (mut left, mut survived) = (0, 0);
    for trial in 0..trials {
        std::fs::remove_file(&copy).unwrap();
        std::fs::remove_dir_all(p.path().join("build")).ok();
        let mut child = util::rigc_command()
            .args(["build", "--all"])
            .current_dir(p.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_micros(rng.u64(0..60_000)));
        let _ = child.kill();
        let _ = child.wait();
        if !temporaries(&cache).is_empty() {
            left += 1;
        }
        let run = build(&p);
        run.green();
        let after = temporaries(&cache);
        if !after.is_empty() {
            survived += 1;
        }
        assert!(
            after.is_empty(),
            "trial {trial}: survived the next build: {after:?}{}",
            run.dump()
        );
        assert_eq!(
            std::fs::read(&copy).unwrap(),
            lib,
            "trial {trial}: the copy"
        );
    }
    eprintln!(
        "reliability::cache kill: {trials} builds SIGKILLed while copying a {} MB plugin, {left} left a temporary, {survived} survived the next build",
        lib.len() >> 20
    );
    // Stale temporaries of both namings, where a build does not write: `cache
    // stats` counts them apart, a build sweeps the root and the plugin copies,
    // and `cache gc` the rest, whatever `--max-size`.
    let blob_dir = util::walk(&cache.join("blobs"))
        .into_iter()
        .find(|d| d.is_dir())
        .unwrap();
    let stale = [
        cache.join(format!("plugins/.copy-{DEAD}")),
        cache.join(format!("plugins/.{hash}.so.rigc-tmp-{DEAD}")),
        cache.join(format!("tool-identity.tmp-{DEAD}")),
        blob_dir.join(format!(".tmp-{DEAD}-0")),
        blob_dir.join(format!(".{}.0.rigc-tmp-{DEAD}", "ab".repeat(32))),
    ];
    for f in &stale {
        std::fs::write(f, vec![0u8; 1 << 20]).unwrap();
    }
    let stats = util::run_env(p.path(), &["cache", "stats"], &[]);
    stats
        .green()
        .stdout_has(&format!("plugins  {:>8}  {:>12} bytes", 1, lib.len()))
        .stdout_has(&format!("temps    {:>8}  {:>12} bytes", 5, 5 << 20));
    build(&p).green();
    for f in &stale[..3] {
        assert!(!f.exists(), "{} survived a build", f.display());
    }
    let gc = util::run_env(
        p.path(),
        &["cache", "gc", "--max-size", "1000000000000"],
        &[],
    );
    gc.green()
        .stdout_has("0 entries removed, 2 stale temporaries removed");
    assert!(temporaries(&cache).is_empty(), "{:?}", temporaries(&cache));
    util::run_env(p.path(), &["cache", "stats"], &[])
        .green()
        .stdout_has(&format!("temps    {:>8}  {:>12} bytes", 0, 0));
}
