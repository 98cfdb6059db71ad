//! The module tree of one crate, parsed with `syn`: from the root file, each
//! `mod x;` to `x.rs` or `x/mod.rs` in the declaring module's directory (a
//! root, `mod.rs` or `#[path]` file owns its own directory, `foo.rs` owns
//! `foo/`, an inline `mod x { .. }` adds `x/`), a `#[path = ".."]` relative
//! to the declaring file's directory (or, inside an inline module, to that
//! module's directory), and every inline `mod x { .. }` (`#[cfg(test)]` ones
//! too: cfg is not evaluated, every module counts).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One module: its place in the tree and its own items (an inline child's
/// items are moved to the child).
pub struct Module {
    /// Empty for the crate root.
    pub name: String,
    pub parent: Option<usize>,
    pub depth: usize,
    pub children: BTreeMap<String, usize>,
    /// The file holding its items (the enclosing file for an inline module).
    pub file: PathBuf,
    /// Declared `#[cfg(test)]` (or `#![cfg(test)]`), or inside such a module.
    pub test_only: bool,
    pub items: Vec<syn::Item>,
}

/// The modules of one crate; index 0 is the root.
pub struct Tree {
    pub label: String,
    pub modules: Vec<Module>,
}

impl Tree {
    /// `crate::a::b` for module `b` in `a`.
    pub fn path(&self, id: usize) -> String {
        let mut names = Vec::new();
        let mut at = Some(id);
        while let Some(m) = at {
            if self.modules[m].parent.is_some() {
                names.push(self.modules[m].name.as_str());
            }
            at = self.modules[m].parent;
        }
        names.push("crate");
        names.reverse();
        names.join("::")
    }

    /// The ancestor of `id` at `depth`.
    fn ancestor_at(&self, mut id: usize, depth: usize) -> usize {
        while self.modules[id].depth > depth {
            id = self.modules[id]
                .parent
                .expect("a module deeper than the root has a parent");
        }
        id
    }

    /// For `from` → `to`: the lowest common ancestor and its two children
    /// containing `from` and `to`; `None` when one contains the other.
    pub fn lift(&self, from: usize, to: usize) -> Option<(usize, usize, usize)> {
        let depth = self.modules[from].depth.min(self.modules[to].depth);
        let (mut a, mut b) = (self.ancestor_at(from, depth), self.ancestor_at(to, depth));
        if a == b {
            return None;
        }
        loop {
            let (pa, pb) = (self.modules[a].parent?, self.modules[b].parent?);
            if pa == pb {
                return Some((pa, a, b));
            }
            (a, b) = (pa, pb);
        }
    }
}

/// Reads the tree of the crate whose root file is `root`.
pub fn build(label: &str, root: &Path) -> Result<Tree, String> {
    let mut tree = Tree {
        label: label.to_string(),
        modules: Vec::new(),
    };
    let parsed = parse(root)?;
    let file = FileModule {
        file: root.to_path_buf(),
        test: cfg_test(&parsed.attrs),
        items: parsed.items,
        dir: parent_dir(root),
    };
    add(&mut tree, None, String::new(), file, false)?;
    Ok(tree)
}

/// A module's file, its items, and the directory its `mod x;` children are in.
struct FileModule {
    file: PathBuf,
    items: Vec<syn::Item>,
    dir: PathBuf,
    test: bool,
}

fn add(
    tree: &mut Tree,
    parent: Option<usize>,
    name: String,
    module: FileModule,
    inline: bool,
) -> Result<usize, String> {
    let id = tree.modules.len();
    let depth = parent.map_or(0, |p| tree.modules[p].depth + 1);
    tree.modules.push(Module {
        name,
        parent,
        depth,
        children: BTreeMap::new(),
        file: module.file.clone(),
        test_only: module.test,
        items: Vec::new(),
    });
    let mut kept = Vec::with_capacity(module.items.len());
    for mut item in module.items {
        if let syn::Item::Mod(m) = &mut item {
            let child_name = m.ident.to_string();
            let child_inline = m.content.is_some();
            let test = module.test || cfg_test(&m.attrs);
            let child = if let Some((_, items)) = m.content.take() {
                let dir = module.dir.join(&child_name);
                FileModule {
                    file: module.file.clone(),
                    items,
                    dir,
                    test,
                }
            } else {
                let file = child_file(&module.file, &module.dir, inline, m, &child_name)?;
                let dir = match path_attr(&m.attrs) {
                    Some(_) => parent_dir(&file),
                    None => module.dir.join(&child_name),
                };
                let parsed = parse(&file)?;
                FileModule {
                    test: test || cfg_test(&parsed.attrs),
                    items: parsed.items,
                    file,
                    dir,
                }
            };
            let child_id = add(tree, Some(id), child_name.clone(), child, child_inline)?;
            tree.modules[id].children.insert(child_name, child_id);
        }
        kept.push(item);
    }
    tree.modules[id].items = kept;
    Ok(id)
}

/// The file of `mod name;` declared in file `declaring`, by a module whose
/// children are in `dir`.
fn child_file(
    declaring: &Path,
    dir: &Path,
    inline: bool,
    m: &syn::ItemMod,
    name: &str,
) -> Result<PathBuf, String> {
    if let Some(path) = path_attr(&m.attrs) {
        let base = if inline {
            dir.to_path_buf()
        } else {
            parent_dir(declaring)
        };
        let file = base.join(path);
        return if file.is_file() {
            Ok(file)
        } else {
            Err(format!(
                "{}: `#[path] mod {name};` names {}, which is not a file",
                declaring.display(),
                file.display()
            ))
        };
    }
    let flat = dir.join(format!("{name}.rs"));
    let nested = dir.join(name).join("mod.rs");
    match (flat.is_file(), nested.is_file()) {
        (true, false) => Ok(flat),
        (false, true) => Ok(nested),
        (true, true) => Err(format!(
            "{}: `mod {name};` is both {} and {}",
            declaring.display(),
            flat.display(),
            nested.display()
        )),
        (false, false) => Err(format!(
            "{}: `mod {name};` is neither {} nor {}",
            declaring.display(),
            flat.display(),
            nested.display()
        )),
    }
}

/// The value of `#[path = ".."]`, if any.
fn path_attr(attrs: &[syn::Attribute]) -> Option<String> {
    attrs.iter().find_map(|attr| match &attr.meta {
        syn::Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => Some(s.value()),
            _ => None,
        },
        _ => None,
    })
}

fn parent_dir(file: &Path) -> PathBuf {
    file.parent().map(Path::to_path_buf).unwrap_or_default()
}

/// Whether `attrs` hold `cfg(test)`.
fn cfg_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg") && attr.parse_args::<syn::Ident>().is_ok_and(|i| i == "test")
    })
}

fn parse(file: &Path) -> Result<syn::File, String> {
    let text =
        std::fs::read_to_string(file).map_err(|e| format!("reading {}: {e}", file.display()))?;
    let parsed = syn::parse_file(&text).map_err(|e| {
        let at = e.span().start();
        format!(
            "parsing {}:{}:{}: {e}",
            file.display(),
            at.line,
            at.column + 1
        )
    })?;
    Ok(parsed)
}
