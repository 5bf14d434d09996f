// The page's script: MicroPython's WebAssembly port runs the firmware unchanged
// (firmware/webpage.py runs the app on it, firmware/hw/web.py is its board). This script only moves things across: the firmware's
// files into the port's filesystem, pixels from the panel onto the canvas, keys into the
// buttons held, the saves between the port's /saves and the browser's storage, and the
// frames: one App.frame() per 33 ms from requestAnimationFrame, or, with ?manual (tests),
// one at a time on a virtual clock as the desktop simulator's headless mode runs them (the
// keys still set the buttons held; the test steps the frames: window.pgg). With ?link=NAME
// the page links to another tab of this browser opened with ?link too (link play: a
// BroadcastChannel carries the link's bytes), and keeps its saves apart, under NAME.
import { loadMicroPython } from "./micropython.mjs";

const SIZES = { pybadge: [160, 128], pygamer: [160, 128], picodisplay: [240, 135] };
const FRAME_MS = 33; // the app's frame (firmware/app.py FRAME_MS)
const IDLE_FRAMES = 20000; // frames a settle may take (tools/sim.py)
const SAVES = "/saves";
const LINK = new URLSearchParams(location.search).get("link"); // null: no link
// The storage keys: STORE + a save file's name (a linked tab's: its own, by its link's name).
const STORE = "pocket-gem-games:" + (LINK === null ? "" : "link-" + LINK + ":");
function ours(key) { // (an unlinked tab's prefix begins the linked tabs' too)
  return key.startsWith(STORE) && (LINK !== null || !key.startsWith(STORE + "link-"));
}
// Button masks (firmware/buttons.py NAMES: bit i is NAMES[i]).
const NAMES = ["UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT"];
const MASK = Object.fromEntries(NAMES.map((name, i) => [name, 1 << i]));
const KEYS = {
  ArrowUp: "UP", ArrowDown: "DOWN", ArrowLeft: "LEFT", ArrowRight: "RIGHT",
  z: "A", Z: "A", " ": "A", x: "B", X: "B", Backspace: "B",
  Enter: "START", Tab: "SELECT", Shift: "SELECT",
};

const params = new URLSearchParams(location.search);
const board = SIZES[params.get("board")] ? params.get("board") : "pybadge";
const manual = params.has("manual");
const seed = params.has("seed") ? parseInt(params.get("seed"), 10) : null;
const [width, height] = SIZES[board];
const screen = document.getElementById("screen");
const status = document.getElementById("status");
screen.width = width;
screen.height = height;
if (width > 160) screen.classList.add("wide");
const ctx = screen.getContext("2d");

// -- the panel: windows of big-endian RGB565 as hex, expanded as tools/panelmodel.py does
const R5 = new Uint8Array(32).map((_, v) => Math.floor((v * 255) / 31));
const G6 = new Uint8Array(64).map((_, v) => Math.floor((v * 255) / 63));
function paint(x, y, w, h, hex) {
  const image = ctx.createImageData(w, h);
  const out = image.data;
  for (let i = 0, j = 0; j < out.length; i += 4, j += 4) {
    const v = parseInt(hex.substr(i, 4), 16);
    out[j] = R5[v >> 11];
    out[j + 1] = G6[(v >> 5) & 63];
    out[j + 2] = R5[v & 31];
    out[j + 3] = 255;
  }
  ctx.putImageData(image, x, y);
}

// -- the beep: a short square tone (browsers allow sound only after a key or a touch)
let audio = null;
const beeps = []; // every beep asked for: [hz, ms] (the tests read them)
function beep(hz, ms) {
  beeps.push([hz, ms]);
  if (audio === null || audio.state !== "running") return;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = "square";
  osc.frequency.value = hz;
  gain.gain.value = 0.05;
  osc.connect(gain).connect(audio.destination);
  osc.start();
  osc.stop(audio.currentTime + ms / 1000);
}
function wakeAudio() {
  try {
    if (audio === null) audio = new AudioContext();
    if (audio.state === "suspended") audio.resume();
  } catch (e) {
    audio = null; // no Web Audio: silent
  }
}

// -- the saves: the port's /saves folder kept in localStorage, file by file (base64)
let mp = null;
function toBase64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}
function fromBase64(text) {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}
function keep() {
  const names = mp.FS.readdir(SAVES).filter((name) => name !== "." && name !== "..");
  for (const name of names) {
    localStorage.setItem(STORE + name, toBase64(mp.FS.readFile(SAVES + "/" + name)));
  }
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const key = localStorage.key(i);
    if (ours(key) && !names.includes(key.slice(STORE.length))) {
      localStorage.removeItem(key);
    }
  }
}
function restore() {
  mp.FS.mkdir(SAVES);
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (ours(key)) {
      mp.FS.writeFile(SAVES + "/" + key.slice(STORE.length), fromBase64(localStorage.getItem(key)));
    }
  }
}

// -- the link to another tab (?link): what the other tab posted, as hex, until taken
let inbox = "";
const channel = LINK === null ? null : new BroadcastChannel("pocket-gem-games-link");
if (channel !== null) channel.onmessage = (e) => { inbox += e.data; };
function send(hex) {
  channel.postMessage(hex);
}
function take() {
  const text = inbox;
  inbox = "";
  return text;
}

// -- the firmware: every file of the bundle (make web) into the port's filesystem
async function install() {
  const bundle = await (await fetch("firmware.json")).json();
  const made = new Set([""]);
  for (const [path, text] of Object.entries(bundle.files)) {
    const parts = path.split("/");
    for (let i = 1; i < parts.length; i++) {
      const dir = "/" + parts.slice(0, i).join("/");
      if (!made.has(dir)) {
        mp.FS.mkdir(dir);
        made.add(dir);
      }
    }
    mp.FS.writeFile("/" + path, text);
  }
}

// -- the buttons held: keyboard and on-screen buttons
let held = 0;
function hold(name, down) {
  if (!(name in MASK)) return;
  wakeAudio();
  held = down ? held | MASK[name] : held & ~MASK[name];
}
{
  addEventListener("keydown", (e) => {
    if (e.key in KEYS) {
      hold(KEYS[e.key], true);
      e.preventDefault();
    }
  });
  addEventListener("keyup", (e) => {
    if (e.key in KEYS) hold(KEYS[e.key], false);
  });
  addEventListener("blur", () => { held = 0; });
  for (const button of document.querySelectorAll("#pad button")) {
    const name = button.dataset.key;
    const down = (e) => { hold(name, true); button.classList.add("down"); e.preventDefault(); };
    const up = () => { hold(name, false); button.classList.remove("down"); };
    button.addEventListener("pointerdown", down);
    button.addEventListener("pointerup", up);
    button.addEventListener("pointerleave", up);
    button.addEventListener("pointercancel", up);
  }
}

// -- the frames
let page = null;
let now = 0; // the virtual clock (?manual)
const frameTimes = []; // ms each frame took, for the bench (the last 20000)
function frame(mask, at) {
  const start = performance.now();
  page.frame(mask, at);
  frameTimes.push(performance.now() - start);
  if (frameTimes.length > 20000) frameTimes.shift();
}
function step(mask) { // ?manual: one frame on the virtual clock
  now += FRAME_MS;
  frame(mask, now);
}
function settle() { // frames with no button down until the app waits for one
  for (let i = 0; i < IDLE_FRAMES; i++) {
    step(0);
    if (!page.busy()) return;
  }
  throw new Error("the app is still busy after " + IDLE_FRAMES + " frames");
}
function stepHeld() { // ?manual: one frame with the buttons the keyboard holds now
  step(held);
}
function press(names) { // a button (or a chord "B+UP") down one frame, then settle
  let mask = 0;
  for (const name of names.split("+")) mask |= MASK[name.trim().toUpperCase()];
  step(mask);
  step(0);
  settle();
}
let last = -FRAME_MS;
function loop(t) {
  if (t - last >= FRAME_MS - 1) {
    last = t;
    try {
      frame(held, null); // the app reads the port's own ticks_ms()
    } catch (e) {
      status.textContent = "Stopped: " + e;
      throw e;
    }
  }
  requestAnimationFrame(loop);
}

async function start() {
  const loadStart = performance.now();
  mp = await loadMicroPython({ heapsize: 2 * 1024 * 1024, stdout: (line) => console.log(line) });
  await install();
  restore();
  mp.runPython("import sys\nif '/' not in sys.path: sys.path.insert(0, '/')");
  const web = mp.pyimport("firmware.webpage");
  page = channel === null ? web.Page(board, paint, beep, keep, seed)
    : web.Page(board, paint, beep, keep, seed, send, take);
  mp.globals.set("page", page); // (the tests' scripts: window.pgg.run)
  const timing = { load: performance.now() - loadStart };
  window.pgg = {
    board, timing, frameTimes, beeps,
    press, settle, step, stepHeld,
    run: (code) => { mp.runPython(code); }, // Python in the page (the link's test drives
    get: (name) => mp.globals.get(name), // its app) and what it left in a global
    texts: () => page.text().split("\n"),
    storage: () => Object.keys(localStorage).filter(ours),
  };
  if (manual) {
    step(0); // the first frame, as the simulator's
    timing.firstFrame = performance.now() - loadStart;
    status.textContent = "";
  } else {
    status.textContent = "";
    requestAnimationFrame((t) => {
      loop(t);
      timing.firstFrame = performance.now() - loadStart;
    });
  }
  document.body.dataset.ready = "1";
}

start().catch((e) => {
  status.textContent = "Could not start: " + e;
  console.error(e);
});
