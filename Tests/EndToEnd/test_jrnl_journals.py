"""jrnl's own files, written by jrnl 4.6 itself with its default configuration (its 12-hour
`%F %r` time format, `@` tags, `*` stars): its plain journal and its `--export json` are
imported whole — every entry's minute, text, tags and star — and the second file, the same
journal, adds nothing."""
import importlib.util
import json
import os
import subprocess
import sys

import pytest

from casebook_server import casebook_binary

JRNL = importlib.util.find_spec("jrnl")


def jrnl(home, *arguments):
    environment = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"),
                   "XDG_DATA_HOME": str(home / "data"), "TZ": "Europe/Rome", "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "jrnl", *arguments], env=environment, capture_output=True, text=True,
                          timeout=60, check=True, stdin=subprocess.DEVNULL)


def casebook(data, *arguments):
    return subprocess.run([casebook_binary(), *arguments, "--data", str(data)],
                          env={**os.environ, "TZ": "Europe/Rome"}, capture_output=True, text=True,
                          timeout=60, start_new_session=True)


@pytest.mark.skipif(JRNL is None, reason="jrnl is not installed (scripts/test installs it)")
def test_jrnls_journal_and_its_json_export_are_imported_whole(tmp_path):
    home = tmp_path / "home"
    (home / "config" / "jrnl").mkdir(parents=True)
    (home / "data").mkdir()
    journal = home / "data" / "journal.txt"
    # jrnl's own default configuration, as its first run writes it, but for where it keeps it.
    (home / "config" / "jrnl" / "jrnl.yaml").write_text(
        "colors: {body: none, date: none, tags: none, title: none}\ndefault_hour: 9\n"
        "default_minute: 0\neditor: ''\nencrypt: false\nhighlight: true\nindent_character: '|'\n"
        f"journals:\n  default:\n    journal: {journal}\nlinewrap: 79\ntagsymbols: '#@'\n"
        "template: false\ntimeformat: '%F %r'\nversion: v4.6\n")
    jrnl(home, "2025-11-02 08:30: Rain all day. @weather stayed in.")
    jrnl(home, "2025-11-03 20:45: Walked to the market *")
    jrnl(home, "2025-11-04 00:05: Just after midnight.")
    jrnl(home, "2025-11-04 13:10: Lunch with @ana. We wrote to ana@example.org.")
    assert "PM]" in journal.read_text() and "AM]" in journal.read_text(), "jrnl's 12-hour format"
    export = tmp_path / "export.json"
    export.write_text(jrnl(home, "--export", "json").stdout)
    expected = json.loads(export.read_text())["entries"]
    data = tmp_path / "casebook"
    imported = casebook(data, "diary", "import", str(journal))
    assert imported.returncode == 0, imported.stderr
    assert imported.stdout.startswith("imported 4")
    again = casebook(data, "diary", "import", str(export))
    assert again.returncode == 0, again.stderr
    assert "imported 0, already there 4" in again.stdout
    entries = json.loads(casebook(data, "diary", "list", "--json").stdout)["entries"]
    starred = casebook(data, "diary", "list", "--starred").stdout
    assert len(entries) == len(expected) == 4
    for item in expected:
        title = item["title"].rstrip(" *")
        # Its text as jrnl's: the title, then the body, jrnl's @tags as #tags.
        text = title + ("\n" + item["body"] if item["body"] else "")
        for tag in item["tags"]:
            text = text.replace(tag, "#" + tag[1:])
        entry = next(entry for entry in entries if entry["text"] == text)
        # The minute jrnl wrote, in the writer's zone (Europe/Rome, an hour ahead of UTC).
        local = subprocess.run(["date", "-d", entry["date"], "+%F %R"], env={"TZ": "Europe/Rome"},
                               capture_output=True, text=True, check=True).stdout.strip()
        assert local == f"{item['date']} {item['time']}"
        assert (entry["id"] in starred) == item["starred"], (entry["text"], starred)
    lunch = next(entry for entry in entries if entry["text"].startswith("Lunch"))
    assert "ana@example.org" in lunch["text"], "an email address is no tag"


@pytest.mark.skipif(JRNL is None, reason="jrnl is not installed (scripts/test installs it)")
def test_jrnl_reads_the_diarys_jrnl_export_back(tmp_path):
    """The diary exported for jrnl is a journal jrnl 4.6 itself reads: every entry's minute,
    title, body, tags and star as the diary has them."""
    data = tmp_path / "casebook"
    for arguments in (["--date", "2025-11-02 08:30", "Rain all day.\nStayed in with #tea."],
                      ["--date", "2025-11-03 21:15", "Fireworks by the river."]):
        added = casebook(data, "diary", "add", *arguments)
        assert added.returncode == 0, added.stderr
    fireworks = added.stdout.split()[1].rstrip(",")
    assert casebook(data, "diary", "star", fireworks).returncode == 0
    home = tmp_path / "home"
    (home / "config" / "jrnl").mkdir(parents=True)
    (home / "data").mkdir()
    journal = home / "data" / "journal.txt"
    journal.write_text(casebook(data, "diary", "export", "--format", "jrnl").stdout)
    (home / "config" / "jrnl" / "jrnl.yaml").write_text(
        "colors: {body: none, date: none, tags: none, title: none}\ndefault_hour: 9\n"
        "default_minute: 0\neditor: ''\nencrypt: false\nhighlight: true\nindent_character: '|'\n"
        f"journals:\n  default:\n    journal: {journal}\nlinewrap: 79\ntagsymbols: '#@'\n"
        "template: false\ntimeformat: '%F %r'\nversion: v4.6\n")
    read = json.loads(jrnl(home, "--export", "json").stdout)["entries"]
    assert [(item["date"], item["time"], item["title"], item["body"], item["tags"], item["starred"])
            for item in read] == [
        ("2025-11-02", "08:30", "Rain all day.", "Stayed in with #tea.", ["#tea"], False),
        ("2025-11-03", "21:15", "Fireworks by the river.", "", [], True),
    ]


def jrnl_home(root, journal, timeformat):
    """A jrnl home whose configuration is jrnl's own defaults but for `timeformat`."""
    (root / "config" / "jrnl").mkdir(parents=True)
    (root / "data").mkdir(exist_ok=True)
    config = root / "config" / "jrnl" / "jrnl.yaml"
    config.write_text(
        "colors: {body: none, date: none, tags: none, title: none}\ndefault_hour: 9\n"
        "default_minute: 0\neditor: ''\nencrypt: false\nhighlight: true\nindent_character: '|'\n"
        f"journals:\n  default:\n    journal: {journal}\nlinewrap: 79\ntagsymbols: '#@'\n"
        f"template: false\ntimeformat: '{timeformat}'\nversion: v4.6\n")
    return config


def compared(items, with_star=True):
    """jrnl's `--export json` entries as the round trip keeps them: Casebook writes jrnl's
    `@tags` as its own `#tags`, so a tag is compared by its name."""
    def plain(text):
        return text.replace("@", "#")
    return [(item["date"], item["time"], plain(item["title"]).rstrip(" *"), plain(item["body"]),
             sorted(tag[1:] for tag in item["tags"]), item["starred"] if with_star else None)
            for item in items]


@pytest.mark.skipif(JRNL is None, reason="jrnl is not installed (scripts/test installs it)")
def test_a_journal_goes_from_jrnl_through_the_diary_and_back_to_jrnl_whole(tmp_path):
    """A journal jrnl 4.6 writes in a time format of its user's own is imported (its
    configuration read for the format), from its plain file and from its Markdown export, and
    the diary's export read by jrnl gives back every entry's date, title, body, tags and star."""
    home = tmp_path / "home"
    journal = home / "data" / "journal.txt"
    config = jrnl_home(home, journal, "%d.%m.%Y %H:%M")
    jrnl(home, "2025-11-02 08:30: Rain all day. @weather stayed in.")
    jrnl(home, "2025-11-03 20:45: Walked to the market. Bought figs and @bread. *")
    jrnl(home, "2025-11-04 00:05: Just after midnight.")
    assert "[02.11.2025 08:30]" in journal.read_text(), "jrnl wrote its own time format"
    original = json.loads(jrnl(home, "--export", "json").stdout)["entries"]
    markdown = tmp_path / "journal.md"
    markdown.write_text(jrnl(home, "--export", "md").stdout)
    assert markdown.read_text().startswith("# 2025")

    # Without the format, the journal is refused, saying how to name it.
    refused = casebook(tmp_path / "refused", "diary", "import", str(journal))
    assert refused.returncode != 0 and "text before the first entry" in refused.stderr

    data = tmp_path / "casebook"
    imported = casebook(data, "diary", "import", str(journal), "--jrnl-config", str(config))
    assert imported.returncode == 0, imported.stderr
    assert imported.stdout.startswith("imported 3")
    from_markdown = casebook(tmp_path / "md", "diary", "import", str(markdown),
                             "--time-format", "%d.%m.%Y %H:%M")
    assert from_markdown.returncode == 0, from_markdown.stderr
    assert from_markdown.stdout.startswith("imported 3")
    markdown_entries = json.loads(casebook(tmp_path / "md", "diary", "list", "--json").stdout)["entries"]
    assert sorted(entry["text"] for entry in markdown_entries) == sorted(
        entry["text"] for entry in json.loads(casebook(data, "diary", "list", "--json").stdout)["entries"])

    back = tmp_path / "back"
    exported = back / "data" / "journal.txt"
    jrnl_home(back, exported, "%F %r")
    exported.write_text(casebook(data, "diary", "export", "--format", "jrnl").stdout)
    read_back = json.loads(jrnl(back, "--export", "json").stdout)["entries"]
    assert compared(read_back) == compared(original)
    # The diary's jrnl-json export is what jrnl's own export of the same journal says.
    ours = json.loads(casebook(data, "diary", "export", "--format", "jrnl-json").stdout)
    assert [(item["date"], item["time"], item["title"], item["body"], sorted(item["tags"]), item["starred"])
            for item in ours["entries"]] == \
        [(item["date"], item["time"], item["title"], item["body"], sorted(item["tags"]), item["starred"])
         for item in read_back]
    assert ours["tags"] == json.loads(jrnl(back, "--export", "json").stdout)["tags"]
