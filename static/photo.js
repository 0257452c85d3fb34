// A photo of the cards fills in a hand (templates/_photo.html). The phone shrinks the photo
// (long side at most 1600 px, JPEG) before sending it to the server, which reads it and forgets
// it; the cards read go into the hand's field as if picked, and the photo is shown with each
// card read in a numbered box, the doubtful ones marked. Nothing is saved until Save.
// Without this script the photo goes with the form and the server fills the hand in.
(function () {
  "use strict";
  var LONG_SIDE = 1600;
  var MOST_BYTES = 15 * 1024 * 1024;
  var RETRIES = 6;
  var form = document.querySelector("#round-form, #referee-form");
  if (!form) return;
  var pickerStrings = JSON.parse(form.dataset.strings || "{}");
  var written = pickerStrings.written || {};

  function cardText(card) {
    return written[card] || card;
  }
  // the card field this photo fills: the referee's form says which by its question
  function targetOf(box) {
    var named = box.dataset.target;
    if (named.indexOf(",") < 0) return document.getElementById(named);
    var ids = named.split(",");
    var shown = ids.map(function (id) { return document.getElementById(id); })
      .filter(function (field) { return field && !field.closest("[hidden]"); });
    return shown[0] || document.getElementById(ids[0]);
  }
  function changed(field) {
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // --- the photo made small on the phone ------------------------------------------------
  function loaded(file) {
    if (window.createImageBitmap) {
      return createImageBitmap(file, { imageOrientation: "from-image" });
    }
    return new Promise(function (resolve, reject) {
      var image = new Image();
      var url = URL.createObjectURL(file);
      image.onload = function () { URL.revokeObjectURL(url); resolve(image); };
      image.onerror = function () { URL.revokeObjectURL(url); reject(new Error("unreadable")); };
      image.src = url;
    });
  }
  function shrunk(file) {
    return loaded(file).then(function (image) {
      var width = image.width, height = image.height;
      var scale = Math.min(1, LONG_SIDE / Math.max(width, height));
      var canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.round(width * scale));
      canvas.height = Math.max(1, Math.round(height * scale));
      canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height);
      return new Promise(function (resolve) {
        canvas.toBlob(function (blob) { resolve({ blob: blob, canvas: canvas }); }, "image/jpeg", 0.85);
      });
    }, function () {
      // a format this browser cannot draw (HEIC on most phones): sent as it is, read there
      return { blob: file, canvas: null };
    });
  }

  // --- asking the server ------------------------------------------------------------------
  function send(box, blob, tries) {
    var body = new FormData();
    body.append("photo", blob, "photo.jpg");
    // the round's variant, or the one the referee's form has chosen
    var variant = box.dataset.variant || (form.elements.variant && form.elements.variant.value);
    if (variant) body.append("variant", variant);
    if (pickerStrings.lang) body.append("lang", pickerStrings.lang);
    return fetch(box.dataset.url, { method: "POST", body: body, credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 503 && tries < RETRIES) {
          var wait = Number(response.headers.get("Retry-After")) || 1;
          say(box, box.strings.waiting);
          return new Promise(function (resolve) { setTimeout(resolve, wait * 1000); })
            .then(function () { return send(box, blob, tries + 1); });
        }
        return response.json().then(function (data) { return { ok: response.ok, data: data }; });
      });
  }
  function say(box, text, bad) {
    var status = box.querySelector(".photo-status");
    status.textContent = text;
    status.classList.toggle("error", Boolean(bad));
  }

  // --- what was read: into the hand, and over the photo -----------------------------------
  function fill(box, answer, canvas) {
    var field = targetOf(box);
    var taken = answer.cards.map(function () { return true; });
    // the photo's cards replace what the hand held; a card taken out or put back later
    // changes that card alone, leaving any card picked or typed since
    field.value = answer.cards.map(function (read) { return cardText(read.card); }).join(" ");
    changed(field);
    function takeOut(card) {
      var words = field.value.trim().split(/\s+/);
      var at = words.indexOf(cardText(card));
      if (at >= 0) words.splice(at, 1);
      field.value = words.join(" ");
      changed(field);
    }
    function putBack(card) {
      field.value = (field.value.trim() + " " + cardText(card)).trim();
      changed(field);
    }
    var figure = box.querySelector(".photo-seen");
    var frame = figure.querySelector(".photo-frame");
    var shown = frame.querySelector("canvas");
    var list = figure.querySelector(".photo-cards");
    frame.querySelectorAll(".photo-box").forEach(function (old) { old.remove(); });
    list.textContent = "";
    if (canvas) {
      shown.width = canvas.width;
      shown.height = canvas.height;
      shown.getContext("2d").drawImage(canvas, 0, 0);
      shown.setAttribute("aria-label", box.strings.seen);
    }
    shown.hidden = !canvas;
    answer.cards.forEach(function (read, index) {
      var unsure = answer.unsure.indexOf(index) >= 0;
      var mark = document.createElement("div");
      mark.className = "photo-box" + (unsure ? " unsure" : "");
      // positions in percent of the photo: the boxes follow it at any width on screen
      mark.style.left = (100 * read.box[0] / answer.width) + "%";
      mark.style.top = (100 * read.box[1] / answer.height) + "%";
      mark.style.width = (100 * read.box[2] / answer.width) + "%";
      mark.style.height = (100 * read.box[3] / answer.height) + "%";
      var number = document.createElement("span");
      number.textContent = String(index + 1);
      mark.appendChild(number);
      if (canvas) frame.appendChild(mark);
      var chip = document.createElement("button");
      chip.type = "button";
      chip.className = "button small photo-card" + (unsure ? " unsure" : "");
      chip.textContent = (index + 1) + " · " + cardText(read.card) + (unsure ? " · " + box.strings.unsure : "");
      chip.setAttribute("aria-pressed", "true");
      chip.addEventListener("click", function () {
        taken[index] = !taken[index];
        chip.classList.toggle("out", !taken[index]);
        mark.classList.toggle("out", !taken[index]);
        chip.setAttribute("aria-pressed", String(taken[index]));
        if (taken[index]) putBack(read.card);
        else takeOut(read.card);
      });
      list.appendChild(chip);
    });
    figure.hidden = false;
    say(box, answer.cards.length ? box.strings.read : box.strings.none);
  }

  function read(box, input) {
    var file = input.files && input.files[0];
    input.value = ""; // the photo never goes with the form's own save
    if (!file) return;
    if (!navigator.onLine) { say(box, box.strings.offline, true); return; }
    say(box, box.strings.reading);
    shrunk(file).then(function (made) {
      if (made.blob.size > MOST_BYTES) { say(box, box.strings.too_big, true); return null; }
      return send(box, made.blob, 0).then(function (result) {
        if (result.ok) fill(box, result.data, made.canvas);
        else say(box, result.data.error || box.strings.failed, true);
      });
    }).catch(function () {
      say(box, navigator.onLine ? box.strings.failed : box.strings.offline, true);
    });
  }

  form.querySelectorAll(".photo").forEach(function (box) {
    box.strings = JSON.parse(box.dataset.strings || "{}");
    box.classList.add("scripted");
    var input = box.querySelector(".photo-input");
    input.addEventListener("change", function () { read(box, input); });
    function network() {
      if (!navigator.onLine) say(box, box.strings.offline);
      else if (box.querySelector(".photo-status").textContent === box.strings.offline) say(box, "");
    }
    window.addEventListener("online", network);
    window.addEventListener("offline", network);
    network();
  });
})();
