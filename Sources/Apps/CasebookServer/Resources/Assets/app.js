document.querySelectorAll("[data-enables]").forEach(function (field) {
  var button = document.getElementById(field.getAttribute("data-enables"));
  if (!button) { return; }
  function update() { button.disabled = field.value.trim() === ""; }
  field.addEventListener("input", update);
  update();
});

// Ctrl+Enter (Cmd+Enter on a Mac) in a text area saves its form, as in the editors people use.
document.querySelectorAll("textarea").forEach(function (area) {
  area.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey) || !area.form) { return; }
    event.preventDefault();
    var button = area.form.querySelector("button[type=submit]:not([disabled])");
    if (button) { area.form.requestSubmit(button); }
  });
});

// A destructive form asks first, in a dialog; without JavaScript the server asks on a page.
document.querySelectorAll("form[data-confirm]").forEach(function (form) {
  form.addEventListener("submit", function (event) {
    if (!window.confirm(form.getAttribute("data-confirm"))) {
      event.preventDefault();
      return;
    }
    if (!form.querySelector("input[name=confirm]")) {
      var confirmed = document.createElement("input");
      confirmed.type = "hidden";
      confirmed.name = "confirm";
      confirmed.value = "yes";
      form.appendChild(confirmed);
    }
  });
});
