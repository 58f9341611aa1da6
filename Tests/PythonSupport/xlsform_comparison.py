"""Casebook's reading of an XLSForm beside pyxform's, XLSForm's reference reader: whether each
accepts the form, and for a form both accept, the same fields (by their paths), types, choice
lists and choices, and the same required, constraint and relevant rules."""
import json
import subprocess
import warnings

# pyxform's names for the types, as Casebook names them.
PYXFORM_TYPES = {
    "select one": "select_one", "select all that apply": "select_multiple",
    "select one external": "select_one_external", "photo": "image", "dateTime": "datetime",
    "select one from file": "select_one_from_file",
    "select all that apply from file": "select_multiple_from_file",
    # pyxform keeps these spellings in its JSON, and writes each as the same XForm.
    "phone number": "phonenumber", "uri:deviceid": "deviceid", "uri:phonenumber": "phonenumber",
    "uri:simserial": "simserial", "uri:subscriberid": "subscriberid", "uri:username": "username",
    "uri:email": "email", "int": "integer", "string": "text", "trigger": "acknowledge",
    "datetime": "datetime", "date time": "datetime", "imei": "deviceid", "location": "geopoint",
    "gps": "geopoint",
}
YES = {"yes", "true", "true()", "1"}
NO = {"no", "false", "false()", "0", ""}


def required(text):
    if text is None:
        return None
    text = str(text).strip()
    if text.lower() in YES:
        return "true()"
    if text.lower() in NO:
        return None
    return text


def relative_references(text):
    """pyxform writes the `${x}` of `or_other`'s field as `../x`."""
    if text is None:
        return None
    import re
    return re.sub(r"\.\./([A-Za-z_][\w.-]*)", r"${\1}", str(text))


def pyxform_reading(path):
    """pyxform's fields and choices, or the refusal's words."""
    from pyxform.xls2json import parse_file_to_json
    from pyxform.xls2xform import convert
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            convert(xlsform=path, validate=False, pretty_print=False)
            survey = parse_file_to_json(path, warnings=[])
        except Exception as error:  # pyxform refuses with several kinds of error
            return None, str(error).splitlines()[0]
    fields = []

    def walk(children, prefix):
        for child in children:
            if not prefix and child.get("name") == "meta" and child.get("type") == "group":
                continue  # pyxform adds it to every form
            kind = PYXFORM_TYPES.get(child.get("type"), child.get("type"))
            itemset = child.get("itemset")
            file = itemset if itemset and "." in str(itemset) else None
            if file and kind == "select_one":
                kind = "select_one_from_file"
            elif file and kind == "select_multiple":
                kind = "select_multiple_from_file"
            bind = child.get("bind", {})
            path = prefix + [child["name"]]
            fields.append({
                "path": "/".join(path), "type": kind,
                "list": None if file or kind in ("loop", "osm") else child.get("list_name") or itemset,
                "required": required(bind.get("required")),
                "constraint": bind.get("constraint"),
                "relevant": relative_references(bind.get("relevant")),
            })
            walk(child.get("children", []) if kind in ("group", "repeat", "loop") else [], path)

    walk(survey.get("children", []), [])
    choices = {name: [choice["name"] for choice in items]
               for name, items in (survey.get("choices") or {}).items()}
    return {"fields": fields, "choices": choices}, None


def casebook_reading(binary, path):
    """Casebook's fields and choices, or the refusal's words."""
    done = subprocess.run([binary, "survey", "form", path, "--json"], capture_output=True,
                          text=True, timeout=60)
    if done.returncode != 0:
        return None, done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "refused"
    form = json.loads(done.stdout)
    fields = []

    def walk(children, prefix):
        for child in children:
            path = prefix + [child["name"]]
            fields.append({
                "path": "/".join(path), "type": child["type"],
                "list": child.get("list") if child["type"] not in ("loop", "osm") else None,
                "required": child.get("required"), "constraint": child.get("constraint"),
                "relevant": child.get("relevant"),
            })
            walk(child.get("children", []), path)

    walk(form["fields"], [])
    choices = {name: [choice["name"] for choice in items] for name, items in form["choices"].items()}
    return {"fields": fields, "choices": choices}, None


def differences(binary, path):
    """What differs between the two readings of the form at `path`: [] when they agree."""
    theirs, their_refusal = pyxform_reading(path)
    ours, our_refusal = casebook_reading(binary, path)
    if theirs is None or ours is None:
        if (theirs is None) == (ours is None):
            return []
        return [f"pyxform {'refuses: ' + their_refusal if theirs is None else 'accepts'}; "
                f"Casebook {'refuses: ' + our_refusal if ours is None else 'accepts'}"]
    found = []
    their_paths = [field["path"] for field in theirs["fields"]]
    our_paths = [field["path"] for field in ours["fields"]]
    if their_paths != our_paths:
        only_theirs = [path for path in their_paths if path not in our_paths]
        only_ours = [path for path in our_paths if path not in their_paths]
        found.append(f"fields: only pyxform has {only_theirs}, only Casebook {only_ours}"
                     if only_theirs or only_ours else "fields: in another order")
    our_fields = {field["path"]: field for field in ours["fields"]}
    for theirs_field in theirs["fields"]:
        ours_field = our_fields.get(theirs_field["path"])
        if ours_field is None:
            continue
        for key in ("type", "list", "required", "constraint", "relevant"):
            if theirs_field[key] != ours_field[key]:
                found.append(f"{theirs_field['path']}: {key}: pyxform {theirs_field[key]!r}, "
                             f"Casebook {ours_field[key]!r}")
    # pyxform lists every list of the choices sheet; a list no field uses is no one's business.
    used = {field["list"] for field in theirs["fields"] if field["list"]}
    for name in sorted(used):
        if theirs["choices"].get(name) != ours["choices"].get(name):
            found.append(f"choices of {name}: pyxform {theirs['choices'].get(name)}, "
                         f"Casebook {ours['choices'].get(name)}")
    return found
