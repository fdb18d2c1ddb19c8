#!/usr/bin/env python3
"""Validates tlsprobe's JSON output against a schema in docs/schema/ (JSON Schema 2020-12).

    Tests/Tools/validate-json.py SCHEMA [--lines] < output.json
    Tests/Tools/validate-json.py --check-schema SCHEMA...

Standard input holds one JSON object, or with --lines one object per line (JSON Lines, as
`capture` and `listen` print). A `$ref` into another schema of the same directory
(common.schema.json, codes.schema.json) is resolved from that file, never fetched. Exit status: 0 valid; 1 invalid (each error on stderr, with
its place in the document); 2 usage or unreadable input; 3 the jsonschema package is
missing. SchemaTests (Tests/EndToEndTests) runs this.
"""
import json
import sys

try:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError
except ImportError:
    sys.stderr.write("the Python package jsonschema is missing: python3 -m pip install jsonschema "
                     "(Tests/run.sh installs it)\n")
    sys.exit(3)


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def validator_for(path):
    """A validator for the schema at `path` that resolves `$ref`s into the other schemas
    beside it (common.schema.json, codes.schema.json, ...) by their `$id`, offline."""
    import glob
    import os
    schema = load(path)
    beside = {}
    for other in glob.glob(os.path.join(os.path.dirname(os.path.abspath(path)), "*.schema.json")):
        document = load(other)
        if "$id" in document:
            beside[document["$id"]] = document
    try:
        from referencing import Registry, Resource
        registry = Registry().with_resources(
            (uri, Resource.from_contents(document)) for uri, document in beside.items())
        return Draft202012Validator(schema, registry=registry)
    except ImportError:
        # jsonschema before 4.18 (Debian 12's python3-jsonschema): RefResolver with a store.
        from jsonschema import RefResolver
        resolver = RefResolver(schema.get("$id", ""), schema, store=beside)
        return Draft202012Validator(schema, resolver=resolver)


def place(error):
    return "/" + "/".join(str(p) for p in error.absolute_path)


def main(argv):
    if len(argv) >= 2 and argv[0] == "--check-schema":
        bad = 0
        for path in argv[1:]:
            try:
                Draft202012Validator.check_schema(load(path))
            except (SchemaError, ValueError, OSError) as e:
                sys.stderr.write(f"{path}: not a valid JSON Schema 2020-12: {e}\n")
                bad += 1
        return 1 if bad else 0
    if len(argv) not in (1, 2) or (len(argv) == 2 and argv[1] != "--lines"):
        sys.stderr.write(__doc__)
        return 2
    validator = validator_for(argv[0])
    text = sys.stdin.read()
    try:
        if len(argv) == 2:
            documents = [json.loads(line) for line in text.splitlines() if line.strip()]
        else:
            documents = [json.loads(text)]
    except ValueError as e:
        sys.stderr.write(f"not JSON: {e}\n")
        return 2
    if not documents:
        sys.stderr.write("no JSON in the input\n")
        return 2
    invalid = 0
    for number, document in enumerate(documents, 1):
        for error in sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path)):
            sys.stderr.write(f"record {number} at {place(error)}: {error.message}\n")
            invalid += 1
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
