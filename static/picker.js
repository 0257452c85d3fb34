// The round form on a phone: cards tapped in a bottom sheet, counts typed on the keypad.
// The referee's form uses the same sheet for its cards (no round, no points to ask for).
// The form works without this script (cards typed as text, AS 10H JK). This script never
// reads card text itself: the server's engine answers what each field holds and counts.
(function () {
  "use strict";
  var form = document.querySelector("#round-form, #referee-form");
  if (!form) return;
  var picker = document.getElementById("picker");
  var grid = picker.querySelector(".picker-grid");
  var tools = picker.querySelector(".picker-tools");
  var targetName = document.getElementById("picker-target");
  var sheetPoints = document.getElementById("picker-points");
  var undoButton = document.getElementById("picker-undo");
  var meldButton = document.getElementById("picker-meld");
  var nextButton = document.getElementById("picker-next");
  var fields = Array.prototype.slice.call(form.querySelectorAll("input.cards, textarea.cards"));
  var ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  var suits = [["S", "\u2660"], ["H", "\u2665"], ["D", "\u2666"], ["C", "\u2663"]];
  // every word shown comes from the server, in the page's language (data-strings)
  var strings = JSON.parse(form.dataset.strings || "{}");
  var faces = strings.faces || {};
  var written = strings.written || {};
  var numbers = new Intl.NumberFormat(strings.lang || undefined);
  var target = null;
  var history = []; // [field, value before] for each change made from the sheet
  var answer = null; // the server's last word on the fields
  var asking = null;
  var typingTimer = null;

  // --- what the engine says -------------------------------------------------------
  function ask() {
    if (!form.dataset.pointsUrl) return;
    var query = new URLSearchParams();
    fields.forEach(function (field) { query.append(field.name, field.value); });
    if (asking) asking.abort();
    asking = new AbortController();
    fetch(form.dataset.pointsUrl + "?" + query.toString(), {
      signal: asking.signal, credentials: "same-origin", headers: { Accept: "application/json" }
    }).then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) { if (data) { answer = data; showFaces(data.faces); show(); } })
      .catch(function () { /* offline or superseded: the last answer stays */ });
  }
  function askSoon() {
    clearTimeout(typingTimer);
    typingTimer = setTimeout(ask, 200);
  }
  function pointsText(name) {
    if (!answer) return "";
    if (answer.errors[name]) return answer.errors[name];
    var field = answer.fields[name];
    if (!field || field.points === undefined || !field.cards.length) return "";
    var text = "= " + numbers.format(field.points) + " " + strings.points;
    if (field.melds.length) text += " (" + field.melds.join(", ") + ")";
    return text;
  }
  function show() {
    form.querySelectorAll(".points").forEach(function (line) {
      line.textContent = pointsText(line.dataset.for);
      line.classList.toggle("bad", Boolean(answer.errors[line.dataset.for]));
    });
    grid.parentNode.querySelectorAll("button[data-card]").forEach(function (button) {
      var left = answer.left[button.dataset.card];
      button.querySelector(".left").textContent = left;
      button.disabled = left <= 0;
    });
    sheetPoints.textContent = target ? pointsText(target.name) : "";
  }

  // --- the sheet --------------------------------------------------------------------
  function face(rank) {
    return faces[rank] || rank;
  }
  // the letters on the buttons follow the table's language (B/D/K/A in German)
  function showFaces(given) {
    if (!given) return;
    faces = given;
    picker.querySelectorAll("button[data-card]").forEach(function (button) {
      button.firstChild.nodeValue = face(button.dataset.rank);
    });
  }
  function cardButton(card, rank, suit, red, suitLetter) {
    var button = document.createElement("button");
    button.type = "button";
    button.dataset.card = card;
    button.dataset.rank = rank;
    button.dataset.suit = suitLetter || "";
    if (red) button.className = "red";
    button.textContent = face(rank);
    if (suit) {
      var symbol = document.createElement("span");
      symbol.className = "suit";
      symbol.setAttribute("aria-hidden", "true");
      symbol.textContent = suit;
      button.appendChild(symbol);
      // the name is what the button shows, with the suit said in words for screen readers
      var word = document.createElement("span");
      word.className = "visually-hidden";
      word.textContent = " " + ((strings.suits || {})[suitLetter] || suitLetter) + " ";
      button.appendChild(word);
    }
    var left = document.createElement("span");
    left.className = "left";
    button.appendChild(left);
    button.addEventListener("click", function () { add(card); });
    return button;
  }
  suits.forEach(function (suit) {
    ranks.forEach(function (rank) {
      grid.appendChild(cardButton(rank + suit[0], rank, suit[1], suit[0] === "H" || suit[0] === "D", suit[0]));
    });
  });
  if (Number(form.dataset.jokers) > 0) tools.insertBefore(cardButton("JK", "JK", "", false), tools.firstChild);

  function change(field, value) {
    history.push([field, field.value]);
    field.value = value;
    grow(field);
    ask();
  }
  function add(card) {
    if (!target) return;
    var lines = target.value.split("\n");
    lines[lines.length - 1] = (lines[lines.length - 1] + " " + (written[card] || card)).trim();
    change(target, isMelds(target) ? lines.join("\n") : lines.join(" ").trim());
    keepInView(target);
  }
  function lastTokenRemoved(text) {
    return text.replace(/\s*\S+\s*$/, "");
  }
  // a melds field holds one meld a line; a hand is one line of cards that wraps
  function isMelds(field) {
    return field.name.indexOf("melds_") === 0;
  }
  function sameKind(field) {
    return field.name.split("_")[0] === target.name.split("_")[0];
  }
  function shown(field) {
    return field.offsetParent !== null;
  }
  function nextField() {
    var after = fields.slice(fields.indexOf(target) + 1);
    return after.filter(function (f) { return sameKind(f) && shown(f); })[0] || null;
  }
  function keyboardOff(on) {
    fields.forEach(function (field) {
      if (on) {
        if (!("inputmode" in field.dataset)) field.dataset.inputmode = field.getAttribute("inputmode") || "";
        field.setAttribute("inputmode", "none");
      } else if ("inputmode" in field.dataset) {
        if (field.dataset.inputmode) field.setAttribute("inputmode", field.dataset.inputmode);
        else field.removeAttribute("inputmode");
        delete field.dataset.inputmode;
      }
    });
  }
  // the field being filled stays in the part of the screen the sheet leaves free
  function keepInView(field) {
    var box = (field.closest(".field") || field).getBoundingClientRect();
    var free = window.innerHeight - picker.getBoundingClientRect().height - 8;
    var by = 0;
    if (box.bottom > free) by = box.bottom - free;
    else if (box.top < 8) by = box.top - 8;
    if (by) window.scrollBy(0, by);
  }
  function open(field) {
    if (target && target !== field) target.readOnly = false;
    target = field;
    field.readOnly = true; // no phone keyboard over the sheet
    keyboardOff(true);
    document.body.classList.add("picking");
    picker.hidden = false;
    var label = field.labels && field.labels[0] ? field.labels[0].textContent : field.name;
    targetName.textContent = label;
    meldButton.disabled = !isMelds(field);
    nextButton.disabled = !nextField();
    if (answer) show();
    keepInView(field);
    ask();
  }
  function close() {
    if (target) target.readOnly = false;
    keyboardOff(false);
    picker.hidden = true;
    document.body.classList.remove("picking");
    target = null;
  }

  fields.forEach(function (field) {
    var pick = document.createElement("button");
    pick.type = "button";
    pick.className = "button small pick";
    pick.textContent = strings.pick;
    pick.addEventListener("click", function () { open(field); });
    field.insertAdjacentElement("afterend", pick);
    // while the sheet is open, tapping another field fills that one, still without a keyboard
    field.addEventListener("focus", function () { if (!picker.hidden && target !== field) open(field); });
    field.addEventListener("input", function () { grow(field); askSoon(); });
    if (!isMelds(field)) {
      // Enter goes on to the next field: a hand is one line of cards
      field.addEventListener("keydown", function (event) {
        if (event.key !== "Enter") return;
        event.preventDefault();
        var next = fields.slice(fields.indexOf(field) + 1).filter(shown)[0];
        if (next) next.focus();
      });
    }
    grow(field);
  });
  // where the browser cannot size a field to its text (CSS field-sizing), it grows here
  function grow(field) {
    if (CSS.supports && CSS.supports("field-sizing", "content")) return;
    field.style.height = "auto";
    field.style.height = field.scrollHeight + 4 + "px";
  }
  undoButton.addEventListener("click", function () {
    var last = history.pop();
    if (last) {
      last[0].value = last[1];
      if (last[0] !== target) open(last[0]);
    } else if (target) {
      target.value = lastTokenRemoved(target.value);
    }
    ask();
  });
  meldButton.addEventListener("click", function () {
    if (target && target.value.trim() && !/\n\s*$/.test(target.value)) change(target, target.value + "\n");
  });
  nextButton.addEventListener("click", function () {
    var next = nextField();
    if (next) open(next);
  });
  document.getElementById("picker-done").addEventListener("click", close);
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && !picker.hidden) close();
  });

  // --- the round ----------------------------------------------------------------------
  if (!form.dataset.goingOut) return; // the referee's form: no round to follow
  var goingOut = form.dataset.goingOut.split(" ");
  function checked(name) {
    var input = form.querySelector("input[name='" + name + "']:checked");
    return input ? input.value : null;
  }
  // the winner who went out holds nothing and had melded: those questions go away
  function markWinner() {
    var winner = checked("winner");
    var out = goingOut.indexOf(form.elements.end.value) >= 0;
    form.querySelectorAll("fieldset.player").forEach(function (fieldset) {
      fieldset.classList.toggle("is-winner", out && fieldset.dataset.player === winner);
    });
    if (target && !shown(target)) close();
  }
  form.querySelectorAll("input[name=winner]").forEach(function (input) {
    input.addEventListener("change", markWinner);
  });
  form.elements.end.addEventListener("change", markWinner);
  markWinner();

  // the table's choice of cards or counts is remembered for its next round
  form.querySelectorAll("input[name=mode]").forEach(function (input) {
    input.addEventListener("change", function () {
      var secure = location.protocol === "https:" ? "; Secure" : "";
      document.cookie = "entry_mode=" + input.value + "; path=" + form.dataset.modePath +
        "; max-age=31536000; SameSite=Lax" + secure;
      if (input.value === "count") close();
    });
  });
  // Enter on the keypad goes to the next count, not to the server half-filled
  var counts = Array.prototype.slice.call(form.querySelectorAll("input.count"));
  counts.forEach(function (input, index) {
    // a count that is not a whole number up to the limit is said at once, never cut short
    var said = input.parentNode.querySelector(".live-error");
    input.addEventListener("input", function () {
      // what the server said of the count before it changed is stale: said once, here
      input.parentNode.querySelectorAll(".error:not(.live-error)").forEach(function (old) { old.hidden = true; });
      var text = input.value.trim();
      var wrong = text !== "" && !(/^[0-9]+$/.test(text) && Number(text) <= Number(input.dataset.most));
      said.textContent = wrong ? input.dataset.tooBig : "";
      said.hidden = !wrong;
    });
    input.addEventListener("keydown", function (event) {
      if (event.key !== "Enter") return;
      var next = counts.slice(index + 1).filter(shown)[0];
      if (next) { event.preventDefault(); next.focus(); }
    });
  });

  // a problem or a checked round is shown where the eye is
  var news = document.getElementById("problems") || document.getElementById("checked-round");
  if (news) {
    news.scrollIntoView({ block: "start" });
    news.focus({ preventScroll: true });
  }
  // a problem's link opens the folded section its field is in
  form.ownerDocument.querySelectorAll(".error-summary a[href^='#']").forEach(function (link) {
    link.addEventListener("click", function () {
      var field = document.getElementById(link.getAttribute("href").slice(1));
      var folded = field && field.closest("details");
      if (folded) folded.open = true;
    });
  });
  if (fields.some(function (field) { return field.value.trim(); })) ask();
})();
