//! This module owns how a path enters what the cache keeps — stage keys and
//! stored stage outputs: a path inside the project is kept relative to the
//! project root (`$project/gallery/snail/parts/shell.png`), so two checkouts of
//! one project at different places (two CI machines, two clones) compute the
//! same keys and can share a remote cache's entries; a path outside the project
//! stays absolute (and so shares nothing, which is right).
//!
//! The root is scoped to the calling thread ([`within`]): the stage driver sets
//! it around a stage's key, lookup, computation and store, and a target's build
//! around the keys it makes by hand. Outside a scope, paths are kept absolute —
//! as the local-only trace keeps them. A stage output's path fields opt in with
//! `#[serde(with = "crate::stage::paths::serde_path")]`.

use std::borrow::Cow;
use std::cell::RefCell;
use std::path::{Path, PathBuf};

/// What a project-relative path starts with in a key or a stored output (no
/// absolute path starts so).
pub const MARK: &str = "$project/";

thread_local! {
    static ROOT: RefCell<Option<PathBuf>> = const { RefCell::new(None) };
}

/// Runs `f` with `root` as the project root of this thread's keys and stored
/// outputs (the previous scope is restored after, even on a panic).
pub fn within<T>(root: Option<&Path>, f: impl FnOnce() -> T) -> T {
    struct Restore(Option<PathBuf>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let prev = self.0.take();
            ROOT.with(|r| *r.borrow_mut() = prev);
        }
    }
    let prev = ROOT.with(|r| r.replace(root.map(Path::to_path_buf)));
    let _restore = Restore(prev);
    f()
}

/// `path` as a key or a stored output holds it: `$project/<relative>` under the
/// scope's root, else itself.
pub fn kept(path: &Path) -> Cow<'_, str> {
    ROOT.with(|r| {
        let r = r.borrow();
        match r.as_deref().and_then(|root| path.strip_prefix(root).ok()) {
            Some(rel) => Cow::Owned(format!("{MARK}{}", rel.to_string_lossy())),
            None => path.to_string_lossy(),
        }
    })
}

/// The path a kept text stands for: under the scope's root when it is marked.
/// A marked text read outside a scope is refused (`None`).
pub fn restored(text: &str) -> Option<PathBuf> {
    match text.strip_prefix(MARK) {
        Some(rel) => ROOT.with(|r| r.borrow().as_deref().map(|root| root.join(rel))),
        None => Some(PathBuf::from(text)),
    }
}

/// Serde for a path field of a stage output, by [`kept`] and [`restored`].
pub mod serde_path {
    use std::path::{Path, PathBuf};

    /// Writes the path as [`super::kept`] says.
    pub fn serialize<S: serde::Serializer>(p: &Path, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&super::kept(p))
    }

    /// Reads a path [`serialize`] wrote.
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<PathBuf, D::Error> {
        let text: std::borrow::Cow<'de, str> = serde::Deserialize::deserialize(d)?;
        super::restored(&text)
            .ok_or_else(|| serde::de::Error::custom("a project-relative path outside a project"))
    }
}

/// Serde for a list of (name, path) pairs of a stage output.
pub mod serde_named_paths {
    use std::path::PathBuf;

    /// Writes each pair, its path as [`super::kept`] says.
    pub fn serialize<S: serde::Serializer>(
        v: &[(String, PathBuf)],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(v.len()))?;
        for (name, p) in v {
            seq.serialize_element(&(name, super::kept(p)))?;
        }
        seq.end()
    }

    /// Reads what [`serialize`] wrote.
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(
        d: D,
    ) -> Result<Vec<(String, PathBuf)>, D::Error> {
        let pairs: Vec<(String, String)> = serde::Deserialize::deserialize(d)?;
        pairs
            .into_iter()
            .map(|(name, text)| {
                super::restored(&text).map(|p| (name, p)).ok_or_else(|| {
                    serde::de::Error::custom("a project-relative path outside a project")
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
    struct Out {
        #[serde(with = "serde_path")]
        p: PathBuf,
        #[serde(with = "serde_named_paths")]
        v: Vec<(String, PathBuf)>,
    }

    #[test]
    fn paths_inside_the_root_are_kept_relative_and_come_back_under_another_root() {
        let out = Out {
            p: "/a/clone/parts/x.png".into(),
            v: vec![("r".into(), "/elsewhere/y.png".into())],
        };
        let text = within(Some(Path::new("/a/clone")), || {
            serde_json::to_string(&out).unwrap()
        });
        assert_eq!(
            text,
            r#"{"p":"$project/parts/x.png","v":[["r","/elsewhere/y.png"]]}"#
        );
        let back: Out = within(Some(Path::new("/b/other")), || {
            serde_json::from_str(&text).unwrap()
        });
        assert_eq!(back.p, PathBuf::from("/b/other/parts/x.png"));
        assert_eq!(back.v[0].1, PathBuf::from("/elsewhere/y.png"));
        // Outside a scope: absolute, as before; a marked path is refused.
        let plain = serde_json::to_string(&out).unwrap();
        assert!(plain.contains("/a/clone/parts/x.png"), "{plain}");
        assert!(serde_json::from_str::<Out>(&text).is_err());
        // The scope ends with its call, a panic's too.
        let _ = std::panic::catch_unwind(|| within(Some(Path::new("/r")), || panic!("x")));
        assert_eq!(kept(Path::new("/r/x")), "/r/x");
    }
}
