// Loads a skeleton with the official runtime the way a game does:
// new TextureAtlas(text), new SkeletonJson(new AtlasAttachmentLoader(atlas)).readSkeletonData(json).
// Usage: node bench/load.mjs <skeleton.json> <skeleton.atlas> [iterations]
// Prints the median in-process load time in milliseconds (after one warm-up load).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { dirname, join } from "node:path";

const root = join(dirname(new URL(import.meta.url).pathname), "..");
const oracle = process.env.RIGC_ORACLE ?? join(root, ".oracle");
const spine = await import(pathToFileURL(join(oracle, "node_modules/@esotericsoftware/spine-core/dist/index.js")).href);

const [skeletonPath, atlasPath, n = "1"] = process.argv.slice(2);
const json = readFileSync(skeletonPath, "utf8");
const atlasText = readFileSync(atlasPath, "utf8");
function load() {
  const atlas = new spine.TextureAtlas(atlasText);
  for (const page of atlas.pages) page.setTexture(new spine.FakeTexture({ name: page.name, width: page.width, height: page.height }));
  return new spine.SkeletonJson(new spine.AtlasAttachmentLoader(atlas)).readSkeletonData(json);
}
const times = [];
for (let i = 0; i < Number(n); i++) {
  const t = performance.now();
  load();
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(times[Math.floor(times.length / 2)].toFixed(4));
