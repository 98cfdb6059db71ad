// Opens a page rigc made (`rigc preview`, the `vote` ballot) in headless
// Chromium and prints one JSON document about it: the console errors and
// uncaught exceptions, each pane's state from `window.rigcPreview`, and per
// loaded pane the player's camera and snapshots of its canvas — two while the
// animation plays, a known interval apart (with how many pixels differ), and
// one per `--at <t>` with the player paused and posed at animation time t
// (`--at setup` is the setup pose), each after the first compared with the
// first. A snapshot is the canvas's own RGBA
// (transparent where nothing is drawn), saved as PNG under --out, with the
// box and count of its drawn pixels (alpha > 0), in canvas pixels from the
// top-left.
//
// usage: node tests/browser/shoot.mjs --page <file.html | url> [--out <dir>]
//          [--interval-ms 400] [--at <t|setup>]... [--viewport x,y,w,h]
//          [--canvas WxH] [--timeout-ms 30000]
//
// --viewport fixes every pane's world box (no padding) before posing, so a
// pose is drawn at a known scale: the box is fitted into the canvas, centred.
// --canvas sizes every pane's player (CSS pixels = canvas pixels, the page
// is shot at device scale 1) before posing: with a viewport of the same
// aspect, world (x, y) lands at ((x − vx)·W/vw, (vy + vh − y)·H/vh) — the
// grid of `rigc render`'s frames, so the official renderer's pixels can be
// held to rigc's (see `official_frame` in tests/preview.rs).
//
// The driver is playwright-core from .browser/ (scripts/setup-browser.sh);
// the browser is /usr/bin/chromium (or $RIGC_CHROMIUM), run headless with
// --no-sandbox. Exit 0 when the page was read (whatever it says), 1 when the
// browser could not be run or the page never settled.

import { createRequire } from "node:module";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const browserDir = process.env.RIGC_BROWSER_DIR || join(root, ".browser");

function parse(argv) {
  const a = { page: null, out: null, intervalMs: 400, at: [], viewport: null, canvas: null, timeoutMs: 30000 };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i], v = argv[i + 1];
    if (v === undefined) throw new Error(`${k} needs a value`);
    i++;
    if (k === "--page") a.page = v;
    else if (k === "--out") a.out = v;
    else if (k === "--interval-ms") a.intervalMs = Number(v);
    else if (k === "--at") a.at.push(v === "setup" ? null : Number(v));
    else if (k === "--viewport") a.viewport = v.split(",").map(Number);
    else if (k === "--canvas") a.canvas = v.split("x").map(Number);
    else if (k === "--timeout-ms") a.timeoutMs = Number(v);
    else throw new Error(`unknown flag ${k}`);
  }
  if (!a.page) throw new Error("--page <file.html | url> is required");
  if (a.viewport && (a.viewport.length !== 4 || a.viewport.some(n => !Number.isFinite(n))))
    throw new Error("--viewport needs x,y,w,h");
  if (a.canvas && (a.canvas.length !== 2 || a.canvas.some(n => !(Number.isInteger(n) && n > 0))))
    throw new Error("--canvas needs WxH, whole pixels");
  if (a.at.some(t => t !== null && !Number.isFinite(t))) throw new Error("--at needs a number or setup");
  return a;
}

// In the page: the canvas of pane i read back, its drawn box, and (when
// `keep` names a slot) the pixels kept for a later comparison.
async function snapshot([i, keep, compareWith]) {
  const p = window.rigcPreview.players[i];
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const c = p.canvas;
  const w = c.width, h = c.height;
  const copy = document.createElement("canvas");
  copy.width = w; copy.height = h;
  const ctx = copy.getContext("2d");
  ctx.drawImage(c, 0, 0);
  const data = ctx.getImageData(0, 0, w, h).data;
  let x0 = w, y0 = h, x1 = -1, y1 = -1, pixels = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (data[(y * w + x) * 4 + 3] > 0) {
        pixels++;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  window.__rigcKept = window.__rigcKept || {};
  let diff = null;
  if (compareWith && window.__rigcKept[compareWith]) {
    const a = window.__rigcKept[compareWith];
    let differ = 0, max = 0;
    if (a.length === data.length) {
      for (let k = 0; k < data.length; k += 4) {
        let m = 0;
        for (let ch = 0; ch < 4; ch++) m = Math.max(m, Math.abs(a[k + ch] - data[k + ch]));
        if (m > 0) differ++;
        if (m > max) max = m;
      }
    } else differ = -1;
    diff = { pixels: differ, maxChannel: max };
  }
  if (keep) window.__rigcKept[keep] = data;
  const cam = p.sceneRenderer.camera;
  const entry = p.animationState.getTrack(0);
  return {
    width: w, height: h,
    camera: { x: cam.position.x, y: cam.position.y, zoom: cam.zoom, viewportWidth: cam.viewportWidth, viewportHeight: cam.viewportHeight },
    trackTime: entry ? entry.trackTime : null,
    animation: entry && entry.animation ? entry.animation.name : null,
    paused: p.paused,
    drawn: pixels ? { pixels, box: { x0, y0, x1: x1 + 1, y1: y1 + 1 } } : { pixels: 0, box: null },
    diff,
    png: copy.toDataURL("image/png"),
  };
}

// In the page: pause pane i and pose it at animation time t of its animation
// (t null: the setup pose, no animation), optionally in a fixed world box.
function poseAt([i, t, viewport, canvas]) {
  const p = window.rigcPreview.players[i];
  p.pause();
  if (canvas) {
    const box = document.getElementById("rigc-player-" + i);
    box.style.width = canvas[0] + "px";
    box.style.height = canvas[1] + "px";
    box.parentElement.style.width = Math.max(480, canvas[0]) + "px";
  }
  if (viewport) {
    const [x, y, width, height] = viewport;
    p.currentViewport = { x, y, width, height, padLeft: 0, padRight: 0, padTop: 0, padBottom: 0 };
    p.previousViewport = null;
  }
  const state = p.animationState, skeleton = p.skeleton;
  skeleton.setupPose();
  if (t === null) {
    state.clearTracks();
  } else {
    const name = window.rigcPreview.panes[i].animation;
    let entry = state.getTrack(0);
    if (!entry && name) entry = state.setAnimation(0, name, true);
    if (entry) {
      entry.mixDuration = 0;
      entry.trackTime = t;
      state.apply(skeleton);
    }
  }
  skeleton.updateWorldTransform(spine.Physics.update);
}

async function main() {
  const args = parse(process.argv.slice(2));
  const require = createRequire(join(browserDir, "package.json"));
  const { chromium } = require("playwright-core");
  const browser = await chromium.launch({
    executablePath: process.env.RIGC_CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox"],
  });
  const report = { browser: browser.version(), consoleErrors: [], pageErrors: [], panes: [], shots: [] };
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 1000 }, deviceScaleFactor: 1 });
    page.on("console", m => { if (m.type() === "error") report.consoleErrors.push(m.text()); });
    page.on("pageerror", e => report.pageErrors.push(String(e && e.message || e)));
    const url = /^[a-z]+:\/\//.test(args.page) ? args.page : pathToFileURL(resolve(args.page)).href;
    await page.goto(url, { waitUntil: "load", timeout: args.timeoutMs });
    await page.waitForFunction(() => window.rigcPreview !== undefined, null, { timeout: args.timeoutMs });
    report.panes = await page.evaluate(async (ms) => {
      const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error("the page did not settle")), ms));
      await Promise.race([window.rigcPreview.settled, timeout]);
      return window.rigcPreview.panes.map(p => ({ ...p }));
    }, args.timeoutMs);
    // Let the players draw a few frames after loading.
    await page.waitForTimeout(300);
    if (args.out) mkdirSync(args.out, { recursive: true });
    const save = (shot, name) => {
      const png = shot.png;
      delete shot.png;
      if (args.out) {
        const file = join(args.out, name);
        writeFileSync(file, Buffer.from(png.slice(png.indexOf(",") + 1), "base64"));
        shot.file = file;
      }
      return shot;
    };
    for (let i = 0; i < report.panes.length; i++) {
      if (!report.panes[i].loaded) continue;
      const a = save(await page.evaluate(snapshot, [i, `a${i}`, null]), `pane${i}-playing-a.png`);
      await page.waitForTimeout(args.intervalMs);
      const b = save(await page.evaluate(snapshot, [i, null, `a${i}`]), `pane${i}-playing-b.png`);
      const posed = [];
      for (const [k, t] of args.at.entries()) {
        await page.evaluate(poseAt, [i, t, args.viewport, args.canvas]);
        const name = `pane${i}-at-${t === null ? "setup" : t}.png`;
        // Each pose after the first is compared with the first.
        const shot = await page.evaluate(snapshot, [i, k === 0 ? `p${i}` : null, k === 0 ? null : `p${i}`]);
        posed.push({ t, ...save(shot, name) });
      }
      report.shots.push({ pane: i, intervalMs: args.intervalMs, playing: [a, b], posed });
    }
    report.panes = await page.evaluate(() => window.rigcPreview.panes.map(p => ({ ...p })));
  } finally {
    await browser.close();
  }
  process.stdout.write(JSON.stringify(report, null, 1) + "\n");
}

main().catch(e => {
  process.stderr.write(`shoot: ${e && e.stack || e}\n`);
  process.exit(1);
});
