//! The rasteriser's parsers and drawing on arbitrary input: a PNG decoded
//! from arbitrary bytes (or a real PNG cut or with bytes changed), a
//! `frames.json` from arbitrary or damaged text, and a region drawn at any
//! bone transform, finite or not — each either refused or done, never a
//! panic, and memory bounded by the inputs' size.

use proptest::prelude::*;
use rigc_render::sidecar::Frames;
use rigc_render::{draw, Image, Pages, Show, Viewport};

fn a_png() -> Vec<u8> {
    let mut img = Image::new(5, 3);
    for (i, b) in img.rgba.iter_mut().enumerate() {
        *b = (i * 37 % 256) as u8;
    }
    img.encode_png()
}

const FRAMES: &str = r##"{"spec":"rigc-frames/1","skeleton":"/a/skeleton.json","background":"#00000000",
"viewport":{"x":-1,"y":2,"width":30,"height":40,"scale":2,"pixelWidth":60,"pixelHeight":80},
"sets":[{"dir":"walk","animation":"walk","fps":12,"sampled":12,"written":12,"stride":1,"duration":0.9}]}"##;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_bytes_decode_or_are_refused(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = Image::decode_png(&bytes);
    }

    #[test]
    fn a_damaged_png_decodes_or_is_refused(cut in 0usize..200, at in 0usize..200, byte in any::<u8>()) {
        let mut png = a_png();
        if at < png.len() {
            png[at] = byte;
        }
        png.truncate(cut.min(png.len()));
        if let Ok(img) = Image::decode_png(&png) {
            prop_assert_eq!(img.rgba.len(), img.width as usize * img.height as usize * 4);
        }
    }

    #[test]
    fn a_damaged_sidecar_parses_or_is_refused(at in 0usize..400, byte in 32u8..127, cut in 0usize..400) {
        let mut text = FRAMES.as_bytes().to_vec();
        if at < text.len() {
            text[at] = byte;
        }
        text.truncate(cut.max(1).min(text.len()));
        let text = String::from_utf8_lossy(&text);
        if let Ok(f) = Frames::parse(&text) {
            prop_assert_eq!(Frames::parse(&f.to_text()).ok(), Some(f));
        }
    }

    #[test]
    fn any_string_is_a_sidecar_or_refused(s in ".{0,200}") {
        let _ = Frames::parse(&s);
    }

    #[test]
    fn a_region_at_any_transform_draws_or_is_refused(
        x in prop_oneof![-1e9f64..1e9, Just(f64::NAN), Just(f64::INFINITY)],
        y in -1e6f64..1e6,
        rotation in -720f64..720.0,
        scale in prop_oneof![-1e4f64..1e4, Just(0.0), Just(1e30)],
        width in 1u32..40,
        height in 1u32..40,
    ) {
        let dir = tempfile::tempdir().expect("a temp dir");
        std::fs::write(dir.path().join("p.png"), a_png()).expect("write");
        let atlas = rigc_spine::read_atlas("p.png\nsize: 5,3\nfilter: Linear,Linear\nr\nbounds: 0,0,5,3\n").expect("an atlas");
        let json = format!(
            r#"{{"bones":[{{"name":"root","x":{x},"y":{y},"rotation":{rotation},"scaleX":{scale}}}],
            "slots":[{{"name":"s","bone":"root","attachment":"r"}}],
            "skins":[{{"name":"default","attachments":{{"s":{{"r":{{"width":5,"height":3}}}}}}}}]}}"#,
            x = if x.is_finite() { x.to_string() } else { "0".into() },
        );
        let data = rigc_spine::read_skeleton(&json, Some(&atlas)).expect("a skeleton").data;
        let mut sk = rigc_spine::Skeleton::new(&data).expect("poses");
        sk.setup_pose();
        if !x.is_finite() {
            sk.x = x;
        }
        if sk.update_world_transform().is_ok() {
            let pages = Pages::load(&atlas, dir.path()).expect("pages");
            let v = Viewport { x: -20.0, y: -20.0, width: 40.0, height: 40.0, scale: f64::from(width) / 40.0,
                pixel_width: width, pixel_height: height };
            if let Ok(img) = draw(&sk, &pages, &v, &Show::All) {
                prop_assert_eq!((img.width, img.height), (width, height));
            }
        }
    }
}
