#!/usr/bin/env python3
"""Writes docs/schema/scan.schema.json from connect.schema.json and error.schema.json.

    Tests/Tools/make-scan-schema.py            (from the repository's root)

scan prints, per endpoint, exactly connect's report or connect's error object (one line
each), then its summary: its schema holds copies of those two (every schema in docs/schema
is self-contained) and the summary's own shape. Run this after changing connect's report or
the error codes; SchemaTests.scanSchemaHoldsConnectsReportAndErrorObject fails until it is.
"""
import json
import os
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
schema_dir = os.path.join(root, "docs", "schema")


def load(name):
    with open(os.path.join(schema_dir, name), encoding="utf-8") as f:
        return json.load(f)


def main():
    c = load("connect.schema.json")
    e = load("error.schema.json")
    defs = dict(c["$defs"])
    defs["connect_report"] = {
        "description": "One endpoint's report: exactly what tlsprobe connect --json prints for it (connect.schema.json's object, on one line).",
        "type": "object", "properties": c["properties"], "required": c["required"], "additionalProperties": False}
    defs["connect_error"] = {
        "description": "An endpoint where something listened but nothing could be examined (no TLS answer within --timeout, the connection refused the second time), or a name that did not resolve: connect's error object (error.schema.json), on one line.",
        "type": "object",
        "properties": {"schema_version": {"const": 1}, "command": {"const": "connect"}, "error": {"$ref": "#/$defs/error"}},
        "required": ["command", "error", "schema_version"], "additionalProperties": False}
    defs["error"] = e["$defs"]["error"]
    defs["error_code"] = e["$defs"]["error_code"]
    count = {"type": "integer", "minimum": 0}

    def counted(description):
        return dict(count, description=description)

    def counts(description):
        return {"description": description, "type": "object", "additionalProperties": count}

    summary = {
        "hosts": counted("Addresses and names in the targets."),
        "ports": {"description": "--ports (or the default list), for targets given without a port.", "type": "array",
                  "items": {"type": "integer", "minimum": 1, "maximum": 65535}},
        "endpoints": counted("Host and port pairs in all."),
        "probed": counted("Endpoints tried (fewer than endpoints when interrupted)."),
        "closed": counted("Refused: nothing listens."),
        "silent": counted("No answer to the TCP connection within --timeout."),
        "unreachable": counted("No route, or another failure before any answer."),
        "found": counted("Something accepted the TCP connection."),
        "reported": counted("Endpoints with a connect report (TLS, or another protocol)."),
        "not_tls": counted("Reports of endpoints that answered with another protocol (not counted as failing)."),
        "trusted": count, "not_trusted": count,
        "not_evaluated": counted("No anchors (nor pin) to judge against."),
        "failing": counted("Reports with findings at or above --fail-on."),
        "errors": counts("Endpoints that listened but could not be examined, and names that did not resolve, by error code."),
        "findings": counts("Endpoints with an error-severity finding, by finding code."),
        "expiring_days": counted("--expiring."),
        "expiring_count": counted("Leaf certificates that end within expiring_days (not yet ended)."),
        "expiring": {"description": "The first 100 of them, soonest first.", "type": "array", "maxItems": 100,
                     "items": {"type": "object", "properties": {"endpoint": {"type": "string"}, "not_after": {"$ref": "#/$defs/time"}},
                               "required": ["endpoint", "not_after"], "additionalProperties": False}},
        "expired": counted("Leaf certificates already expired."),
        "interrupted": {"description": "Stopped by Ctrl-C (SIGINT) or SIGTERM before every endpoint was probed.", "type": "boolean"},
        "elapsed_ms": counted("Milliseconds the scan took."),
    }
    defs["summary"] = {
        "description": "The last line: counts over every endpoint.", "type": "object",
        "properties": {"schema_version": {"const": 1}, "command": {"const": "scan"},
                       "summary": {"type": "object", "properties": summary, "required": sorted(summary),
                                   "additionalProperties": False}},
        "required": ["command", "schema_version", "summary"], "additionalProperties": False}
    out = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "tlsprobe scan --json (one line)",
        "description": "Each line tlsprobe scan --json prints: one connect report per endpoint where something listened (or connect's error object when nothing could be examined there), as each finishes, then one summary object last. $defs/connect_report is connect.schema.json's object and $defs/error, error_code are error.schema.json's (made by Tests/Tools/make-scan-schema.py; SchemaTests checks they agree).",
        "oneOf": [{"$ref": "#/$defs/connect_report"}, {"$ref": "#/$defs/connect_error"}, {"$ref": "#/$defs/summary"}],
        "$defs": dict(sorted(defs.items())),
    }
    with open(os.path.join(schema_dir, "scan.schema.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, indent=2)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
