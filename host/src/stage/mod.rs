//! This module owns what a stage is (STYLE.md §6, after DICE's keys and salsa's
//! tracked functions): a small struct that names exactly its inputs, whose
//! cache key is derived from those same inputs, and a `compute` that sees only
//! them. The `stage!` macro declares the struct and derives
//! its key from **every** field, so a stage cannot read something its key does
//! not cover: to read a new input, a stage must take it as a field, and then
//! the key covers it.
//!
//! An input field says how it enters the key ([`KeyPart`]):
//! - [`Hashed`]: an upstream stage's output, by the hash of its serialised
//!   form (what the cache stores);
//! - [`Lazy`]: a value made only if the stage runs (a spec parsed, an
//!   animation's subtree of it, the second compile), by a hash given up front
//!   that determines it;
//! - [`Encoded`]: a value and its serialised bytes, by the hash of the bytes;
//! - plain values (strings, paths, flags, a plugin's identity), by themselves.
//!
//! **Early cutoff.** A dependent stage is keyed by the *output hash* of what it
//! reads, so a stage that re-runs and produces identical bytes leaves its
//! dependents cached (salsa's backdating). Saying *changed* when equal is safe (a
//! dependent re-runs for nothing); saying *equal* when changed would be a bug —
//! which is why keys hash outputs and the canonical content of specs, never
//! guesses about them.
//!
//! [`driver::Driver`] runs a stage against the cache, or against no cache at all
//! (the uncached compile A18 compares against): the same stages either way.

pub mod driver;
pub mod key;
pub mod paths;

pub use driver::{named, Driver, StageEvent};
pub use key::{KeyBuilder, KeyPart};

use crate::cache::Hash;
use serde::{de::DeserializeOwned, Serialize};
use std::sync::{Arc, OnceLock};

/// One stage: its name, version and output, and its computation over the
/// inputs its struct names (declare the struct with `stage!`,
/// which derives [`Inputs`] from every field).
pub trait Stage: Inputs {
    /// What the stage produces (stored in the cache in its serialised form).
    type Output: Serialize + DeserializeOwned;
    /// Why it can refuse (never cached: the next build runs it again).
    type Error;
    /// The stage's version: bump it when `compute` changes what it makes of
    /// the same inputs.
    const VERSION: u32;
    /// The stage's name in the log and its key (`parse:rig`, `animation:walk`).
    fn name(&self) -> String;
    /// The output, from the inputs alone (no clock, no file system).
    fn compute(&self) -> Result<Self::Output, Self::Error>;
}

/// What a stage's key is made of: every input, in declaration order (derived
/// by `stage!`, never written by hand).
pub trait Inputs {
    /// Feeds each input into `key`.
    fn feed(&self, key: &mut KeyBuilder);
}

/// Declares a stage's struct and derives its key from every field:
///
/// ```ignore
/// stage! {
///     /// The setup stage.
///     pub struct SetupStage<'a> {
///         /// The rig spec.
///         pub rig: Lazy<'a, &'a RigSpec>,
///     }
/// }
/// ```
macro_rules! stage {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident $(<$($lt:lifetime),+>)? {
            $($(#[$fmeta:meta])* $fvis:vis $field:ident : $ty:ty),* $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis struct $name $(<$($lt),+>)? {
            $($(#[$fmeta])* $fvis $field: $ty),*
        }

        impl $(<$($lt),+>)? $crate::stage::Inputs for $name $(<$($lt),+>)? {
            fn feed(&self, key: &mut $crate::stage::KeyBuilder) {
                $($crate::stage::KeyPart::feed(&self.$field, key);)*
            }
        }
    };
}
pub(crate) use stage;

/// A stage's output and the hash of its serialised form (what a dependent's
/// key reads). The hash is computed when first asked for: an uncached run,
/// which computes no key, never serialises.
pub struct Hashed<T> {
    value: Arc<T>,
    hash: OnceLock<Hash>,
}

impl<T> Clone for Hashed<T> {
    fn clone(&self) -> Self {
        Hashed {
            value: self.value.clone(),
            hash: self.hash.clone(),
        }
    }
}

impl<T: Serialize> Hashed<T> {
    /// `value`, whose serialised form hashes to `hash`.
    pub fn known(value: T, hash: Hash) -> Hashed<T> {
        Hashed {
            value: Arc::new(value),
            hash: OnceLock::from(hash),
        }
    }

    /// `value`, hashed when asked.
    pub fn new(value: T) -> Hashed<T> {
        Hashed {
            value: Arc::new(value),
            hash: OnceLock::new(),
        }
    }

    /// The value itself (a copy when another holder shares it).
    pub fn into_value(self) -> T
    where
        T: Clone,
    {
        Arc::try_unwrap(self.value).unwrap_or_else(|shared| (*shared).clone())
    }

    /// The blake3 of the value's serialised form.
    pub fn hash(&self) -> Hash {
        *self.hash.get_or_init(|| {
            crate::cache::hash(&serde_json::to_vec(&*self.value).unwrap_or_default())
        })
    }
}

impl<T> std::ops::Deref for Hashed<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

/// A value made only if a stage runs, keyed by a hash given up front that
/// determines it (a spec's canonical content hash, say), and made at most once
/// however many stages read it. Making it may be refused (a spec that does not
/// parse); the refusal is the reading stage's.
pub struct Lazy<'a, T, E = Vec<rigc_diag::Diagnostic>> {
    hash: Hash,
    make: Box<dyn Fn() -> Result<T, E> + 'a>,
    made: OnceLock<Result<T, E>>,
}

impl<'a, T, E: Clone> Lazy<'a, T, E> {
    /// A value `make` makes, determined by `hash`.
    pub fn new(hash: Hash, make: impl Fn() -> Result<T, E> + 'a) -> Lazy<'a, T, E> {
        Lazy {
            hash,
            make: Box::new(make),
            made: OnceLock::new(),
        }
    }

    /// The value (made on the first call).
    pub fn get(&self) -> Result<&T, E> {
        self.made
            .get_or_init(|| (self.make)())
            .as_ref()
            .map_err(E::clone)
    }
}

/// File content by its blake3 (a part image's bytes, say).
#[derive(Debug, Clone, Copy)]
pub struct Content<'a> {
    /// The bytes.
    pub bytes: &'a [u8],
    /// Their blake3.
    pub hash: Hash,
}

/// A value with its serialised bytes (made once, used both for the key and
/// for what crosses to a plugin).
pub struct Encoded<T> {
    /// The value.
    pub value: T,
    /// Its JSON.
    pub bytes: Vec<u8>,
    hash: Hash,
}

impl<T: Serialize> Encoded<T> {
    /// `value` and its JSON.
    pub fn new(value: T) -> Encoded<T> {
        let bytes = serde_json::to_vec(&value).unwrap_or_default();
        let hash = crate::cache::hash(&bytes);
        Encoded { value, bytes, hash }
    }
}
