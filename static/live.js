// A shared score sheet refreshes itself within a few seconds of a change.
// Without JavaScript a reload shows the same page.
(function () {
  "use strict";
  var sheet = document.getElementById("sheet");
  if (!sheet) return;
  var seen = sheet.dataset.revision;
  setInterval(function () {
    if (document.hidden) return;
    fetch(sheet.dataset.revisionUrl, { cache: "no-store" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (body) {
        if (body && String(body.revision) !== seen) window.location.reload();
      })
      .catch(function () { /* poor reception: try again next time */ });
  }, 2500);
})();
