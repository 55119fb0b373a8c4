// Starts PyScript (its core.js) without the one worker hook it registers by default: PyScript
// composes worker hooks into code with Function(), which the page's Content-Security-Policy
// forbids, and this page runs no PyScript workers (its computer player's is a plain one). Hooks
// are PyScript's public plugin API.
import { hooks } from "../vendor/pyscript/core.js";

hooks.worker.onBeforeRunAsync.clear();
