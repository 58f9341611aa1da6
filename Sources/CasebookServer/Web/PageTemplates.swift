import Mustache

/// The pages' Mustache templates, compiled into the server so that they are always there.
/// `{{…}}` escapes HTML; no template uses the unescaped `{{{…}}}` form for user text.
enum PageTemplates {
    static func library() throws -> MustacheLibrary {
        var library = MustacheLibrary()
        for (name, text) in templates { try library.register(text, named: name) }
        return library
    }

    static let templates: [String: String] = [
        "head": head, "foot": foot, "home": home, "menu": menu, "diary-list": diaryList,
        "diary-detail": diaryDetail, "survey": survey, "factor": factor, "account": account,
        "documents": documents, "error": error,
    ]

    static let head = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}} · Casebook</title>
        <link rel="stylesheet" href="/style.css">
        <script src="/app.js" defer></script>
        </head>
        <body>
        <a class="skip" href="#main">Skip to content</a>
        <header class="site">
        <nav aria-label="Systems">
        <a class="brand" href="/">Casebook</a>
        <a href="/menu">Menu</a>
        <a href="/diary">Diary</a>
        <a href="/survey">Survey</a>
        <a href="/factor">Factor</a>
        <a href="/account">Account</a>
        <a href="/documents">Documents</a>
        </nav>
        </header>
        <main id="main">
        <h1>{{title}}</h1>
        """

    static let foot = """
        </main>
        <footer class="site"><p>Casebook: working software for five test-driven-development case studies.</p></footer>
        </body>
        </html>
        """

    static let home = """
        {{> head}}
        <ul class="systems">
        {{#systems}}
        <li><a href="{{path}}">{{name}}</a> <span>{{summary}}</span></li>
        {{/systems}}
        </ul>
        {{> foot}}
        """

    static let menu = """
        {{> head}}
        {{#sections}}
        <section class="menu-section" aria-labelledby="section-{{index}}">
        <h2 id="section-{{index}}">{{title}}</h2>
        <ul class="menu-items">
        {{#items}}
        <li class="menu-item"><span class="item-title">{{title}}</span> <span class="price">{{formattedPrice}}</span>{{#description}}<p class="description">{{description}}</p>{{/description}}</li>
        {{/items}}
        </ul>
        </section>
        {{/sections}}
        {{^sections}}<p class="empty">The menu is empty.</p>{{/sections}}
        {{> foot}}
        """

    static let diaryList = """
        {{> head}}
        <p><a class="button" id="add-entry" href="/diary/new">Add entry</a></p>
        {{#hasRows}}
        <ul class="entries">
        {{#rows}}
        <li class="entry">
        <a class="entry-text" href="/diary/{{id}}">{{text}}</a>
        <span class="date">{{subtitle}}</span>
        <form class="inline" method="post" action="/diary/{{id}}/delete">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <button type="submit" class="delete" aria-label="Delete the entry of {{subtitle}}">Delete</button>
        </form>
        </li>
        {{/rows}}
        </ul>
        {{/hasRows}}
        {{^hasRows}}<p class="empty">No entries yet.</p>{{/hasRows}}
        {{> foot}}
        """

    static let diaryDetail = """
        {{> head}}
        {{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
        <form class="entry-form" method="post" action="{{action}}">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <label for="text">Entry</label>
        <textarea id="text" name="text" rows="10" data-enables="save">{{text}}</textarea>
        <button type="submit" id="save">{{actionTitle}}</button>
        </form>
        <p><a href="/diary">Back to the diary</a></p>
        {{> foot}}
        """

    static let survey = """
        {{> head}}
        <section aria-labelledby="sync-heading">
        <h2 id="sync-heading">Sync respondents</h2>
        <form class="stacked" method="post" action="/survey/sync">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <label for="folder">Respondents folder (inside the data directory)</label>
        <input id="folder" name="folder" value="{{folder}}">
        <label for="backend">Backend</label>
        <select id="backend" name="backend">
        <option value="">This server</option>
        {{#backends}}<option value="{{url}}"{{#selected}} selected{{/selected}}>{{url}}</option>
        {{/backends}}
        </select>
        <div class="choices">
        <button type="submit" id="sync">Sync now</button>
        <button type="submit" id="verify" formaction="/survey/verify">Verify</button>
        </div>
        </form>
        {{#result}}
        <div class="result" role="status">
        {{#notes}}<p class="note">{{note}}</p>{{/notes}}
        <p id="summary">{{summary}}</p>
        {{#hasFailures}}<ul class="failures">{{#failures}}<li>{{message}}</li>{{/failures}}</ul>{{/hasFailures}}
        </div>
        {{/result}}
        {{#verification}}
        <div class="result" role="status">
        <p id="verify-summary">{{summary}}</p>
        <ul class="differences">{{#differences}}<li>{{difference}}</li>{{/differences}}</ul>
        {{#hiddenDifferences}}<p>{{hiddenDifferences}}</p>{{/hiddenDifferences}}
        {{#hasFailures}}<ul class="failures">{{#failures}}<li>{{message}}</li>{{/failures}}</ul>{{/hasFailures}}
        </div>
        {{/verification}}
        {{#syncError}}<p class="error" role="alert">{{syncError}}</p>{{/syncError}}
        </section>
        <section aria-labelledby="received-heading">
        <h2 id="received-heading">Received respondents</h2>
        <p id="respondent-count">{{count}} respondents received, newest first.</p>
        <ul class="respondents">
        {{#respondents}}
        <li><details><summary>{{id}}</summary><pre>{{json}}</pre></details></li>
        {{/respondents}}
        </ul>
        <nav aria-label="Pages" class="pager">
        {{#previousPage}}<a href="/survey?page={{previousPage}}">Newer</a>{{/previousPage}}
        {{#nextPage}}<a href="/survey?page={{nextPage}}">Older</a>{{/nextPage}}
        </nav>
        </section>
        {{> foot}}
        """

    static let factor = """
        {{> head}}
        <form class="inline-form" method="get" action="/factor">
        <label for="n">Number</label>
        <input id="n" name="n" inputmode="numeric" value="{{number}}">
        <button type="submit">Factor</button>
        </form>
        {{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
        {{#line}}<p class="result" id="factors"><samp>{{line}}</samp></p>{{/line}}
        {{> foot}}
        """

    static let account = """
        {{> head}}
        <section aria-labelledby="age-heading">
        <h2 id="age-heading">Age</h2>
        <form class="inline-form" method="get" action="/account">
        <label for="born">Date of birth</label>
        <input id="born" name="born" type="date" value="{{born}}">
        <button type="submit">Tell the age</button>
        </form>
        {{#ageError}}<p class="error" role="alert">{{ageError}}</p>{{/ageError}}
        {{#age}}<p class="result" id="age">{{age}} years old</p>{{/age}}
        </section>
        <section aria-labelledby="password-heading">
        <h2 id="password-heading">Save password?</h2>
        <p id="current-preference">Current choice: {{current}}</p>
        {{#preferenceError}}<p class="error" role="alert">{{preferenceError}}</p>{{/preferenceError}}
        <form class="stacked" method="post" action="/account/preference">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <label for="username">Username</label>
        <input id="username" name="username" autocomplete="username">
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password">
        <div class="choices">
        <button type="submit" name="choice" value="not-now">Not now</button>
        <button type="submit" name="choice" value="never">Never</button>
        <button type="submit" name="choice" value="save">Save</button>
        </div>
        </form>
        </section>
        {{> foot}}
        """

    static let documents = """
        {{> head}}
        <form class="inline-form" method="get" action="/documents">
        <label for="path">Document path (inside the data directory)</label>
        <input id="path" name="path" value="{{path}}">
        <button type="submit">Show title</button>
        </form>
        {{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
        {{#documentTitle}}<p class="result" id="document-title">{{documentTitle}}</p>{{/documentTitle}}
        {{> foot}}
        """

    static let error = """
        {{> head}}
        <p class="error" role="alert">{{message}}</p>
        <p><a href="/">Back to Casebook</a></p>
        {{> foot}}
        """
}
