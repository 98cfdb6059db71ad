//! Item 7: an IHDR declaring 100000×100000 with a tiny IDAT used to abort rigc
//! ("memory allocation of 40000000000 bytes failed"). A part larger than 16384
//! pixels a side is refused by name from its header, located at the rig's
//! `image` value, before anything is decoded; `rigc validate` over a page of
//! that size names it too, and neither aborts.

use super::line_col;
use crate::fixture::{self, RIG};
use crate::util::Project;
use std::time::Instant;

/// CRC-32 (ISO-HDLC, as PNG chunks use), bit by bit.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// A valid 1×1 PNG whose IHDR is rewritten to declare `w`×`h`, its CRC made
/// good, its one-pixel IDAT kept.
fn declaring(w: u32, h: u32) -> Vec<u8> {
    let mut png = fixture::part_png(1, 1);
    assert_eq!(&png[12..16], b"IHDR");
    png[16..20].copy_from_slice(&w.to_be_bytes());
    png[20..24].copy_from_slice(&h.to_be_bytes());
    let crc = crc32(&png[12..29]);
    png[29..33].copy_from_slice(&crc.to_be_bytes());
    png
}

#[test]
fn a_huge_declared_size_is_refused_from_the_header() {
    for (w, h) in [(100_000, 100_000), (16_385, 1)] {
        let p = Project::new();
        fixture::tiny(&p);
        p.write("parts/head.png", declaring(w, h));
        let started = Instant::now();
        let run = fixture::build(&p, "out");
        let secs = started.elapsed().as_secs_f64();
        run.code(1)
            .stderr_has("= code: image.too-large")
            .stderr_has(&format!("its header declares {w}×{h} pixels"))
            .stderr_has("at most 16384 pixels a side");
        let at = RIG.find("\"head.png\"").expect("the head's image");
        let (line, col) = line_col(RIG, at);
        run.stderr_has(&format!(
            "--> rig.json:{line}:{col} at /skins/default/head/head/image"
        ));
        assert!(!p.exists("out"), "{}", run.dump());
        assert!(secs < 10.0, "{w}x{h} took {secs:.1} s");
        eprintln!("png {w}x{h}: refused by name in {secs:.2} s");
    }
}

/// `rigc validate` decodes the pages a built atlas names: a page replaced by
/// one declaring 100000×100000 is a named failure, not an abort.
#[test]
fn validate_names_a_huge_page() {
    let p = Project::new();
    fixture::tiny(&p);
    fixture::build(&p, "out").green();
    p.write("parts/head.png", declaring(100_000, 100_000));
    let run = p.rigc(&["validate", "out"]);
    assert_eq!(run.code, 1, "validate exited {}{}", run.code, run.dump());
    assert!(
        (run.stdout.clone() + &run.stderr).contains("100000×100000"),
        "{}",
        run.dump()
    );
}
