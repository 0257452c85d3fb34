// Nothing typed is lost: a form marked data-draft="<game and form>" is stored in this phone's
// storage as it is filled in, and comes back after a failed send, a reload, Back or a phone
// that slept. It is forgotten only when the server said it took the form: the form is sent
// with a random id, and the server's redirect after taking it names that id in a cookie.
// The hidden one-time submission key and revision are stored with the draft, so a form sent
// again after a lost answer is recognised by the server as already saved.
// Works without the service worker; offline.js uses window.scorekeeperDrafts.
(function () {
  "use strict";
  var PREFIX = "scorekeeper:draft:";
  var ACK_FIELD = "draft_ack";
  var ACK_COOKIE = "draft_saved";
  var STORED_FOR = 30 * 24 * 3600 * 1000;
  var NOT_STORED = { csrf_token: true, draft_ack: true };
  var holder = document.querySelector("script[data-offline-strings]");
  var strings = holder ? JSON.parse(holder.dataset.offlineStrings || "{}") : {};

  function storage() {
    try { return window.localStorage; } catch (blocked) { return null; }
  }
  function read(key) {
    var store = storage();
    if (!store) return null;
    try { return JSON.parse(store.getItem(PREFIX + key) || "null"); } catch (broken) { return null; }
  }
  function write(key, draft) {
    var store = storage();
    if (!store) return;
    try { store.setItem(PREFIX + key, JSON.stringify(draft)); } catch (full) { /* kept in the page */ }
  }
  function forget(key) {
    var store = storage();
    if (store) store.removeItem(PREFIX + key);
  }
  function randomId() {
    var bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  // what the form holds: [name, value] for every control a person fills or the server set
  function fieldsOf(form) {
    var fields = [];
    Array.prototype.forEach.call(form.elements, function (element) {
      if (!element.name || NOT_STORED[element.name] || element.disabled) return;
      var type = element.type;
      if (type === "submit" || type === "button" || type === "file") return;
      if ((type === "radio" || type === "checkbox") && !element.checked) return;
      fields.push([element.name, element.value]);
    });
    return fields;
  }
  function fill(form, fields) {
    var values = {};
    fields.forEach(function (pair) { (values[pair[0]] = values[pair[0]] || []).push(pair[1]); });
    var changed = [];
    Array.prototype.forEach.call(form.elements, function (element) {
      if (!element.name || NOT_STORED[element.name]) return;
      var type = element.type;
      if (type === "submit" || type === "button" || type === "file") return;
      var saved = values[element.name];
      if (type === "radio" || type === "checkbox") {
        var on = Boolean(saved && saved.indexOf(element.value) >= 0);
        if (element.checked !== on) { element.checked = on; changed.push(element); }
      } else if (saved && element.value !== saved[0]) {
        element.value = saved[0];
        changed.push(element);
      }
    });
    // the page's own scripts (the picker's points, who went out) follow the restored values
    changed.forEach(function (element) {
      element.dispatchEvent(new Event("input", { bubbles: true }));
      element.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  function keep(form) {
    var key = form.dataset.draft;
    var before = read(key) || {};
    write(key, { fields: fieldsOf(form), saved: Date.now(), sent: before.sent || null });
  }

  function showRestored(form, cleared) {
    if (!strings.restored) return;
    var note = document.createElement("p");
    note.className = "flash draft-restored";
    note.setAttribute("role", "status");
    note.textContent = strings.restored + " ";
    var clear = document.createElement("button");
    clear.type = "button";
    clear.className = "button small";
    clear.textContent = strings.clear;
    clear.addEventListener("click", function () {
      cleared();
      forget(form.dataset.draft);
      window.location.href = window.location.pathname + window.location.search;
    });
    note.appendChild(clear);
    form.parentNode.insertBefore(note, form);
  }

  // the server's word that it took a form: that draft goes, wherever it was typed
  function acknowledged() {
    var found = document.cookie.split("; ").filter(function (c) { return c.indexOf(ACK_COOKIE + "=") === 0; })[0];
    if (!found) return;
    var id = found.slice(ACK_COOKIE.length + 1);
    var store = storage();
    if (store) {
      for (var i = store.length - 1; i >= 0; i--) {
        var name = store.key(i);
        if (name && name.indexOf(PREFIX) === 0) {
          var draft = read(name.slice(PREFIX.length));
          if (draft && draft.sent === id) store.removeItem(name);
        }
      }
    }
    document.cookie = ACK_COOKIE + "=; path=/; max-age=0; SameSite=Lax";
  }

  function watch(form) {
    var key = form.dataset.draft;
    var touched = false;
    var stopped = false; // cleared: nothing more is stored from this page
    var draft = read(key);
    if ("draftAnswered" in form.dataset) {
      // the server's answer to this form (its problems, or a conflict with the latest
      // revision): what it shows is the draft now
      if (draft) { keep(form); touched = true; }
    } else if (draft && draft.fields && draft.fields.length) {
      fill(form, draft.fields);
      touched = true;
      showRestored(form, function () { touched = false; stopped = true; });
    }
    function changed() {
      if (stopped) return;
      touched = true;
      keep(form);
    }
    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
    // the card picker fills fields by taps, which fire no input event
    form.addEventListener("click", function (event) {
      if (event.target.closest("button")) setTimeout(changed, 0);
    });
    function leaving() { if (touched) keep(form); }
    window.addEventListener("pagehide", leaving);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "hidden") leaving();
    });
    // offline.js took the form into its queue (or the server saved it): nothing to keep
    form.addEventListener("draft:taken", function () {
      touched = false;
      stopped = true;
      forget(key);
    });
    form.addEventListener("submit", function (event) {
      if (event.defaultPrevented) return; // offline.js queued it
      var id = randomId();
      var ack = form.querySelector("input[name=" + ACK_FIELD + "]");
      if (!ack) {
        ack = document.createElement("input");
        ack.type = "hidden";
        ack.name = ACK_FIELD;
        form.appendChild(ack);
      }
      ack.value = id;
      write(key, { fields: fieldsOf(form), saved: Date.now(), sent: id });
      touched = true;
    });
  }

  // a draft nobody came back to in a month belongs to a game long over
  function pruned() {
    var store = storage();
    if (!store) return;
    var oldest = Date.now() - STORED_FOR;
    for (var i = store.length - 1; i >= 0; i--) {
      var name = store.key(i);
      if (name && name.indexOf(PREFIX) === 0) {
        var draft = read(name.slice(PREFIX.length));
        if (!draft || !(draft.saved > oldest)) store.removeItem(name);
      }
    }
  }

  acknowledged();
  pruned();
  var forms = Array.prototype.slice.call(document.querySelectorAll("form[data-draft]"));

  window.scorekeeperDrafts = {
    read: read,
    write: function (key, fields) { write(key, { fields: fields, saved: Date.now(), sent: null }); },
    forget: forget,
    fieldsOf: fieldsOf,
    randomId: randomId
  };
  forms.forEach(watch);
})();
