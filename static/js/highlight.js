// Section page opened from a search result: mark the passage that answers the search and scroll to it.
// The server (which knows the stems) picks the passage: <script type="application/json" id="search-passage">
// holds [{lang, text}], one per language shown. The passage may run across bold or linked words, so
// each text node it covers gets its own <mark class="search-passage">.
(function () {
  "use strict";
  var data = document.getElementById("search-passage");
  var article = document.querySelector("article.section");
  if (!data || !article) { return; }
  var passages = JSON.parse(data.textContent || "[]");

  function squeeze(text) { return text.replace(/\s+/g, " "); }

  // A block's text with whitespace runs squeezed to one space, and for each of its characters
  // the text node and offset it comes from.
  function textOf(root) {
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
      acceptNode: function (node) {
        return node.parentNode.closest("script, .section-id") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
      }
    });
    var text = "", where = [];
    while (walker.nextNode()) {
      var node = walker.currentNode, raw = node.nodeValue;
      for (var i = 0; i < raw.length; i++) {
        var space = /\s/.test(raw[i]);
        if (space && (text === "" || text.endsWith(" "))) { continue; }
        text += space ? " " : raw[i];
        where.push({ node: node, offset: i });
      }
    }
    return { text: text, where: where };
  }

  // Wrap the characters [from, to) of a block's squeezed text, one <mark> per text node.
  function wrap(where, from, to) {
    var spans = [];
    for (var i = from; i < to; i++) {
      var last = spans[spans.length - 1];
      if (last && last.node === where[i].node) { last.end = where[i].offset + 1; }
      else { spans.push({ node: where[i].node, start: where[i].offset, end: where[i].offset + 1 }); }
    }
    var marks = spans.map(function (span) {
      var middle = span.node.splitText(span.start);
      middle.splitText(span.end - span.start);
      var mark = document.createElement("mark");
      mark.className = "search-passage";
      middle.parentNode.replaceChild(mark, middle);
      mark.appendChild(middle);
      return mark;
    });
    return marks[0] || null;
  }

  // A table row's passage is its cells' texts joined by " · " (rules_db/search/snippets.py):
  // mark every cell of the row that reads so; null when none does.
  function markRow(body, wanted) {
    var rows = body.querySelectorAll("tr");
    for (var r = 0; r < rows.length; r++) {
      var cells = Array.prototype.map.call(rows[r].children, textOf);
      var joined = cells.map(function (cell) { return cell.text.trim(); }).filter(Boolean).join(" · ");
      if (joined !== wanted) { continue; }
      var marks = cells.map(function (cell) {
        var end = cell.text.replace(/ $/, "").length;
        return end ? wrap(cell.where, 0, end) : null;
      }).filter(Boolean);
      return marks[0] || null;
    }
    return null;
  }

  var first = null;
  passages.forEach(function (passage) {
    var wanted = squeeze(passage.text).trim();
    var bodies = article.querySelectorAll('.rule-body[lang="' + passage.lang + '"]');
    if (!bodies.length) { bodies = article.querySelectorAll(".rule-body"); }
    for (var b = 0; b < bodies.length; b++) {
      var row = wanted.indexOf(" · ") >= 0 ? markRow(bodies[b], wanted) : null;
      if (row) {
        if (!first) { first = row; }
        return;
      }
      // The innermost blocks' texts; a block that is the passage whole wins over an earlier one
      // that only holds it ("SHIPS" is a cell of its own, and a word of "All SHIPS move first").
      var texts = Array.prototype.filter.call(
        bodies[b].querySelectorAll("p, li, td, th, h2, h3, h4, blockquote"),
        function (block) { return !block.querySelector("p, li"); }
      ).map(textOf);
      var whole = texts.filter(function (found) { return found.text.trim() === wanted; })[0];
      var found = whole || texts.filter(function (text) { return text.text.indexOf(wanted) >= 0; })[0];
      if (found) {
        var at = found.text.indexOf(wanted);
        var mark = wrap(found.where, at, at + wanted.length);
        if (mark && !first) { first = mark; }
        return;
      }
    }
  });
  if (first) {
    first.scrollIntoView({ block: "center" });
    // Keyboard and screen readers start from the passage too: the next Tab goes on from it,
    // not back to the top of the page.
    var block = first.closest("p, li, tr, h2, h3, h4, blockquote") || first;
    block.setAttribute("tabindex", "-1");
    block.focus({ preventScroll: true });
  }
})();
