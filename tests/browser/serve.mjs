// Drives a `rigc watch --serve` page in headless Chromium through edits of a
// motion spec and prints one JSON document of what the page showed at each
// step (the test asserts on it; nothing here judges):
//
//   loaded  — the first green generation on screen, paused, --animation set
//             on track 0 and posed at its time --at
//   edited  — --motion's text with --from replaced by --to, written; once a
//             new generation is on screen: the pose (still paused), the
//             track, the reload's record (animation and time kept)
//   red     — --from replaced by --broken: once the page has a red report,
//             the failures box and the pose beneath it
//   fixed   — --to again: once the report is green, the box and generation
//   playing — the player playing for --play-ms, then --from replaced by
//             --to2: the reload's record and the track after it
//   image   — --image (a page PNG the atlas names) rewritten with a tEXt
//             chunk added (the same pixels, other bytes): once a new
//             generation is on screen, the reload's record (pages reused)
//
// Each `bone` is rigc's `window.rigcServe.bone(--bone)`; `track` is track 0.
//
// usage: node tests/browser/serve.mjs --url <page> --motion <motion.json>
//          --from <text> --to <text> --to2 <text> --broken <text>
//          --bone <name> --animation <name> --at <t> --image <png> [--play-ms 400]
//          [--timeout-ms 20000]
//
// The driver is playwright-core from .browser/ (scripts/setup-browser.sh);
// the browser is /usr/bin/chromium (or $RIGC_CHROMIUM), headless with
// --no-sandbox. Exit 0 when every step was observed, 1 otherwise (with the
// steps seen so far and the page's state on stderr).

import { createRequire } from "node:module";
import { crc32 } from "node:zlib";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const browserDir = process.env.RIGC_BROWSER_DIR || join(root, ".browser");

function parse(argv) {
  const a = { playMs: 400, timeoutMs: 20000 };
  const keys = { "--url": "url", "--motion": "motion", "--from": "from", "--to": "to", "--to2": "to2",
                 "--broken": "broken", "--image": "image", "--bone": "bone", "--animation": "animation", "--at": "at", "--play-ms": "playMs",
                 "--timeout-ms": "timeoutMs" };
  for (let i = 0; i < argv.length; i += 2) {
    const k = keys[argv[i]], v = argv[i + 1];
    if (!k) throw new Error(`unknown flag ${argv[i]}`);
    if (v === undefined) throw new Error(`${argv[i]} needs a value`);
    a[k] = v;
  }
  for (const k of ["url", "motion", "from", "to", "to2", "broken", "image", "bone", "animation", "at"])
    if (a[k] === undefined) throw new Error(`--${k} is required`);
  a.at = Number(a.at); a.playMs = Number(a.playMs); a.timeoutMs = Number(a.timeoutMs);
  return a;
}

// `png` with a tEXt chunk holding `text` before its IEND: other bytes, the
// same pixels.
function withText(png, text) {
  const at = png.length - 12;
  if (png.subarray(at + 4, at + 8).toString("latin1") !== "IEND") throw new Error("no IEND chunk at the end");
  const type = Buffer.from("tEXt", "latin1");
  const data = Buffer.from(`Comment\0${text}`, "latin1");
  const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(Buffer.concat([type, data])) >>> 0);
  return Buffer.concat([png.subarray(0, at), len, type, data, crc, png.subarray(at)]);
}

async function main() {
  const args = parse(process.argv.slice(2));
  const original = readFileSync(args.motion, "utf8");
  const image = readFileSync(args.image);
  if (!original.includes(args.from)) throw new Error(`--from is not in ${args.motion}`);
  const edit = to => writeFileSync(args.motion, original.replace(args.from, to));
  const require = createRequire(join(browserDir, "package.json"));
  const { chromium } = require("playwright-core");
  const browser = await chromium.launch({
    executablePath: process.env.RIGC_CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox"],
  });
  const report = { browser: browser.version(), consoleErrors: [], pageErrors: [], steps: {} };
  let page;
  const wait = (fn, arg) => page.waitForFunction(fn, arg, { timeout: args.timeoutMs, polling: "raf" });
  const look = () => page.evaluate(bone => {
    const s = window.rigcServe;
    return { generation: s.generation, report: s.report, error: s.error, bone: s.bone(bone), track: s.track(0),
             overlay: s.overlay(), overlayElements: document.querySelector(".rigc-failures").children.length,
             reloads: s.reloads.length, lastReload: s.reloads[s.reloads.length - 1] || null,
             paused: s.player().paused };
  }, args.bone);
  try {
    page = await browser.newPage({ viewport: { width: 1100, height: 1000 }, deviceScaleFactor: 1 });
    page.on("console", m => { if (m.type() === "error") report.consoleErrors.push(m.text()); });
    page.on("pageerror", e => report.pageErrors.push(String(e && e.message || e)));
    await page.goto(args.url, { waitUntil: "load", timeout: args.timeoutMs });
    await wait(() => window.rigcServe && window.rigcServe.generation !== null);
    await page.evaluate(([t, name]) => window.rigcServe.seek(t, name), [args.at, args.animation]);
    report.steps.loaded = await look();

    let gen = report.steps.loaded.generation;
    edit(args.to);
    await wait(g => window.rigcServe.generation !== g && window.rigcServe.loading === null, gen);
    report.steps.edited = await look();

    gen = report.steps.edited.generation;
    const build = report.steps.edited.report.build;
    edit(args.broken);
    await wait(b => { const r = window.rigcServe.report; return r.build > b && r.failures.length > 0; }, build);
    report.steps.red = await look();

    edit(args.to);
    await wait(b => { const r = window.rigcServe.report; return r.build > b && r.failures.length === 0 && window.rigcServe.loading === null; },
               report.steps.red.report.build);
    report.steps.fixed = await look();

    gen = report.steps.fixed.generation;
    await page.evaluate(() => window.rigcServe.player().play());
    await page.waitForTimeout(args.playMs);
    report.steps.beforePlayingEdit = await look();
    edit(args.to2);
    await wait(g => window.rigcServe.generation !== g && window.rigcServe.loading === null, gen);
    report.steps.playing = await look();

    gen = report.steps.playing.generation;
    writeFileSync(args.image, withText(image, "rigc serve test"));
    await wait(g => window.rigcServe.generation !== g && window.rigcServe.loading === null, gen);
    report.steps.image = await look();
  } catch (e) {
    report.failed = String(e && e.stack || e);
    if (page) report.state = await look().catch(err => String(err));
  } finally {
    writeFileSync(args.motion, original);
    writeFileSync(args.image, image);
    await browser.close();
  }
  process.stdout.write(JSON.stringify(report, null, 1) + "\n");
  if (report.failed) process.exit(1);
}

main().catch(e => {
  process.stderr.write(`serve: ${e && e.stack || e}\n`);
  process.exit(1);
});
