// The browser half of bench/serve-latency.sh: opens a `rigc watch --serve`
// page in headless Chromium, then --edits times edits one crawl key of
// --motion (a new value each time), and for each takes, on one clock (the
// epoch in milliseconds, performance.timeOrigin + performance.now(), here and
// in the page), the time from just before the write until the page had
// swapped the new skeleton in and until the next frame was drawn
// (window.rigcServe's reload record). Prints the medians, with rigc's own
// figure from --log (its `rebuilt` lines: event -> written output).
// A benchmark, not a test: nothing here passes or fails on a figure.
//
// usage: node bench/serve-latency.mjs --url <page> --motion <motion.json>
//          [--edits 15] [--log <rigc watch's stdout>] [--timeout-ms 20000]

import { createRequire } from "node:module";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const browserDir = process.env.RIGC_BROWSER_DIR || join(root, ".browser");
const KEY = '{ "t": 0.6, "v": [1.1], "ease": "squish" }';

function parse(argv) {
  const a = { edits: 15, log: null, timeoutMs: 20000 };
  for (let i = 0; i < argv.length; i += 2) {
    const k = argv[i], v = argv[i + 1];
    if (v === undefined) throw new Error(`${k} needs a value`);
    if (k === "--url") a.url = v;
    else if (k === "--motion") a.motion = v;
    else if (k === "--edits") a.edits = Number(v);
    else if (k === "--log") a.log = v;
    else if (k === "--timeout-ms") a.timeoutMs = Number(v);
    else throw new Error(`unknown flag ${k}`);
  }
  if (!a.url || !a.motion) throw new Error("--url and --motion are required");
  return a;
}

const median = xs => {
  const s = [...xs].sort((x, y) => x - y), n = s.length;
  return n ? (n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2) : NaN;
};
const fmt = x => x.toFixed(1).padStart(7);

async function main() {
  const args = parse(process.argv.slice(2));
  const original = readFileSync(args.motion, "utf8");
  if (!original.includes(KEY)) throw new Error(`the crawl key this bench edits is not in ${args.motion}`);
  const require = createRequire(join(browserDir, "package.json"));
  const { chromium } = require("playwright-core");
  const browser = await chromium.launch({
    executablePath: process.env.RIGC_CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox"],
  });
  const swapped = [], drawn = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 1000 } });
    await page.goto(args.url, { waitUntil: "load", timeout: args.timeoutMs });
    await page.waitForFunction(() => window.rigcServe && window.rigcServe.generation !== null, null,
                               { timeout: args.timeoutMs });
    for (let i = 0; i < args.edits; i++) {
      await sleep(300); // let the previous batch settle; not part of any figure
      const before = await page.evaluate(() => window.rigcServe.reloads.length);
      const edited = original.replace(KEY, KEY.replace("1.1", (1.1 + (i + 1) / 1000).toFixed(3)));
      const t0 = performance.timeOrigin + performance.now();
      writeFileSync(args.motion, edited);
      const handle = await page.waitForFunction(n => {
        const r = window.rigcServe.reloads;
        return r.length > n && r[r.length - 1].drawnAt !== null && r[r.length - 1];
      }, before, { timeout: args.timeoutMs, polling: "raf" });
      const r = await handle.jsonValue();
      swapped.push(r.swappedAt - t0);
      if (process.env.VERBOSE) console.log(JSON.stringify({ report: r.reportAt - t0, started: r.startedAt - t0, fetched: r.fetchedAt - t0, swapped: r.swappedAt - t0, drawn: r.drawnAt - t0 }));
      drawn.push(r.drawnAt - t0);
    }
  } finally {
    writeFileSync(args.motion, original);
    await browser.close();
  }
  const lines = [`${args.edits} edits of gallery/snail/motion.json in the browser (medians; min–max):`,
    `  edit -> new skeleton swapped into the player:  ${fmt(median(swapped))} ms  (${Math.min(...swapped).toFixed(1)}–${Math.max(...swapped).toFixed(1)})`,
    `  edit -> first frame of it drawn:               ${fmt(median(drawn))} ms  (${Math.min(...drawn).toFixed(1)}–${Math.max(...drawn).toFixed(1)})`];
  if (args.log) {
    const re = /— ([\d.]+) ms from the event to the written output \(([\d.]+) ms batching, ([\d.]+) ms building\)/;
    const rebuilt = readFileSync(args.log, "utf8").split("\n").filter(l => l.includes("rebuilt snail")).slice(1);
    const figures = rebuilt.map(l => l.match(re)).filter(Boolean).map(m => Number(m[1]));
    if (figures.length) lines.push(`  rigc, event -> written output (its own line): ${fmt(median(figures))} ms  (${figures.length} rebuilds)`);
  }
  process.stdout.write(lines.join("\n") + "\n");
}

main().catch(e => {
  process.stderr.write(`serve-latency: ${e && e.stack || e}\n`);
  process.exit(1);
});
