//! The rasteriser on skeletons small enough to know every pixel: a region's
//! texture lands upright where its bone puts it, colours tint it, a clipping
//! polygon cuts it, hidden slots draw nothing, a mesh's triangles tile.

use rigc_render::{draw, Image, Pages, Show, Viewport};
use rigc_spine::{read_atlas, read_skeleton, Skeleton};

/// A 4×4 page: the top two rows red, the bottom two blue, all opaque.
fn page(dir: &std::path::Path) {
    let mut img = Image::new(4, 4);
    for y in 0..4 {
        for x in 0..4 {
            let i = (y * 4 + x) * 4;
            let c = if y < 2 {
                [255, 0, 0, 255]
            } else {
                [0, 0, 255, 255]
            };
            img.rgba[i..i + 4].copy_from_slice(&c);
        }
    }
    std::fs::write(dir.join("p.png"), img.encode_png()).expect("write the page");
}

const ATLAS: &str = "p.png\nsize: 4,4\nfilter: Linear,Linear\nr\nbounds: 0,0,4,4\n";

fn render(skeleton_json: &str, viewport: Viewport, show: &Show) -> Image {
    let dir = tempfile::tempdir().expect("a temp dir");
    page(dir.path());
    let atlas = read_atlas(ATLAS).expect("an atlas");
    let data = read_skeleton(skeleton_json, Some(&atlas))
        .expect("a skeleton")
        .data;
    let mut sk = Skeleton::new(&data).expect("poses");
    sk.setup_pose();
    sk.update_world_transform().expect("a pose");
    let pages = Pages::load(&atlas, dir.path()).expect("pages");
    draw(&sk, &pages, &viewport, show).expect("draws")
}

fn viewport(x: f64, y: f64, size: f64, scale: f64) -> Viewport {
    let px = (size * scale) as u32;
    Viewport {
        x,
        y,
        width: size,
        height: size,
        scale,
        pixel_width: px,
        pixel_height: px,
    }
}

fn skeleton(
    slot_extra: &str,
    attachment_extra: &str,
    more_slots: &str,
    more_attachments: &str,
) -> String {
    format!(
        r#"{{"skeleton":{{"spine":"4.3.13"}},"bones":[{{"name":"root"}}],
        "slots":[{{"name":"s","bone":"root","attachment":"r"{slot_extra}}}{more_slots}],
        "skins":[{{"name":"default","attachments":{{"s":{{"r":{{"width":4,"height":4{attachment_extra}}}}}{more_attachments}}}}}]}}"#
    )
}

#[test]
fn a_region_lands_upright_where_its_bone_puts_it() {
    let img = render(
        &skeleton("", "", "", ""),
        viewport(-2.0, -2.0, 4.0, 1.0),
        &Show::All,
    );
    assert_eq!((img.width, img.height), (4, 4));
    assert_eq!(
        img.pixel(0, 0),
        [255, 0, 0, 255],
        "the texture's top row is drawn at the top"
    );
    assert_eq!(img.pixel(3, 3), [0, 0, 255, 255]);
    // Twice the size and moved: the region covers the grid's lower right quarter.
    let img = render(
        &skeleton("", "", "", ""),
        viewport(-6.0, -2.0, 8.0, 2.0),
        &Show::All,
    );
    assert_eq!(img.pixel(2, 8), [0; 4], "left of the region is empty");
    assert_eq!(img.pixel(12, 9), [255, 0, 0, 255]);
    assert_eq!(img.pixel(12, 7), [0; 4], "above the region is empty");
    assert_eq!(img.pixel(12, 14), [0, 0, 255, 255]);
    let drawn = rigc_render::compare::drawn_box(&img).expect("drawn");
    assert_eq!(drawn, [8, 8, 16, 16]);
}

#[test]
fn slot_and_attachment_colours_tint_and_hidden_slots_draw_nothing() {
    let tinted = render(
        &skeleton(r#","color":"ffffff80""#, r#","color":"00ff00ff""#, "", ""),
        viewport(-2.0, -2.0, 4.0, 1.0),
        &Show::All,
    );
    // Red × green light = black at half alpha.
    assert_eq!(tinted.pixel(0, 0), [0, 0, 0, 128]);
    let dark = render(
        &skeleton(r#","color":"ffffffff","dark":"00ff00""#, "", "", ""),
        viewport(-2.0, -2.0, 4.0, 1.0),
        &Show::All,
    );
    // Two-colour tint: where the texture has no green, the dark green shows.
    assert_eq!(dark.pixel(0, 0), [255, 255, 0, 255]);
    let hidden = render(
        &skeleton("", "", "", ""),
        viewport(-2.0, -2.0, 4.0, 1.0),
        &Show::Hide(vec![0]),
    );
    assert!(hidden.rgba.iter().all(|&b| b == 0));
    let only = render(
        &skeleton("", "", "", ""),
        viewport(-2.0, -2.0, 4.0, 1.0),
        &Show::Only(vec![0]),
    );
    assert_eq!(only.pixel(0, 0), [255, 0, 0, 255]);
}

#[test]
fn a_clipping_polygon_cuts_what_follows_until_its_end_slot() {
    // A clip over the left half (x < 0), drawn before the region.
    let json = r#"{"skeleton":{"spine":"4.3.13"},"bones":[{"name":"root"}],
      "slots":[{"name":"c","bone":"root","attachment":"c"},{"name":"s","bone":"root","attachment":"r"}],
      "skins":[{"name":"default","attachments":{
        "c":{"c":{"type":"clipping","end":"s","vertexCount":4,"vertices":[-2,-2, 0,-2, 0,2, -2,2]}},
        "s":{"r":{"width":4,"height":4}}}}]}"#;
    let img = render(json, viewport(-2.0, -2.0, 4.0, 1.0), &Show::All);
    assert_eq!(img.pixel(0, 0), [255, 0, 0, 255]);
    assert_eq!(img.pixel(1, 3), [0, 0, 255, 255]);
    assert_eq!(img.pixel(2, 0), [0; 4], "right of the clip is cut");
    assert_eq!(img.pixel(3, 3), [0; 4]);
}

#[test]
fn a_mesh_draws_its_triangles_through_their_uvs_without_gaps() {
    // A 4-vertex mesh over the whole region, split along a diagonal.
    let json = r#"{"skeleton":{"spine":"4.3.13"},"bones":[{"name":"root"}],
      "slots":[{"name":"s","bone":"root","attachment":"r"}],
      "skins":[{"name":"default","attachments":{"s":{"r":{"type":"mesh","width":4,"height":4,
        "uvs":[0,1, 1,1, 1,0, 0,0],"triangles":[0,1,2, 2,3,0],"vertices":[-2,-2, 2,-2, 2,2, -2,2],"hull":4}}}}]}"#;
    let img = render(json, viewport(-2.0, -2.0, 4.0, 4.0), &Show::All);
    assert_eq!((img.width, img.height), (16, 16));
    for y in 0..16 {
        for x in 0..16 {
            let p = img.pixel(x, y);
            assert_eq!(
                p[3], 255,
                "pixel ({x}, {y}) is covered: the diagonal leaves no hairline"
            );
        }
    }
    assert_eq!(img.pixel(8, 1), [255, 0, 0, 255]);
    assert_eq!(img.pixel(8, 14), [0, 0, 255, 255]);
}
