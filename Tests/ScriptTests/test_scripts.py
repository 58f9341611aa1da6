"""The long-running tools stay usable without running them: scripts/mutate finds its modules
and makes the mutants it promises, and scripts/fuzz fuzzes exactly the package's fuzz targets,
each with its seed corpus, and scripts/fuzz-api hands its settings to the API description's
test. Building nothing, these take a second; the long runs are
`scripts/mutate` and `scripts/fuzz` themselves (docs/testing.md)."""
import importlib.machinery
import importlib.util
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load_mutate():
    loader = importlib.machinery.SourceFileLoader("mutate", os.path.join(ROOT, "scripts", "mutate"))
    spec = importlib.util.spec_from_loader("mutate", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def test_every_module_mutate_knows_is_a_folder_of_swift_sources():
    mutate = load_mutate()
    for module, (folder, _) in mutate.MODULES.items():
        path = os.path.join(ROOT, folder)
        assert any(name.endswith(".swift") for name in os.listdir(path)), module


def test_mutate_makes_the_mutants_it_promises():
    mutate = load_mutate()
    source = "func f(a: Int, b: Int) -> Bool {\n    if a < b && a != 0 { return true }\n    return a + 1 == b\n}\n"
    made = {(mutant.line, mutant.original, mutant.replacement)
            for mutant in mutate.mutants_of("Menu", "Sources/Menu/F.swift", source)}
    for expected in [(2, "<", "<="), (2, "&&", "||"), (2, "!=", "=="), (2, "0", "1"),
                     (3, "+", "-"), (3, "==", "!="), (3, "1", "0")]:
        assert expected in made, expected


def test_mutate_lists_a_modules_mutants_without_building():
    listed = subprocess.run([os.path.join(ROOT, "scripts", "mutate"), "--list", "Menu"],
                            capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert listed.returncode == 0, listed.stderr
    assert re.search(r"Sources/\S+\.swift:\d+: .+ → .+", listed.stdout)


def test_fuzz_fuzzes_every_fuzz_target_of_the_package_from_its_corpus():
    with open(os.path.join(ROOT, "scripts", "fuzz")) as script:
        targets = re.search(r"^all=\(([^)]*)\)", script.read(), re.M).group(1).split()
    with open(os.path.join(ROOT, "Package.swift")) as package:
        products = re.findall(r'\.executable\(name: "fuzz-([a-z-]+)"', package.read())
    assert sorted(targets) == sorted(products)
    for target in targets:
        corpus = os.path.join(ROOT, "Fuzz", "Corpus", target)
        assert os.listdir(corpus), target
    assert subprocess.run(["bash", "-n", os.path.join(ROOT, "scripts", "fuzz")]).returncode == 0


def test_fuzz_api_hands_its_examples_and_seed_to_the_api_descriptions_test():
    script_path = os.path.join(ROOT, "scripts", "fuzz-api")
    assert subprocess.run(["bash", "-n", script_path]).returncode == 0
    with open(script_path) as script:
        text = script.read()
    with open(os.path.join(ROOT, "Tests", "Hostile", "test_api_schema.py")) as test:
        read = set(re.findall(r'os\.environ\.get\("(CASEBOOK_API_[A-Z]+)"', test.read()))
    assert read == {"CASEBOOK_API_EXAMPLES", "CASEBOOK_API_SEED"}
    for variable in read:
        assert f"{variable}=" in text, variable
    for wrong in (["0"], ["many"], ["10", "-1"]):
        refused = subprocess.run([script_path, *wrong], capture_output=True, text=True)
        assert refused.returncode == 2 and "scripts/fuzz-api: " in refused.stderr, wrong
