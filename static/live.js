// A shared score sheet shows each change the moment it is saved, on every phone at the table.
// - The page listens to its game's stream of changes (Server-Sent Events). A change comes as
//   the parts of the page it changed (the sheet, the settlement, the undo button), rendered by
//   the server for this link's role, each swapped in place: no reload, so the scroll, an open
//   section and whatever is being typed stay as they are.
// - A phone that lost the stream (asleep, offline) reconnects by itself and is sent the sheet
//   as it is now when it missed anything (its browser says which event it saw last).
// - Where EventSource is missing, or the stream says nothing (a proxy in between holds it),
//   the page asks for the revision every few seconds and reloads when it moved on. The poll
//   revalidates with the server's ETag: while nothing changed the answer is an empty 304.
// - The stream also says how far the server's replica has caught up (an event of its own),
//   handed to offline.js, which keeps each saved round on the phone until then.
// - A new round's form listens the same way (#live-form, ?form=1): it is sent only whether
//   the game is over, swapped into its notice at the top; what is typed below stays. Its
//   poll fetches that part (data-parts-url) instead of reloading the form being typed in.
// Without JavaScript a reload shows the same page.
(function () {
  "use strict";
  var sheet = document.getElementById("sheet") || document.getElementById("live-form");
  if (!sheet) return;
  var POLL_EVERY = 5000;
  var FIRST_WORD_WITHIN = 6000; // the stream's first words, or the page polls instead
  var REOPEN_AFTER = 5000; // a stream the browser gave up on is opened again after this
  var source = null;
  var polling = null;
  var silence = null;
  var heartbeat = 15000;

  function poll() {
    if (polling) return;
    var seen = sheet.dataset.revision;
    polling = setInterval(function () {
      if (document.hidden) return;
      fetch(sheet.dataset.revisionUrl, { cache: "no-cache" })
        .then(function (response) {
          if (response.ok) answered();
          return response.ok ? response.json() : null;
        })
        .then(function (body) {
          if (!body || String(body.revision) === seen) return;
          if (!sheet.dataset.partsUrl) return window.location.reload();
          var revision = String(body.revision);
          return fetch(sheet.dataset.partsUrl, { cache: "no-store" })
            .then(function (response) { return response.ok ? response.text() : null; })
            .then(function (html) {
              if (html === null) return;
              seen = revision;
              swap(html, revision);
            });
        })
        .catch(function () { /* poor reception: try again next time */ });
    }, POLL_EVERY);
  }

  // the server answers (the stream opened, or a poll): offline.js swaps a page shown from the
  // phone's copy for the server's own
  function answered() {
    document.dispatchEvent(new CustomEvent("live:connected"));
  }

  // the parts are rendered once for every editor of the game: each page puts in its own token
  function fillTokens(root) {
    var own = document.querySelector("input[name=csrf_token]:not([data-csrf-fill])");
    root.querySelectorAll("input[data-csrf-fill]").forEach(function (field) {
      if (own) field.value = own.value;
      field.removeAttribute("data-csrf-fill");
    });
  }

  // What the reader is looking at: the first heading, row or line of the parts in view below
  // the standings, told apart by its text; after the swap the page is scrolled so that it stays where it was
  var LANDMARKS = "h2, h3, tr, li, p, figure";
  function inView() {
    var found = null;
    // the standings stay on top of the screen (sticky): what is read is below them
    var standings = document.querySelector(".standings");
    var floor = standings ? standings.getBoundingClientRect().bottom : 0;
    document.querySelectorAll("[id^=live-]").forEach(function (target) {
      if (found) return;
      var marks = target.querySelectorAll(LANDMARKS);
      for (var i = 0; i < marks.length; i++) {
        var box = marks[i].getBoundingClientRect();
        if (box.height > 0 && box.top >= floor && !marks[i].closest(".standings")) {
          found = { tag: marks[i].tagName, text: marks[i].textContent, top: box.top };
          return;
        }
      }
    });
    return found;
  }
  function keepInView(seen) {
    if (!seen) return;
    var marks = document.querySelectorAll("[id^=live-] " + seen.tag);
    for (var i = 0; i < marks.length; i++) {
      if (marks[i].textContent === seen.text) {
        window.scrollBy(0, marks[i].getBoundingClientRect().top - seen.top);
        return;
      }
    }
  }

  function swap(html, revision) {
    var parsed = new DOMParser().parseFromString(html, "text/html");
    var seen = window.scrollY > 0 ? inView() : null;
    // the browser's own scroll anchoring would move the page too, the other way
    var root = document.documentElement;
    root.style.overflowAnchor = "none";
    parsed.querySelectorAll("template[data-live]").forEach(function (part) {
      var target = document.getElementById(part.dataset.live);
      if (!target) return;
      // a section the reader opened stays open
      var open = Array.prototype.map.call(target.querySelectorAll("details"), function (d) { return d.open; });
      var fresh = document.createElement("div");
      fresh.appendChild(document.importNode(part.content, true));
      var replacement = fresh.querySelector("#" + part.dataset.live);
      target.replaceChildren.apply(target, Array.prototype.slice.call((replacement || fresh).childNodes));
      target.querySelectorAll("details").forEach(function (details, index) {
        if (open[index]) details.open = true;
      });
      fillTokens(target);
    });
    keepInView(seen);
    window.requestAnimationFrame(function () { root.style.overflowAnchor = ""; });
    sheet.dataset.revision = revision;
    document.dispatchEvent(new CustomEvent("sheet:updated", { detail: { revision: revision } }));
  }

  function listen() {
    var url = new URL(sheet.dataset.eventsUrl, window.location.href);
    url.searchParams.set("since", sheet.dataset.revision);
    var stream = source = new EventSource(url.href);
    var firstWord = setTimeout(function () {
      // nothing came through: something in between holds the stream
      stream.close();
      if (source === stream) source = null;
      poll();
    }, FIRST_WORD_WITHIN);
    function heard() {
      clearTimeout(silence);
      // a stream silent past two heartbeats is dead without knowing it: opened again
      silence = setTimeout(function () {
        if (source !== stream) return;
        stream.close();
        source = null;
        listen();
      }, 2 * heartbeat + 5000);
    }
    stream.addEventListener("hello", function (event) {
      clearTimeout(firstWord);
      heartbeat = (Number(event.data) || 15) * 1000;
      heard();
      answered();
    });
    stream.addEventListener("beat", heard);
    // how far the server's replica has caught up: offline.js forgets the rounds it has
    stream.addEventListener("replica", function (event) {
      heard();
      document.dispatchEvent(new CustomEvent("replica:position", { detail: event.data }));
    });
    stream.addEventListener("sheet", function (event) {
      heard();
      if (event.lastEventId !== sheet.dataset.revision) swap(event.data, event.lastEventId);
    });
    stream.addEventListener("error", function () {
      // the browser reconnects by itself unless it gave up (the server said no)
      if (stream.readyState !== EventSource.CLOSED || source !== stream) return;
      source = null;
      clearTimeout(silence);
      setTimeout(function () { if (!source && !polling) listen(); }, REOPEN_AFTER);
    });
  }

  if (!window.EventSource || !sheet.dataset.eventsUrl) {
    poll();
    return;
  }
  window.addEventListener("online", function () {
    if (!source && !polling) listen();
  });
  listen();
})();
