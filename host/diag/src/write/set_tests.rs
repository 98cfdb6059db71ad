//! Tests of writing a set of files as a unit: what reaches the disk, what is
//! kept, what is refused before anything changes, and what is swept.

use super::*;
use std::os::unix::fs::MetadataExt;

fn bytes<'a>(name: &'a str, b: &'a [u8]) -> File<'a> {
    File {
        name,
        content: Content::Bytes(b),
    }
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

fn ino(p: &Path) -> u64 {
    fs::metadata(p).unwrap().ino()
}

#[test]
fn a_new_directory_is_created_whole() {
    let t = tempfile::tempdir().unwrap();
    let out = t.path().join("a/build");
    let r = write_set(&out, &[bytes("x.json", b"1"), bytes("x.atlas", b"2")], None).unwrap();
    assert_eq!(r.unit, Unit::Created);
    assert_eq!(
        r.written,
        vec![
            Written::Wrote(out.join("x.json")),
            Written::Wrote(out.join("x.atlas"))
        ]
    );
    assert_eq!(names(&out), ["x.atlas", "x.json"]);
    assert_eq!(
        names(&t.path().join("a")),
        ["build"],
        "no staging left beside it"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_changed_set_is_swapped_in_keeping_other_files_and_unchanged_inodes() {
    let t = tempfile::tempdir().unwrap();
    let out = t.path().join("build");
    write_set(&out, &[bytes("x.json", b"1"), bytes("x.atlas", b"2")], None).unwrap();
    fs::write(out.join("notes.txt"), "mine").unwrap();
    let (atlas, notes) = (ino(&out.join("x.atlas")), ino(&out.join("notes.txt")));
    let r = write_set(
        &out,
        &[bytes("x.json", b"1b"), bytes("x.atlas", b"2")],
        None,
    )
    .unwrap();
    assert_eq!(r.unit, Unit::Swapped);
    assert_eq!(
        r.written,
        vec![
            Written::Wrote(out.join("x.json")),
            Written::Unchanged(out.join("x.atlas"))
        ]
    );
    assert_eq!(fs::read(out.join("x.json")).unwrap(), b"1b");
    assert_eq!(fs::read_to_string(out.join("notes.txt")).unwrap(), "mine");
    assert_eq!(
        ino(&out.join("x.atlas")),
        atlas,
        "an unchanged file is the same file"
    );
    assert_eq!(
        ino(&out.join("notes.txt")),
        notes,
        "another file is kept, not copied"
    );
    assert_eq!(names(t.path()), ["build"], "the old set is gone");
}

#[test]
fn an_unchanged_set_touches_nothing() {
    let t = tempfile::tempdir().unwrap();
    let out = t.path().join("build");
    write_set(&out, &[bytes("x.json", b"1")], None).unwrap();
    let before = ino(&out);
    let r = write_set(&out, &[bytes("x.json", b"1")], None).unwrap();
    assert_eq!(r.unit, Unit::Unchanged);
    assert_eq!(r.written, vec![Written::Unchanged(out.join("x.json"))]);
    assert_eq!(ino(&out), before, "the directory was not replaced");
}

#[test]
fn foreseeable_failures_change_nothing() {
    let t = tempfile::tempdir().unwrap();
    let out = t.path().join("build");
    write_set(&out, &[bytes("x.json", b"1"), bytes("x.png", b"p")], None).unwrap();
    fs::remove_file(out.join("x.png")).unwrap();
    fs::create_dir(out.join("x.atlas")).unwrap();
    let e = write_set(
        &out,
        &[bytes("x.json", b"new"), bytes("x.atlas", b"2")],
        None,
    )
    .unwrap_err();
    assert_eq!(e.path, out.join("x.atlas"));
    assert!(e.reason.contains("directory is in the way"), "{e}");
    let missing = t.path().join("nope.png");
    let e = write_set(
        &out,
        &[
            bytes("x.json", b"new"),
            File {
                name: "p.png",
                content: Content::CopyOf(&missing),
            },
        ],
        None,
    )
    .unwrap_err();
    assert_eq!(e.path, missing);
    for bad in ["", ".", "..", "a/b", ".x.rigc-tmp-3"] {
        let e = write_set(&out, &[bytes("x.json", b"new"), bytes(bad, b"")], None).unwrap_err();
        assert!(e.reason.contains("plain file name"), "{bad:?}: {e}");
    }
    let e = write_set(&out, &[bytes("X.json", b"new"), bytes("x.JSON", b"")], None).unwrap_err();
    assert!(e.reason.contains("named twice"), "{e}");
    assert_eq!(
        fs::read(out.join("x.json")).unwrap(),
        b"1",
        "nothing replaced"
    );
    fs::write(t.path().join("file"), "f").unwrap();
    let e = write_set(&t.path().join("file"), &[bytes("x.json", b"")], None).unwrap_err();
    assert!(e.reason.contains("not a directory"), "{e}");
    assert!(!e.partial);
}

#[test]
fn a_subdirectory_falls_back_to_renames_in_place() {
    let t = tempfile::tempdir().unwrap();
    let out = t.path().join("build");
    fs::create_dir_all(out.join("images")).unwrap();
    fs::write(out.join("images/a.png"), "a").unwrap();
    let before = ino(&out);
    let r = write_set(&out, &[bytes("x.json", b"1")], None).unwrap();
    assert!(
        matches!(&r.unit, Unit::InPlace(why) if why.contains("images")),
        "{:?}",
        r.unit
    );
    assert_eq!(ino(&out), before, "the directory itself stays");
    assert_eq!(names(&out), ["images", "x.json"]);
    assert_eq!(names(t.path()), ["build"]);
}

#[test]
fn a_reason_from_the_caller_keeps_the_directory() {
    let t = tempfile::tempdir().unwrap();
    let out = t.path().join("build");
    write_set(&out, &[bytes("x.json", b"1")], None).unwrap();
    let before = ino(&out);
    let r = write_set(&out, &[bytes("x.json", b"2")], Some("it holds rig.json")).unwrap();
    assert_eq!(r.unit, Unit::InPlace("it holds rig.json".into()));
    assert_eq!(ino(&out), before);
    assert_eq!(fs::read(out.join("x.json")).unwrap(), b"2");
}

#[test]
fn a_symlinked_directory_is_written_through_not_replaced() {
    let t = tempfile::tempdir().unwrap();
    let real = t.path().join("real");
    fs::create_dir(&real).unwrap();
    let link = t.path().join("link");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let r = write_set(&link, &[bytes("x.json", b"1")], None).unwrap();
    assert_eq!(r.written, vec![Written::Wrote(link.join("x.json"))]);
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(fs::read(real.join("x.json")).unwrap(), b"1");
}

#[test]
fn stale_temporaries_are_swept_and_live_ones_kept() {
    const DEAD: u32 = 4_194_304 + 99;
    let t = tempfile::tempdir().unwrap();
    let out = t.path().join("build");
    write_set(&out, &[bytes("x.json", b"1")], None).unwrap();
    let stale_stage = t.path().join(temp::name_for("build", DEAD));
    fs::create_dir(&stale_stage).unwrap();
    fs::write(stale_stage.join("x.json"), "half").unwrap();
    let stale_file = out.join(temp::name_for("x.json", DEAD));
    fs::write(&stale_file, "half").unwrap();
    let other = t.path().join(temp::name_for("elsewhere", DEAD));
    fs::write(&other, "another set's").unwrap();
    let live = t.path().join(temp::own_name("elsewhere"));
    fs::write(&live, "this process's").unwrap();
    write_set(&out, &[bytes("x.json", b"1")], None).unwrap();
    assert!(!stale_stage.exists() && !stale_file.exists());
    assert!(
        !other.exists(),
        "every stale temporary of rigc's naming beside it goes"
    );
    assert!(live.exists(), "a live process's temporary stays");
    fs::remove_file(&live).unwrap();
    assert_eq!(names(&out), ["x.json"]);
    // A build that writes nothing sweeps the directory every time, its parent
    // once per process.
    let again = t.path().join(temp::name_for("build", DEAD));
    let inside = out.join(temp::name_for("x.json", DEAD));
    fs::create_dir(&again).unwrap();
    fs::write(&inside, "half").unwrap();
    sweep_once(&out);
    assert!(!again.exists() && !inside.exists());
    fs::create_dir(&again).unwrap();
    fs::write(&inside, "half").unwrap();
    sweep_once(&out);
    assert!(again.exists(), "the parent is listed once per process");
    assert!(!inside.exists());
}
