// A table that loses the network loses nothing.
// - Registers the service worker (sw.js), which keeps the app and the last-seen pages of
//   this phone's games; a page it serves from there is marked "offline, as of HH:MM".
// - A round's Save is sent from here: the answer is the sheet itself (with the saved message),
//   shown without a second request.
// - A round saved with no network (a form marked data-queue) is stored on this phone with the
//   form's one-time submission key and sent when the network is back: on "online", on every
//   page load, and again after a growing pause. The server scores it and saves it once; a
//   resend is answered as already saved, and a round another phone saved meanwhile comes
//   back as a conflict (409), shown with both entries until the person opens or drops it.
// - A banner on every page says what waits; each entry can be opened, edited or dropped.
// - With a replica (Litestream), every round this phone saved is stored here (its one-time key
//   and what was entered) until the server says the replica has it: a machine that dies loses
//   the last second of saves, and the phones still hold them. A game page that shows a
//   revision lower than one this phone saw (the server was restored from the replica) gets the
//   stored rounds sent again, in order, once each: a round the server has already (another phone
//   sent it) is answered as saved; one another phone replaced meanwhile is a conflict, shown
//   as a queued one. Without a replica a round is forgotten once saved.
// No scores are worked out here: the engine lives on the server. Every word shown comes from
// the server in the page's language (data-offline-strings).
(function () {
  "use strict";
  var QUEUE = "scorekeeper:queue";
  var STORED = "scorekeeper:kept"; // the name phones already hold it under
  var RESTORED = "scorekeeper:restored";
  var REPLICA_HEADER = "X-Scorekeeper-Replica";
  var REPLICA_SEEN = "scorekeeper:replica"; // "none" when the server last said it has none
  var STALLED_AFTER = 60000; // a round not in the replica by then: the replica has stalled
  var NOTICE = "scorekeeper:notice";
  var PAGES = "scorekeeper-pages";
  var FETCHED_AT = "x-scorekeeper-fetched-at";
  var SEEN = "scorekeeper:seen"; // each game's revision, next round and dealer as last seen here
  var SEEN_GAMES = 30;
  var LONGEST_PAUSE = 30000;
  var FIRST_PAUSE = 2000;
  var SEND_TIMEOUT = 15000; // a save still unanswered by then is kept and sent again
  var holder = document.querySelector("script[data-offline-strings]");
  var strings = holder ? JSON.parse(holder.dataset.offlineStrings || "{}") : {};
  var drafts = window.scorekeeperDrafts;
  var retryTimer = null;
  var pause = FIRST_PAUSE;
  var offlineCopy = document.documentElement.dataset.offlineAsOf;

  // --- the queue, in this phone's storage -------------------------------------------
  function load() {
    try { return JSON.parse(localStorage.getItem(QUEUE) || "[]"); } catch (broken) { return []; }
  }
  function store(entries) {
    try { localStorage.setItem(QUEUE, JSON.stringify(entries)); } catch (full) { /* the page keeps showing them */ }
    render();
  }
  function update(id, change) {
    var entries = load();
    entries.forEach(function (entry) { if (entry.id === id) change(entry); });
    store(entries);
  }
  function unsent(entry) {
    return entry.state === "waiting" || entry.state === "sending";
  }
  function remove(id) {
    store(load().filter(function (entry) { return entry.id !== id; }));
  }
  function valueOf(fields, name) {
    var found = fields.filter(function (pair) { return pair[0] === name; })[0];
    return found ? found[1] : "";
  }
  function setValue(fields, name, value) {
    fields.forEach(function (pair) { if (pair[0] === name) pair[1] = value; });
  }

  // --- words -------------------------------------------------------------------------------
  function plural(forms, count) {
    if (!forms) return String(count);
    var rule = "other";
    try { rule = new Intl.PluralRules(strings.lang).select(count); } catch (unknown) { /* other */ }
    return (rule === "one" ? forms.one : forms.other).replace("{n}", new Intl.NumberFormat(strings.lang).format(count));
  }
  function clock(moment) {
    try {
      return new Intl.DateTimeFormat(strings.lang, { hour: "2-digit", minute: "2-digit" }).format(moment);
    } catch (unknown) {
      return moment.toTimeString().slice(0, 5);
    }
  }

  // what was entered, as the person typed it: who went out, how, and each player's hand
  function factsOf(form) {
    var facts = [];
    var winner = form.querySelector("fieldset.who-won input:checked");
    var end = form.querySelector("select[name=end]");
    var how = end && end.selectedIndex >= 0 ? end.options[end.selectedIndex].textContent.trim() : "";
    if (winner) {
      var label = winner.closest("label");
      facts.push([(label ? label.textContent : winner.value).trim(), how].filter(Boolean).join(" · "));
    } else if (how) {
      facts.push(how);
    }
    form.querySelectorAll("fieldset.player").forEach(function (player) {
      var values = [];
      player.querySelectorAll("input[type=text], input:not([type]), textarea").forEach(function (field) {
        if (field.offsetParent !== null && field.value.trim()) values.push(field.value.trim().replace(/\s*\n\s*/g, " · "));
      });
      if (values.length) facts.push(player.dataset.player + ": " + values.join(" · "));
    });
    return facts;
  }

  // --- saving a round, or keeping it when it cannot be sent ---------------------------------
  // where the form posts (form.action would find a field named "action" instead)
  function target(form) {
    var url = new URL(form.getAttribute("action") || window.location.href, window.location.href);
    url.hash = "";
    return url.href;
  }
  function fieldsOf(form, submitter) {
    var fields = [];
    new FormData(form, submitter).forEach(function (value, name) {
      if (typeof value === "string" && name !== "draft_ack") fields.push([name, value]);
    });
    return fields;
  }

  function queue(form, fields) {
    var submission = valueOf(fields, "submission");
    var entries = load();
    var same = entries.filter(function (entry) { return valueOf(entry.fields, "submission") === submission; })[0];
    var entry = same || { id: drafts ? drafts.randomId() : String(Date.now()), queued: Date.now() };
    entry.url = target(form);
    entry.sheet = form.dataset.sheetUrl;
    entry.draft = form.dataset.draft;
    entry.title = document.title.split(" · ")[0];
    entry.facts = factsOf(form);
    entry.fields = fields;
    entry.state = "waiting";
    entry.attempts = 0;
    entry.note = entry.theirs = null;
    if (!same) entries.push(entry);
    store(entries);
    // the queue holds it now: the form's draft would only bring it back a second time
    form.dispatchEvent(new CustomEvent("draft:taken"));
    try { sessionStorage.setItem(NOTICE, strings.queued || ""); } catch (blocked) { /* shown below */ }
    if (navigator.serviceWorker && navigator.serviceWorker.controller && entry.sheet) {
      window.location.href = entry.sheet; // the phone's copy of the sheet, the entry on top
    } else {
      form.reset();
      var key = form.querySelector("input[name=submission]");
      if (key && drafts) key.value = drafts.randomId();
      showNotice();
      window.scrollTo(0, 0);
    }
    retrySoon();
  }

  // A save is sent from here, so that a network that is gone (or only pretends to be there)
  // keeps the round instead of showing the browser's error page. Any answer but "saved" is
  // the server's page to show: the form is then sent the ordinary way, which the one-time
  // key makes harmless (a problem or a conflict changes nothing on the server).
  function save(form, submitter) {
    var fields = fieldsOf(form, submitter);
    var body = new URLSearchParams();
    fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    var stop = new AbortController();
    var timer = setTimeout(function () { stop.abort(); }, SEND_TIMEOUT);
    submitter.disabled = true;
    fetch(target(form), {
      method: "POST", body: body, redirect: "manual", credentials: "same-origin", signal: stop.signal,
      headers: { "X-Scorekeeper-Answer": "page" }
    }).then(function (response) {
      clearTimeout(timer);
      var page = response.ok && response.headers.get("Content-Location");
      if (page || response.type === "opaqueredirect") {
        if (drafts) drafts.forget(form.dataset.draft);
        form.dispatchEvent(new CustomEvent("draft:taken"));
      }
      if (page) {
        // saved: stored at once (the body may never come whole if the server dies now), then
        // stored again with the sheet the answer carries, shown as it came
        var facts = factsOf(form);
        keep(target(form), form.dataset.sheetUrl, fields, facts, null, response.headers.get(REPLICA_HEADER));
        return response.text().then(function (html) {
          keep(target(form), form.dataset.sheetUrl, fields, facts, html, response.headers.get(REPLICA_HEADER));
          show(page, html, response.headers);
        }, function () {
          window.location.href = form.dataset.sheetUrl;
        });
      }
      if (response.type === "opaqueredirect") {
        window.location.href = form.dataset.sheetUrl;
      } else if (response.status >= 500) {
        submitter.disabled = false;
        queue(form, fields);
      } else {
        submitter.disabled = false;
        form.dataset.sendPlainly = "1";
        form.requestSubmit(submitter);
      }
    }, function () {
      clearTimeout(timer);
      submitter.disabled = false;
      queue(form, fields);
    });
  }

  // the phone's copy of a page (sw.js keeps a page it navigated to; this one came as an
  // answer, or was fetched to keep the copy fresh), without the messages that were news only now
  // (with the headers it came with, where given: its content security policy among them)
  function keepCopy(url, html, given) {
    if (!window.caches || !navigator.serviceWorker || !navigator.serviceWorker.controller) return;
    var page = new DOMParser().parseFromString(html, "text/html");
    page.querySelectorAll(".flash").forEach(function (message) { message.remove(); });
    var text = "<!doctype html>\n" + page.documentElement.outerHTML;
    var headers = new Headers(given || { "content-type": "text/html; charset=utf-8" });
    headers.delete("content-encoding"); // kept as text: no longer compressed, nor that long
    headers.delete("content-length");
    headers.set(FETCHED_AT, new Date().toISOString());
    caches.open(PAGES).then(function (cache) {
      return cache.put(url, new Response(text, { status: 200, headers: headers }));
    }).catch(function () { /* the next visit keeps it */ });
  }

  // The page a save answered with takes this one's place, at its own address: one request
  // from the tap to the sheet. Written as a new document, so its scripts run as on any page;
  // its copy keeps the answer's headers, its content security policy among them.
  function show(address, html, headers) {
    clearTimeout(retryTimer);
    keepCopy(new URL(address, window.location.href).href, html, headers);
    window.history.replaceState(null, "", address);
    document.open();
    document.write(html);
    document.close();
    window.scrollTo(0, 0); // a new page opens at its top, the saved message in view
  }

  // A new round's form whose game another phone ended (live.js put the notice on top):
  // nothing may follow the last round, so Save is held; the typed entry and its draft stay.
  document.addEventListener("sheet:updated", function () {
    if (!document.querySelector("#live-game-over [data-game-over]")) return;
    document.querySelectorAll("#round-form [name=save]").forEach(function (button) {
      button.disabled = true;
    });
    var notice = document.getElementById("live-game-over");
    if (notice.getBoundingClientRect().top < 0) notice.scrollIntoView({ block: "start" });
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-queue]") || form.dataset.sendPlainly) return;
    var submitter = event.submitter;
    if (!submitter || submitter.name !== "save") return; // a check needs the server's answer on screen
    if (!window.fetch || !window.AbortController) return;
    event.preventDefault();
    save(form, submitter);
  }, true);

  // --- sending what waits ----------------------------------------------------------------------
  function textOf(element) {
    return element ? element.textContent.replace(/\s+/g, " ").trim() : "";
  }
  function answerOf(html) {
    return new DOMParser().parseFromString(html, "text/html");
  }

  function send(entry) {
    var body = new URLSearchParams();
    entry.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    update(entry.id, function (stored) { stored.state = "sending"; });
    return fetch(entry.url, {
      method: "POST", body: body, redirect: "manual", credentials: "same-origin"
    }).then(function (response) {
      if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
        // a redirect shows no header: kept until the server's clock is next heard past it
        keep(entry.url, entry.sheet, entry.fields, entry.facts, null, "through=; now=");
        return saved(entry);
      }
      if (response.status >= 500 || response.status === 429) {
        update(entry.id, function (stored) { stored.state = "waiting"; stored.attempts += 1; });
        return "retry";
      }
      return response.text().then(function (html) {
        var page = answerOf(html);
        // a 409 without another phone's round is a game that ended meanwhile: refused, kept
        if (response.status === 409 && page.querySelector(".latest")) {
          update(entry.id, function (stored) { asConflict(stored, page); });
        } else {
          // the page's own refusal first: its other paragraphs (the round's title, a
          // message kept from before) come earlier on the page
          var reasons = [".error-summary li", ".error", "main p"].map(function (selector) {
            return Array.prototype.map.call(page.querySelectorAll(selector), textOf).filter(Boolean)[0];
          });
          update(entry.id, function (stored) {
            stored.state = "refused";
            stored.note = reasons.filter(Boolean)[0] || String(response.status);
          });
        }
        return "answered";
      });
    }, function () {
      update(entry.id, function (stored) { stored.state = "waiting"; stored.attempts += 1; });
      return "retry";
    });
  }

  function asConflict(entry, page) {
    var latest = page.querySelector(".latest");
    var theirs = latest ? latest.querySelector(".theirs") : null;
    entry.state = "conflict";
    entry.theirs = textOf(theirs) || textOf(latest);
    // opened again, the entry is based on what the server showed: saving it then is
    // a decision made knowing the other round
    entry.revision = (page.querySelector("input[name=revision]") || {}).value || null;
  }

  // The server took the round. Rounds this phone queued after it for the same game, from
  // the same revision, were entered knowing it: they build on it (base + 1). Had anything
  // else changed the game meanwhile, the server's revision is further on and they come back
  // as conflicts: this never hides another phone's round, it can only ask once too often.
  function saved(entry) {
    var base = valueOf(entry.fields, "revision");
    var entries = load().filter(function (other) { return other.id !== entry.id; });
    if (/^\d+$/.test(base)) {
      entries.forEach(function (other) {
        if (other.sheet === entry.sheet && other.state !== "conflict" && valueOf(other.fields, "revision") === base) {
          setValue(other.fields, "revision", String(Number(base) + 1));
        }
      });
    }
    store(entries);
    if (drafts && entry.draft) {
      var draft = drafts.read(entry.draft);
      if (draft && draft.fields && valueOf(draft.fields, "submission") === valueOf(entry.fields, "submission")) drafts.forget(entry.draft);
    }
    return "saved";
  }

  // Rounds this phone saved but the replica may not hold yet go before its queue, for the
  // same games: after a restore they are the older rounds, and a queued round sent first
  // would take their number and turn them into conflicts. The one-time keys make a second
  // send of a round the server has harmless.
  function sendStoredFirst() {
    var queuedFor = load().filter(unsent)
      .map(function (entry) { return entry.sheet; });
    var mine = loadStored().filter(function (entry) { return queuedFor.indexOf(entry.sheet) !== -1; });
    if (!mine.length) return Promise.resolve(true);
    mine.sort(function (a, b) { return a.kept - b.kept; });
    return resend(mine).then(function (outcome) {
      if (outcome.restored) {
        try { sessionStorage.setItem(RESTORED, plural(strings.restored_rounds, outcome.restored)); } catch (blocked) { /* not said */ }
      }
      return outcome.answered === mine.length; // else the server is not back yet: later
    });
  }

  function sendAll() {
    var sentAny = false;
    var retry = false;
    function next() {
      var waiting = load().filter(unsent);
      if (!waiting.length) return Promise.resolve();
      // oldest first: the rounds reach the sheet in the order they were played
      waiting.sort(function (a, b) { return a.queued - b.queued; });
      return send(waiting[0]).then(function (outcome) {
        if (outcome === "saved") sentAny = true;
        if (outcome === "retry") { retry = true; return null; }
        return next();
      });
    }
    return sendStoredFirst().then(function (allSent) {
      if (!allSent) return { sentAny: false, retry: true };
      return next().then(function () { return { sentAny: sentAny, retry: retry }; });
    });
  }

  function flush() {
    clearTimeout(retryTimer);
    if (!load().some(unsent)) return false;
    var run = function () { return sendAll(); };
    var sending = navigator.locks
      ? navigator.locks.request("scorekeeper-queue", { ifAvailable: true }, function (lock) {
        return lock ? run() : { sentAny: false, retry: true }; // another tab is sending
      })
      : run();
    Promise.resolve(sending).then(function (result) {
      if (result.retry) {
        retryTimer = setTimeout(flush, pause + Math.random() * 500);
        pause = Math.min(pause * 2, LONGEST_PAUSE);
      } else {
        pause = FIRST_PAUSE;
      }
      // a sheet that got its rounds, or a copy cached offline once the server answers again,
      // is rendered afresh by the server (a form being typed in stays as it is)
      if (result.sentAny && document.getElementById("sheet")) window.location.reload();
      else if (!result.retry) backToServer();
    });
    return true;
  }
  function retrySoon() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(flush, pause);
  }


  // --- rounds stored until the replica has them ------------------------------------------------
  function loadStored() {
    try { return JSON.parse(localStorage.getItem(STORED) || "[]"); } catch (broken) { return []; }
  }
  function saveStored(entries) {
    try {
      if (entries.length) localStorage.setItem(STORED, JSON.stringify(entries));
      else localStorage.removeItem(STORED);
    } catch (full) { /* kept as long as the phone can */ }
    markReplica();
  }
  // "none", or "through=<ms>; now=<ms>; run=<id>" on the server's clock, in its run
  function parsePosition(text) {
    if (!text) return null;
    if (text.trim() === "none") return { none: true };
    var through = /through=(\d+)/.exec(text);
    var now = /now=(\d+)/.exec(text);
    var run = /run=(\w+)/.exec(text);
    return {
      none: false, through: through ? Number(through[1]) : null, now: now ? Number(now[1]) : null,
      run: run ? run[1] : null
    };
  }
  function revisionIn(html) {
    var found = /<div id="sheet" data-revision="(\d+)"/.exec(html);
    return found ? Number(found[1]) : null;
  }
  // A saved round, with the server's clock at its answer: the replica has it once the server
  // says it holds everything committed before that moment.
  function keep(url, sheet, fields, facts, html, header) {
    var position = parsePosition(header);
    if (html) heard(position);
    var key = valueOf(fields, "submission");
    var none = position && position.none;
    try { none = none || (!html && localStorage.getItem(REPLICA_SEEN) === "none"); } catch (blocked) { /* kept */ }
    if (!position || none || !key || !sheet) return;
    var entries = loadStored().filter(function (entry) { return valueOf(entry.fields, "submission") !== key; });
    var base = valueOf(fields, "revision");
    // the sheet as the answer drew it; else at least one past the revision it was typed at
    var revision = html ? revisionIn(html) : (/^\d+$/.test(base) ? Number(base) + 1 : null);
    entries.push({
      url: url, sheet: sheet, revision: revision, savedAt: position.now, run: position.run,
      kept: Date.now(), facts: facts,
      fields: fields.filter(function (pair) { return pair[0] !== "draft_ack"; })
    });
    saveStored(forgetCopied(entries, position));
  }
  // A round is forgotten once the replica holds what was saved before its answer, as said by
  // the same run of the server: another run may be a server restored from the replica, which
  // lacks it, and the round is sent again first (see fillGap).
  function forgetCopied(entries, position) {
    if (position.none) return [];
    return entries.filter(function (entry) {
      // a round whose answer showed no clock waits for the next word of the server's clock
      if (entry.savedAt == null) { entry.savedAt = position.now; entry.run = position.run; return true; }
      return entry.run !== position.run || position.through == null || entry.savedAt > position.through;
    });
  }
  function heard(position) {
    if (!position) return;
    try { localStorage.setItem(REPLICA_SEEN, position.none ? "none" : "yes"); } catch (blocked) { /* asked again */ }
    var entries = loadStored();
    if (!entries.length) return;
    saveStored(forgetCopied(entries, position));
    if (!position.none && position.run) fillGap(position.run);
  }
  function thisSheet() {
    var sheet = document.getElementById("sheet");
    return sheet && !offlineCopy ? sheet : null;
  }
  function storedHere(entries) {
    var path = window.location.pathname;
    return entries.filter(function (entry) { return new URL(entry.sheet, window.location.href).pathname === path; });
  }

  // the quiet mark: this game's last round is not in the replica yet (a warning after a minute)
  function markReplica() {
    var sheet = thisSheet();
    var mark = document.getElementById("replica-mark");
    var waiting = sheet ? storedHere(loadStored()) : [];
    if (!waiting.length) {
      if (mark) mark.remove();
      return;
    }
    var oldest = Math.min.apply(null, waiting.map(function (entry) { return entry.kept; }));
    var stalled = Date.now() - oldest > STALLED_AFTER;
    if (!mark) {
      mark = document.createElement("p");
      mark.id = "replica-mark";
      mark.setAttribute("role", "status");
      sheet.parentNode.insertBefore(mark, sheet);
    }
    mark.className = stalled ? "replica-mark stalled" : "replica-mark";
    mark.textContent = stalled ? strings.replica_stalled : strings.not_in_replica;
  }

  // The game is behind what this phone saw (a revision lower than the one a stored round made),
  // or the server is in another run than the one that took them (it may have been restored
  // from the replica): its stored rounds are sent again, oldest first.
  function fillGap(run) {
    var sheet = thisSheet();
    if (!sheet) return;
    var shown = Number(sheet.dataset.revision);
    var mine = storedHere(loadStored());
    if (!mine.some(function (entry) {
      return (entry.revision != null && entry.revision > shown) || (typeof run === "string" && entry.run !== run);
    })) return;
    var run = function () { return resend(mine.sort(function (a, b) { return a.kept - b.kept; })); };
    var sending = navigator.locks
      ? navigator.locks.request("scorekeeper-kept", { ifAvailable: true }, function (lock) { return lock ? run() : null; })
      : run();
    Promise.resolve(sending).then(function (outcome) {
      if (!outcome || !outcome.answered) return; // no server yet: tried again on the next sheet
      if (outcome.restored) {
        try { sessionStorage.setItem(RESTORED, plural(strings.restored_rounds, outcome.restored)); } catch (blocked) { /* not said */ }
      }
      window.location.reload(); // the sheet as the server has it now, rendered afresh
    });
  }
  function resend(entries) {
    var restored = 0;
    var answered = 0;
    var token = document.querySelector("input[name=csrf_token]");
    function done() { return { restored: restored, answered: answered }; }
    function next(index) {
      if (index >= entries.length) return Promise.resolve(done());
      var entry = entries[index];
      var key = valueOf(entry.fields, "submission");
      var body = new URLSearchParams();
      entry.fields.forEach(function (pair) {
        // the page's own token: the one the round was typed with may have expired since
        body.append(pair[0], pair[0] === "csrf_token" && token ? token.value : pair[1]);
      });
      return fetch(entry.url, {
        method: "POST", body: body, redirect: "manual", credentials: "same-origin",
        headers: { "X-Scorekeeper-Answer": "page" }
      }).then(function (response) {
        if (response.status >= 500 || response.status === 429) return done(); // tried again on the next sheet
        answered += 1;
        return response.text().then(function (html) {
          var left = loadStored().filter(function (other) { return valueOf(other.fields, "submission") !== key; });
          var answeredAt = parsePosition(response.headers.get(REPLICA_HEADER)) || {};
          if (response.ok && response.headers.get("Content-Location")) {
            // saved now (the revision moved on), or saved already (a phone beside this one
            // sent it first): either way the server has it, stored until the replica has too
            var after = revisionIn(html);
            if (!response.headers.get("X-Scorekeeper-Already-Saved")) restored += 1;
            if (!answeredAt.none) left.push({
              url: entry.url, sheet: entry.sheet, revision: after, kept: Date.now(), fields: entry.fields, facts: entry.facts,
              savedAt: answeredAt.now || null, run: answeredAt.run || null
            });
            saveStored(left);
          } else {
            saveStored(left);
            // refused or in conflict: today's queue shows it, to open or drop
            var queued = {
              id: drafts ? drafts.randomId() : String(Date.now()), queued: Date.now(), url: entry.url,
              sheet: entry.sheet, draft: "round:" + (entry.url.split("/s/")[1] || "").split("/")[0] + ":new",
              title: document.title.split(" · ")[0], facts: entry.facts || [],
              fields: entry.fields, state: "refused", attempts: 0, note: null, theirs: null
            };
            var page = answerOf(html);
            if (response.status === 409 && page.querySelector(".latest")) asConflict(queued, page);
            else queued.note = textOf(page.querySelector(".error-summary li, .error")) || String(response.status);
            var all = load();
            all.push(queued);
            store(all);
          }
          return next(index + 1);
        });
      }, function () { return done(); });
    }
    return next(0);
  }
  function showRestored() {
    var text;
    try { text = sessionStorage.getItem(RESTORED); sessionStorage.removeItem(RESTORED); } catch (blocked) { text = null; }
    var main = document.querySelector("main");
    if (!text || !main) return;
    var shown = line("flash restored-rounds", text);
    shown.setAttribute("role", "status");
    main.insertBefore(shown, main.firstChild);
  }

  // --- opening, editing and dropping what waits -------------------------------------------------
  function open(entry) {
    if (drafts && entry.draft) {
      var present = drafts.read(entry.draft);
      var mine = present && valueOf(present.fields || [], "submission") === valueOf(entry.fields, "submission");
      if (present && present.fields && present.fields.length && !mine) {
        window.alert(strings.busy_form);
        return;
      }
      var fields = entry.fields.filter(function (pair) { return pair[0] !== "csrf_token" && pair[0] !== "save"; });
      // a refused entry saved nothing under its key (a key used elsewhere is refused for
      // good): the form keeps the fresh key the server gave it
      if (entry.state === "refused") fields = fields.filter(function (pair) { return pair[0] !== "submission"; });
      if (entry.revision) setValue(fields, "revision", entry.revision);
      drafts.write(entry.draft, fields);
    }
    remove(entry.id);
    window.location.href = entry.url;
  }
  function drop(entry) {
    if (window.confirm(strings.confirm_drop)) remove(entry.id);
  }

  function button(text, action) {
    var made = document.createElement("button");
    made.type = "button";
    made.className = "button small";
    made.textContent = text;
    made.addEventListener("click", action);
    return made;
  }
  function line(className, text) {
    var made = document.createElement("p");
    made.className = className;
    made.textContent = text;
    return made;
  }

  function render() {
    followQueue();
    var main = document.querySelector("main");
    if (!main) return;
    var banner = document.getElementById("queue");
    var entries = load();
    if (!entries.length) {
      if (banner) banner.remove();
      return;
    }
    if (!banner) {
      banner = document.createElement("section");
      banner.id = "queue";
      banner.className = "queue";
      banner.setAttribute("role", "status");
      main.insertBefore(banner, main.firstChild);
    }
    banner.textContent = "";
    var moving = entries.filter(function (e) { return e.state === "waiting" || e.state === "sending"; }).length;
    var stuck = entries.length - moving;
    if (moving) banner.appendChild(line("queue-count", plural(strings.waiting, moving)));
    if (stuck) banner.appendChild(line("queue-count error", plural(strings.stuck, stuck)));
    var list = document.createElement("ul");
    entries.forEach(function (entry) {
      var item = document.createElement("li");
      item.className = "queued " + entry.state;
      var head = document.createElement("p");
      var title = document.createElement("strong");
      title.textContent = entry.title;
      head.appendChild(title);
      head.appendChild(document.createTextNode(" · " + ((strings.states || {})[entry.state] || entry.state)));
      item.appendChild(head);
      var yours = entry.facts.join("; ");
      item.appendChild(line("facts", entry.state === "conflict" ? strings.yours + " " + yours : yours));
      if (entry.theirs) item.appendChild(line("facts theirs", entry.theirs)); // "Round N as saved meanwhile: ..."
      if (entry.note) item.appendChild(line("error", entry.note));
      var actions = document.createElement("p");
      actions.className = "actions";
      actions.appendChild(button(strings.open, function () { open(entry); }));
      actions.appendChild(button(strings.drop, function () { drop(entry); }));
      item.appendChild(actions);
      list.appendChild(item);
    });
    banner.appendChild(list);
  }

  // --- the next round, after the rounds waiting here ---------------------------------------------
  // The server's pages (and the phone's copies of them) know only the rounds the server has:
  // each new round of this game waiting on the phone moves the next round's number on, and
  // its dealer, in the order they were played (the winner deals where the variant says so).
  var firstTitle = document.title;
  function sheetOf(holder) {
    var url = holder.dataset.sheetUrl || window.location.href;
    return new URL(url, window.location.href).pathname;
  }
  function waitingRounds(sheet) {
    return load().filter(function (entry) {
      return unsent(entry) && entry.sheet && new URL(entry.sheet, window.location.href).pathname === sheet &&
        /\/rounds\/new$/.test(new URL(entry.url, window.location.href).pathname);
    }).sort(function (a, b) { return a.queued - b.queued; });
  }
  function dealerAfter(seats, winnerDeals, dealer, entry) {
    var winner = valueOf(entry.fields, "winner");
    if (winnerDeals && winner && seats.indexOf(winner) >= 0) return winner;
    var at = seats.indexOf(dealer);
    return at < 0 ? dealer : seats[(at + 1) % seats.length];
  }
  function followQueue() {
    var holder = document.querySelector("[data-next-round][data-seats]");
    if (!holder) return;
    var first = Number(holder.dataset.nextRound);
    var seats;
    try { seats = JSON.parse(holder.dataset.seats); } catch (broken) { return; }
    var waiting = waitingRounds(sheetOf(holder));
    var number = first + waiting.length;
    var dealer = holder.dataset.dealer;
    waiting.forEach(function (entry) {
      dealer = dealerAfter(seats, "winnerDeals" in holder.dataset, dealer, entry);
    });
    document.querySelectorAll("[data-round-number]").forEach(function (shown) { shown.textContent = String(number); });
    document.querySelectorAll("[data-next-dealer]").forEach(function (shown) { shown.textContent = dealer; });
    document.querySelectorAll("a[data-round-label]").forEach(function (link) {
      link.textContent = link.dataset.roundLabel.replace("{n}", String(number));
    });
    if (document.querySelector("[data-round-number]")) {
      // the title as served names the round the page came with
      document.title = firstTitle.replace(holder.dataset.servedRound || String(first), String(number));
    }
  }

  function showNotice() {
    var notice;
    try { notice = sessionStorage.getItem(NOTICE); sessionStorage.removeItem(NOTICE); } catch (blocked) { notice = strings.queued; }
    var main = document.querySelector("main");
    if (!notice || !main) return;
    var shown = line("flash", notice);
    shown.setAttribute("role", "status");
    main.insertBefore(shown, main.firstChild);
  }

  // --- a page opened from the phone's copy ------------------------------------------------------
  // A copy with the server back is asked of the server again (a form being typed in stays).
  // The service worker may still be cut off a moment after the page is not, and answer with
  // the copy again: the page then tries once more when the server answers it again (its
  // stream opens, or a revision poll is answered), at most TRIES times, never in a loop.
  var BACK_TO_SERVER = "scorekeeper:back-to-server";
  var TRIES = 3;
  var TRIES_WITHIN = 30000;
  function backToServer() {
    if (!offlineCopy || document.querySelector("form[data-draft]")) return;
    var now = Date.now();
    var tried = [];
    try { tried = JSON.parse(sessionStorage.getItem(BACK_TO_SERVER) || "[]"); } catch (blocked) { tried = []; }
    if (!Array.isArray(tried)) tried = [];
    tried = tried.filter(function (when) { return typeof when === "number" && when <= now && now - when < TRIES_WITHIN; });
    if (tried.length >= TRIES) return;
    tried.push(now);
    try { sessionStorage.setItem(BACK_TO_SERVER, JSON.stringify(tried)); } catch (blocked) { /* tried anyway */ }
    window.location.reload();
  }
  function markOffline() {
    if (!offlineCopy) return;
    var main = document.querySelector("main");
    // what the server said when the copy was made ("Round 3 saved") is old news now
    document.querySelectorAll("main > .flash:not(.draft-restored)").forEach(function (old) { old.remove(); });
    var when = new Date(offlineCopy);
    var text = isNaN(when.getTime()) ? strings.offline : strings.offline_as_of.replace("{time}", clock(when));
    var mark = line("offline-mark", text);
    mark.setAttribute("role", "status");
    if (main) main.insertBefore(mark, main.firstChild);
    // a copied form's one-time key may have been used by a round sent from it before
    document.querySelectorAll("form[data-queue]").forEach(function (form) {
      var key = form.querySelector("input[name=submission]");
      var draft = drafts && drafts.read(form.dataset.draft);
      if (draft && draft.fields && draft.fields.length) return;
      if (key && drafts) key.value = drafts.randomId();
      buildOnSheetAsSeen(form);
    });
  }

  // --- the sheet as last seen here ------------------------------------------------------------
  function loadSeen() {
    try { return JSON.parse(localStorage.getItem(SEEN) || "{}") || {}; } catch (broken) { return {}; }
  }
  // a game's entry: {revision, round, dealer} (a number alone: its revision, as kept before)
  function seenOf(path) {
    var entry = loadSeen()[path];
    if (typeof entry === "number") return { revision: entry };
    return entry && typeof entry === "object" && typeof entry.revision === "number" ? entry : null;
  }
  function see(revision) {
    var sheet = thisSheet();
    if (!sheet || !/^\d+$/.test(String(revision))) return;
    var seen = loadSeen();
    var path = window.location.pathname;
    var entry = { revision: Number(revision) };
    // the next round as the sheet shows it (none once the game is over)
    var deal = document.querySelector("[data-next-round][data-seats]");
    if (deal && /^\d+$/.test(deal.dataset.nextRound || "")) {
      entry.round = Number(deal.dataset.nextRound);
      entry.dealer = deal.dataset.dealer || "";
    }
    delete seen[path]; // the newest last: the oldest games are forgotten first
    seen[path] = entry;
    var paths = Object.keys(seen);
    paths.slice(0, Math.max(0, paths.length - SEEN_GAMES)).forEach(function (old) { delete seen[old]; });
    try { localStorage.setItem(SEEN, JSON.stringify(seen)); } catch (full) { /* the copied form's own */ }
  }
  // A new round typed into a copy of the form older than the sheet this phone last showed was
  // entered knowing that sheet (its own last round, or another phone's heard live): it builds
  // on it, and is not sent back as a conflict with a round the player saw. Its title and
  // dealer say the round it will be (followQueue shows them).
  function buildOnSheetAsSeen(form) {
    var action = new URL(target(form)).pathname;
    var revision = form.querySelector("input[name=revision]");
    if (!revision || !/\/rounds\/new$/.test(action) || !/^\d+$/.test(revision.value)) return;
    var seen = seenOf(action.replace(/\/rounds\/new$/, ""));
    if (!seen || seen.revision <= Number(revision.value)) return;
    revision.value = String(seen.revision);
    if (form.dataset.nextRound && typeof seen.round === "number" && seen.dealer) {
      if (!form.dataset.servedRound) form.dataset.servedRound = form.dataset.nextRound;
      form.dataset.nextRound = String(seen.round);
      form.dataset.dealer = seen.dealer;
    }
  }

  // The round form of a game whose sheet is open is kept fresh in the phone's copy, so a
  // round entered after the network dropped builds on the sheet as last seen here; with
  // ``andSheet`` the sheet's own copy too (a round heard live changed it in place only).
  function keepCopiesFresh(andSheet) {
    if (offlineCopy || !navigator.onLine || !navigator.serviceWorker || !navigator.serviceWorker.controller) return;
    var link = document.querySelector("#sheet a[href$='/rounds/new']");
    if (link) keepFresh(link.href);
    if (andSheet && thisSheet()) keepFresh(window.location.href.split("#")[0]);
  }
  function keepFresh(url) {
    fetch(url, { credentials: "same-origin" }).then(function (response) {
      return response.ok ? response.text().then(function (html) { keepCopy(url, html, response.headers); }) : null;
    }).catch(function () { /* kept as it was */ });
  }

  markOffline();
  render();
  showNotice();
  showRestored();
  markReplica();
  setInterval(markReplica, 5000);
  // live.js hears how far the replica is, and each sheet it is sent
  document.addEventListener("replica:position", function (event) { heard(parsePosition(event.detail)); });
  document.addEventListener("sheet:updated", function (event) {
    see(event.detail && event.detail.revision);
    fillGap();
    keepCopiesFresh(true);
  });
  window.addEventListener("storage", function (event) { if (event.key === STORED) markReplica(); });
  if (thisSheet()) see(thisSheet().dataset.revision);
  fillGap();
  window.addEventListener("storage", function (event) { if (event.key === QUEUE) render(); });
  window.addEventListener("online", function () {
    pause = FIRST_PAUSE;
    // nothing to send: a copy cached offline is asked of the server again
    if (!flush()) backToServer();
  });
  // the stream opened: the server answers again, and a copy shown meanwhile is old
  document.addEventListener("live:connected", function () {
    if (!load().some(unsent)) backToServer(); // else the sending reloads when done
  });
  window.addEventListener("pageshow", function (event) { if (event.persisted) { render(); flush(); } });
  flush(); // with no network it fails at once and waits for "online" or its next try
  if ("serviceWorker" in navigator && holder && holder.dataset.serviceWorker) {
    navigator.serviceWorker.register(holder.dataset.serviceWorker).then(function () {
      if (navigator.serviceWorker.controller) keepCopiesFresh();
    }).catch(function () { /* the app works without it, online */ });
  }
})();
