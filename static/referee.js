// The referee on a phone: only the questions the chosen variant has and the fields the
// chosen question reads are shown (the server says which: data-questions, data-fields);
// after a question the verdict is scrolled to the top and focused for screen readers.
// Without this script every field is shown and the page still works.
(function () {
  "use strict";
  var form = document.getElementById("referee-form");
  if (!form) return;
  var questionsOf = JSON.parse(form.dataset.questions || "{}");
  var fieldsOf = JSON.parse(form.dataset.fields || "{}");
  var jokersOf = JSON.parse(form.dataset.jokersOf || "{}");
  var variant = form.elements.variant;
  var question = form.elements.question;

  function fieldBox(name) {
    var input = form.elements[name];
    return input && input.closest(".field");
  }
  function showWhatIsAsked() {
    var asked = questionsOf[variant.value] || Object.keys(fieldsOf);
    Array.prototype.forEach.call(question.options, function (option) {
      option.hidden = option.disabled = asked.indexOf(option.value) < 0;
    });
    if (asked.indexOf(question.value) < 0) question.value = asked[0];
    var joker = document.querySelector("#picker button[data-card='JK']");
    if (joker) joker.hidden = jokersOf[variant.value] === 0;
    var used = fieldsOf[question.value] || [];
    Object.keys(fieldsOf).forEach(function (q) {
      fieldsOf[q].forEach(function (name) {
        var box = fieldBox(name);
        if (box) box.hidden = used.indexOf(name) < 0;
      });
    });
  }
  variant.addEventListener("change", showWhatIsAsked);
  question.addEventListener("change", showWhatIsAsked);
  showWhatIsAsked();

  var verdict = document.getElementById("verdict");
  if (verdict) {
    verdict.scrollIntoView({ block: "start" });
    verdict.focus({ preventScroll: true });
  }
})();
