// Runs before Python: shows what is loading and how far (or why it failed), keeps the compiled
// runtime for the computer player's worker, and registers the service worker.
// Kept tiny and dependency-free so the first paint does not wait for anything.

// Its words in the player's language (static/layout.js loads them), ``{named}`` places filled.
const _ = (message, fields = {}) =>
  (self.pyblokusWords?.[message] ?? message).replace(/\{(\w+)\}/g, (_, name) => fields[name]);

const STAGES = ["runtime", "start", "engine"];
// Where each stage starts on the progress bar (of 100): the download is most of the wait.
const STARTS = { runtime: 0, start: 70, engine: 85, ready: 100 };
// Python starting, then the game's import and first drawing, are each mostly one long task
// that cannot report how far it is, and during which the page paints nothing. A band creeps
// along the stage's share of the bar meanwhile, animated by the compositor (which goes on
// while the main thread is busy): it slows down and stops short of the share's end, which only
// the stage's real end reaches. Its time: about twice the stage's on a slow phone.
const CREEP_MS = { start: 4000, engine: 3000 };
const progress = document.getElementById("progress");
const creep = document.getElementById("creep");
let creeping = null;
// File name -> bytes of the runtime files (build.py writes them into the page).
const SIZES = JSON.parse(document.getElementById("loading").dataset.sizes);
const TOTAL = Object.values(SIZES).reduce((sum, size) => sum + size, 0);
let stage = "runtime";
const counted = {}; // file name -> bytes of it in
let received = 0;

function arrived(name, bytes) {
  counted[name] = Math.min(SIZES[name], (counted[name] ?? 0) + bytes);
  received = Object.values(counted).reduce((sum, size) => sum + size, 0);
  show();
}

// The game package and PyScript's compiled package (pyscript.toml's [files]) are needed only
// once Python runs: their download starts once the runtime is compiled (its download
// complete), so as not to slow that one down, and goes on while Python starts. PyScript's own
// fetch of them, later, takes the preloaded responses.
const GAME = ["./game.zip", "./pyscript-compiled.zip"];
let gameAsked = false;

function preloadGame() {
  if (gameAsked) return;
  gameAsked = true;
  for (const href of GAME) {
    const link = document.createElement("link");
    Object.assign(link, { rel: "preload", href, as: "fetch", crossOrigin: "anonymous" });
    document.head.append(link);
  }
}

function show() {
  if (stage === "runtime" && received >= TOTAL) stage = "start";
  const index = STAGES.indexOf(stage);
  for (const item of document.querySelectorAll("[data-stage]")) {
    const at = STAGES.indexOf(item.dataset.stage);
    item.classList.toggle("done", at < index);
    item.classList.toggle("active", at === index);
  }
  progress.value = stage === "runtime" ? (STARTS.start * received) / TOTAL : STARTS[stage];
  if (stage in CREEP_MS && creeping !== stage) creepAlong(stage);
  const megabytes = (bytes) => (bytes / 1e6).toFixed(1);
  document.getElementById("runtime-bytes").textContent = _("{received} of {total} MB", {
    received: megabytes(Math.min(received, TOTAL)),
    total: megabytes(TOTAL),
  });
}

function creepAlong(stage) {
  creeping = stage;
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const end = STARTS[STAGES[STAGES.indexOf(stage) + 1] ?? "ready"];
  Object.assign(creep.style, { left: `${STARTS[stage]}%`, width: `${end - STARTS[stage]}%` });
  creep.hidden = false;
  creep.getAnimations().forEach((animation) => animation.cancel());
  creep.animate([{ transform: "scaleX(0)" }, { transform: "scaleX(0.9)" }], {
    duration: CREEP_MS[stage],
    easing: "cubic-bezier(0.2, 0.6, 0.4, 1)",
    fill: "forwards",
  });
}

// One frame painted: what the page shows now is on screen before a long task starts (at once
// in a tab not shown, which paints no frame; within 100 ms whatever happens).
const painted = () =>
  new Promise((resolve) => {
    if (document.hidden) resolve();
    requestAnimationFrame(() => setTimeout(resolve));
    setTimeout(resolve, 100);
  });

const fileName = (url) => new URL(url).pathname.split("/").pop();

// Python's start-up asks the browser for the time zone's names (Pyodide's tzset, through
// Intl): the first use is slow, later ones cheap (figures in bench/RESULTS.md). Asked once
// the stage is painted, while the runtime downloads and the main thread idles, they are
// ready when Python's start-up, one long task, needs them. (The first reads of localStorage
// and sessionStorage are the page's layout script's, before the first paint.)
painted().then(() => {
  new Date().toLocaleTimeString(undefined, { hour12: false, timeZoneName: "short" });
});

async function count(response) {
  const reader = response.body.getReader();
  const name = fileName(response.url);
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    arrived(name, chunk.value.length);
  }
}

// Counts the runtime's bytes as they arrive, reading a copy of each response: the response
// itself goes untouched to Pyodide (the browser keeps compiled WebAssembly with it).
const nativeFetch = window.fetch;
window.fetch = function (...args) {
  const pending = nativeFetch.apply(this, args);
  pending.then(
    (response) => fileName(response.url) in SIZES && count(response.clone()),
    () => {},
  );
  return pending;
};

// A failure below Python would leave the page `loading` for ever, or dead behind a live look:
// the runtime not compiled or instantiated (a cut download, no memory: Pyodide's loader only
// logs it and waits), an error nobody caught while loading, or Pyodide's fatal error at any
// time. The page says so in the loading box, and its state becomes `failed`.
function fail(why) {
  const state = document.body.dataset.state;
  if (state === "failed") return;
  const text =
    state === "loading"
      ? _("pyblokus could not start: its Python runtime failed ({why}). Reload the page to try again; a game in progress is kept.", { why })
      : _("pyblokus stopped: its Python runtime failed ({why}). Reload the page to try again; a game in progress is kept.", { why });
  const message = document.createElement("p");
  message.textContent = text;
  const box = document.getElementById("loading");
  box.replaceChildren(message);
  box.hidden = false;
  document.getElementById("status").textContent = text;
  document.body.dataset.state = "failed";
}

function failedBelowPython(error) {
  return document.body.dataset.state === "loading" || Boolean(error?.pyodide_fatal_error);
}

addEventListener("error", ({ error, message }) => failedBelowPython(error) && fail(message));
addEventListener("unhandledrejection", ({ reason }) => {
  if (failedBelowPython(reason)) fail(String(reason));
});

// The runtime compiled, kept for the computer player's worker (game/web/computer.py posts it
// there): Pyodide 0.27.7's loader cannot be handed a compiled module, so the page takes it as
// it is made, and the worker neither downloads nor compiles pyodide.asm.wasm again.
const nativeInstantiateStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async function (source, imports) {
  let compiled;
  try {
    compiled = await nativeInstantiateStreaming.call(this, source, imports);
  } catch (error) {
    fail(String(error));
    throw error;
  }
  if (fileName((await source).url) === "pyodide.asm.wasm") {
    window.pyblokusRuntime = compiled.module;
    preloadGame();
    // Compiled, so all in, and so is pyodide.asm.js, which runs this (their counts can lag).
    for (const name of ["pyodide.asm.wasm", "pyodide.asm.js"]) arrived(name, SIZES[name]);
  }
  await painted(); // Python's start-up follows in one long task: the stage is shown first
  return compiled;
};

// pyodide.asm.js comes as a module, not by fetch: counted whole once it is in.
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (fileName(entry.name).endsWith(".js") && fileName(entry.name) in SIZES) {
      arrived(fileName(entry.name), SIZES[fileName(entry.name)]);
    }
  }
}).observe({ type: "resource" });

show();
document.addEventListener("pyblokus-words", show); // the words arrived after the first count was shown

// PyScript fetches [files] (the game package) once the interpreter has started.
addEventListener("py:progress", ({ detail }) => {
  if (detail === "Loading files") {
    gameAsked = true; // PyScript fetches it now, preloaded or not
    stage = "engine";
    show();
  }
});

// The service worker precaches the whole site; it starts once the game is ready, so that its
// downloads do not compete with the first load (they mostly revalidate what that load fetched).
if ("serviceWorker" in navigator) {
  const register = () => {
    navigator.serviceWorker.register("./sw.js").catch((error) => {
      console.warn("offline mode unavailable:", error.message);
    });
  };
  const watcher = new MutationObserver(() => {
    if (document.body.dataset.state !== "loading") {
      watcher.disconnect();
      register();
    }
  });
  watcher.observe(document.body, { attributes: true, attributeFilter: ["data-state"] });
}
