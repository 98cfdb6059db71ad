//! A build's outputs change as one set: SIGKILLed builds never leave a new
//! `skeleton.json` beside an old atlas, a foreseeable failure replaces nothing,
//! killed runs' temporaries are swept by the next build, a symlinked output
//! directory cannot lead a target out of its project, and a copied page never
//! takes the name of a file the build writes.

use crate::fixture;
use crate::util::{self, Project};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

const TARGETS: [&str; 4] = ["t1", "t2", "t3", "t4"];

/// A project of four targets of the tiny rig, in variant `v` (0 or 1): the
/// variants differ in a bone's x (so in `skeleton.json`) and in the body's
/// PNG size (so in `skeleton.atlas`).
fn write_variant(p: &Project, v: u32) {
    p.write(
        "rig.json",
        fixture::RIG.replace("\"x\": 100", &format!("\"x\": {}", 100 + v)),
    );
    p.write("parts/body.png", fixture::part_png(30 + v, 40));
}

fn kill_project() -> Project {
    let p = Project::new();
    fixture::tiny(&p);
    p.write("rigc.toml", fixture::manifest(&TARGETS));
    p
}

/// The identity of one output directory: the blake3 of each file of the pair,
/// `None` where it is missing.
type Pair = (Option<[u8; 32]>, Option<[u8; 32]>);

fn pair(out: &Path) -> Pair {
    let h = |name: &str| {
        std::fs::read(out.join(name))
            .ok()
            .map(|b| *blake3::hash(&b).as_bytes())
    };
    (h("skeleton.json"), h("skeleton.atlas"))
}

/// Every rigc temporary under `dir` (output staging and file temporaries).
fn temporaries(dir: &Path) -> Vec<PathBuf> {
    util::walk(dir)
        .into_iter()
        .filter(|p| p.to_string_lossy().contains(".rigc-tmp-"))
        .collect()
}

fn build_all(dir: &Path) -> std::process::Output {
    util::rigc_command()
        .args(["build", "--all"])
        .current_dir(dir)
        .output()
        .expect("rigc runs")
}

/// A small xorshift, seeded from the clock and printed, so a failing run can
/// be replayed with `RIGC_KILL_SEED`.
struct Rng(u64);

impl Rng {
    fn new() -> Rng {
        let seed = std::env::var("RIGC_KILL_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_nanos() as u64)
                    .unwrap_or(7)
                    | 1
            });
        eprintln!("kill test seed: RIGC_KILL_SEED={seed}");
        Rng(seed)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

#[test]
fn killed_builds_never_leave_a_mixed_pair_nor_a_temporary_after_the_next_build() {
    const TRIALS: usize = 200;
    let p = kill_project();
    // Each variant's pair, as an unkilled build writes it; and how long a
    // build that writes takes, to spread the kills over it.
    let mut known = Vec::new();
    let mut took = Vec::new();
    for v in [0, 1, 0, 1] {
        write_variant(&p, v);
        let t = Instant::now();
        let out = build_all(p.path());
        took.push(t.elapsed());
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let pairs: BTreeSet<_> = TARGETS
            .iter()
            .map(|t| pair(&p.path().join("build").join(t)))
            .collect();
        assert_eq!(
            pairs.len(),
            1,
            "every target of a variant writes the same pair"
        );
        known.push(pairs.into_iter().next().expect("a pair"));
    }
    assert_eq!(known[0], known[2]);
    assert_ne!(
        known[0].0, known[1].0,
        "the variants differ in skeleton.json"
    );
    assert_ne!(
        known[0].1, known[1].1,
        "the variants differ in skeleton.atlas"
    );
    // The trials' builds are like the last two: every stage cached, every
    // file written.
    let window = took[2..].iter().min().expect("timed").as_micros() as u64;

    let mut rng = Rng::new();
    let (mut mixed, mut killed_midway, mut finished) = (Vec::new(), 0, 0);
    for trial in 0..TRIALS {
        write_variant(&p, (trial % 2) as u32);
        let mut child = util::rigc_command()
            .args(["build", "--all"])
            .current_dir(p.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("rigc starts");
        std::thread::sleep(Duration::from_micros(rng.below(window)));
        let _ = child.kill();
        let status = child.wait().expect("rigc ends");
        if status.success() {
            finished += 1;
        } else {
            killed_midway += 1;
        }
        for t in TARGETS {
            let seen = pair(&p.path().join("build").join(t));
            if !known[..2].contains(&seen) {
                let of = |h: Option<[u8; 32]>, i: fn(&Pair) -> Option<[u8; 32]>| match known[..2]
                    .iter()
                    .position(|k| i(k) == h)
                {
                    Some(v) => format!("variant {v}"),
                    None => "neither variant".into(),
                };
                mixed.push(format!(
                    "trial {trial}, {t}: skeleton.json of {}, skeleton.atlas of {}",
                    of(seen.0, |k| k.0),
                    of(seen.1, |k| k.1)
                ));
            }
        }
    }
    eprintln!(
        "kill test: {TRIALS} trials ({killed_midway} killed midway, {finished} finished), {} mixed pairs",
        mixed.len()
    );
    assert!(
        mixed.is_empty(),
        "outputs not one unit:\n{}",
        mixed.join("\n")
    );
    assert!(
        killed_midway >= TRIALS / 4,
        "the kills landed inside the builds ({killed_midway} of {TRIALS})"
    );

    let out = build_all(p.path());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let left = temporaries(p.path());
    assert!(
        left.is_empty(),
        "temporaries survived the next build: {left:?}"
    );
}

#[test]
fn a_directory_in_the_way_replaces_nothing() {
    let p = Project::new();
    fixture::tiny(&p);
    std::fs::create_dir_all(p.path().join("o/skeleton.atlas")).unwrap();
    let run = fixture::build(&p, "o");
    run.code(1)
        .stderr_has("write.failed")
        .stderr_has("a directory is in the way");
    assert!(!p.exists("o/skeleton.json"), "{}", run.dump());
    // With a previous green build there, it stays whole.
    std::fs::remove_dir(p.path().join("o/skeleton.atlas")).unwrap();
    fixture::build(&p, "o").green();
    let before = pair(&p.path().join("o"));
    std::fs::remove_file(p.path().join("o/skeleton.atlas")).unwrap();
    std::fs::create_dir(p.path().join("o/skeleton.atlas")).unwrap();
    write_variant(&p, 1);
    fixture::build(&p, "o").code(1).stderr_has("write.failed");
    assert_eq!(
        pair(&p.path().join("o")).0,
        before.0,
        "skeleton.json untouched"
    );
}

#[test]
fn the_next_build_sweeps_what_killed_runs_left_and_keeps_live_ones() {
    // A pid no process has: above Linux's largest (pid_max ≤ 2²²).
    const DEAD: u32 = 4_194_304 + 5;
    let p = kill_project();
    build_all(p.path());
    let build = p.path().join("build");
    let stale = [
        build.join(format!("t1/.skeleton.json.rigc-tmp-{DEAD}")),
        build.join(format!(".t2.rigc-tmp-{DEAD}")),
    ];
    std::fs::write(&stale[0], "half a file").unwrap();
    std::fs::create_dir(&stale[1]).unwrap();
    std::fs::write(stale[1].join("skeleton.json"), "half a set").unwrap();
    let live = build.join(format!("t3/.skeleton.json.rigc-tmp-{}", std::process::id()));
    std::fs::write(&live, "a live writer's").unwrap();
    // Nothing changed: the build replays its trace, writes nothing, and sweeps.
    let out = build_all(p.path());
    assert!(out.status.success());
    for s in &stale {
        assert!(!s.exists(), "{} survived", s.display());
    }
    assert!(live.exists(), "a live process's temporary is not stale");
}

#[cfg(unix)]
#[test]
fn a_symlinked_out_directory_cannot_leave_the_project() {
    let p = kill_project();
    let outside = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(p.path().join("build")).unwrap();
    std::os::unix::fs::symlink(outside.path(), p.path().join("build/t2")).unwrap();
    let run = p.rigc(&["build", "--all"]);
    run.code(1).stderr_has("outside the project");
    assert!(
        std::fs::read_dir(outside.path()).unwrap().next().is_none(),
        "nothing was written outside: {}",
        run.dump()
    );
}

#[test]
fn a_copied_page_never_takes_the_atlas_name() {
    let p = Project::new();
    fixture::tiny(&p);
    p.write(
        "rig.json",
        fixture::RIG.replace("\"head.png\"", "\"skeleton.atlas\""),
    );
    std::fs::rename(
        p.path().join("parts/head.png"),
        p.path().join("parts/skeleton.atlas"),
    )
    .unwrap();
    let run = p.rigc(&fixture::args("o", &["--copy-images"]));
    run.green();
    let atlas = p.read("o/skeleton.atlas");
    assert!(
        atlas.lines().any(|l| l == "skeleton-2.atlas"),
        "the page is renamed:\n{atlas}"
    );
    assert_eq!(
        std::fs::read(p.path().join("o/skeleton-2.atlas")).unwrap(),
        std::fs::read(p.path().join("parts/skeleton.atlas")).unwrap(),
        "the copy is the page"
    );
}

#[cfg(unix)]
#[test]
fn a_directory_the_build_reads_from_is_never_swapped() {
    use std::os::unix::fs::MetadataExt;
    let p = Project::new();
    fixture::tiny(&p);
    p.write(
        "spec/rig.json",
        fixture::RIG.replace("\"images\": \"parts\"", "\"images\": \"../parts\""),
    );
    p.write("spec/motion.json", fixture::MOTION);
    p.write(
        "rigc.toml",
        "[project]\nprofile = \"spine\"\n\n[[target]]\nname = \"t\"\nrig = \"spec/rig.json\"\nmotion = \"spec/motion.json\"\nout = \"spec\"\n",
    );
    let ino = || std::fs::metadata(p.path().join("spec")).unwrap().ino();
    let before = ino();
    let run = p.rigc(&[
        "build",
        "--rig",
        "spec/rig.json",
        "--motion",
        "spec/motion.json",
        "--out",
        "spec",
    ]);
    run.green()
        .stderr_has("was updated file by file, not swapped in whole, because it holds spec/rig.json, an input of the build");
    assert!(p.exists("spec/skeleton.json") && p.exists("spec/skeleton.atlas"));
    assert_eq!(
        ino(),
        before,
        "the directory `rigc watch` and editors watch is the same directory"
    );
}
