// Service worker template: build.py fills in the cache version (a hash of every asset's bytes)
// and the asset list, and writes the result to dist/sw.js.
const VERSION = "__CACHE_VERSION__";
const ASSETS = ["__ASSETS__"];
const CACHE = `pyblokus-${VERSION}`;

self.addEventListener("install", (event) => {
  // cache: "no-cache" revalidates with the server: what the first load fetched costs a 304, and a
  // new deploy never precaches stale copies from the HTTP cache.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(ASSETS.map((url) => new Request(url, { cache: "no-cache" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("pyblokus-") && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

// Cache first: every asset is versioned by the cache name, so a cached copy is never stale.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) =>
        cache
          .match(request, { ignoreSearch: true })
          .then((hit) => hit || (request.mode === "navigate" ? cache.match("./") : undefined)),
      )
      .then((hit) => hit || fetch(request)),
  );
});
