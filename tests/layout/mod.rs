//! The layout check: no import cycle between the modules of any crate of the
//! workspace. (Cargo already forbids cycles between crates, so only the
//! module trees inside each crate are checked.)
//!
//! For every crate root of every workspace member (`src/lib.rs`,
//! `src/main.rs`, `[lib]`/`[[bin]]` paths, and `[[test]]` roots that are not
//! under the package's `tests/`, `benches/` or `examples/`, which is how the
//! `rigc-tests` crate's own `main.rs` is included) the checker:
//! 1. builds the module tree from `mod x;` (with `#[path]`) and inline
//!    `mod x { .. }` (`tree`);
//! 2. collects every `use` leaf and every path written in the code, also in
//!    macro invocations whose body parses as expressions, statements or
//!    items; other macro bodies (`json!({..})`, `macro_rules!`) are scanned
//!    for `a::b` token runs (`refs`);
//! 3. resolves each to the longest prefix naming a module of the same crate:
//!    `crate::`, `self::`, `super::` (repeated), or a bare first segment that
//!    is a child module or a name `use`d for a module (explicit or by glob)
//!    (`resolve`);
//! 4. drops edges between a module and its ancestor or descendant, lifts the
//!    rest to the two children of the lowest common ancestor, and reports the
//!    strongly connected components of more than one child under each parent,
//!    with one example reference per edge (`cycles`).
//!
//! `cfg` is not evaluated: every module and reference counts, `#[cfg(test)]`
//! code included. Known blind spots: paths that only a macro's expansion
//! writes (a macro called here that expands to `crate::x::..`), runs broken
//! by generics in scanned macro tokens (`a::<T>::b`), paths in attribute
//! strings (`#[serde(with = "..")]`) and doc links, modules declared inside
//! function bodies, `#[cfg_attr(.., path = "..")]`, `extern crate self as
//! x`, and glob imports of glob imports more than four deep. A re-exported
//! item (`use crate::build::Foo`, `Foo` from `build::pipeline`) is an edge to
//! the module named (`build`), not to where the item is defined. Scopes are
//! per module: a `use` inside a function body counts for its whole module,
//! and a generic or local item named like a child module is not told apart.
//!
//! Modules:
//! - `crates`    — the crate roots of a workspace (from its Cargo.toml files)
//! - `tree`      — the module tree of one crate root, parsed with `syn`
//! - `refs`      — the `use` leaves and code paths of one module, with lines
//! - `resolve`   — names in scope per module; a reference to the module it names
//! - `cycles`    — lifting edges to siblings, the cycles among them, the report
//! - `synthetic` — the checker run on a small crate with known cycles

mod crates;
mod cycles;
mod refs;
mod resolve;
mod synthetic;
mod tree;

use std::path::Path;

pub use cycles::Report;

/// Checks every crate of the workspace at `workspace`: the module trees, the
/// references between their modules, and the cycles among siblings.
pub fn check(workspace: &Path) -> Result<Report, String> {
    let roots = crates::crate_roots(workspace)?;
    let mut report = Report::default();
    for root in roots {
        let tree = tree::build(&root.label, &root.file)?;
        let scoped = resolve::Scoped::new(&tree);
        let references = scoped.references();
        report.add_crate(workspace, &tree, &scoped, &references);
    }
    Ok(report)
}

/// The workspace root: the parent of this crate's directory.
fn workspace() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tests crate sits in the workspace root")
}

#[test]
fn no_module_cycles() {
    let report = check(workspace()).expect("the workspace's module trees are readable");
    // Not vacuous: the main crates were found and their trees followed.
    for (label, at_least) in [
        ("rigc (lib)", 50),
        ("rigc-spine (lib)", 50),
        ("rigc-sdk (lib)", 10),
        ("rigc-diag (lib)", 5),
        ("rigc-abi (lib)", 5),
        ("rigc-core-rules (lib)", 50),
        ("rigc-tests (test e2e)", 10),
        ("rig-pose (lib)", 10),
    ] {
        let found = report.crates.iter().find(|c| c.label == label);
        let found =
            found.unwrap_or_else(|| panic!("crate {label} not found:\n{}", report.summary()));
        assert!(
            found.modules >= at_least && found.references > 0,
            "crate {label} has too few modules or references:\n{}",
            report.summary()
        );
    }
    assert!(report.cycles.is_empty(), "{}", report.render());
}
