//! This module owns the turn models `yaw` and `pitch` (FORMAT.md §3.14.1): a
//! rotation by `degrees` of each vertex about a vertical (yaw) or horizontal
//! (pitch) axis through `about`, projected back on the screen —
//! `d = (c−about)·(cos t − 1) − z·sin t` with `c` the vertex's x (yaw) or y
//! (pitch) and `z` its depth, off a cylinder of `radius`
//! (`z = √(radius² − (c−about)²)`) or off the generator's depth map
//! (`depth: true`, one depth per vertex in the call).

use crate::outcome::{finish, Stated};
use crate::params::{n, refuse, Axis, Params};
use crate::space::positions;
use rigc_sdk::abi::{DeformCall, DeformRefusal, MeshGeometry};
use rigc_sdk::deform::DeformKind;

/// `yaw` (the coordinate read and moved is x) or `pitch` (y).
pub struct Turn {
    name: &'static str,
    axis: Axis,
}

/// The head turning left or right: x moves, y does not.
pub const YAW: Turn = Turn {
    name: "yaw",
    axis: Axis::X,
};

/// The head nodding: y moves, x does not.
pub const PITCH: Turn = Turn {
    name: "pitch",
    axis: Axis::Y,
};

const PARAMS: &[&str] = &["radius", "depth", "degrees", "about"];

/// Where a vertex's depth comes from.
enum Depth {
    Cylinder(f64),
    Map,
}

impl DeformKind for Turn {
    fn name(&self) -> &'static str {
        self.name
    }
    fn params(&self) -> &'static [&'static str] {
        PARAMS
    }
    fn offsets(&self, call: &DeformCall) -> Result<Vec<[f64; 2]>, DeformRefusal> {
        let kind = self.name;
        let c = self.axis.name();
        let p = Params::new(kind, &call.params, PARAMS)?;
        let depth = match (p.has("radius"), p.flag("depth")?) {
            (true, true) => {
                return Err(refuse(
                    "radius-and-depth",
                    format!("transform {kind} states both a \"radius\" (a cylinder) and \"depth\": true (the generator's depth map), and they are two answers to where each vertex's depth comes from"),
                    Some("keep one: \"radius\" for a cylinder, or \"depth\": true for the depth map".into()),
                ))
            }
            (false, false) => {
                return Err(refuse(
                    "no-depth",
                    format!("transform {kind} states neither a \"radius\" nor \"depth\": true, so no vertex has a depth to turn about"),
                    Some("write \"radius\": <the cylinder's radius in pixels>, or \"depth\": true when the mesh's generator names a depth map".into()),
                ))
            }
            (true, false) => {
                let r = p.number("radius")?;
                if r <= 0.0 {
                    return Err(refuse(
                        "radius-not-positive",
                        format!("transform {kind} has radius {}; a cylinder's radius is a length greater than 0", n(r)),
                        None,
                    ));
                }
                Depth::Cylinder(r)
            }
            (false, true) => Depth::Map,
        };
        let degrees = p.number("degrees")?;
        let about = p.number_or("about", 0.0)?;
        let at = positions(kind, &call.mesh)?;
        let t = degrees.to_radians();
        let (cos1, sin) = (t.cos() - 1.0, t.sin());
        let mut raw = Vec::with_capacity(at.len());
        for (i, xy) in at.iter().enumerate() {
            let along = self.axis.of(*xy) - about;
            let z = match depth {
                Depth::Cylinder(r) => {
                    if along.abs() > r {
                        return Err(refuse(
                            "past-radius",
                            format!(
                                "transform {kind} has radius {}, and vertex {i} sits at {c}={}, which is {} past it ({} from about={}): the cylinder has no surface there",
                                n(r),
                                n(self.axis.of(*xy)),
                                n(along.abs() - r),
                                n(along.abs()),
                                n(about)
                            ),
                            Some(format!("state a radius of at least {} (the depth table's R for this part), or \"depth\": true with a depth map", n(along.abs()))),
                        ));
                    }
                    (r * r - along * along).max(0.0).sqrt()
                }
                Depth::Map => match call.mesh.vertices.get(i).and_then(|v| v.depth) {
                    Some(z) if z.is_finite() => z,
                    Some(z) => {
                        return Err(refuse(
                            "non-finite-depth",
                            format!("transform {kind} reads the depth map, and vertex {i}'s depth is {}; a depth is finite", n(z)),
                            None,
                        ))
                    }
                    None => return Err(no_depth(kind, &call.mesh, i)),
                },
            };
            raw.push(self.axis.offset(along * cos1 - z * sin));
        }
        let depth_words = match depth {
            Depth::Cylinder(r) => format!("radius={}", n(r)),
            Depth::Map => "depth=true".into(),
        };
        let about_words = if about == 0.0 {
            String::new()
        } else {
            format!(" about={}", n(about))
        };
        finish(
            Stated {
                kind,
                params: format!("{depth_words} degrees={}{about_words}", n(degrees)),
                identity: degrees % 360.0 == 0.0,
                mesh: &call.mesh.name,
                nothing_detail: String::new(),
            },
            raw,
        )
    }
}

/// Why `depth: true` has no depth for vertex `i`: the generator names no depth
/// map (no vertex has one), or the map left this vertex out.
fn no_depth(kind: &str, mesh: &MeshGeometry, i: usize) -> DeformRefusal {
    let any = mesh.vertices.iter().any(|v| v.depth.is_some());
    let message = if any {
        format!("transform {kind} states \"depth\": true, and vertex {i} of {} has no depth while others have one: the depth map did not reach every vertex", mesh.name)
    } else {
        format!("transform {kind} states \"depth\": true, and none of the {} vertices of {} has a depth: this attachment's generator names no depth map (there is no fallback to a cylinder)", mesh.vertices.len(), mesh.name)
    };
    refuse(
        "no-depth-map",
        message,
        Some("name a depth map in the mesh's generator, or state \"radius\" for a cylinder".into()),
    )
}
