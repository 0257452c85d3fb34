// Times are stored in UTC and written by the server in its own zone; the phone knows its
// own zone, so each <time datetime> is shown again in the phone's time, in the page's language.
(function () {
  "use strict";
  var lang = document.documentElement.lang || undefined;
  var styles = {
    date: { dateStyle: "medium" },
    datetime: { dateStyle: "short", timeStyle: "short" }
  };
  document.querySelectorAll("time[datetime]").forEach(function (element) {
    var moment = new Date(element.getAttribute("datetime"));
    if (isNaN(moment.getTime())) return;
    var style = styles[element.dataset.kind] || styles.datetime;
    try {
      element.textContent = new Intl.DateTimeFormat(lang, style).format(moment);
    } catch (unknownLanguage) {
      element.textContent = new Intl.DateTimeFormat(undefined, style).format(moment);
    }
  });
})();
