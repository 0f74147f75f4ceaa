// The web record's few lines of script: the spoiler switch keeps your place, the replay steps with ← and →.
(function () {
  "use strict";
  var spoilers = document.getElementById("spoilers");
  if (spoilers) {
    var log = document.querySelector(".log-title");
    var float = function () {
      spoilers.classList.toggle("floating", !!log && log.getBoundingClientRect().top < 0);
    };
    window.addEventListener("scroll", float, {passive: true});
    float();
    spoilers.addEventListener("click", function () {
      // the chapter in view: the page with the switch flipped opens there
      var chapters = document.querySelectorAll(".chapter"), here = "";
      for (var i = 0; i < chapters.length; i++) {
        if (chapters[i].getBoundingClientRect().top <= 80) { here = chapters[i].id; }
      }
      if (here) { spoilers.href = spoilers.href.split("#")[0] + "#" + here; }
    });
  }
  var data = document.getElementById("frames");
  if (!data) { return; }
  var frames = JSON.parse(data.textContent), step = 0;
  var board = document.getElementById("board"), where = document.getElementById("where");
  var lines = document.getElementById("lines");
  var previous = document.getElementById("previous"), next = document.getElementById("next");
  var language = document.documentElement.lang;
  var shown = new URLSearchParams(location.search).get("step");
  step = Math.max(0, Math.min(frames.length - 1, (parseInt(shown, 10) || 1) - 1));
  function link(index) { return "?step=" + (index + 1) + "&lang=" + language; }
  function show(index) {
    if (index < 0 || index >= frames.length) { return; }
    step = index;
    var frame = frames[index];
    board.src = frame.src;
    board.alt = frame.title;
    where.textContent = frame.where;
    lines.textContent = "";
    frame.lines.forEach(function (text) {
      var item = document.createElement("li");
      item.className = "line";
      item.textContent = text;
      lines.appendChild(item);
    });
    previous.href = link(index - 1);
    next.href = link(index + 1);
    previous.setAttribute("aria-disabled", index === 0 ? "true" : "false");
    next.setAttribute("aria-disabled", index === frames.length - 1 ? "true" : "false");
    history.replaceState(null, "", link(index));
    if (index + 1 < frames.length) { new Image().src = frames[index + 1].src; }
  }
  previous.addEventListener("click", function (event) { event.preventDefault(); show(step - 1); });
  next.addEventListener("click", function (event) { event.preventDefault(); show(step + 1); });
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    if (event.key === "ArrowLeft") { event.preventDefault(); show(step - 1); }
    if (event.key === "ArrowRight") { event.preventDefault(); show(step + 1); }
  });
  if (step + 1 < frames.length) { new Image().src = frames[step + 1].src; }
})();
