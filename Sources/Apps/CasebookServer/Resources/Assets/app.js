document.querySelectorAll("[data-enables]").forEach(function (field) {
  var button = document.getElementById(field.getAttribute("data-enables"));
  if (!button) { return; }
  function update() { button.disabled = field.value.trim() === ""; }
  field.addEventListener("input", update);
  update();
});
