// Search page: the "/" key puts the cursor in the search box (unless the reader is already typing).
(function () {
  "use strict";
  var box = document.getElementById("q");
  if (!box) { return; }
  document.addEventListener("keydown", function (event) {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) { return; }
    var target = event.target;
    var tag = target && target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable)) { return; }
    event.preventDefault();
    box.focus();
    box.select();
  });
})();
