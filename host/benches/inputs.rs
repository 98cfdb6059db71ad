//! `cargo bench -p rigc --bench inputs -- <project dir> [--runs N]`: the floor a
//! no-op `rigc build --all` is held to — the time to read every input byte of
//! every target once and blake3 it, nothing else.
//!
//! The input files are found the way a build finds them (not timed): the targets
//! of the project's `rigc.toml`, each target's rig spec and motion spec, and every
//! distinct part PNG its rig spec names (resolved against its images directory).
//! A file two targets share is counted once. Then, timed, each file is read
//! (`std::fs::read`) and hashed (`blake3::hash`, the call the cache makes), in
//! target order, on one thread; the median of the runs is printed, warm page
//! cache. The project's plugin libraries are timed separately (a build hashes
//! each once per process to name its copy in the cache).
//!
//! The last line is machine-readable:
//! `inputs files=<n> bytes=<n> median_ms=<ms> plugin_bytes=<n> plugin_median_ms=<ms>`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Instant;

fn input_files(project: &Path) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let manifest = match rigc::find_manifest(project) {
        Ok(Some(m)) => m,
        Ok(None) => {
            eprintln!("inputs: no rigc.toml in {} or above", project.display());
            std::process::exit(2);
        }
        Err(_) => {
            eprintln!("inputs: the rigc.toml of {} is refused", project.display());
            std::process::exit(2);
        }
    };
    let project = rigc::Project::of_manifest(&manifest.dir);
    let mut seen = BTreeSet::new();
    let mut files = Vec::new();
    let mut push = |p: PathBuf, files: &mut Vec<PathBuf>| {
        if seen.insert(p.clone()) {
            files.push(p);
        }
    };
    for t in &manifest.targets {
        push(t.rig.clone(), &mut files);
        push(t.motion.clone(), &mut files);
        let rig_file = rigc::read_spec(&t.rig, &manifest.dir).expect("rig spec reads");
        let (_, images) =
            rigc::image_paths(&rig_file, t.images.as_deref(), &project).expect("rig spec parses");
        for image in images {
            push(image, &mut files);
        }
    }
    let plugins = manifest.plugins.iter().map(|p| p.path.clone()).collect();
    (files, plugins)
}

fn read_and_hash(files: &[PathBuf]) -> (u64, [u8; 32]) {
    let mut bytes = 0u64;
    let mut fold = blake3::Hasher::new();
    for f in files {
        let data = std::fs::read(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        bytes += data.len() as u64;
        fold.update(blake3::hash(&data).as_bytes());
    }
    (bytes, *fold.finalize().as_bytes())
}

fn median_ms(files: &[PathBuf], runs: usize) -> (u64, f64) {
    let (bytes, _) = read_and_hash(files); // warm the page cache
    let mut samples: Vec<f64> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(read_and_hash(files));
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    (bytes, samples[samples.len() / 2])
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mut project = None;
    let mut runs = 21usize;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--runs" {
            runs = it.next().and_then(|n| n.parse().ok()).unwrap_or(runs);
        } else {
            project = Some(PathBuf::from(a));
        }
    }
    let Some(project) = project else {
        eprintln!("usage: cargo bench -p rigc --bench inputs -- <project dir> [--runs N]");
        std::process::exit(2);
    };
    let project = std::fs::canonicalize(&project).unwrap_or(project);
    let (files, plugins) = input_files(&project);
    let (bytes, ms) = median_ms(&files, runs.max(1));
    let (plugin_bytes, plugin_ms) = if plugins.is_empty() {
        (0, 0.0)
    } else {
        median_ms(&plugins, runs.max(1))
    };
    println!(
        "read + blake3 of every input byte once: {} files, {:.1} MB, median {:.3} ms of {runs} runs ({:.2} GB/s)",
        files.len(),
        bytes as f64 / 1e6,
        ms,
        bytes as f64 / ms / 1e6
    );
    if !plugins.is_empty() {
        println!(
            "read + blake3 of the project's {} plugin librar(ies): {:.1} MB, median {:.3} ms",
            plugins.len(),
            plugin_bytes as f64 / 1e6,
            plugin_ms
        );
    }
    println!(
        "inputs files={} bytes={bytes} median_ms={ms:.3} plugin_bytes={plugin_bytes} plugin_median_ms={plugin_ms:.3}",
        files.len()
    );
}
