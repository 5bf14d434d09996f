// Drives the page in headless Chromium for host_tests/test_web.py: real key presses, the
// frames stepped from here on the page's virtual clock (?manual), so nothing depends on
// timing. Reads a plan (JSON) on stdin:
//   {"url": "http://127.0.0.1:PORT/?manual&seed=1", "chromium": "/usr/bin/chromium",
//    "runs": [{"keys": ["A", "DOWN", ...], "shots": true, "frames": false,
//              "screenshot": "page.png"}, ...]}
// A run with "live": true (and its own "url", without ?manual) lets the page run its own
// frames and presses its "keys" on the keyboard, then its "buttons" on the screen's pad with
// the mouse, each held until the screen changes (holdUntilChange). Otherwise:
// each run loads the page anew in the same browser profile (a reload: the saves stay),
// settles, then presses each key: keydown, one frame, keyup, one frame, frames until the
// app waits (the simulator's press()). Writes JSON on stdout: per run the timing, and per
// key (and the start) the screen's text and, with "shots", its pixels (RGBA, base64); with
// "frames", the ms each frame of the run took in the page (App.frame and the painting); with
// "screenshot", a picture of the whole page after the last key.
// A plan with "pair": {"urls": [two URLs], "setup": [Python for each page], "frames": N}
// instead opens two tabs (link play between them: ?link), runs each one's setup in its
// page's MicroPython (window.pgg.run), then pair_frame() in each in turn, a frame each (the
// browser delivers what one tab posted to the other between two), until both return True
// or N frames; writes {"frames": how many, "results": each tab's pair_result() (a string),
// "errors"}.
import { chromium } from "playwright-core";

const KEYS = { UP: "ArrowUp", DOWN: "ArrowDown", LEFT: "ArrowLeft", RIGHT: "ArrowRight",
  A: "z", B: "x", START: "Enter", SELECT: "Tab" };
// Chromium on a closed machine: no network of its own, no first-run or background work.
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

async function screen(page, shots) {
  return page.evaluate((shots) => {
    const canvas = document.getElementById("screen");
    const out = { text: window.pgg.texts(), width: canvas.width, height: canvas.height,
      beeps: window.pgg.beeps.length };
    if (shots) {
      const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
      let raw = "";
      for (let i = 0; i < data.length; i += 0x8000) {
        raw += String.fromCharCode.apply(null, data.subarray(i, i + 0x8000));
      }
      out.rgba = btoa(raw);
    }
    return out;
  }, shots);
}

// A button held until the screen changes (at most 5 s), then let go at once: a frame must
// see it, however slow the machine, and it is up long before the d-pad's auto-repeat (400 ms).
async function holdUntilChange(page, down, up) {
  const text = () => page.evaluate(() => window.pgg.texts().join("\n"));
  const before = await text();
  await down();
  const end = Date.now() + 5000;
  while (Date.now() < end && (await text()) === before) await page.waitForTimeout(10);
  await up();
  await page.waitForTimeout(200); // the release seen by a frame or more
}

async function pair(context, plan, errors) {
  const pages = [];
  for (const url of plan.urls) {
    const page = await context.newPage();
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForSelector("body[data-ready]", { timeout: 60000 });
    pages.push(page);
  }
  for (let i = 0; i < pages.length; i++) {
    await pages[i].evaluate((code) => { window.pgg.run(code); }, plan.setup[i]);
  }
  let frames = 0;
  const done = pages.map(() => false);
  while (frames < plan.frames && !done.every((d) => d)) {
    frames++;
    for (let i = 0; i < pages.length; i++) {
      done[i] = await pages[i].evaluate(() => {
        window.pgg.run("pair_done = pair_frame()");
        return window.pgg.get("pair_done") === true;
      });
    }
  }
  const results = [];
  for (const page of pages) {
    results.push(await page.evaluate(() => {
      window.pgg.run("pair_out = pair_result()");
      return window.pgg.get("pair_out");
    }));
  }
  return { frames, results, errors };
}

const plan = await readStdin();
const browser = await chromium.launch({ executablePath: plan.chromium, args: FLAGS });
const context = await browser.newContext({ viewport: { width: 720, height: 640 } });
const errors = [];
if (plan.pair) {
  const result = await pair(context, plan.pair, errors);
  await browser.close();
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
}
const page = await context.newPage();
page.on("pageerror", (e) => errors.push(e.message));
const result = { runs: [], errors };
for (const run of plan.runs) {
  await page.goto(run.url || plan.url);
  await page.waitForSelector("body[data-ready]", { timeout: 60000 });
  if (run.live) { // the page's own frames (requestAnimationFrame): keys, then the buttons
    const steps = [];
    for (const name of run.keys) {
      await holdUntilChange(page, () => page.keyboard.down(KEYS[name]),
        () => page.keyboard.up(KEYS[name]));
      steps.push(await screen(page, false));
    }
    for (const name of run.buttons || []) {
      const button = page.locator('#pad button[data-key="' + name + '"]');
      const box = await button.boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await holdUntilChange(page, () => page.mouse.down(), () => page.mouse.up());
      steps.push(await screen(page, false));
    }
    result.runs.push({ steps, timing: await page.evaluate(() => window.pgg.timing),
      storage: [], frames: [] });
    continue;
  }
  await page.evaluate(() => { window.pgg.settle(); window.pgg.frameTimes.length = 0; });
  const steps = [await screen(page, run.shots)];
  for (const name of run.keys) {
    const keys = name.split("+").map((part) => KEYS[part]);
    for (const key of keys) await page.keyboard.down(key);
    await page.evaluate(() => window.pgg.stepHeld());
    for (const key of keys) await page.keyboard.up(key);
    await page.evaluate(() => { window.pgg.stepHeld(); window.pgg.settle(); });
    steps.push(await screen(page, run.shots));
  }
  const timing = await page.evaluate(() => window.pgg.timing);
  const storage = await page.evaluate(() => window.pgg.storage());
  if (run.screenshot) await page.screenshot({ path: run.screenshot, fullPage: true });
  const frames = run.frames ? await page.evaluate(() => window.pgg.frameTimes) : [];
  result.runs.push({ steps, timing, storage, frames });
}
await browser.close();
process.stdout.write(JSON.stringify(result));
