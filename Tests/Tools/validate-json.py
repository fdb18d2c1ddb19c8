#!/usr/bin/env python3
"""Validates tlsprobe's JSON output against a schema in docs/schema/ (JSON Schema 2020-12).

    Tests/Tools/validate-json.py SCHEMA [--lines] < output.json
    Tests/Tools/validate-json.py --check-schema SCHEMA...

Standard input holds one JSON object, or with --lines one object per line (JSON Lines, as
`capture` and `listen` print). The schemas refer to each other by `$ref` (common.schema.json,
codes.schema.json, ...): every *.schema.json beside SCHEMA is loaded by its `$id`, so these
resolve offline and nothing is fetched. --check-schema checks each file against the 2020-12
meta-schema and resolves each of its `$ref`s. Exit status: 0 valid; 1 invalid (each error
on stderr, with its place in the document); 2 usage or unreadable input; 3 the jsonschema
package is missing. SchemaTests (Tests/EndToEndTests) runs this.
"""
import glob
import json
import os
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


def schemas_beside(path):
    """Every schema in the directory of `path`, by its `$id`."""
    found = {}
    for other in sorted(glob.glob(os.path.join(os.path.dirname(os.path.abspath(path)), "*.schema.json"))):
        document = load(other)
        if "$id" in document:
            found[document["$id"]] = document
    return found


class References:
    """Resolves `$ref`s between the schemas of one directory, offline. jsonschema 4.18 and
    later use a `referencing` registry; older ones (Debian 12's python3-jsonschema is 4.10)
    a RefResolver with a store."""

    def __init__(self, store):
        self.store = store
        self.registry = None
        try:
            from referencing import Registry, Resource
            registry = Registry().with_resources(
                (uri, Resource.from_contents(document)) for uri, document in store.items())
            Draft202012Validator({}, registry=registry)  # TypeError before jsonschema 4.18
            self.registry = registry
        except (ImportError, TypeError):
            pass

    def resolver(self, schema):
        """The old RefResolver, kept offline: a URI outside the store is an error, not a
        download."""
        from jsonschema import RefResolver

        def offline(uri):
            raise LookupError(f"{uri} is not a schema in this directory")
        return RefResolver(schema.get("$id", ""), schema, store=self.store,
                           handlers={"http": offline, "https": offline})

    def validator(self, schema):
        if self.registry is not None:
            return Draft202012Validator(schema, registry=self.registry)
        return Draft202012Validator(schema, resolver=self.resolver(schema))

    def unresolved(self, schema):
        """Each `$ref` in `schema` that names nothing."""
        failures = []
        for ref in sorted(set(references(schema))):
            try:
                if self.registry is not None:
                    self.registry.resolver(base_uri=schema.get("$id", "")).lookup(ref)
                else:
                    self.resolver(schema).resolve(ref)
            except Exception as e:  # referencing's Unresolvable, or RefResolutionError
                failures.append(f"$ref {ref!r} names nothing ({type(e).__name__})")
        return failures


def references(value):
    if isinstance(value, dict):
        for key, child in value.items():
            if key == "$ref" and isinstance(child, str):
                yield child
            else:
                yield from references(child)
    elif isinstance(value, list):
        for child in value:
            yield from references(child)


def place(error):
    return "/" + "/".join(str(p) for p in error.absolute_path)


def describe(error):
    """The error's message. When no branch of a oneOf or anyOf matched, the error of the
    branch that matched deepest instead of the whole document."""
    if error.context:
        nearest = max(error.context, key=lambda e: len(e.absolute_path))
        return f"no {error.validator} branch matches; nearest: at {place(nearest)}: {describe(nearest)}"
    return error.message


def check_schemas(paths):
    bad = 0
    for path in paths:
        try:
            schema = load(path)
            Draft202012Validator.check_schema(schema)
            failures = References(schemas_beside(path)).unresolved(schema)
        except (SchemaError, ValueError, OSError) as e:
            failures = [f"not a valid JSON Schema 2020-12: {e}"]
        for failure in failures:
            sys.stderr.write(f"{path}: {failure}\n")
        bad += 1 if failures else 0
    return 1 if bad else 0


def main(argv):
    if len(argv) >= 2 and argv[0] == "--check-schema":
        return check_schemas(argv[1:])
    if len(argv) not in (1, 2) or (len(argv) == 2 and argv[1] != "--lines"):
        sys.stderr.write(__doc__)
        return 2
    try:
        validator = References(schemas_beside(argv[0])).validator(load(argv[0]))
    except (ValueError, OSError) as e:
        sys.stderr.write(f"{argv[0]}: cannot be read: {e}\n")
        return 2
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
        for error in sorted(validator.iter_errors(document), key=lambda e: [str(p) for p in e.absolute_path]):
            sys.stderr.write(f"record {number} at {place(error)}: {describe(error)}\n")
            invalid += 1
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
