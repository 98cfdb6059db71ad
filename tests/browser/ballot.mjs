// Votes on a `rigc vote` ballot in headless Chromium as a person would: waits
// for every pane to load in the player, picks an answer and a reason in the
// page's form, presses Save, and writes the file the page's download link
// gives to --save. Prints one JSON document: the console errors and uncaught
// exceptions, each pane's state from `window.rigcPreview`, the download's
// suggested file name and where it was saved.
//
// usage: node tests/browser/ballot.mjs --page <ballot.html> --answer <A|B|…|tie|both-unacceptable>
//          --reason <code> --save <file> [--timeout-ms 30000]
//
// The driver is playwright-core from .browser/ (scripts/setup-browser.sh);
// the browser is /usr/bin/chromium (or $RIGC_CHROMIUM), headless, --no-sandbox.
// Exit 0 when the vote was saved, 1 otherwise.

import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const browserDir = process.env.RIGC_BROWSER_DIR || join(root, ".browser");

function parse(argv) {
  const a = { page: null, answer: null, reason: null, save: null, timeoutMs: 30000 };
  for (let i = 0; i < argv.length; i += 2) {
    const k = argv[i], v = argv[i + 1];
    if (v === undefined) throw new Error(`${k} needs a value`);
    if (k === "--page") a.page = v;
    else if (k === "--answer") a.answer = v;
    else if (k === "--reason") a.reason = v;
    else if (k === "--save") a.save = v;
    else if (k === "--timeout-ms") a.timeoutMs = Number(v);
    else throw new Error(`unknown flag ${k}`);
  }
  for (const k of ["page", "answer", "reason", "save"]) if (!a[k]) throw new Error(`--${k} is required`);
  return a;
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
  const report = { consoleErrors: [], pageErrors: [], panes: [], download: null, saved: null };
  try {
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1100, height: 1000 } });
    const page = await context.newPage();
    page.on("console", m => { if (m.type() === "error") report.consoleErrors.push(m.text()); });
    page.on("pageerror", e => report.pageErrors.push(String(e && e.message || e)));
    await page.goto(pathToFileURL(resolve(args.page)).href, { waitUntil: "load", timeout: args.timeoutMs });
    await page.waitForFunction(() => window.rigcPreview !== undefined && window.rigcBallot !== undefined, null, { timeout: args.timeoutMs });
    report.panes = await page.evaluate(async () => {
      await window.rigcPreview.settled;
      return window.rigcPreview.panes.map(p => ({ ...p }));
    });
    await page.check(`input[name=answer][value="${args.answer}"]`);
    await page.selectOption("#rigc-reason", args.reason);
    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: args.timeoutMs }),
      page.click("#rigc-save"),
    ]);
    report.download = download.suggestedFilename();
    await download.saveAs(resolve(args.save));
    report.saved = resolve(args.save);
    await context.close();
  } finally {
    await browser.close();
  }
  process.stdout.write(JSON.stringify(report, null, 1) + "\n");
}

main().catch(e => {
  process.stderr.write(`ballot: ${e && e.stack || e}\n`);
  process.exit(1);
});
