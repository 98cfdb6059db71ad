//! The checker can fail: a small workspace written to a temporary directory
//! with known cycles — siblings `a` ↔ `b` at the root, `p::x::deep` ↔
//! `q::y` lifted to `p` ↔ `q`, `p::m` ↔ `p::n` under `p` (only through
//! names a `use` binds, one of them a glob), `c` ↔ `d` with one edge only inside a
//! macro body that is not code — and edges that must not count: a
//! child's `use super::*` and its parent calling into it, a `#[cfg(test)]`
//! module using its parent's siblings one way, a binary of the same package
//! naming the library, and an integration test under `tests/` that is no
//! crate root of the check.

use std::path::Path;

use super::check;

/// `(path relative to the workspace, contents)`.
const FILES: &[(&str, &str)] = &[
    ("Cargo.toml", "[workspace]\nmembers = [\"demo\"]\n"),
    (
        "demo/Cargo.toml",
        r#"[package]
name = "demo"
version = "0.1.0"
edition = "2021"

[[test]]
name = "it"
path = "tests/it.rs"
"#,
    ),
    (
        "demo/src/lib.rs",
        r#"//! Demo.
mod a;
mod b;
mod p;
mod q;
mod fine;
mod c;
mod d;
pub struct Root;
"#,
    ),
    // Sibling cycle: a -> b (a `use`), b -> a (a path in code).
    ("demo/src/a.rs", "use crate::b::B;\npub struct A(pub B);\n"),
    (
        "demo/src/b.rs",
        r#"pub struct B;
pub fn back() -> Option<crate::a::A> {
    None
}
"#,
    ),
    // Nested: p::x::deep -> q::y, q::y -> p and p::x (through `use crate::p`),
    // lifted to p <-> q. Under p, m -> n only through the name `p` it `use`s
    // (`use crate::p` itself is an edge to an ancestor), and n -> m only
    // through the name `m` its `use super::*` brings, in a macro's arguments,
    // in a `#[path]` file.
    (
        "demo/src/p/mod.rs",
        r#"pub mod x;
pub mod m;
#[path = "n_file.rs"]
pub mod n;
"#,
    ),
    (
        "demo/src/p/x.rs",
        r#"pub mod deep {
    pub fn go() {
        let _ = crate::q::y::Y;
    }
}
pub struct X;
"#,
    ),
    (
        "demo/src/p/m.rs",
        r#"use crate::p;
pub fn m() {
    p::n::n();
}
"#,
    ),
    (
        "demo/src/p/n_file.rs",
        r#"use super::*;
pub fn n() {
    vec![m::m()];
}
"#,
    ),
    ("demo/src/q/mod.rs", "pub mod y;\n"),
    (
        "demo/src/q/y.rs",
        r#"use crate::p;
pub struct Y;
pub fn y() -> p::x::X {
    p::x::X
}
"#,
    ),
    // c -> d in code, d -> c only in a macro body that is no code: scanned.
    ("demo/src/c.rs", "pub struct C(pub crate::d::D);\n"),
    (
        "demo/src/d.rs",
        r#"pub struct D;
pub fn f() {
    json_like!({ "c": crate::c::C, "x": [1, 2] });
}
"#,
    ),
    // Ancestor edges only: no cycle (and the test module's edges to a and b
    // go one way).
    (
        "demo/src/fine/mod.rs",
        r#"pub mod child;
pub fn top() {
    child::helper();
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn t() {
        child::helper();
        crate::a::A(crate::b::B);
    }
}
"#,
    ),
    (
        "demo/src/fine/child.rs",
        r#"use super::*;
pub fn helper() {
    let _ = crate::Root;
}
pub fn again() {
    top();
    super::top();
}
"#,
    ),
    // A binary of the package: its own tree; `demo::` is another crate.
    (
        "demo/src/main.rs",
        r#"mod cli;
fn main() {
    cli::run();
}
"#,
    ),
    (
        "demo/src/cli.rs",
        "pub fn run() {\n    let _ = demo::Root;\n}\n",
    ),
    // An integration test: not checked (its modules would form a cycle).
    (
        "demo/tests/it.rs",
        r#"mod one {
    use super::two::T;
    pub struct O;
}
mod two {
    use super::one::O;
    pub struct T;
}
"#,
    ),
];

fn write(root: &Path) {
    for (path, text) in FILES {
        let file = root.join(path);
        let dir = file.parent().expect("every file is in a directory");
        std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("creating {}: {e}", dir.display()));
        std::fs::write(&file, text).unwrap_or_else(|e| panic!("writing {}: {e}", file.display()));
    }
}

#[test]
fn finds_exactly_the_known_cycles() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    write(dir.path());
    let report = check(dir.path()).expect("the demo workspace is readable");

    let crates: Vec<(&str, usize)> = report
        .crates
        .iter()
        .map(|c| (c.label.as_str(), c.modules))
        .collect();
    // lib: root, a, b, p, p::x, p::x::deep, p::m, p::n, q, q::y, fine, fine::child, fine::tests, c, d.
    assert_eq!(
        crates,
        [("demo (lib)", 15), ("demo (bin demo)", 2)],
        "{}",
        report.summary()
    );

    let found: Vec<(&str, &str, Vec<&str>)> = report
        .cycles
        .iter()
        .map(|c| {
            (
                c.krate.as_str(),
                c.parent.as_str(),
                c.members.iter().map(String::as_str).collect(),
            )
        })
        .collect();
    let expected = [
        ("demo (lib)", "crate", vec!["a", "b"]),
        ("demo (lib)", "crate", vec!["p", "q"]),
        ("demo (lib)", "crate", vec!["c", "d"]),
        ("demo (lib)", "crate::p", vec!["m", "n"]),
    ];
    assert_eq!(found, expected, "{}", report.render());

    // Each edge's example is the first reference lifted to it, as written.
    let chains: Vec<Vec<String>> = report
        .cycles
        .iter()
        .map(|c| {
            c.chain
                .iter()
                .map(|e| format!("{} -> {}: {}", e.from, e.to, e.example))
                .collect()
        })
        .collect();
    let expected_chains = [
        [
            "a -> b: demo/src/a.rs:1 `crate::b::B` (crate::a -> crate::b)",
            "b -> a: demo/src/b.rs:2 `crate::a::A` (crate::b -> crate::a)",
        ],
        [
            "p -> q: demo/src/p/x.rs:3 `crate::q::y::Y` (crate::p::x::deep -> crate::q::y)",
            "q -> p: demo/src/q/y.rs:1 `crate::p` (crate::q::y -> crate::p)",
        ],
        [
            "c -> d: demo/src/c.rs:1 `crate::d::D` (crate::c -> crate::d)",
            "d -> c: demo/src/d.rs:3 `crate::c::C` (crate::d -> crate::c)",
        ],
        [
            "m -> n: demo/src/p/m.rs:3 `p::n::n` (crate::p::m -> crate::p::n)",
            "n -> m: demo/src/p/n_file.rs:3 `m::m` (crate::p::n -> crate::p::m)",
        ],
    ];
    assert_eq!(chains, expected_chains, "{}", report.render());
    assert!(
        report.cycles.iter().all(|c| c.others.is_empty()),
        "{}",
        report.render()
    );
}
