// Poses many jobs in one Node process with the oracle's own functions
// (pose.mjs from RIGC_ORACLE_DIR), so differential tests do not pay a Node
// start per skeleton.
//
//   node batch.mjs <pose.mjs> <jobs.json>
//
// jobs.json: [{json, atlas (path or null), animation (or null), times: [..],
// skin, loop, physics ("none"|"update"), dt}]. Prints one compact JSON array:
// per job {ok: true, doc} or {ok: false, error}.
import fs from "node:fs";
import { pathToFileURL } from "node:url";

const [poseModule, jobsFile] = process.argv.slice(2);
const pose = await import(pathToFileURL(poseModule).href);
const jobs = JSON.parse(fs.readFileSync(jobsFile, "utf8"));
const out = [];
for (const job of jobs) {
  try {
    const json = fs.readFileSync(job.json, "utf8");
    const atlas = job.atlas == null ? null : fs.readFileSync(job.atlas, "utf8");
    const data = pose.loadSkeletonData(json, atlas);
    const doc = pose.poseDocument(data, {
      animationName: job.animation ?? null, times: job.times, skin: job.skin ?? null,
      loop: !!job.loop, physics: job.physics ?? "none", dt: job.dt ?? 1 / 60,
    });
    out.push({ ok: true, doc });
  } catch (e) {
    out.push({ ok: false, error: String(e && e.message !== undefined ? e.message : e) });
  }
}
process.stdout.write(pose.stringify(out, true) + "\n");
