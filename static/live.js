// A shared score sheet refreshes itself within a few seconds of a change.
// Without JavaScript a reload shows the same page.
// The poll revalidates with the server's ETag ("no-cache" sends If-None-Match): while
// nothing changed the answer is an empty 304, and the page reloads only on a new revision.
(function () {
  "use strict";
  var sheet = document.getElementById("sheet");
  if (!sheet) return;
  var seen = sheet.dataset.revision;
  setInterval(function () {
    if (document.hidden) return;
    fetch(sheet.dataset.revisionUrl, { cache: "no-cache" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (body) {
        if (body && String(body.revision) !== seen) window.location.reload();
      })
      .catch(function () { /* poor reception: try again next time */ });
  }, 5000);
})();
