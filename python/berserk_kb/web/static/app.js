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
// After Back or Forward, htmx restores the page as it was when left, but a form field's typed
// value is not part of that snapshot: the search form takes its fields from the address again.
function fieldsFromAddress() {
  var form = document.querySelector("form.search-form");
  if (!form) { return; }
  var params = new URLSearchParams(location.search);
  ["q", "edition", "kind"].forEach(function (name) {
    var field = form.elements[name];
    if (field) { field.value = params.get(name) || ""; }
  });
}
document.addEventListener("htmx:historyRestore", fieldsFromAddress);
window.addEventListener("pageshow", fieldsFromAddress);
