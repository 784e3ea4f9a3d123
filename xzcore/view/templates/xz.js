// xzcore's HTML pages: show the table state the page carries for each event (computed by
// xzcore.view.table; this script follows no game itself), and follow #game-eN links.
(function () {
  "use strict";
  var S = JSON.parse(document.getElementById("xz-strings").textContent);

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function codes(run) {
    var out = [];
    for (var i = 0; i + 1 < run.length; i += 2) out.push(run.substr(i, 2));
    return out;
  }
  function tile(code) {
    var t = el("span", "tile s-" + code[1]);
    t.title = S.names[code] || code;
    t.dataset.tile = code;
    t.appendChild(el("b", "", code[0]));
    t.appendChild(el("i", "", S.suits[code[1]] || code[1]));
    return t;
  }
  function fill(box, items) {
    box.textContent = "";
    if (!items.length) box.appendChild(el("span", "none", S.words.none));
    items.forEach(function (x) { box.appendChild(x); });
  }
  function signed(n) { return n > 0 ? "+" + n : String(n); }

  function Viewer(root) {
    this.root = root;
    this.steps = JSON.parse(root.querySelector("script.steps").textContent);
    this.rows = root.querySelectorAll("ol.events > li");
    this.seats = root.querySelectorAll("section.seat");
    this.jump = root.querySelector("input.jump");
    this.scrub = root.querySelector("input.scrub");
    this.now = root.querySelector(".now");
    this.step = -1;
    var self = this;
    root.querySelector(".controls").addEventListener("click", function (ev) {
      var b = ev.target.closest("button[data-go]");
      if (!b) return;
      var go = b.dataset.go;
      self.show(go === "first" ? 0 : go === "last" ? self.steps.length - 1
        : self.step + (go === "next" ? 1 : -1));
    });
    this.jump.addEventListener("change", function () { self.show(parseInt(self.jump.value, 10) || 0); });
    this.scrub.addEventListener("input", function () { self.show(parseInt(self.scrub.value, 10)); });
    root.querySelector("ol.events").addEventListener("click", function (ev) {
      if (ev.target.closest("a")) return;
      var li = ev.target.closest("li[data-step]");
      if (li) self.show(parseInt(li.dataset.step, 10));
    });
    // The last replay a reader used (a click, a link, a key) is the one the keys move.
    root.addEventListener("pointerdown", function () { active = self; });
    root.addEventListener("focusin", function () { active = self; });
    this.show(parseInt(root.dataset.start, 10) || 0);
  }

  Viewer.prototype.key = function (ev) {
    var to = { ArrowRight: this.step + 1, ArrowLeft: this.step - 1, Home: 0,
      End: this.steps.length - 1 }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    this.show(to);
  };

  Viewer.prototype.show = function (i) {
    if (isNaN(i)) return;
    i = Math.max(0, Math.min(this.steps.length - 1, i));
    var st = this.steps[i];
    var row = this.rows[i];
    var actor = row.dataset.actor === "" ? -1 : parseInt(row.dataset.actor, 10);
    var what = row.querySelector(".what");
    var discarded = row.dataset.type === "dahai";
    this.root.querySelector(".wall-left").textContent = st.w;
    for (var s = 0; s < 4; s++) {
      var seat = st.s[s];
      var box = this.seats[s];
      box.classList.toggle("actor", s === actor);
      box.classList.toggle("dealer", s === st.d);
      box.classList.toggle("won", seat[4]);
      box.querySelector(".void").textContent = seat[3] ? (S.suits[seat[3]] || seat[3]) : S.words.none;
      box.querySelector(".score").textContent = signed(seat[5]);
      fill(box.querySelector(".hand"), codes(seat[0]).map(tile));
      fill(box.querySelector(".melds"), seat[1].map(function (m) {
        var g = el("span", "meld");
        g.appendChild(el("span", "kind", S.melds[m[0]] || m[0]));
        var n = m[0] === "peng" ? 3 : 4;
        for (var k = 0; k < n; k++) g.appendChild(tile(m[1]));
        return g;
      }));
      var river = codes(seat[2]).map(tile);
      if (discarded && s === actor && river.length) river[river.length - 1].classList.add("last");
      fill(box.querySelector(".discards"), river);
    }
    if (this.step >= 0 && this.rows[this.step]) this.rows[this.step].classList.remove("current");
    row.classList.add("current");
    var list = row.parentNode;
    if (row.offsetTop < list.scrollTop || row.offsetTop + row.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = row.offsetTop - list.clientHeight / 2;
    }
    // The name between FSI and PDI (U+2068, U+2069): isolated as its <bdi> is in the list,
    // an RTL override in it reverses nothing after it.
    var who = row.querySelector(".who").textContent;
    this.now.textContent = row.querySelector(".i").textContent + " · " +
      (who ? "\u2068" + who + "\u2069 · " : "") + what.textContent;
    this.jump.value = i;
    this.scrub.value = i;
    this.step = i;
    this.root.dataset.step = i;
  };

  var viewers = {};
  var active = null;
  document.querySelectorAll(".replay[data-game]").forEach(function (r) {
    viewers[r.dataset.game] = new Viewer(r);
  });
  // The keys step a replay without a click first: the one last used, else the first one in
  // sight, else the page's first.
  function seen(v) {
    var box = v.root.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight;
  }
  function inSight() {
    var keys = Object.keys(viewers);
    for (var i = 0; i < keys.length; i++) if (seen(viewers[keys[i]])) return viewers[keys[i]];
    return null;
  }
  document.addEventListener("keydown", function (ev) {
    var tag = ev.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var first = viewers[Object.keys(viewers)[0]];
    var v = active && seen(active) ? active : inSight() || active || first;
    if (v) v.key(ev);
  });
  function follow() {
    var m = /^#(.+)-e(\d+)$/.exec(decodeURIComponent(location.hash));
    if (!m || !viewers[m[1]]) return;
    var v = viewers[m[1]];
    v.show(parseInt(m[2], 10));
    active = v;
    v.root.scrollIntoView({ block: "start" });
    v.root.focus({ preventScroll: true });
  }
  window.addEventListener("hashchange", follow);
  follow();
  window.xzViewers = viewers;
})();
