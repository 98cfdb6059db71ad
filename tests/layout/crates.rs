//! The crate roots of a workspace: the root `Cargo.toml`'s `[workspace]
//! members`, and for each member its library, its binaries, and its
//! `[[test]]` targets that are not integration tests under `tests/`,
//! `benches/` or `examples/` (the `rigc-tests` crate's `main.rs`). A library
//! and a binary of one package are two crates, each with its own root.

use std::path::{Component, Path, PathBuf};

/// One crate: what to call it in a report, and its root file.
pub struct CrateRoot {
    /// `package (lib)`, `package (bin name)`, `package (test name)`.
    pub label: String,
    pub file: PathBuf,
}

/// Every crate root of the workspace at `workspace`, in member order.
pub fn crate_roots(workspace: &Path) -> Result<Vec<CrateRoot>, String> {
    let manifest = read_toml(&workspace.join("Cargo.toml"))?;
    let members = manifest
        .get("workspace")
        .and_then(|w| w.get("members"))
        .and_then(|m| m.as_array())
        .ok_or_else(|| format!("{}: no [workspace] members", workspace.display()))?;
    let mut dirs = Vec::new();
    if manifest.get("package").is_some() {
        dirs.push(workspace.to_path_buf());
    }
    for member in members {
        let member = member
            .as_str()
            .ok_or_else(|| format!("{}: a member that is not a string", workspace.display()))?;
        dirs.extend(expand_member(workspace, member)?);
    }
    let mut roots: Vec<CrateRoot> = Vec::new();
    for dir in dirs {
        for root in package_roots(&dir)? {
            if !roots.iter().any(|r| r.file == root.file) {
                roots.push(root);
            }
        }
    }
    Ok(roots)
}

/// A member entry: a directory, or `dir/*` for each package directly in `dir`.
fn expand_member(workspace: &Path, member: &str) -> Result<Vec<PathBuf>, String> {
    let Some(parent) = member.strip_suffix("/*") else {
        if member.contains(['*', '?', '[']) {
            return Err(format!(
                "member glob `{member}` is not supported (only `dir/*`)"
            ));
        }
        return Ok(vec![workspace.join(member)]);
    };
    let dir = workspace.join(parent);
    let entries = std::fs::read_dir(&dir).map_err(|e| format!("reading {}: {e}", dir.display()))?;
    let mut found = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|e| format!("reading {}: {e}", dir.display()))?
            .path();
        if path.join("Cargo.toml").is_file() {
            found.push(path);
        }
    }
    found.sort();
    Ok(found)
}

/// The crate roots of the package in `dir`.
fn package_roots(dir: &Path) -> Result<Vec<CrateRoot>, String> {
    let manifest = read_toml(&dir.join("Cargo.toml"))?;
    let name = manifest
        .get("package")
        .and_then(|p| p.get("name"))
        .and_then(|n| n.as_str())
        .ok_or_else(|| format!("{}: no [package] name", dir.join("Cargo.toml").display()))?;
    let path_of = |table: &toml::Value| {
        table
            .get("path")
            .and_then(|p| p.as_str())
            .map(PathBuf::from)
    };
    let mut roots = Vec::new();
    let mut push = |label: String, relative: PathBuf| {
        let file = dir.join(&relative);
        if file.is_file() && !roots.iter().any(|r: &CrateRoot| r.file == file) {
            roots.push(CrateRoot { label, file });
        }
    };

    let lib = manifest.get("lib").and_then(path_of);
    push(
        format!("{name} (lib)"),
        lib.unwrap_or_else(|| PathBuf::from("src/lib.rs")),
    );

    for bin in array(&manifest, "bin") {
        let bin_name = bin.get("name").and_then(|n| n.as_str()).unwrap_or(name);
        let default = if bin_name == name {
            PathBuf::from("src/main.rs")
        } else {
            PathBuf::from(format!("src/bin/{bin_name}.rs"))
        };
        push(
            format!("{name} (bin {bin_name})"),
            path_of(bin).unwrap_or(default),
        );
    }
    push(format!("{name} (bin {name})"), PathBuf::from("src/main.rs"));

    for test in array(&manifest, "test") {
        let Some(path) = path_of(test) else { continue };
        if !is_integration_target(&path) {
            let test_name = test.get("name").and_then(|n| n.as_str()).unwrap_or(name);
            push(format!("{name} (test {test_name})"), path);
        }
    }
    Ok(roots)
}

/// A target path under the package's `tests/`, `benches/` or `examples/`.
fn is_integration_target(relative: &Path) -> bool {
    let first = relative
        .components()
        .find(|c| !matches!(c, Component::CurDir));
    matches!(first, Some(Component::Normal(c)) if c == "tests" || c == "benches" || c == "examples")
}

/// The entries of an array of tables (`[[bin]]`), none if absent.
fn array<'a>(manifest: &'a toml::Value, key: &str) -> &'a [toml::Value] {
    manifest
        .get(key)
        .and_then(|v| v.as_array())
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

fn read_toml(path: &Path) -> Result<toml::Value, String> {
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    toml::from_str(&text).map_err(|e| format!("parsing {}: {e}", path.display()))
}
