// Section page opened from a search result: mark the words the search matched and show the first.
// The words come from the server (which knows the stems) in <script type="application/json" id="search-marks">.
(function () {
  "use strict";
  var data = document.getElementById("search-marks");
  var article = document.querySelector("article.section");
  if (!data || !article) { return; }
  var words = JSON.parse(data.textContent || "[]");
  if (!words.length) { return; }
  var escaped = words.map(function (w) { return w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); });
  escaped.sort(function (a, b) { return b.length - a.length; });
  var pattern = new RegExp("(^|[^\\p{L}\\p{N}])(" + escaped.join("|") + ")(?=$|[^\\p{L}\\p{N}])", "giu");
  var walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT, {
    acceptNode: function (node) {
      return node.parentNode.closest("mark, script, .section-id") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
    }
  });
  var nodes = [];
  while (walker.nextNode()) { nodes.push(walker.currentNode); }
  nodes.forEach(function (node) {
    var text = node.nodeValue;
    pattern.lastIndex = 0;
    if (!pattern.test(text)) { return; }
    pattern.lastIndex = 0;
    var fragment = document.createDocumentFragment();
    var last = 0;
    text.replace(pattern, function (match, before, word, offset) {
      var start = offset + before.length;
      fragment.appendChild(document.createTextNode(text.slice(last, start)));
      var mark = document.createElement("mark");
      mark.className = "search-hit";
      mark.textContent = word;
      fragment.appendChild(mark);
      last = start + word.length;
      return match;
    });
    fragment.appendChild(document.createTextNode(text.slice(last)));
    node.parentNode.replaceChild(fragment, node);
  });
  var first = article.querySelector("mark.search-hit");
  if (first && first.getBoundingClientRect().top > window.innerHeight) {
    first.scrollIntoView({ block: "center" });
  }
})();
