//! This module owns reading `rig-pose-sequence/1`: the text is parsed by the
//! strict, spanned JSON reader rigc uses too (`rigc_diag::json`), navigated
//! with locations (`rigc_diag::cursor`), and every refusal names its file, JSON
//! pointer, line:column, the value found and the fix.
//! Non-finite numbers are located by [`super::non_finite`].

use rigc_diag::codes;

use super::{non_finite, Person, Sample, Sequence, State, Track, SPEC};
use rigc_diag::codes::Code;
use rigc_diag::cursor::{nearest, Node};
use rigc_diag::json::{self, quote, Json, Value};
use rigc_diag::source::{SourceFile, Span};
use rigc_diag::{Diagnostic, Loc};
use std::sync::Arc;

/// The largest |x| or |y| read, in px: far past any picture, and far from
/// where the cleaning arithmetic could overflow.
pub const MAX_PX: f64 = 1e9;

/// Where the parts of a read sequence are, for refusals raised after reading.
#[derive(Debug, Clone)]
pub struct Locs {
    /// The whole document.
    pub root: Loc,
    /// The `times` array.
    pub times: Loc,
    /// The `persons` array.
    pub persons: Loc,
    /// Each person's `joints` object.
    pub joints: Vec<Loc>,
    /// The `cleaned` record, when there is one.
    pub cleaned: Option<Loc>,
}

/// A sequence read, with where its parts are.
#[derive(Debug, Clone)]
pub struct Read {
    /// The sequence.
    pub seq: Sequence,
    /// Where its parts are.
    pub locs: Locs,
}

/// Reads a sequence whose joints are named from `names` (body-18, or COCO-17
/// with `--coco`; `other` is the list the other flag reads, for the hint).
pub fn read(
    file: &Arc<SourceFile>,
    names: &'static [&'static str],
    other: &'static [&'static str],
) -> Result<Read, Vec<Diagnostic>> {
    let (text, replaced) = non_finite::neutralize(&file.text);
    let json = json::parse(&text).map_err(|e| {
        let (line, col) = file.line_col(e.offset);
        let end = (e.offset + 1).min(file.text.len()).max(e.offset);
        let loc = Loc {
            file: file.clone(),
            pointer: String::new(),
            span: Span {
                start: e.offset,
                end,
            },
        };
        vec![Diagnostic::new(
            codes::POSE_JSON,
            format!(
                "cannot read {}: {} (line {line}, column {col})",
                file.display, e.message
            ),
        )
        .at_without_value(loc)
        .help("fix the JSON at that position; rig-pose reads strict JSON (no comments, no trailing commas, no duplicate keys)")]
    })?;
    let root = Node::root(&json, file);
    let mut r = Reader {
        names,
        other,
        diags: Vec::new(),
    };
    let bad = non_finite::refuse(&root, &replaced);
    if !bad.is_empty() {
        return Err(bad);
    }
    match r.sequence(&root) {
        Some(read) if r.diags.is_empty() => Ok(read),
        _ => Err(r.diags),
    }
}

struct Reader {
    names: &'static [&'static str],
    other: &'static [&'static str],
    diags: Vec<Diagnostic>,
}

impl Reader {
    fn refuse(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    fn unknown(&mut self, node: &Node, known: &[&str], what: &str) {
        for mut d in node.unknown_keys(known, what) {
            d.code = codes::POSE_FIELD;
            self.refuse(d);
        }
    }

    fn absent(&mut self, node: &Node, key: &str, what: &str, help: &str) {
        let d = Diagnostic::new(
            codes::POSE_FIELD,
            format!("{what} has no `{key}`; it is required"),
        )
        .at_without_value(node.loc())
        .help(help);
        self.refuse(d);
    }

    fn wrong(&mut self, node: &Node, code: Code, what: &str, help: &str) {
        let d = node
            .err(
                code,
                format!(
                    "`{}` must be {what}; found {}",
                    node.key_path(),
                    node.describe()
                ),
            )
            .help(help);
        self.refuse(d);
    }

    fn sequence(&mut self, root: &Node) -> Option<Read> {
        if !root.is_object() {
            self.wrong(
                root,
                codes::POSE_FIELD,
                "an object",
                "a pose sequence is an object with spec, fps, times and persons",
            );
            return None;
        }
        self.unknown(
            root,
            &["spec", "fps", "times", "travel", "persons", "cleaned"],
            "a pose sequence",
        );
        match root.get("spec") {
            None => {
                let d = Diagnostic::new(
                    codes::POSE_SPEC,
                    format!(
                        "the file names no `spec`; a pose sequence is {}",
                        quote(SPEC)
                    ),
                )
                .at_without_value(root.loc())
                .help(format!("add \"spec\": {}", quote(SPEC)));
                self.refuse(d);
            }
            Some(s) if s.as_str() != Some(SPEC) => {
                let d = s
                    .err(
                        codes::POSE_SPEC,
                        format!("`spec` is {}; rig-pose reads {}", s.describe(), quote(SPEC)),
                    )
                    .help(format!("write \"spec\": {}", quote(SPEC)));
                self.refuse(d);
            }
            Some(_) => {}
        }
        let fps = match root.get("fps") {
            None => {
                self.absent(
                    root,
                    "fps",
                    "the sequence",
                    "add \"fps\": the frames per second, such as 24",
                );
                None
            }
            Some(n) => match n.as_f64() {
                Some(v) if v > 0.0 => Some(v),
                _ => {
                    self.wrong(
                        &n,
                        codes::POSE_FIELD,
                        "a number above 0",
                        "write the frames per second, such as 24",
                    );
                    None
                }
            },
        };
        let times_node = root.get("times");
        let times = match &times_node {
            None => {
                self.absent(
                    root,
                    "times",
                    "the sequence",
                    "add \"times\": each frame's time in seconds, such as [0, 0.0417, …]",
                );
                None
            }
            Some(t) => self.times(t),
        };
        let travel = match root.get("travel") {
            None => None,
            Some(t) => match t.as_str() {
                Some(s) => Some(s.to_string()),
                None => {
                    self.wrong(
                        &t,
                        codes::POSE_FIELD,
                        "a string",
                        "write \"travel\": \"in-place\", or leave it out",
                    );
                    None
                }
            },
        };
        let cleaned = root.get("cleaned");
        if let Some(c) = &cleaned {
            if !c.is_object() {
                self.wrong(
                    c,
                    codes::POSE_FIELD,
                    "an object (the record rig-pose clean writes)",
                    "remove it; rig-pose clean writes it",
                );
            }
        }
        let persons_node = root.get("persons");
        let n = times.as_ref().map(Vec::len);
        let mut persons = Vec::new();
        let mut joints = Vec::new();
        match &persons_node {
            None => self.absent(
                root,
                "persons",
                "the sequence",
                "add \"persons\": [{\"joints\": {…}}]",
            ),
            Some(p) if !p.is_array() => self.wrong(
                p,
                codes::POSE_FIELD,
                "an array of persons",
                "write \"persons\": [{\"joints\": {…}}]",
            ),
            Some(p) if p.array_len() == Some(0) => {
                let d = p
                    .err(
                        codes::POSE_PERSON,
                        "`persons` is empty; the sequence holds nobody to clean",
                    )
                    .help("give at least one person: {\"joints\": {…}}");
                self.refuse(d);
            }
            Some(p) => {
                for el in p.elements() {
                    if let Some((person, loc)) = self.person(&el, n) {
                        persons.push(person);
                        joints.push(loc);
                    }
                }
            }
        }
        let (fps, times, persons_node, times_node) = (fps?, times?, persons_node?, times_node?);
        let seq = Sequence {
            fps,
            times,
            travel,
            persons,
            cleaned: cleaned.map(|c| to_value(c.json)),
        };
        Some(Read {
            seq,
            locs: Locs {
                root: root.loc(),
                times: times_node.loc(),
                persons: persons_node.loc(),
                joints,
                cleaned: root.get("cleaned").map(|c| c.loc()),
            },
        })
    }

    fn times(&mut self, t: &Node) -> Option<Vec<f64>> {
        if !t.is_array() {
            self.wrong(
                t,
                codes::POSE_FIELD,
                "an array of frame times in seconds",
                "write each frame's time, such as [0, 0.0417, 0.0833]",
            );
            return None;
        }
        let mut out = Vec::new();
        let mut ok = true;
        for el in t.elements() {
            match el.as_f64() {
                Some(v) => {
                    if let Some(&prev) = out.last() {
                        if v <= prev {
                            let d = el
                                .err(
                                    codes::POSE_TIMES,
                                    format!(
                                        "frame time {} does not come after the frame before it ({})",
                                        el.text(),
                                        rigc_spine::num::f64_text(prev)
                                    ),
                                )
                                .help("frame times are in seconds and strictly increasing");
                            self.refuse(d);
                            ok = false;
                        }
                    }
                    out.push(v);
                }
                None => {
                    self.wrong(
                        &el,
                        codes::POSE_FIELD,
                        "a number (seconds)",
                        "write the frame's time in seconds",
                    );
                    ok = false;
                }
            }
        }
        ok.then_some(out)
    }

    fn person(&mut self, p: &Node, n: Option<usize>) -> Option<(Person, Loc)> {
        if !p.is_object() {
            self.wrong(
                p,
                codes::POSE_FIELD,
                "an object",
                "a person is {\"joints\": {…}}, with an optional \"id\"",
            );
            return None;
        }
        self.unknown(p, &["id", "joints"], "a person");
        let id = match p.get("id") {
            None => None,
            Some(i) if i.as_str().is_some() || i.as_f64().is_some() => Some(to_value(i.json)),
            Some(i) => {
                self.wrong(
                    &i,
                    codes::POSE_FIELD,
                    "a string or a number",
                    "name the person, or leave `id` out",
                );
                None
            }
        };
        let Some(joints) = p.get("joints") else {
            self.absent(
                p,
                "joints",
                "the person",
                "add \"joints\": {\"nose\": [one entry a frame], …}",
            );
            return None;
        };
        if !joints.is_object() {
            self.wrong(
                &joints,
                codes::POSE_FIELD,
                "an object keyed by joint name",
                "write \"joints\": {\"nose\": […], \"neck\": […], …}",
            );
            return None;
        }
        let mut tracks = Vec::new();
        for (name, track) in joints.entries() {
            let Some(&joint) = self.names.iter().find(|j| **j == name) else {
                self.unknown_joint(&joints, &name);
                continue;
            };
            if let Some(samples) = self.track(&track, joint, n) {
                tracks.push(Track { joint, samples });
            }
        }
        Some((Person { id, tracks }, joints.loc()))
    }

    fn unknown_joint(&mut self, joints: &Node, name: &str) {
        let Some(loc) = joints.key_loc(name) else {
            return;
        };
        let coco = self.names.len() == 17;
        let flag_hint = if self.other.contains(&name) {
            if coco {
                "; it is a body-18 name: this file is body-18, so drop --coco".to_string()
            } else {
                "; it is a COCO-17 name: read this file with --coco".to_string()
            }
        } else {
            match nearest(name, self.names) {
                Some(near) => format!(" — did you mean {}?", quote(near)),
                None => String::new(),
            }
        };
        let set = if coco { "COCO-17" } else { "body-18" };
        let d = Diagnostic::new(
            codes::POSE_JOINT,
            format!("unknown joint {}{flag_hint}", quote(name)),
        )
        .at(loc)
        .help(format!("the {set} joints are: {}", self.names.join(", ")));
        self.refuse(d);
    }

    fn track(&mut self, t: &Node, joint: &str, n: Option<usize>) -> Option<Vec<Sample>> {
        if !t.is_array() {
            self.wrong(
                t,
                codes::POSE_FIELD,
                "an array with one entry a frame",
                "write one {\"x\", \"y\", \"state\", \"score\"} a frame",
            );
            return None;
        }
        let len = t.array_len().unwrap_or(0);
        if let Some(n) = n {
            if len != n {
                let d = t
                    .err(
                        codes::POSE_FRAMES,
                        format!("joint {} has {len} frame(s); `times` has {n}", quote(joint)),
                    )
                    .help("give every joint one entry a frame, {\"state\": \"missing\"} where it has no position");
                self.refuse(d);
                return None;
            }
        }
        let mut out = Vec::with_capacity(len);
        let mut ok = true;
        for el in t.elements() {
            match self.sample(&el) {
                Some(s) => out.push(s),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    fn sample(&mut self, e: &Node) -> Option<Sample> {
        if !e.is_object() {
            self.wrong(e, codes::POSE_FIELD, "an object", "write {\"x\": …, \"y\": …, \"state\": \"observed\", \"score\": …}, or {\"state\": \"missing\"}");
            return None;
        }
        self.unknown(e, &["x", "y", "state", "score"], "a joint's frame");
        let state = match e.get("state") {
            None => {
                self.absent(
                    e,
                    "state",
                    "the joint's frame",
                    "add \"state\": \"observed\", \"inferred\" or \"missing\"",
                );
                return None;
            }
            Some(s) => match s.as_str().and_then(State::from_name) {
                Some(st) => st,
                None => {
                    self.wrong(
                        &s,
                        codes::POSE_STATE,
                        "\"observed\", \"inferred\" or \"missing\"",
                        "write one of the three states",
                    );
                    return None;
                }
            },
        };
        let score = match e.get("score") {
            None => None,
            Some(s) => match s.as_f64() {
                Some(v) => Some(v),
                None => {
                    self.wrong(
                        &s,
                        codes::POSE_FIELD,
                        "a number",
                        "write the pose model's score, or leave it out",
                    );
                    return None;
                }
            },
        };
        let coord = |k: &str| e.get(k).filter(|c| !c.is_null());
        let pos = match (state, coord("x"), coord("y")) {
            (State::Missing, None, None) => None,
            (State::Missing, Some(c), _) | (State::Missing, None, Some(c)) => {
                let d = c
                    .err(
                        codes::POSE_STATE,
                        "a missing joint has no position, but this frame gives one",
                    )
                    .help("drop x and y, or give the state observed or inferred");
                self.refuse(d);
                return None;
            }
            (_, Some(x), Some(y)) => match (x.as_f64(), y.as_f64()) {
                (Some(xv), Some(yv)) => {
                    for (c, v) in [(&x, xv), (&y, yv)] {
                        if v.abs() > MAX_PX {
                            let d = c
                                .err(
                                    codes::POSE_NUMBER,
                                    format!(
                                        "{} px is no picture position (past ±1e9 px)",
                                        c.text()
                                    ),
                                )
                                .help("write the joint's position in the picture's pixels");
                            self.refuse(d);
                            return None;
                        }
                    }
                    Some([xv, yv])
                }
                (None, _) => {
                    self.wrong(
                        &x,
                        codes::POSE_FIELD,
                        "a number (picture pixels)",
                        "write the joint's x in picture pixels",
                    );
                    return None;
                }
                (_, None) => {
                    self.wrong(
                        &y,
                        codes::POSE_FIELD,
                        "a number (picture pixels, y down)",
                        "write the joint's y in picture pixels, y down",
                    );
                    return None;
                }
            },
            (st, _, _) => {
                let d = Diagnostic::new(
                    codes::POSE_STATE,
                    format!("a joint {} on this frame needs both x and y", st.name()),
                )
                .at(e.loc())
                .help("give x and y in picture pixels, or write {\"state\": \"missing\"}");
                self.refuse(d);
                return None;
            }
        };
        Some(Sample { pos, state, score })
    }
}

/// A located JSON value as a `serde_json` value (member order kept).
pub fn to_value(j: &Json) -> serde_json::Value {
    use serde_json::Value as V;
    match &j.value {
        Value::Null => V::Null,
        Value::Bool(b) => V::Bool(*b),
        Value::Number(n) => serde_json::Number::from_f64(*n).map_or(V::Null, V::Number),
        Value::String(s) => V::String(s.clone()),
        Value::Array(a) => V::Array(a.iter().map(to_value).collect()),
        Value::Object(m) => V::Object(
            m.iter()
                .map(|m| (m.key.clone(), to_value(&m.value)))
                .collect(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::{coco::COCO17, BODY18};

    /// The README's example is a valid sequence (so the documentation cannot drift).
    #[test]
    fn the_readme_example_reads() {
        let readme = include_str!("../../README.md");
        let start = readme.find("```json\n").unwrap() + 8;
        let end = start + readme[start..].find("```").unwrap();
        let file = SourceFile::new("README.md", "README.md", readme[start..end].to_string());
        let r = read(&file, &BODY18, &COCO17).unwrap();
        assert_eq!(r.seq.frames(), 3);
        let p = &r.seq.persons[0];
        assert_eq!(p.id, Some(serde_json::json!("dancer")));
        assert_eq!(p.tracks[1].samples[2].pos, None);
        assert_eq!(p.tracks[2].samples[2].score, Some(0.05));
        assert_eq!(p.tracks[0].samples[2].state, State::Inferred);
    }
}
