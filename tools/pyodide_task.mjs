// Runs a Python script in Pyodide under Node, for the build (buildsteps/compiling.py):
//   node tools/pyodide_task.mjs RUNTIME_DIR STDLIB_ZIP WORK_DIR SCRIPT [ARGS...]
// RUNTIME_DIR holds pyodide.mjs and its files; STDLIB_ZIP is the standard library to start with;
// WORK_DIR is mounted at /work. The script runs with sys.argv = [SCRIPT, ...ARGS] and may await.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [runtime, stdLibURL, work, script, ...args] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(resolve(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: `${resolve(runtime)}/`, stdLibURL: resolve(stdLibURL) });
pyodide.FS.mkdirTree("/work");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(work) }, "/work");
pyodide.globals.set("task_argv", pyodide.toPy([script, ...args]));
pyodide.runPython("import sys; sys.argv = list(task_argv); del task_argv");
await pyodide.runPythonAsync(readFileSync(script, "utf8"), { filename: script });
