// Poses a skeleton frame after frame with the official runtime, exactly as
// plugins/sdk/benches/pose.rs does with ours: per frame skeleton.time = t,
// setupPose(), animation.apply(skeleton, last, t, loop, null, 1, MixFrom.setup,
// false, false, false), updateWorldTransform(Physics.update), then every mesh's
// computeWorldVertices into a reused buffer.
// Usage: node bench/pose_spine_core.mjs <skeleton.json> [frames=600] [runs=15] [phases]
// Prints the median time per pose in microseconds (after one warm-up run);
// with "phases", also the median of each step timed on its own (to stderr).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { dirname, join } from "node:path";

const root = join(dirname(new URL(import.meta.url).pathname), "..");
const oracle = process.env.RIGC_ORACLE ?? join(root, ".oracle");
const pose = await import(pathToFileURL(join(oracle, "pose.mjs")).href);
const spine = await import(pathToFileURL(join(oracle, "node_modules/@esotericsoftware/spine-core/dist/index.js")).href);

const [path, framesArg = "600", runsArg = "15", phasesArg] = process.argv.slice(2);
const phases = phasesArg === "phases";
const phaseSamples = [[], [], [], []];
const frames = Number(framesArg), runs = Number(runsArg);
const data = pose.loadSkeletonData(readFileSync(path, "utf8"), null);
const animation = data.animations[0];
const buf = new Array(1024).fill(0);
let checksum = 0;
const samples = [];
for (let r = 0; r < runs + 1; r++) {
  const skeleton = new spine.Skeleton(data);
  skeleton.setupPose();
  const start = performance.now();
  let last = -1;
  const phase = [0, 0, 0, 0];
  let clock = performance.now();
  const lap = (k) => {
    if (phases) {
      const now = performance.now();
      phase[k] += now - clock;
      clock = now;
    }
  };
  for (let f = 0; f < frames; f++) {
    const t = f / 60;
    lap(3);
    skeleton.time = t;
    skeleton.setupPose();
    lap(0);
    animation.apply(skeleton, last, t, true, null, 1, spine.MixFrom.setup, false, false, false);
    lap(1);
    skeleton.updateWorldTransform(spine.Physics.update);
    lap(2);
    for (const slot of skeleton.slots) {
      const a = slot.appliedPose.attachment;
      if (a instanceof spine.MeshAttachment) {
        a.computeWorldVertices(skeleton, slot, 0, a.worldVerticesLength, buf, 0, 2);
        checksum += buf[0];
      }
    }
    last = t;
  }
  lap(3);
  samples.push((performance.now() - start) / frames);
  phase.forEach((v, k) => phaseSamples[k].push(v / frames));
}
samples.shift();
if (phases) {
  const names = ["setup", "animation", "world transforms", "mesh vertices"];
  const parts = phaseSamples.map((v, k) => {
    v.shift();
    v.sort((a, b) => a - b);
    return `${names[k]} ${(v[Math.floor(v.length / 2)] * 1000).toFixed(2)}`;
  });
  console.error(`spine-core phases (median us/pose): ${parts.join(", ")}`);
}
samples.sort((a, b) => a - b);
const median = samples[Math.floor(samples.length / 2)];
console.log(`spine-core pose: ${data.bones.length} bones, ${data.constraints.length} constraints, ${frames} frames x ${runs} runs: median ${(median * 1000).toFixed(2)} us/pose (checksum ${checksum.toFixed(3)})`);
console.log(JSON.stringify({ us_per_pose: median * 1000 }));
