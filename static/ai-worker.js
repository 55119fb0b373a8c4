// The computer player in a Web Worker (a module worker): a Pyodide of its own with NumPy and
// the game, so that loading NumPy and searching never hold up the page's main thread.
// game/web/worker.py answers the searches and analyses. The page's first message is
// {runtime: the page's compiled pyodide.asm.wasm, or null}. Posts {loaded: NumPy's version}
// once it can search, or {failed: why}; messages that come before are kept until then.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const early = [];
let receive = (data) => early.push(data);
const first = new Promise((resolve) => {
  self.onmessage = ({ data }) => {
    self.onmessage = ({ data }) => receive(data);
    if ("runtime" in data) {
      resolve(data.runtime);
    } else {
      receive(data); // from a page that sends no runtime (a test's own worker)
      resolve(null);
    }
  };
});

async function bytesOf(url) {
  const response = await fetch(new URL(url, import.meta.url));
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// Pyodide 0.27.7's loader fetches and compiles pyodide.asm.wasm and takes no compiled module:
// given the page's, its one fetch of that file gets an empty answer and its one instantiation
// uses the page's module.
function useCompiled(runtime) {
  const nativeFetch = self.fetch;
  const nativeInstantiateStreaming = WebAssembly.instantiateStreaming;
  self.fetch = function (url, options) {
    if (!String(url).endsWith("/pyodide.asm.wasm")) return nativeFetch.call(this, url, options);
    self.fetch = nativeFetch;
    return Promise.resolve(new Response());
  };
  WebAssembly.instantiateStreaming = async (_, imports) => {
    WebAssembly.instantiateStreaming = nativeInstantiateStreaming;
    return { module: runtime, instance: await WebAssembly.instantiate(runtime, imports) };
  };
}

try {
  const worker_stdlib = bytesOf("../vendor/pyodide/worker_stdlib.zip");
  const game = bytesOf("../game.zip");
  const runtime = await first;
  if (runtime) useCompiled(runtime);
  const pyodide = await loadPyodide({
    indexURL: new URL("../vendor/pyodide/", import.meta.url).href,
  });
  // The standard library modules only the worker needs (NumPy's: build.py splits them off).
  pyodide.FS.writeFile("/lib/python312-worker.zip", await worker_stdlib);
  pyodide.pyimport("sys").path.append("/lib/python312-worker.zip");
  await pyodide.loadPackage("numpy", { messageCallback: () => {} });
  pyodide.unpackArchive(await game, "zip");
  receive = pyodide.pyimport("game.web.worker").serve();
  postMessage({ loaded: pyodide.pyimport("numpy").__version__ });
  for (const data of early.splice(0)) receive(data);
} catch (error) {
  postMessage({ failed: String(error) });
}
