"""The map cannot drift from the code: read from `swift package dump-package`, every system's
core (and the shared modules it may use) depends on no adapter, no storage, network or web
framework — only on other framework-free modules and the few pure libraries named here."""
import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

CORES = {"PrimeFactors", "SurveySyncCore", "Menu", "DiaryCore", "AccountsCore", "Documents"}
# Shared modules a core may use: files, text formats, the photo value and the errors stores
# share, no I/O beyond the file system; and CZlib, the system's zlib, which CasebookZip inflates with.
SHARED = {"CasebookCalendar", "CasebookFileSystem", "CasebookJSON", "CasebookPhotos",
          "CasebookWords", "CasebookYAML", "CasebookZip", "CZlib", "CasebookForms", "StoreFailures"}
# Libraries without storage, network or web: big integers, YAML's parser, hashing.
PURE_LIBRARIES = {"BigInt", "Yams", "Crypto"}


def package():
    """The manifest as JSON: $CASEBOOK_PACKAGE_DUMP when set (scripts/test writes it after the
    build, where SwiftPM's manifest cache answers at once), else asked of SwiftPM."""
    written = os.environ.get("CASEBOOK_PACKAGE_DUMP")
    if written:
        with open(written, encoding="utf-8") as dump:
            return json.load(dump)
    dumped = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, capture_output=True,
                            text=True, timeout=300, check=True)
    return json.loads(dumped.stdout)


def dependencies(target):
    """(modules of this package, library products) the target names."""
    modules, products = set(), set()
    for dependency in target.get("dependencies", []):
        (kind, value), = dependency.items()
        if kind == "product":
            products.add(value[0])
        elif kind == "target":
            modules.add(value[0])
        else:  # byName: a module of this package, or a product of the same name
            modules.add(value[0])
    return modules, products


def test_every_core_depends_on_no_adapter_and_no_framework():
    targets = {target["name"]: target for target in package()["targets"]}
    for core in sorted(CORES):
        seen, pending, products = set(), [core], set()
        while pending:
            name = pending.pop()
            if name in seen:
                continue
            seen.add(name)
            modules, named = dependencies(targets[name])
            products |= named
            for module in modules:
                if module in targets:
                    pending.append(module)
                else:
                    products.add(module)
        reached = seen - {core}
        assert reached <= CORES | SHARED, f"{core} depends on {sorted(reached - CORES - SHARED)}"
        assert products <= PURE_LIBRARIES, f"{core} depends on {sorted(products - PURE_LIBRARIES)}"
