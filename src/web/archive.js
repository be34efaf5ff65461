// The web archive's one script (the CSP allows no inline script). On a
// game page it steps through the moves without reloading the page: a step
// link (start, previous, next, end), a move in the list, the keys named in
// the step links' data-key (←, →, Home, End) and a swipe across the board
// fetch the page of that ply, swap in its board picture, position line,
// step links and highlighted move, and push its URL, so every step keeps
// its own address and Back goes back a step. Without the script every
// link is a plain link to that page.
"use strict";
(function () {
  var busy = null;

  function gamePage() {
    return document.getElementById("board") && document.querySelector("nav.steps");
  }

  // A link this script steps with: the step links and the moves' links.
  function stepLink(a) {
    return a && a.matches && a.matches("a.step, ol.moves a");
  }

  // Swaps the parts of the page that show the position for those of `doc`.
  function swap(doc) {
    var img = document.getElementById("board"), next = doc.getElementById("board");
    if (!img || !next) return false;
    var small = document.getElementById("board-small"), nsmall = doc.getElementById("board-small");
    if (small && nsmall) small.setAttribute("srcset", nsmall.getAttribute("srcset"));
    img.setAttribute("alt", next.getAttribute("alt"));
    img.setAttribute("src", next.getAttribute("src"));
    ["ply", "result"].forEach(function (id) {
      var a = document.getElementById(id), b = doc.getElementById(id);
      if (a && b) a.textContent = b.textContent;
    });
    var steps = document.querySelector("nav.steps"), nsteps = doc.querySelector("nav.steps");
    if (steps && nsteps) steps.innerHTML = nsteps.innerHTML;
    var old = document.querySelectorAll("ol.moves a[aria-current]");
    for (var i = 0; i < old.length; i++) old[i].removeAttribute("aria-current");
    var cur = doc.querySelector("ol.moves a[aria-current]");
    if (cur) {
      var mine = document.querySelector('ol.moves a[href="' + cur.getAttribute("href") + '"]');
      if (mine) {
        mine.setAttribute("aria-current", "step");
        // Keep the move in view inside the list's own box, not the page.
        var box = mine.closest(".movelist");
        if (box && box.scrollHeight > box.clientHeight) {
          var top = mine.offsetTop - box.offsetTop;
          if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - mine.offsetHeight) {
            box.scrollTop = Math.max(0, top - box.clientHeight / 2);
          }
        }
      }
    }
    document.title = doc.title;
    // The link preview of this step, for whoever copies the page's tags.
    var metas = doc.querySelectorAll('meta[property^="og:"], meta[name^="twitter:"], meta[name="description"]');
    for (var m = 0; m < metas.length; m++) {
      var key = metas[m].hasAttribute("property") ? "property" : "name";
      var mine2 = document.querySelector("meta[" + key + '="' + metas[m].getAttribute(key) + '"]');
      if (mine2) mine2.setAttribute("content", metas[m].getAttribute("content"));
    }
    return true;
  }

  // Shows the page at `href`; `push`: a new history entry.
  function go(href, push) {
    if (!window.fetch || !window.DOMParser || !window.history.pushState) {
      window.location.assign(href);
      return;
    }
    var ticket = {};
    busy = ticket;
    fetch(href, { credentials: "same-origin" })
      .then(function (r) {
        if (!r.ok) throw new Error(r.status);
        return r.text();
      })
      .then(function (text) {
        if (busy !== ticket) return; // a later step won
        var doc = new DOMParser().parseFromString(text, "text/html");
        if (!swap(doc)) throw new Error("no board");
        if (push) window.history.pushState({ step: href }, "", href);
      })
      .catch(function () {
        window.location.assign(href);
      });
  }

  function step(key) {
    var links = document.querySelectorAll("a.step[data-key]");
    for (var i = 0; i < links.length; i++) {
      if (links[i].getAttribute("data-key") === key) {
        go(links[i].href, true);
        return true;
      }
    }
    return false;
  }

  document.addEventListener("click", function (e) {
    if (!gamePage() || e.defaultPrevented || e.button !== 0) return;
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var a = e.target.closest ? e.target.closest("a") : null;
    if (!stepLink(a)) return;
    e.preventDefault();
    go(a.href, true);
  });

  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var t = e.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    if (!gamePage()) return;
    if (step(e.key)) e.preventDefault();
  });

  window.addEventListener("popstate", function () {
    if (gamePage()) go(window.location.href, false);
  });

  // A swipe across the board: right to left is the next move.
  var x0 = null, y0 = null;
  document.addEventListener("touchstart", function (e) {
    var b = document.getElementById("board");
    if (!b || e.touches.length !== 1 || e.target !== b) { x0 = null; return; }
    x0 = e.touches[0].clientX;
    y0 = e.touches[0].clientY;
  }, { passive: true });
  document.addEventListener("touchend", function (e) {
    if (x0 === null || !e.changedTouches.length) return;
    var dx = e.changedTouches[0].clientX - x0, dy = e.changedTouches[0].clientY - y0;
    x0 = null;
    if (Math.abs(dx) > 40 && Math.abs(dx) > 2 * Math.abs(dy)) {
      step(dx < 0 ? "ArrowRight" : "ArrowLeft");
    }
  }, { passive: true });
})();
