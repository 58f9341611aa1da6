/// The stylesheet and the small progressive script every page links.
enum StaticAssets {
    static let stylesheet = """
        :root { --ink: #1d1d1f; --muted: #5f6368; --accent: #b3261e; --paper: #fffdf8; --line: #e4ddd0; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: var(--paper); }
        .skip { position: absolute; left: -999px; } .skip:focus { left: 1rem; top: 1rem; background: #fff; padding: .5rem; }
        header.site { background: #2b2b2b; }
        header.site nav { display: flex; flex-wrap: wrap; gap: .25rem 1rem; max-width: 48rem; margin: 0 auto; padding: .75rem 1rem; }
        header.site a { color: #fff; text-decoration: none; } header.site a.brand { font-weight: 700; margin-right: auto; }
        main { max-width: 48rem; margin: 0 auto; padding: 1rem; }
        footer.site { max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: var(--muted); font-size: .875rem; }
        h1 { font-size: 1.75rem; margin: .5rem 0 1rem; } h2 { font-size: 1.25rem; margin-top: 1.5rem; }
        a { color: var(--accent); }
        .button, button { display: inline-block; font: inherit; padding: .45rem 1rem; border-radius: .4rem; border: 1px solid var(--accent); background: var(--accent); color: #fff; text-decoration: none; cursor: pointer; }
        button:disabled { opacity: .45; cursor: not-allowed; }
        button.delete { background: transparent; color: var(--accent); padding: .2rem .6rem; }
        input, textarea { font: inherit; width: 100%; padding: .5rem; border: 1px solid var(--line); border-radius: .4rem; background: #fff; }
        label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
        .inline-form { display: grid; grid-template-columns: 1fr auto; gap: .5rem; align-items: end; } .inline-form label { grid-column: 1 / -1; margin: 0; }
        .stacked button, .entry-form button { margin-top: .75rem; }
        .choices { display: flex; gap: .5rem; flex-wrap: wrap; }
        form.inline { display: inline; }
        ul.entries, ul.menu-items, ul.systems, ul.respondents { list-style: none; padding: 0; }
        .entry, .menu-item, .systems li { padding: .6rem 0; border-bottom: 1px solid var(--line); }
        .entry { display: grid; grid-template-columns: 1fr auto; gap: .25rem 1rem; align-items: center; }
        .entry .date { color: var(--muted); font-size: .875rem; grid-column: 1; }
        .entry form { grid-column: 2; grid-row: 1 / span 2; }
        .menu-item { display: grid; grid-template-columns: 1fr auto; }
        .menu-item .item-title { font-weight: 600; } .menu-item .price { font-variant-numeric: tabular-nums; }
        .menu-item .description { grid-column: 1 / -1; margin: .1rem 0 0; color: var(--muted); font-size: .9rem; }
        .systems span { display: block; color: var(--muted); }
        .error { color: var(--accent); font-weight: 600; } .result { font-size: 1.1rem; }
        pre { white-space: pre-wrap; word-break: break-word; background: #fff; border: 1px solid var(--line); padding: .5rem; }
        .pager { display: flex; gap: 1rem; }
        """

    /// Enables a form's button only while the text it depends on is not blank. The server refuses
    /// blank text anyway; this only saves a round trip.
    static let script = """
        document.querySelectorAll("[data-enables]").forEach(function (field) {
          var button = document.getElementById(field.getAttribute("data-enables"));
          if (!button) { return; }
          function update() { button.disabled = field.value.trim() === ""; }
          field.addEventListener("input", update);
          update();
        });
        """
}
