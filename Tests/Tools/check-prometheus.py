"""Parses a Prometheus text exposition file with prometheus_client (PyPI) and prints its
samples as JSON lines: {"name", "labels", "value"}; and, where promtool is installed,
checks the file with `promtool check metrics` too. Exit status 3 when prometheus_client is
missing, 1 when the file does not parse or promtool refuses it."""
import json
import shutil
import subprocess
import sys

try:
    from prometheus_client.parser import text_string_to_metric_families
except ImportError:
    sys.exit(3)

text = open(sys.argv[1], encoding="utf-8").read()
try:
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            print(json.dumps({"family": family.name, "type": family.type, "name": sample.name,
                              "labels": sample.labels, "value": sample.value}))
except Exception as error:  # any parse failure is the file's
    print(f"does not parse: {error}", file=sys.stderr)
    sys.exit(1)
promtool = shutil.which("promtool")
if promtool:
    checked = subprocess.run([promtool, "check", "metrics"], input=text, text=True, capture_output=True)
    if checked.returncode != 0:
        print(f"promtool check metrics: {checked.stdout}{checked.stderr}", file=sys.stderr)
        sys.exit(1)
