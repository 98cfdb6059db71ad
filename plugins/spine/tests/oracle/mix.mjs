// Applies an animation with every Animation.apply argument spine-core 4.3
// takes (alpha, MixFrom setup|first|current, add, out) on top of a base pose,
// in one Node process for many jobs, and prints the oracle's snapshot of each.
//
//   node mix.mjs <pose.mjs> <jobs.json>
//
// jobs.json: [{json, atlas, skin, base, baseTime, animation, lastTime, time,
// loop, alpha, from, add, out}]. Per job: new Skeleton, setSkin, setupPose;
// base.apply(-1, baseTime, setup, alpha 1) when a base is named; then
// animation.apply(lastTime, time, loop, events, alpha, MixFrom[from], add, out,
// false); updateWorldTransform(Physics.none); snapshot.
import fs from "node:fs";
import { pathToFileURL } from "node:url";

const [poseModule, jobsFile] = process.argv.slice(2);
const pose = await import(pathToFileURL(poseModule).href);
const spineUrl = pathToFileURL(poseModule.replace(/pose\.mjs$/, "node_modules/@esotericsoftware/spine-core/dist/index.js")).href;
const spine = await import(spineUrl);
const jobs = JSON.parse(fs.readFileSync(jobsFile, "utf8"));
const cache = new Map();
const out = [];
for (const job of jobs) {
  try {
    const key = `${job.json}|${job.atlas}`;
    if (!cache.has(key)) {
      const atlas = job.atlas == null ? null : fs.readFileSync(job.atlas, "utf8");
      cache.set(key, pose.loadSkeletonData(fs.readFileSync(job.json, "utf8"), atlas));
    }
    const data = cache.get(key);
    const sk = new spine.Skeleton(data);
    if (job.skin != null) sk.setSkin(job.skin);
    sk.setupPose();
    if (job.base != null) data.findAnimation(job.base).apply(sk, -1, job.baseTime, false, [], 1, spine.MixFrom.setup, false, false, false);
    const events = [];
    data.findAnimation(job.animation).apply(sk, job.lastTime, job.time, job.loop, events, job.alpha, spine.MixFrom[job.from], job.add, job.out, false);
    sk.updateWorldTransform(spine.Physics.none);
    out.push({ ok: true, doc: pose.snapshot(sk, job.time, events) });
  } catch (e) {
    out.push({ ok: false, error: String(e && e.message !== undefined ? e.message : e) });
  }
}
process.stdout.write(pose.stringify(out, true) + "\n");
