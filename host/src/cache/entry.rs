//! This module owns the cache's action entries: what a stage key maps to, in
//! two forms — a JSON entry (the stage's output hash, or the output itself when
//! small) and a binary entry (a target's trace, read whole on every no-op
//! build). Each carries the key and the stage it answers and is verified on
//! read: an entry that is torn, edited, not UTF-8, unreadable, or recorded for
//! another key or stage (an entry copied over another's) is named as corruption
//! (`cache.corrupt`), deleted, and its stage rebuilt — never trusted, never a
//! silent miss.

use super::{hash, hex, unhex, Cache, Hash, INLINE_MAX};
use rigc_diag::codes;

/// A JSON action entry.
#[derive(serde::Serialize, serde::Deserialize)]
struct ActionEntry {
    /// The key this entry answers (64 hex digits): its file's name.
    key: String,
    stage: String,
    output: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    inline: Option<String>,
}

/// Why an entry on disk is not a sound answer for the key and stage it was
/// read for.
enum Fault {
    /// The file exists but cannot be read.
    Unreadable(std::io::Error),
    /// A JSON entry whose bytes are not UTF-8, from the byte given.
    NotUtf8(usize),
    /// Torn, edited, or not an entry at all.
    Torn,
    /// A sound entry of another key or stage, in this key's place.
    Answers { key: String, stage: String },
}

impl Fault {
    fn describe(&self) -> String {
        match self {
            Fault::Unreadable(e) => format!("cannot be read ({e})"),
            Fault::NotUtf8(at) => format!("is corrupt: it is not UTF-8 (byte {at})"),
            Fault::Torn => "is corrupt or truncated".into(),
            Fault::Answers { key, stage } => {
                format!("is corrupt: it is the entry of key {key} (stage {stage}), not its own")
            }
        }
    }
}

/// The entry's own key and stage against the ones asked for.
fn answers(key: &Hash, stage: &str, their_key: &str, their_stage: &str) -> Result<(), Fault> {
    if unhex(their_key) == Some(*key) && their_stage == stage {
        Ok(())
    } else {
        Err(Fault::Answers {
            key: their_key.chars().take(64).collect(),
            stage: their_stage.chars().take(80).collect(),
        })
    }
}

/// Checks a JSON entry's bytes against the key and stage it is read for.
fn parse_entry(bytes: &[u8], key: &Hash, stage: &str) -> Result<ActionEntry, Fault> {
    let text = std::str::from_utf8(bytes).map_err(|e| Fault::NotUtf8(e.valid_up_to()))?;
    let (json, check) = text.split_once('\n').ok_or(Fault::Torn)?;
    if hex(&hash(json.as_bytes())) != check.trim_end() {
        return Err(Fault::Torn);
    }
    let entry: ActionEntry = serde_json::from_str(json).map_err(|_| Fault::Torn)?;
    answers(key, stage, &entry.key, &entry.stage)?;
    Ok(entry)
}

/// An entry's output: its hash, and its bytes when it holds them (they must
/// hash to it).
fn entry_output(entry: ActionEntry) -> Result<(Hash, Option<Vec<u8>>), Fault> {
    match (unhex(&entry.output), entry.inline) {
        (Some(h), None) => Ok((h, None)),
        (Some(h), Some(bytes)) if hash(bytes.as_bytes()) == h => Ok((h, Some(bytes.into_bytes()))),
        _ => Err(Fault::Torn),
    }
}

/// Checks the bytes of an action entry from elsewhere (a remote cache) as a
/// local one is checked: its output, or what is wrong with it.
pub(super) fn check_output_entry(
    bytes: &[u8],
    key: &Hash,
    stage: &str,
) -> Result<(Hash, Option<Vec<u8>>), String> {
    parse_entry(bytes, key, stage)
        .and_then(entry_output)
        .map_err(|f| f.describe())
}

impl Cache {
    /// The bytes of the entry for `key`: `None` when there is none; a file that
    /// cannot be read is named.
    fn read_entry(&self, key: &Hash, stage: &str) -> Option<Vec<u8>> {
        match std::fs::read(self.action_path(key)) {
            Ok(bytes) => Some(bytes),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => {
                self.corrupt_entry(key, stage, &Fault::Unreadable(e));
                None
            }
        }
    }

    /// The JSON entry for `key` and `stage`, verified.
    fn get_entry(&self, key: &Hash, stage: &str) -> Option<ActionEntry> {
        let bytes = self.read_entry(key, stage)?;
        match parse_entry(&bytes, key, stage) {
            Ok(entry) => Some(entry),
            Err(fault) => {
                self.corrupt_entry(key, stage, &fault);
                None
            }
        }
    }

    /// Records `entry` for its key: one line of JSON, then a line with the
    /// blake3 of that JSON. Returns the bytes written (what a remote cache is
    /// sent).
    fn put_entry(&self, key: &Hash, entry: &ActionEntry) -> std::io::Result<Vec<u8>> {
        let json = serde_json::to_string(entry).map_err(std::io::Error::other)?;
        let text = format!("{json}\n{}\n", hex(&hash(json.as_bytes())));
        self.write_atomic(&self.action_path(key), text.as_bytes())?;
        Ok(text.into_bytes())
    }

    /// Keeps the action entry `bytes` (fetched from a remote cache and found
    /// sound by [`check_output_entry`]) as the local entry of `key`.
    pub(super) fn keep_entry(&self, key: &Hash, bytes: &[u8]) -> std::io::Result<()> {
        self.write_atomic(&self.action_path(key), bytes)
    }

    /// The output hash recorded for a stage key, verified.
    #[cfg(test)]
    pub fn get_action(&self, key: &Hash, stage: &str) -> Option<Hash> {
        self.get_output(key, stage).map(|(h, _)| h)
    }

    /// The output recorded for a stage key: its hash, and its bytes when the
    /// entry holds them (else they are the blob of that hash). Verified; an
    /// entry that is not sound — one whose inline bytes do not hash to its
    /// output, too — is named once and deleted.
    pub fn get_output(&self, key: &Hash, stage: &str) -> Option<(Hash, Option<Vec<u8>>)> {
        let entry = self.get_entry(key, stage)?;
        match entry_output(entry) {
            Ok(found) => Some(found),
            Err(fault) => {
                self.corrupt_entry(key, stage, &fault);
                None
            }
        }
    }

    /// Records that stage key `key` produced the blob `output`.
    fn put_action(&self, key: &Hash, stage: &str, output: &Hash) -> std::io::Result<Vec<u8>> {
        self.put_entry(
            key,
            &ActionEntry {
                key: hex(key),
                stage: stage.into(),
                output: hex(output),
                inline: None,
            },
        )
    }

    /// Records that stage key `key` produced `bytes` (UTF-8, as every stage output
    /// is JSON): inside the action entry when they are at most [`INLINE_MAX`]
    /// bytes, else as a blob the entry names. Returns their hash.
    #[cfg(test)]
    pub fn put_output(&self, key: &Hash, stage: &str, bytes: &[u8]) -> std::io::Result<Hash> {
        self.put_output_entry(key, stage, bytes).map(|(h, _, _)| h)
    }

    /// [`Cache::put_output`], returning also the entry's bytes and whether the
    /// output went into a blob of its own (what a remote cache is sent).
    pub(super) fn put_output_entry(
        &self,
        key: &Hash,
        stage: &str,
        bytes: &[u8],
    ) -> std::io::Result<(Hash, Vec<u8>, bool)> {
        let h = hash(bytes);
        match std::str::from_utf8(bytes) {
            Ok(text) if bytes.len() <= INLINE_MAX => {
                let entry = self.put_entry(
                    key,
                    &ActionEntry {
                        key: hex(key),
                        stage: stage.into(),
                        output: hex(&h),
                        inline: Some(text.to_string()),
                    },
                )?;
                Ok((h, entry, false))
            }
            _ => {
                self.put_blob(bytes)?;
                let entry = self.put_action(key, stage, &h)?;
                Ok((h, entry, true))
            }
        }
    }

    /// The value recorded by [`Cache::put_binary_entry`] for `key` and `stage`;
    /// `None` when there is none, or when it is not sound (then it is named
    /// once and deleted).
    pub fn get_binary_entry<T: serde::de::DeserializeOwned>(
        &self,
        key: &Hash,
        stage: &str,
    ) -> Option<T> {
        let bytes = self.read_entry(key, stage)?;
        let parsed = (|| {
            let at = bytes.len().checked_sub(32).ok_or(Fault::Torn)?;
            let (body, check) = bytes.split_at(at);
            if hash(body) != *check {
                return Err(Fault::Torn);
            }
            let nl = body.iter().position(|&b| b == b'\n').ok_or(Fault::Torn)?;
            let (name, rest) = (&body[..nl], &body[nl + 1..]);
            let (their_key, payload) = rest.split_at_checked(32).ok_or(Fault::Torn)?;
            let their_key: &Hash = their_key.try_into().map_err(|_| Fault::Torn)?;
            answers(key, stage, &hex(their_key), &String::from_utf8_lossy(name))?;
            postcard::from_bytes::<T>(payload).map_err(|_| Fault::Torn)
        })();
        match parsed {
            Ok(entry) => Some(entry),
            Err(fault) => {
                self.corrupt_entry(key, stage, &fault);
                None
            }
        }
    }

    /// Records `value` as the entry for `key` in a binary form, for values read
    /// back often and whole (a target's trace, on every no-op build): the stage
    /// name and a newline, the 32 bytes of the key, the value in postcard, then
    /// the 32-byte blake3 of all that. Several times cheaper to read back than
    /// JSON. The stage name holds no newline (the trace's is `target`).
    pub fn put_binary_entry<T: serde::Serialize>(
        &self,
        key: &Hash,
        stage: &str,
        value: &T,
    ) -> std::io::Result<()> {
        let mut bytes = Vec::with_capacity(4096);
        bytes.extend_from_slice(stage.as_bytes());
        bytes.push(b'\n');
        bytes.extend_from_slice(key);
        let mut bytes = postcard::to_extend(value, bytes).map_err(std::io::Error::other)?;
        let check = hash(&bytes);
        bytes.extend_from_slice(&check);
        self.write_atomic(&self.action_path(key), &bytes)
    }

    fn corrupt_entry(&self, key: &Hash, stage: &str, fault: &Fault) {
        self.discard(
            &self.action_path(key),
            codes::CACHE_CORRUPT,
            format!("cache entry {} (stage {stage})", hex(key)),
            &fault.describe(),
            "the stage is rebuilt",
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::hex_serde;
    use super::*;

    fn one_warning(c: &Cache, has: &str) {
        let w = c.take_warnings();
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].contains(has), "{has:?} not in {w:?}");
        assert!(w[0].contains("— deleted; the stage is rebuilt"), "{w:?}");
        assert!(w[0].ends_with("= code: cache.corrupt"), "{w:?}");
    }

    #[test]
    fn actions_round_trip_and_corruption_is_caught_once() {
        let dir = tempfile::tempdir().unwrap();
        let c = Cache::open(dir.path()).unwrap();
        let h = c.put_blob(b"hello").unwrap();
        let key = hash(b"key");
        c.put_action(&key, "s", &h).unwrap();
        assert_eq!(c.get_action(&key, "s"), Some(h));
        assert!(c.take_warnings().is_empty());
        // Truncate the action entry: named once, deleted.
        let p = c.action_path(&key);
        let text = std::fs::read(&p).unwrap();
        std::fs::write(&p, &text[..text.len() / 2]).unwrap();
        assert_eq!(c.get_action(&key, "s"), None);
        assert!(!p.exists());
        one_warning(&c, "is corrupt or truncated");
        // Small outputs live in their action entry; an edited one is caught.
        let small = hash(b"small");
        let h = c.put_output(&small, "s", b"\"tiny\"").unwrap();
        assert_eq!(
            c.get_output(&small, "s"),
            Some((h, Some(b"\"tiny\"".to_vec())))
        );
        let big = vec![b'x'; INLINE_MAX + 1];
        let hb = c.put_output(&hash(b"big"), "s", &big).unwrap();
        assert_eq!(c.get_output(&hash(b"big"), "s"), Some((hb, None)));
        assert_eq!(c.get_blob(&hb, "s").unwrap(), big);
        let p = c.action_path(&small);
        let text = std::fs::read_to_string(&p).unwrap();
        let (json, _) = text.split_once('\n').unwrap();
        let edited = json.replace("tiny", "tinY");
        std::fs::write(&p, format!("{edited}\n{}\n", hex(&hash(edited.as_bytes())))).unwrap();
        assert_eq!(c.get_output(&small, "s"), None);
        one_warning(&c, "is corrupt or truncated");
    }

    #[test]
    fn an_entry_in_another_keys_place_or_for_another_stage_is_corruption() {
        let dir = tempfile::tempdir().unwrap();
        let c = Cache::open(dir.path()).unwrap();
        let (a, b) = (hash(b"a"), hash(b"b"));
        c.put_output(&a, "parse:motion", b"\"A\"").unwrap();
        c.put_output(&b, "parse:motion", b"\"B\"").unwrap();
        // A's entry copied over B's: sound in itself, but not B's.
        std::fs::copy(c.action_path(&a), c.action_path(&b)).unwrap();
        assert_eq!(c.get_output(&b, "parse:motion"), None);
        assert!(!c.action_path(&b).exists());
        one_warning(&c, &format!("is the entry of key {}", hex(&a)));
        // A's entry read for another stage: named, deleted.
        assert_eq!(c.get_output(&a, "parse:rig"), None);
        assert!(!c.action_path(&a).exists());
        one_warning(&c, "(stage parse:motion), not its own");
    }

    #[test]
    fn non_utf8_damage_to_an_entry_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let c = Cache::open(dir.path()).unwrap();
        let key = hash(b"k");
        c.put_output(&key, "s", b"\"text\"").unwrap();
        let p = c.action_path(&key);
        let mut bytes = std::fs::read(&p).unwrap();
        bytes[3] = 0xff;
        std::fs::write(&p, bytes).unwrap();
        assert_eq!(c.get_output(&key, "s"), None);
        assert!(!p.exists());
        one_warning(&c, "is corrupt: it is not UTF-8 (byte 3)");
    }

    #[test]
    fn binary_entries_round_trip_and_every_fault_is_caught_once() {
        #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
        struct V {
            #[serde(with = "hex_serde")]
            h: Hash,
            names: Vec<String>,
            named: Option<String>,
        }
        let dir = tempfile::tempdir().unwrap();
        let c = Cache::open(dir.path()).unwrap();
        let v = V {
            h: hash(b"x"),
            names: vec!["a".into(), "b".into()],
            named: None,
        };
        let (key, other) = (hash(b"key"), hash(b"other"));
        c.put_binary_entry(&key, "trace", &v).unwrap();
        assert_eq!(c.get_binary_entry::<V>(&key, "trace"), Some(v));
        assert!(c.take_warnings().is_empty());
        let path = c.action_path(&key);
        let sound = std::fs::read(&path).unwrap();
        // Torn.
        std::fs::write(&path, &sound[..sound.len() / 2]).unwrap();
        assert_eq!(c.get_binary_entry::<V>(&key, "trace"), None);
        assert!(!path.exists());
        one_warning(&c, "is corrupt or truncated");
        // In another key's place.
        c.write_atomic(&c.action_path(&other), &sound).unwrap();
        assert_eq!(c.get_binary_entry::<V>(&other, "trace"), None);
        one_warning(&c, &format!("is the entry of key {}", hex(&key)));
        // Read for another stage.
        std::fs::write(&path, &sound).unwrap();
        assert_eq!(c.get_binary_entry::<V>(&key, "other"), None);
        assert!(!path.exists());
        one_warning(&c, "(stage trace), not its own");
    }

    #[test]
    fn a_remote_entry_is_held_to_the_local_checks() {
        let dir = tempfile::tempdir().unwrap();
        let c = Cache::open(dir.path()).unwrap();
        let (a, b) = (hash(b"a"), hash(b"b"));
        let (h, entry, blob) = c.put_output_entry(&a, "setup", b"\"A\"").unwrap();
        assert!(!blob);
        assert_eq!(
            check_output_entry(&entry, &a, "setup"),
            Ok((h, Some(b"\"A\"".to_vec())))
        );
        // Another key's entry, another stage's, a torn one: each named.
        let e = check_output_entry(&entry, &b, "setup").unwrap_err();
        assert!(e.contains(&format!("the entry of key {}", hex(&a))), "{e}");
        let e = check_output_entry(&entry, &a, "atlas").unwrap_err();
        assert!(e.contains("(stage setup), not its own"), "{e}");
        let e = check_output_entry(&entry[..entry.len() - 3], &a, "setup").unwrap_err();
        assert_eq!(e, "is corrupt or truncated");
    }

    proptest::proptest! {
        /// Whatever a server answers, checking it never panics, and only the
        /// sound entry of the key passes.
        #[test]
        fn any_bytes_from_a_server_are_checked_without_a_panic(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..300),
            cut in 0usize..200,
        ) {
            let key = hash(b"k");
            let _ = check_output_entry(&bytes, &key, "s");
            let dir = tempfile::tempdir().unwrap();
            let c = Cache::open(dir.path()).unwrap();
            let (_, entry, _) = c.put_output_entry(&key, "s", &bytes).unwrap();
            let cut = cut.min(entry.len());
            let torn = check_output_entry(&entry[..cut], &key, "s");
            proptest::prop_assert!(cut == entry.len() || cut + 1 == entry.len() || torn.is_err());
        }
    }
}
