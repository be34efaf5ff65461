// The web archive's one script: the step links (start, previous, next,
// end) answer the keys named in their data-key. Without it the links work
// as they are.
"use strict";
document.addEventListener("keydown", function (e) {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  var t = e.target;
  if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
  var links = document.querySelectorAll("a.step[data-key]");
  for (var i = 0; i < links.length; i++) {
    if (links[i].getAttribute("data-key") === e.key) {
      e.preventDefault();
      window.location.assign(links[i].href);
      return;
    }
  }
});
