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

// Dates in the reader's time zone: the server renders them in the zone this cookie names, so
// it is set (for a year) to the browser's; a page rendered before it was, or in another zone,
// has its dates rewritten here.
(function () {
  var zone;
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch (error) { return; }
  if (!zone) { return; }
  var current = document.cookie.split("; ").filter(function (pair) {
    return pair.indexOf("casebook_tz=") === 0;
  }).map(function (pair) { return decodeURIComponent(pair.slice("casebook_tz=".length)); })[0];
  if (current === zone) { return; }
  document.cookie = "casebook_tz=" + encodeURIComponent(zone) + "; path=/; max-age=31536000; samesite=lax";
  var format = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: zone });
  document.querySelectorAll("time[datetime]").forEach(function (time) {
    var date = new Date(time.getAttribute("datetime"));
    if (!isNaN(date)) { time.textContent = format.format(date); }
  });
})();

// Files dropped on a form that takes them (data-drop-files: its file field's id) are sent at
// once, as if chosen and sent; without JavaScript the field still takes them.
document.querySelectorAll("form[data-drop-files]").forEach(function (form) {
  var field = document.getElementById(form.getAttribute("data-drop-files"));
  if (!field) { return; }
  ["dragenter", "dragover"].forEach(function (name) {
    form.addEventListener(name, function (event) {
      event.preventDefault();
      form.classList.add("dropping");
    });
  });
  form.addEventListener("dragleave", function () { form.classList.remove("dropping"); });
  form.addEventListener("drop", function (event) {
    event.preventDefault();
    form.classList.remove("dropping");
    if (!event.dataTransfer || event.dataTransfer.files.length === 0) { return; }
    field.files = event.dataTransfer.files;
    var button = form.querySelector("button[type=submit]");
    form.requestSubmit(button || undefined);
  });
});
