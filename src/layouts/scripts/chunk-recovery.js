// Inlined at the top of <head> so it is listening before any island asks for its code.
// A new deploy removes the old hashed chunks; a page opened before it then fails to load one.
// Reload once to get the new build, but at most once per 60 s (SPEC §2) so a real outage
// cannot loop.
(function () {
  var KEY = 'titipan:chunk-reload-at';
  var WINDOW_MS = 60000;
  var pattern = /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch dynamically|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i;
  function reloadOnce() {
    var now = Date.now();
    var last = 0;
    try {
      last = Number(sessionStorage.getItem(KEY)) || 0;
    } catch (e) {}
    if (now - last < WINDOW_MS) return false;
    try {
      sessionStorage.setItem(KEY, String(now));
    } catch (e) {}
    location.reload();
    return true;
  }
  window.addEventListener('vite:preloadError', function () {
    reloadOnce();
  });
  window.addEventListener('unhandledrejection', function (event) {
    var reason = event.reason;
    var message = reason && (reason.message || String(reason));
    if (message && pattern.test(message)) reloadOnce();
  });
})();
