//! One test per compile-error class: each breaks one thing about the tiny rig and
//! asserts the refusal's message, its location (file, JSON pointer, line:column,
//! computed here from the text, not pasted), the exit code, and that nothing — not
//! even the `--out` directory — was written.

use crate::fixture::{self, build_args, MOTION, RIG};
use crate::util::Project;

/// 1-based line and character column of the first `needle` in `text`, plus `skip`
/// characters (to point inside the needle).
pub(crate) fn pos(text: &str, needle: &str, skip: usize) -> (u64, u64) {
    let at = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in the text"));
    let before = &text[..at];
    let line = before.matches('\n').count() as u64 + 1;
    let col = before.rsplit('\n').next().unwrap_or("").chars().count() as u64 + 1 + skip as u64;
    (line, col)
}

pub(crate) struct Expect<'a> {
    pub file: &'a str,
    pub message: &'a str,
    pub pointer: &'a str,
    pub at: (u64, u64),
}

/// Runs `rigc` with `args` and `--message-format json`, asserts it is refused
/// (exit 1), and returns the diagnostic whose message contains `message`.
pub(crate) fn json_refusal(
    p: &Project,
    args: &[impl AsRef<str>],
    message: &str,
) -> serde_json::Value {
    let mut args: Vec<&str> = args.iter().map(AsRef::as_ref).collect();
    args.extend(["--message-format", "json"]);
    let run = p.rigc(&args);
    run.code(1);
    let hit = run
        .json_diagnostics()
        .into_iter()
        .find(|d| d["message"].as_str().is_some_and(|m| m.contains(message)));
    hit.unwrap_or_else(|| panic!("no diagnostic with {message:?} among:\n{}", run.stderr))
}

/// Builds with `--message-format json`, asserts one diagnostic matches and that
/// nothing was written; then builds again with human output and checks the
/// compiler-style block names the same place.
pub(crate) fn refused(p: &Project, e: Expect<'_>) {
    let d = &json_refusal(p, &build_args("out"), e.message);
    assert_eq!(d["file"], e.file, "{d}");
    assert_eq!(d["pointer"], e.pointer, "{d}");
    assert_eq!(
        (
            d["line"].as_u64().unwrap_or(0),
            d["column"].as_u64().unwrap_or(0)
        ),
        e.at,
        "{d}"
    );
    assert!(d["code"].as_str().is_some_and(|c| !c.is_empty()), "{d}");
    assert!(!p.exists("out"), "a refused build created --out");
    let human = fixture::build(p, "out");
    human
        .code(1)
        .stderr_has("rigc compile error: ")
        .stderr_has(&format!(
            "--> {}:{}:{} at {}",
            e.file,
            e.at.0,
            e.at.1,
            if e.pointer.is_empty() {
                "(the whole file)"
            } else {
                e.pointer
            }
        ));
    assert!(!p.exists("out"));
}

pub(crate) fn with_rig(rig: &str) -> Project {
    let p = Project::new();
    fixture::tiny(&p);
    p.write("rig.json", rig);
    p
}

fn with_motion(motion: &str) -> Project {
    let p = Project::new();
    fixture::tiny(&p);
    p.write("motion.json", motion);
    p
}

#[test]
fn bad_json_names_line_and_column() {
    let rig = RIG.replace(
        "\"y\": 40, \"rotation\": 5 }",
        "\"y\": 40, \"rotation\": 5, }",
    );
    let p = with_rig(&rig);
    let (line, col) = pos(&rig, "5, }", 3);
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: "cannot read rig.json: expected a key after ','",
            pointer: "",
            at: (line, col),
        },
    );
}

#[test]
fn unknown_key_suggests_the_nearest() {
    let rig = RIG.replace("\"y\": 40, \"rotation\": 5", "\"y\": 40, \"rotaton\": 5");
    let p = with_rig(&rig);
    let at = pos(&rig, "\"rotaton\"", 0);
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: "unknown field \"rotaton\"",
            pointer: "/bones/2/rotaton",
            at,
        },
    );
    fixture::build(&p, "out").stderr_has("did you mean \"rotation\"?");
}

#[test]
fn missing_image() {
    let rig = RIG.replace("\"image\": \"head.png\"", "\"image\": \"nose.png\"");
    let p = with_rig(&rig);
    let at = pos(&rig, "\"nose.png\"", 0);
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: "image \"nose.png\" is not on disk at",
            pointer: "/skins/default/head/head/image",
            at,
        },
    );
}

#[test]
fn truncated_png() {
    let p = with_rig(RIG);
    let png = fixture::part_png(24, 20);
    p.write("parts/head.png", &png[..png.len() - 30]);
    let at = pos(RIG, "\"head.png\"", 0);
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: "cannot be measured: the file ends before its image does",
            pointer: "/skins/default/head/head/image",
            at,
        },
    );
}

#[test]
fn not_a_png() {
    let p = with_rig(RIG);
    p.write("parts/head.png", b"GIF89a not a png at all");
    let at = pos(RIG, "\"head.png\"", 0);
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: "it does not start with the PNG signature",
            pointer: "/skins/default/head/head/image",
            at,
        },
    );
}

#[test]
fn image_path_escaping_the_project() {
    let p = Project::new();
    fixture::tiny(&p);
    // A project file in a sub-directory makes that directory the root; the PNG
    // one level up is outside it.
    p.write("proj/rigc.toml", "");
    p.write(
        "proj/rig.json",
        RIG.replace("\"images\": \"parts\"", "\"images\": \"../parts\""),
    );
    p.write("proj/motion.json", MOTION);
    let rig = p.read("proj/rig.json");
    let hit = json_refusal(
        &p,
        &[
            "build",
            "--rig",
            "proj/rig.json",
            "--motion",
            "proj/motion.json",
            "--out",
            "out",
        ],
        "outside the project root",
    );
    let at = pos(&rig, "\"../parts\"", 0);
    assert_eq!(hit["pointer"], "/images");
    assert_eq!(
        (
            hit["line"].as_u64().unwrap(),
            hit["column"].as_u64().unwrap()
        ),
        at
    );
    assert!(!p.exists("out"));
}

#[test]
fn ease_on_the_last_key() {
    let motion = MOTION.replace(
        "{ \"t\": 1, \"v\": [0] }",
        "{ \"t\": 1, \"v\": [0], \"ease\": \"soft\" }",
    );
    let p = with_motion(&motion);
    let at = pos(&motion, "{ \"t\": 1, \"v\": [0], \"ease\"", 0);
    let (l, _) = at;
    let hit = json_refusal(
        &p,
        &build_args("out"),
        "last key carries an easing but has nothing to ease to",
    );
    assert_eq!(hit["file"], "motion.json");
    assert!(
        hit["pointer"]
            .as_str()
            .unwrap()
            .starts_with("/animations/nod/tracks/0/keys/2"),
        "{hit}"
    );
    assert_eq!(hit["line"].as_u64().unwrap(), l);
    assert!(!p.exists("out"));
}

#[test]
fn key_past_the_duration() {
    let motion = MOTION
        .replace("\"duration\": 1", "\"duration\": 0.75")
        .replace("{ \"t\": 1, \"v\": [0] }", "{ \"t\": 0.8, \"v\": [0] }");
    let p = with_motion(&motion);
    let hit = json_refusal(&p, &build_args("out"), "past the declared duration");
    let (line, _) = pos(&motion, "{ \"t\": 0.8", 0);
    assert_eq!(hit["line"].as_u64().unwrap(), line, "{hit}");
    assert!(
        hit["pointer"]
            .as_str()
            .unwrap()
            .starts_with("/animations/nod/tracks/0/keys/2"),
        "{hit}"
    );
    assert!(!p.exists("out"));
}

#[test]
fn declared_duration_disagrees_with_the_last_key() {
    let motion = MOTION.replace("\"duration\": 1", "\"duration\": 2");
    let p = with_motion(&motion);
    let at = pos(&motion, "2,", 0);
    refused(
        &p,
        Expect {
            file: "motion.json",
            message: "animation \"nod\" declares duration 2s but its last key is at 1s",
            pointer: "/animations/nod/duration",
            at,
        },
    );
}

#[test]
fn archetype_is_not_the_rig_name() {
    let motion = MOTION.replace("\"archetype\": \"tiny\"", "\"archetype\": \"huge\"");
    let p = with_motion(&motion);
    let at = pos(&motion, "\"huge\"", 0);
    refused(&p, Expect { file: "motion.json", message: "motion spec names archetype \"huge\" but the rig spec at rig.json is called \"tiny\"", pointer: "/archetype", at });
}

#[test]
fn dangling_parent() {
    let rig = RIG.replace(
        "\"parent\": \"body\", \"y\": 40",
        "\"parent\": \"neck\", \"y\": 40",
    );
    let p = with_rig(&rig);
    let at = pos(&rig, "\"neck\"", 0);
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: "bone \"head\" names parent \"neck\", which is not declared before it",
            pointer: "/bones/2/parent",
            at,
        },
    );
}

#[test]
fn dangling_slot_bone() {
    let rig = RIG.replace(
        "{ \"name\": \"head\", \"bone\": \"head\"",
        "{ \"name\": \"head\", \"bone\": \"skull\"",
    );
    let p = with_rig(&rig);
    let at = pos(&rig, "\"skull\"", 0);
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: "slot \"head\" names bone \"skull\", which this rig does not declare",
            pointer: "/slots/1/bone",
            at,
        },
    );
}

#[test]
fn dangling_track_bone() {
    let motion = MOTION.replace("\"bone\": \"head\"", "\"bone\": \"neck\"");
    let p = with_motion(&motion);
    let at = pos(&motion, "\"neck\"", 0);
    refused(
        &p,
        Expect {
            file: "motion.json",
            message: "animation \"nod\" keys unknown bone \"neck\"",
            pointer: "/animations/nod/tracks/0/bone",
            at,
        },
    );
}

#[test]
fn dangling_track_slot() {
    let motion = MOTION.replace(
        "\"tracks\": [",
        "\"tracks\": [\n        { \"slot\": \"hat\", \"property\": \"rgba\", \"keys\": [ { \"t\": 0, \"v\": [1, 1, 1, 1] } ] },",
    );
    let p = with_motion(&motion);
    let at = pos(&motion, "\"hat\"", 0);
    refused(
        &p,
        Expect {
            file: "motion.json",
            message: "animation \"nod\" targets unknown slot \"hat\"",
            pointer: "/animations/nod/tracks/0/slot",
            at,
        },
    );
}

#[test]
fn duplicate_bone_name() {
    let rig = RIG.replace(
        "{ \"name\": \"head\", \"parent\": \"body\"",
        "{ \"name\": \"body\", \"parent\": \"body\"",
    );
    let p = with_rig(&rig);
    let at = pos(&rig, "{ \"name\": \"body\", \"parent\": \"body\"", 10);
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: "two bones are called \"body\"",
            pointer: "/bones/2/name",
            at,
        },
    );
}

#[test]
fn duplicate_slot_name() {
    let rig = RIG.replace(
        "{ \"name\": \"head\", \"bone\": \"head\"",
        "{ \"name\": \"body\", \"bone\": \"head\"",
    );
    let p = with_rig(&rig);
    let at = pos(&rig, "{ \"name\": \"body\", \"bone\": \"head\"", 10);
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: "two slots are called \"body\"",
            pointer: "/slots/1/name",
            at,
        },
    );
}

#[test]
fn duplicate_json_key() {
    let rig = RIG.replace("\"y\": 40, \"rotation\": 5", "\"y\": 40, \"y\": 5");
    let p = with_rig(&rig);
    let at = pos(&rig, "\"y\": 5", 0);
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: "the key \"y\" appears twice in one object",
            pointer: "",
            at,
        },
    );
}
