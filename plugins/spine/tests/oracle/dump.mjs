// Dumps what spine-core 4.3.13 holds after readSkeletonData, as plain JSON, for
// the data-model comparison test.
// Usage: node dump.mjs <oracle dir> <json> <atlas|->
//        node dump.mjs <oracle dir> --batch <cases.json>
//   cases: [{json, atlas|null, pose?, skin?}] → [{data, pose?|poseError?}|{error}]
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [oracleDir, jsonPath, atlasPath] = process.argv.slice(2);
const batch = jsonPath === "--batch";
const pose = await import(pathToFileURL(path.join(oracleDir, "pose.mjs")).href);
const core = await import(pathToFileURL(path.join(oracleDir, "node_modules/@esotericsoftware/spine-core/dist/index.js")).href);

function dumpData(data) {
const arr = (a) => (a == null ? null : Array.from(a));
// Raw JSON arrays the runtime keeps as given (regionUVs, triangles, edges,
// weighted bones, path lengths) are printed with ToNumber applied: the model
// stores numbers, and the runtime only uses these values as numbers.
const nums = (a) => (a == null ? null : Array.from(a, (x) => Number(x)));
const col = (c) => (c == null ? null : [c.r, c.g, c.b, c.a]);
const enumOf = (v) => (v === undefined || v === null ? null : typeof v === "number" ? v : String(v));
const allAtt = [];
for (const skin of data.skins) for (const e of skin.getAttachments()) if (!allAtt.includes(e.attachment)) allAtt.push(e.attachment);
const attName = (a) => (a == null ? null : a.name);

function seq(s) {
  return { count: s.regions.length, start: s.start, digits: s.digits, setupIndex: s.setupIndex, pathSuffix: s.pathSuffix,
    regions: s.regions.map((r) => (r ? r.name : null)), uvs: s.uvs ? s.uvs.map(arr) : null, offsets: s.offsets ? s.offsets.map(arr) : null };
}
function vtx(a) {
  return { bones: nums(a.bones), vertices: arr(a.vertices), worldVerticesLength: a.worldVerticesLength };
}
function attachment(a) {
  const o = { name: a.name, timeline: attName(a.timelineAttachment), timelineSlots: arr(a.timelineSlots) };
  if (a instanceof core.RegionAttachment)
    Object.assign(o, { type: "region", path: a.path, x: a.x, y: a.y, scaleX: a.scaleX, scaleY: a.scaleY, rotation: a.rotation,
      width: a.width, height: a.height, color: col(a.color), sequence: seq(a.sequence) });
  else if (a instanceof core.MeshAttachment)
    Object.assign(o, { type: "mesh", path: a.path, color: col(a.color), ...vtx(a), regionUVs: nums(a.regionUVs), triangles: a.triangles ? nums(a.triangles) : null,
      hullLength: a.hullLength, edges: nums(a.edges), width: a.width, height: a.height, source: attName(a.sourceMesh), sequence: seq(a.sequence) });
  else if (a instanceof core.BoundingBoxAttachment) Object.assign(o, { type: "boundingbox", ...vtx(a), color: col(a.color) });
  else if (a instanceof core.PathAttachment)
    Object.assign(o, { type: "path", ...vtx(a), closed: a.closed, constantSpeed: a.constantSpeed, lengths: nums(a.lengths), color: col(a.color) });
  else if (a instanceof core.PointAttachment) Object.assign(o, { type: "point", x: a.x, y: a.y, rotation: a.rotation, color: col(a.color) });
  else if (a instanceof core.ClippingAttachment)
    Object.assign(o, { type: "clipping", ...vtx(a), end: a.endSlot ? a.endSlot.index : null, convex: a.convex, inverse: a.inverse, color: col(a.color) });
  return o;
}
function constraint(c) {
  const o = { name: c.name, skinRequired: c.skinRequired };
  const s = c.setupPose;
  if (c instanceof core.IkConstraintData)
    Object.assign(o, { type: "ik", bones: c.bones.map((b) => b.index), target: c.target.index, scaleYMode: enumOf(c._scaleYMode),
      mix: s.mix, softness: s.softness, bendDirection: s.bendDirection, compress: s.compress, stretch: s.stretch });
  else if (c instanceof core.TransformConstraintData)
    Object.assign(o, { type: "transform", bones: c.bones.map((b) => b.index), source: c.source.index, offsets: arr(c.offsets),
      localSource: c.localSource, localTarget: c.localTarget, additive: c.additive, clamp: c.clamp,
      properties: c.properties.map((p) => ({ from: p.constructor.name, offset: p.offset, to: p.to.map((t) => ({ to: t.constructor.name, offset: t.offset, max: t.max, scale: t.scale })) })),
      mixes: [s.mixRotate, s.mixX, s.mixY, s.mixScaleX, s.mixScaleY, s.mixShearY] });
  else if (c instanceof core.PathConstraintData)
    Object.assign(o, { type: "path", bones: c.bones.map((b) => b.index), slot: c.slot.index, positionMode: enumOf(c.positionMode),
      spacingMode: enumOf(c.spacingMode), rotateMode: enumOf(c.rotateMode), offsetRotation: c.offsetRotation,
      pose: [s.position, s.spacing, s.mixRotate, s.mixX, s.mixY] });
  else if (c instanceof core.PhysicsConstraintData)
    Object.assign(o, { type: "physics", bone: c.bone.index, x: c.x, y: c.y, rotate: c.rotate, scaleX: c.scaleX, shearX: c.shearX,
      scaleYMode: enumOf(c._scaleYMode), limit: c.limit, step: c.step,
      globals: [c.inertiaGlobal, c.strengthGlobal, c.dampingGlobal, c.massGlobal, c.windGlobal, c.gravityGlobal, c.mixGlobal],
      pose: [s.inertia, s.strength, s.damping, s.massInverse, s.wind, s.gravity, s.mix] });
  else if (c instanceof core.SliderData)
    Object.assign(o, { type: "slider", animation: c.animation ? c.animation.name : null, additive: c.additive, loop: c.loop,
      bone: c.bone ? c.bone.index : null, property: c.property ? c.property.constructor.name : null,
      from: c.property ? c.property.offset : null, scale: c.scale, offset: c.offset, local: c.local, max: c.max, time: s.time, mix: s.mix });
  return o;
}
function timeline(t, data) {
  const o = { type: t.constructor.name, frames: arr(t.frames), curves: arr(t.curves) };
  for (const k of ["boneIndex", "slotIndex", "constraintIndex"]) if (t[k] !== undefined) o[k] = t[k];
  // Per-frame arrays are printed up to the frame count: `new Array(x.length)`
  // can be longer when `x` is not an array, and the runtime never reads past.
  if (t.attachmentNames) o.names = t.attachmentNames.slice(0, t.frames.length).map((n) => (n ? n : null));
  if (t instanceof core.DeformTimeline) { o.attachment = t.attachment.name; o.vertices = t.vertices.map(arr); }
  if (t instanceof core.SequenceTimeline) o.attachment = t.attachment.name;
  // `new Array(map.events.length)` can hold a slot past the frames (e.g.
  // `"events": true` gives [undefined]); the runtime never reads past frames.
  if (t.events) o.events = t.events.filter((e) => e).map((e) => [e.time, e.data.name, e.intValue, e.floatValue, e.stringValue, e.volume, e.balance]);
  // A draw order is printed up to the slot count: an offset past the end
  // makes the runtime's array longer (sparse), which the model records as a
  // finding and leaves out.
  const orderLength = t instanceof core.DrawOrderFolderTimeline ? t.slots.length : data.slots.length;
  if (t.drawOrders) o.drawOrders = t.drawOrders.slice(0, t.frames.length).map((d) => (d ? Array.from({ length: Math.min(d.length, orderLength) }, (_, i) => (d[i] === undefined ? null : d[i])) : null));
  if (t instanceof core.DrawOrderFolderTimeline) o.slots = arr(t.slots);
  return o;
}
const out = {
  header: [data.x, data.y, data.width, data.height, data.fps, data.referenceScale, data.version, data.hash, data.imagesPath, data.audioPath],
  bones: data.bones.map((b) => ({ name: b.name, parent: b.parent ? b.parent.index : null, length: b.length,
    setup: [b.setupPose.x, b.setupPose.y, b.setupPose.rotation, b.setupPose.scaleX, b.setupPose.scaleY, b.setupPose.shearX, b.setupPose.shearY],
    inherit: enumOf(b.setupPose.inherit), skinRequired: b.skinRequired, color: col(b.color), icon: b.icon ?? null, iconSize: b.iconSize, iconRotation: b.iconRotation })),
  slots: data.slots.map((s) => ({ name: s.name, bone: s.boneData.index, color: col(s.setupPose.color), dark: col(s.setupPose.darkColor),
    attachment: s.attachmentName, blend: enumOf(s.blendMode), visible: s.visible })),
  constraints: data.constraints.map(constraint),
  skins: data.skins.map((s) => ({ name: s.name, bones: s.bones.map((b) => b.index), constraints: s.constraints.map((c) => data.constraints.indexOf(c)),
    attachments: s.getAttachments().map((e) => ({ slot: e.slotIndex, placeholder: e.placeholder, ...attachment(e.attachment) })) })),
  defaultSkin: data.defaultSkin ? data.defaultSkin.name : null,
  events: data.events.map((e) => [e.name, e.setupPose.intValue, e.setupPose.floatValue, e.setupPose.stringValue, e.audioPath, e.setupPose.volume, e.setupPose.balance]),
  animations: data.animations.map((a) => ({ name: a.name, duration: a.duration, bones: arr(a.bones), color: col(a.color), timelines: a.timelines.map((t) => timeline(t, data)) })),
};
return out;
}
const fix = (_k, v) => (v === undefined ? "undefined" : typeof v === "number" && !Number.isFinite(v) ? String(v) : v);
if (batch) {
  const cases = JSON.parse(fs.readFileSync(atlasPath, "utf8"));
  const results = cases.map((c) => {
    try {
      const data = pose.loadSkeletonData(c.json, c.atlas);
      const out = { data: dumpData(data) };
      if (c.pose) {
        try {
          out.pose = pose.poseDocument(data, { times: [0], skin: c.skin ?? null }).frames[0];
        } catch (e) {
          out.poseError = String(e && e.message !== undefined ? e.message : e);
        }
      }
      return out;
    } catch (e) {
      return { error: String(e && e.message !== undefined ? e.message : e) };
    }
  });
  process.stdout.write(JSON.stringify(results, fix));
} else {
  const atlasText = atlasPath === "-" ? null : fs.readFileSync(atlasPath, "utf8");
  process.stdout.write(JSON.stringify(dumpData(pose.loadSkeletonData(fs.readFileSync(jsonPath, "utf8"), atlasText)), fix));
}
