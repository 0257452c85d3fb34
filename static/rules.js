// A rules page: a link of the contents list (or an address ending in #section) opens the
// folded section it names; printing unfolds every section and folds them back after.
(function () {
  "use strict";
  function openTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var section = id && document.getElementById(id);
    if (section && section.tagName === "DETAILS") section.open = true;
  }
  window.addEventListener("hashchange", openTarget);
  document.querySelectorAll(".contents a[href^='#']").forEach(function (link) {
    link.addEventListener("click", function () {
      var section = document.getElementById(link.getAttribute("href").slice(1));
      if (section) section.open = true;
    });
  });
  openTarget();
  var foldedBeforePrint = [];
  window.addEventListener("beforeprint", function () {
    foldedBeforePrint = Array.prototype.filter.call(
      document.querySelectorAll("details.rules-section"), function (d) { return !d.open; });
    foldedBeforePrint.forEach(function (d) { d.open = true; });
  });
  window.addEventListener("afterprint", function () {
    foldedBeforePrint.forEach(function (d) { d.open = false; });
    foldedBeforePrint = [];
  });
})();
