// The little the pages do with JavaScript (every reading page works without it): copy a
// permalink, expand or collapse a justification tree. htmx does the live search and the why form.
document.documentElement.classList.add("js");
document.addEventListener("click", function (e) {
  var copy = e.target.closest(".copy-link");
  if (copy) {
    var url = new URL(copy.dataset.href, location.href).href;
    var done = function () { copy.textContent = copy.dataset.copied; };
    if (navigator.clipboard) { navigator.clipboard.writeText(url).then(done, done); } else { done(); }
    copy.dataset.url = url;
    return;
  }
  var tool = e.target.closest("[data-tree]");
  if (tool) {
    var open = tool.dataset.tree === "open";
    var scope = tool.closest(".answer") || document;
    scope.querySelectorAll("details.step").forEach(function (d) { d.open = open; });
  }
});
