// The service worker: the app opens with no network.
// - The app's own files (styles, scripts, icons, the manifest) are cached and answered from
//   the phone at once, refreshed in the background.
// - Pages are asked of the server first; the games list, the pages of this phone's games
//   (the sheet, the round form, the players) and the new-game forms are cached as last seen. With no network the cached
//   copy is shown, marked with the time it was fetched (offline.js shows "offline, as of").
// - A form sent with no network comes back to the form it was typed in (drafts.js restores
//   what was typed); offline.js keeps a round that cannot be sent and sends it later.
// - A game's stream of changes (live.js) is never touched: it passes straight to the network.
// Served from /sw.js by the app (scope: the whole app, never cached long).
"use strict";

var SHELL = "scorekeeper-shell-v1";
var PAGES = "scorekeeper-pages";
var FETCHED_AT = "x-scorekeeper-fetched-at";
var MOST_PAGES = 60;
var ROOT = new URL("./", self.location).pathname;
var SHELL_FILES = [
  "static/style.css", "static/picker.css", "static/picker.js", "static/time.js", "static/live.js",
  "static/drafts.js", "static/offline.js", "static/photo.js", "static/photo.css",
  "static/favicon.svg", "static/icon-192.png",
  "static/icon-512.png", "static/manifest.webmanifest"
].map(function (path) { return ROOT + path; });
// the games list, a game's sheet, its round forms and its players, and the new-game forms:
// what a table needs offline
var CACHED_PAGES = new RegExp("^" + ROOT.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") +
  "(?:|new/[a-z-]+|s/[^/]+(?:/rounds/(?:new|\\d+)|/players/)?)$");

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL).then(function (cache) {
      return Promise.all(SHELL_FILES.map(function (url) {
        return cache.add(url).catch(function () { /* fetched when first used */ });
      }));
    }).then(function () { return keep(new Request(ROOT), event).catch(function () { return null; }); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("scorekeeper-shell-") === 0 && name !== SHELL;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function cachedPage(url) {
  return new URL(url).pathname.match(CACHED_PAGES) !== null;
}

// a page's headers for a copy cached as text: the body is no longer compressed, nor that long
function plainHeaders(given) {
  var headers = new Headers(given);
  headers.delete("content-encoding");
  headers.delete("content-length");
  return headers;
}

// the page from the network, a copy cached with the time it was fetched
function keep(request, event) {
  return fetch(request).then(function (response) {
    var html = (response.headers.get("content-type") || "").indexOf("text/html") === 0;
    if (response.status === 200 && html && cachedPage(request.url)) {
      var copy = response.clone();
      event.waitUntil(copy.text().then(function (text) {
        var headers = plainHeaders(copy.headers);
        headers.set(FETCHED_AT, new Date().toISOString());
        return caches.open(PAGES).then(function (cache) {
          return cache.put(request.url, new Response(text, { status: 200, headers: headers }))
            .then(function () { return trim(cache); });
        });
      }).catch(function () { /* the page still shows */ }));
    }
    return response;
  });
}

function trim(cache) {
  return cache.keys().then(function (requests) {
    var extra = requests.length - MOST_PAGES;
    return Promise.all(requests.slice(0, Math.max(0, extra)).map(function (old) { return cache.delete(old); }));
  });
}

// the cached copy, marked with when it was fetched; the games list when this page was never seen
function copyOf(url) {
  return caches.open(PAGES).then(function (cache) {
    return cache.match(url, { ignoreVary: true }).then(function (found) {
      return found || cache.match(url, { ignoreVary: true, ignoreSearch: true });
    }).then(function (found) {
      return found || cache.match(ROOT, { ignoreVary: true });
    });
  }).then(function (found) {
    if (!found) return Response.error();
    var when = found.headers.get(FETCHED_AT) || "";
    return found.text().then(function (text) {
      var marked = text.replace(/<html\b/i, '<html data-offline-as-of="' + when.replace(/[^0-9TZ:.+-]/g, "") + '"');
      return new Response(marked, { status: 200, headers: plainHeaders(found.headers) });
    });
  });
}

// a file's new version (another ?v=) takes the place of the one before
function replace(cache, request, response) {
  var path = new URL(request.url).pathname;
  return cache.keys().then(function (keys) {
    return Promise.all(keys.filter(function (old) {
      return new URL(old.url).pathname === path && old.url !== request.url;
    }).map(function (old) { return cache.delete(old); }));
  }).then(function () { return cache.put(request, response); });
}

function shellFile(request) {
  return caches.open(SHELL).then(function (cache) {
    return cache.match(request, { ignoreVary: true }).then(function (found) {
      var fresh = fetch(request).then(function (response) {
        if (response.ok) replace(cache, request, response.clone());
        return response;
      });
      if (found) {
        fresh.catch(function () { /* the cached copy stands */ });
        return found;
      }
      return fresh.catch(function () {
        return cache.match(request, { ignoreVary: true, ignoreSearch: true }).then(function (any) {
          return any || Response.error();
        });
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // a game's stream of changes goes to the network as it is, never cached nor answered here
  if ((request.headers.get("accept") || "").indexOf("text/event-stream") !== -1) return;
  if (request.mode === "navigate") {
    if (request.method === "GET") {
      event.respondWith(keep(request, event).catch(function () { return copyOf(request.url); }));
    } else if (request.method === "POST") {
      // sent with no network: back to the form, where what was typed is restored
      event.respondWith(fetch(request).catch(function () { return Response.redirect(request.url, 303); }));
    }
    return;
  }
  if (request.method === "GET" && url.pathname.indexOf(ROOT + "static/") === 0) {
    event.respondWith(shellFile(request));
  }
});
