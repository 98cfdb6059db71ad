//! Plugins end to end: the built-ins called through the same ABI table as a loaded
//! library give the same answers as their dynamic-library builds; `rigc plugins`
//! lists what is loaded; every refusal is named; a panicking rule is that rule's
//! FAIL and the build still finishes; the studio example's rules hold a rig to the
//! studio's configuration; a rebuilt plugin re-runs exactly the stages that called it.

use crate::fixture;
use crate::util::{self, Project};
use rigc::{self as plugins, Request};

/// The tiny rig in a project whose rigc.toml loads `plugins` (library paths).
fn project(plugins: &[&std::path::Path], extra: &str) -> Project {
    let p = Project::new();
    fixture::tiny(&p);
    let mut list = Vec::new();
    for (i, lib) in plugins.iter().enumerate() {
        let name = format!("plugins/{i}-{}", lib.file_name().unwrap().to_string_lossy());
        p.write(&name, std::fs::read(lib).unwrap());
        list.push(format!("\"{name}\""));
    }
    p.write(
        "rigc.toml",
        format!(
            "[project]\nplugins = [{}]\n{extra}\n[[target]]\nname = \"tiny\"\nrig = \"rig.json\"\nmotion = \"motion.json\"\nout = \"build/tiny\"\n",
            list.join(", ")
        ),
    );
    p
}

fn gate_input(p: &Project) -> rigc_sdk::gate::GateInput {
    fixture::build(p, "out").green();
    let atlas_text = p.read("out/skeleton.atlas");
    rigc_sdk::gate::GateInput {
        profile: rigc_sdk::gate::Profile::SpineHtml,
        skeleton_text: p.read("out/skeleton.json"),
        pages: rigc_sdk::gate::pages::read(&atlas_text, &p.path().join("out"), &Default::default()),
        atlas_text: Some(atlas_text),
        rig: None,
        second: None,
    }
}

#[test]
fn linked_and_loaded_builds_of_a_plugin_give_the_same_answers() {
    let p = Project::new();
    fixture::tiny(&p);
    let input = gate_input(&p);
    let copies = tempfile::tempdir().unwrap();
    let builtins = plugins::builtins();
    for (package, builtin) in [
        ("rigc-core-rules-dylib", "rigc-core-rules"),
        ("rigc-core-deforms-dylib", "rigc-core-deforms"),
        ("rigc-spine-emitter-dylib", "rigc-spine-emitter"),
    ] {
        let lib = util::plugin_library(package);
        let loaded = plugins::load(
            &Request {
                path: lib,
                loc: None,
            },
            copies.path(),
            &mut Vec::new(),
        )
        .expect("loads");
        let linked = builtins
            .iter()
            .find(|b| b.name() == builtin)
            .expect("built in");
        assert_eq!(
            loaded.manifest, linked.manifest,
            "{package}: manifests differ"
        );
        if builtin == "rigc-core-rules" {
            let call = rigc_sdk::abi::GateCall {
                gate: input.clone(),
                config: serde_json::Value::Null,
            };
            let a: serde_json::Value = loaded.call("gate", &call).unwrap();
            let b: serde_json::Value = linked.call("gate", &call).unwrap();
            assert_eq!(a, b, "the loaded and linked core rules disagree");
            assert_eq!(
                a["outcomes"].as_array().unwrap().len(),
                loaded.manifest.rules.len()
            );
        } else if builtin == "rigc-core-deforms" {
            let vertex = |x: f64, y: f64| rigc_sdk::abi::MeshVertex {
                x,
                y,
                ..Default::default()
            };
            let call = rigc_sdk::abi::DeformCall {
                kind: "yaw".into(),
                mesh: rigc_sdk::abi::MeshGeometry {
                    name: "default/head/head".into(),
                    vertices: vec![vertex(-162.0, 0.0), vertex(0.0, 0.0), vertex(120.0, 9.0)],
                    ..Default::default()
                },
                params: serde_json::json!({ "radius": 170, "degrees": 12 }),
                time: 0.62,
                config: serde_json::Value::Null,
            };
            let a: rigc_sdk::abi::DeformReply = loaded.call("deform", &call).unwrap();
            let b: rigc_sdk::abi::DeformReply = linked.call("deform", &call).unwrap();
            assert_eq!(a, b, "the loaded and linked deform kinds disagree");
            assert!(matches!(a, rigc_sdk::abi::DeformReply::Offsets(ref o) if o.len() == 3));
        } else {
            let skeleton: rigc_sdk::model::Skeleton = rigc_sdk::model::Skeleton {
                header: rigc_sdk::model::Header {
                    spine: "4.3.13".into(),
                    ..Default::default()
                },
                bones: vec![rigc_sdk::model::Bone {
                    name: "root".into(),
                    ..Default::default()
                }],
                slots: vec![],
                skins: vec![],
                events: vec![],
                animations: vec![],
                constraints: vec![],
            };
            let call = rigc_sdk::emit::EmitCall {
                emitter: "spine".into(),
                skeleton,
                atlas: vec![],
                config: serde_json::Value::Null,
            };
            let a: rigc_sdk::abi::EmitReply = loaded.call("emit", &call).unwrap();
            let b: rigc_sdk::abi::EmitReply = linked.call("emit", &call).unwrap();
            assert_eq!(a, b);
        }
    }
}

#[test]
fn rigc_plugins_lists_path_hash_abi_and_what_each_provides() {
    let lib = util::plugin_library("rigc-studio-example");
    let p = project(&[&lib], "[plugin.studio-example]\nnames = \"snake_case\"\n");
    let bytes = std::fs::read(&lib).unwrap();
    let hash = blake3::hash(&bytes).to_hex().to_string();
    p.rigc(&["plugins"])
        .green()
        .stdout_has("rigc-core-rules 0.1.0")
        .stdout_has("rigc-core-deforms 0.1.0")
        .stdout_has("deform  yaw (radius, depth, degrees, about)")
        .stdout_has("deform  bend (")
        .stdout_has("built in (linked into rigc, called through the same ABI table)")
        .stdout_has("emitter spine -> skeleton.json, skeleton.atlas")
        .stdout_has("studio-example 0.1.0")
        .stdout_has(&format!("blake3  {hash}"))
        .stdout_has("abi     1")
        .stdout_has("STUDIO01_ANIMATION_WITHIN_MAX_LENGTH (validity)")
        .stdout_has("deform  breathe (amount, radius, about)")
        .stdout_has("config  {\"names\":\"snake_case\"}");
}

fn misbehave(mode: &str, p: &Project) -> util::Run {
    util::run_env(p.path(), &["build", "--all"], &[("RIGC_TEST_PLUGIN", mode)])
}

#[test]
fn a_well_behaved_test_plugin_runs_its_rule() {
    let p = project(&[&util::plugin_library("rigc-test-misbehave")], "");
    misbehave("", &p).green().stdout_has("rigc: tiny green");
    fixture::build(&p, "one")
        .green()
        .stdout_has("PASS  TEST01_ALWAYS_HOLDS");
}

#[test]
fn plugin_refusals_are_named() {
    let p = project(&[], "");
    p.write(
        "rigc.toml",
        p.read("rigc.toml")
            .replace("plugins = []", "plugins = [\"plugins/libnothing.so\"]"),
    );
    p.rigc(&["build", "--all"])
        .code(1)
        .stderr_has("plugin library")
        .stderr_has("libnothing.so is not on disk")
        .stderr_has("rigc.toml:2:");
    assert!(
        !p.path().join("cache").exists(),
        "a refused project wrote its cache directory"
    );
    let p = project(&[&util::plugin_library("rigc-test-no-entry")], "");
    p.rigc(&["build", "--all"])
        .code(1)
        .stderr_has("exports no rigc_plugin_entry symbol, so it is not a rigc plugin");
    let p = project(&[&util::plugin_library("rigc-test-misbehave")], "");
    misbehave("abi", &p)
        .code(1)
        .stderr_has("speaks plugin ABI version 99, and this rigc speaks version 1");
    misbehave("bad-manifest", &p)
        .code(1)
        .stderr_has("has a malformed manifest");
    misbehave("claim-a07", &p)
        .code(1)
        .stderr_has("both provide rule \"A07_ATLAS_TEXT_SHAPE\"; one rule, one author");
    let not_a_library = Project::new();
    fixture::tiny(&not_a_library);
    not_a_library.write("plugins/fake.so", b"not an ELF file");
    not_a_library.write("rigc.toml", "[project]\nplugins = [\"plugins/fake.so\"]\n[[target]]\nname = \"t\"\nrig = \"rig.json\"\nmotion = \"motion.json\"\nout = \"o\"\n");
    not_a_library
        .rigc(&["build", "--all"])
        .code(1)
        .stderr_has("could not be loaded");
    // The same library named twice by two paths claims its name and rule twice.
    let lib = util::plugin_library("rigc-test-misbehave");
    let twice = project(&[&lib, &lib], "");
    twice
        .rigc(&["build", "--all"])
        .code(1)
        .stderr_has("both provide plugin name \"misbehave\"");
}

#[test]
fn a_panicking_rule_fails_that_rule_and_the_build_finishes() {
    // One project per mode: a gate's outcomes are cached like any stage output,
    // and a plugin's behaviour is supposed to depend on its inputs alone.
    let build_with = |mode: &str| {
        let p = project(&[&util::plugin_library("rigc-test-misbehave")], "");
        let args = fixture::build_args("out");
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = util::run_env(p.path(), &args, &[("RIGC_TEST_PLUGIN", mode)]);
        (p, run)
    };
    let (p, run) = build_with("panic-rule");
    run.code(1)
        .stdout_has("FAIL  TEST01_ALWAYS_HOLDS: threw: TEST01 was asked to panic")
        .stdout_has("PASS  A00_ROUNDTRIP_PARSE")
        .stdout_has("assertions:")
        .stderr_has("1 assertion(s) failed — nothing written");
    assert!(!p.exists("out"));
    let (p, run) = build_with("panic-call");
    run.code(1).stdout_has("FAIL  TEST01_ALWAYS_HOLDS: threw: plugin \"misbehave\" panicked: the whole call was asked to panic");
    assert!(!p.exists("out"));
    let (p, run) = build_with("bad-reply");
    run.code(1).stdout_has("FAIL  TEST01_ALWAYS_HOLDS: threw: plugin \"misbehave\" replied with something that is not the stage's JSON");
    assert!(!p.exists("out"));
}

#[test]
fn the_studio_rules_hold_a_rig_to_the_studio_configuration() {
    let lib = util::plugin_library("rigc-studio-example");
    // Passes: the tiny rig's names are snake_case and `nod` lasts 1 s ≤ 2 s.
    let p = project(
        &[&lib],
        "[plugin.studio-example]\nmax_animation_seconds = 2.0\nnames = \"snake_case\"\n",
    );
    fixture::build(&p, "out")
        .green()
        .stdout_has("PASS  STUDIO01_ANIMATION_WITHIN_MAX_LENGTH")
        .stdout_has("PASS  STUDIO02_NAMES_FOLLOW_CONVENTION");
    // Breaks both: a 0.5 s limit and a bone called "Head".
    let q = project(
        &[&lib],
        "[plugin.studio-example]\nmax_animation_seconds = 0.5\nnames = \"snake_case\"\n",
    );
    q.write(
        "rig.json",
        fixture::RIG
            .replace(
                "\"name\": \"head\", \"parent\"",
                "\"name\": \"Head\", \"parent\"",
            )
            .replace("\"bone\": \"head\"", "\"bone\": \"Head\""),
    );
    q.write(
        "motion.json",
        fixture::MOTION.replace("\"bone\": \"head\"", "\"bone\": \"Head\""),
    );
    fixture::build(&q, "out")
        .code(1)
        .stdout_has("FAIL  STUDIO01_ANIMATION_WITHIN_MAX_LENGTH: animation \"nod\" lasts 1s and the studio allows at most 0.5s")
        .stdout_has("FAIL  STUDIO02_NAMES_FOLLOW_CONVENTION: bone \"Head\" is not snake_case");
    assert!(!q.exists("out"));
    // Each FAIL names the spec value that produced it, on the line under it:
    // the animation in motion.json, the bone in rig.json (their line:column
    // found here in the text the test wrote).
    let place = |file: &str, text: &str, needle: &str, pointer: &str| {
        let at = text.find(needle).expect("the needle is in the spec");
        let line = text[..at].matches('\n').count() + 1;
        let column = text[..at]
            .rsplit('\n')
            .next()
            .map_or(0, |l| l.chars().count())
            + 1;
        format!("        --> {file}:{line}:{column} at {pointer}")
    };
    let (rig, motion) = (q.read("rig.json"), q.read("motion.json"));
    let nod = place(
        "motion.json",
        &motion,
        "{\n      \"duration\": 1",
        "/animations/nod",
    );
    let head = place("rig.json", &rig, "{ \"name\": \"Head\"", "/bones/2");
    let run = fixture::build(&q, "out");
    let lines: Vec<&str> = run.stdout.lines().collect();
    let under = |fail: &str| {
        let i = lines
            .iter()
            .position(|l| l.starts_with(fail))
            .expect("the FAIL line");
        lines.get(i + 1).copied().unwrap_or_default().to_string()
    };
    assert_eq!(
        under("  FAIL  STUDIO01_ANIMATION_WITHIN_MAX_LENGTH"),
        nod,
        "{}",
        run.dump()
    );
    assert_eq!(
        under("  FAIL  STUDIO02_NAMES_FOLLOW_CONVENTION"),
        head,
        "{}",
        run.dump()
    );
    // And under --message-format json, each FAIL is one JSON object on stderr.
    let mut args = fixture::build_args("out");
    args.extend(["--message-format".to_string(), "json".to_string()]);
    let json = q.rigc(&args.iter().map(String::as_str).collect::<Vec<_>>());
    json.code(1);
    let objects: Vec<serde_json::Value> = json
        .stderr
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .filter(|v: &serde_json::Value| v["type"] == "assertion")
        .collect();
    assert_eq!(objects.len(), 2, "{}", json.dump());
    let studio01 = &objects[0];
    assert_eq!(studio01["code"], "STUDIO01_ANIMATION_WITHIN_MAX_LENGTH");
    assert_eq!(studio01["file"], "motion.json");
    assert_eq!(studio01["pointer"], "/animations/nod");
    assert_eq!(
        format!(
            "        --> motion.json:{}:{} at /animations/nod",
            studio01["line"], studio01["column"]
        ),
        nod
    );
    assert_eq!(studio01["subject"]["animation"], "nod");
    assert_eq!(objects[1]["pointer"], "/bones/2");
    assert_eq!(objects[1]["subject"]["target"]["bone"], "Head");
    // Unconfigured: both SKIP with the reason.
    let r = project(&[&lib], "");
    fixture::build(&r, "out")
        .green()
        .stdout_has("SKIP  STUDIO01_ANIMATION_WITHIN_MAX_LENGTH: the project sets no [plugin.studio-example] max_animation_seconds");
}

#[test]
fn a_rebuilt_plugin_reruns_exactly_the_stages_that_called_it() {
    let p = project(&[&util::plugin_library("rigc-test-misbehave")], "");
    p.rigc(&["build", "--all"]).green();
    p.rigc(&["build", "--all", "--report", "r.json"]).green();
    let r: serde_json::Value = serde_json::from_str(&p.read("r.json")).unwrap();
    assert_eq!(r["summary"]["stagesRan"], 0);
    // "Rebuild" the plugin: other bytes, same behaviour (a trailing byte the loader ignores).
    let path = p.path().join("plugins/0-librigc_test_misbehave.so");
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.push(0);
    std::fs::write(&path, bytes).unwrap();
    p.rigc(&["build", "--all", "--report", "r.json"]).green();
    let r: serde_json::Value = serde_json::from_str(&p.read("r.json")).unwrap();
    let ran: Vec<&str> = r["targets"][0]["stages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["ran"] == true)
        .map(|s| s["stage"].as_str().unwrap())
        .collect();
    assert_eq!(ran, ["gate:misbehave"]);
}
