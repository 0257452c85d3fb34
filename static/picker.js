// Tap-to-pick cards for the round form, and each hand's points as it is typed.
// The form works without this script: cards can always be typed (AS 10H JK).
(function () {
  "use strict";
  var form = document.getElementById("round-form");
  if (!form) return;
  var data = JSON.parse(form.dataset.cards);
  var ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  var suits = [["S", "♠"], ["H", "♥"], ["D", "♦"], ["C", "♣"]];
  var picker = document.getElementById("picker");
  var grid = picker.querySelector(".picker-grid");
  var targetName = document.getElementById("picker-target");
  var inputs = Array.prototype.slice.call(form.querySelectorAll(".hand input, .hand textarea"));
  var target = null;

  function tokens(text) {
    return text.toUpperCase().replace(/,/g, " ").split(/\s+/).filter(Boolean).map(function (t) {
      return t.replace(/^T/, "10").replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C").split("=")[0];
    });
  }
  function used() {
    var counts = {};
    inputs.forEach(function (input) {
      tokens(input.value).forEach(function (t) { if (t === "*") t = "JK"; counts[t] = (counts[t] || 0) + 1; });
    });
    return counts;
  }
  function points(text) {
    return tokens(text).reduce(function (sum, t) {
      if (t === "JK" || t === "*") return sum + data.joker;
      return sum + (data.values[t] || 0);
    }, 0);
  }
  function refresh() {
    var counts = used();
    grid.querySelectorAll("button").forEach(function (button) {
      var card = button.dataset.card;
      var total = card === "JK" ? data.jokers : data.decks;
      var left = total - (counts[card] || 0);
      button.querySelector(".left").textContent = left;
      button.disabled = left <= 0;
    });
    form.querySelectorAll(".points").forEach(function (p) {
      var input = document.getElementById(p.dataset.for);
      if (input && input.value.trim()) p.textContent = "= " + points(input.value) + " points";
      else p.textContent = "";
    });
  }
  function add(card) {
    if (!target) return;
    if (target.tagName === "TEXTAREA") {
      var lines = target.value.split("\n");
      lines[lines.length - 1] = (lines[lines.length - 1] + " " + card).trim();
      target.value = lines.join("\n");
    } else {
      target.value = (target.value + " " + card).trim();
    }
    refresh();
  }
  function cell(card, label, red) {
    var button = document.createElement("button");
    button.type = "button";
    button.dataset.card = card;
    if (red) button.className = "red";
    button.innerHTML = label + '<span class="left"></span>';
    button.setAttribute("aria-label", card);
    button.addEventListener("click", function () { add(card); });
    grid.appendChild(button);
  }
  suits.forEach(function (suit) {
    ranks.forEach(function (rank) { cell(rank + suit[0], rank + suit[1], suit[0] === "H" || suit[0] === "D"); });
  });
  if (data.jokers > 0) cell("JK", "JK", false);

  inputs.forEach(function (input) {
    var pick = document.createElement("button");
    pick.type = "button";
    pick.className = "button small pick";
    pick.textContent = "Pick cards";
    pick.addEventListener("click", function () {
      target = input;
      targetName.textContent = input.labels && input.labels[0] ? input.labels[0].textContent : "";
      picker.hidden = false;
      refresh();
    });
    input.insertAdjacentElement("afterend", pick);
    input.addEventListener("focus", function () {
      target = input;
      targetName.textContent = input.labels && input.labels[0] ? input.labels[0].textContent : "";
    });
    input.addEventListener("input", refresh);
  });
  document.getElementById("picker-undo").addEventListener("click", function () {
    if (!target) return;
    var parts = target.value.trimEnd().split(/(\s+)/);
    parts.splice(-1, 1);
    target.value = parts.join("").trimEnd();
    refresh();
  });
  document.getElementById("picker-done").addEventListener("click", function () {
    picker.hidden = true;
    if (target) target.focus();
  });
  refresh();
})();
