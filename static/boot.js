// Runs before Python: shows the named loading stages and registers the service worker.
// Kept tiny and dependency-free so the first paint does not wait for anything.

const STAGES = ["runtime", "engine"];
const progress = document.getElementById("progress");

function enterStage(name) {
  const index = STAGES.indexOf(name);
  if (index < 0 || index < Number(progress.value)) return;
  progress.value = index;
  for (const item of document.querySelectorAll("[data-stage]")) {
    const at = STAGES.indexOf(item.dataset.stage);
    item.classList.toggle("done", at < index);
    item.classList.toggle("active", at === index);
  }
}

enterStage("runtime");

// PyScript fetches [files] (the game package) once the interpreter is loaded.
addEventListener("py:progress", ({ detail }) => {
  if (detail === "Loading files") enterStage("engine");
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
