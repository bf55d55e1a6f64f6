#!/usr/bin/env python3
"""Validates sudokit jsonl records against docs/records.schema.json.

usage: validate_records.py SCHEMA COMMAND FILE

Each line of FILE must be one JSON object valid against the schema's $defs[COMMAND], and its
keys must start in the documented order (record, source, line, puzzle, status; generate:
record, puzzle, status). Prints one line per problem and exits 1 if there was any.
Uses Debian's python3-jsonschema (installed by scripts/install-deps).
"""
import json
import sys

import jsonschema


def main() -> int:
    schema_path, command, records_path = sys.argv[1:4]
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    sub = {"$ref": f"#/$defs/{command}", "$defs": schema["$defs"]}
    validator = validator_class(sub)
    prefix = ["record", "puzzle", "status"] if command == "generate" else ["record", "source", "line", "puzzle", "status"]
    problems = 0
    count = 0
    with open(records_path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            count += 1
            try:
                record = json.loads(line)
            except json.JSONDecodeError as e:
                print(f"{records_path}:{number}: not JSON: {e}")
                problems += 1
                continue
            for error in validator.iter_errors(record):
                print(f"{records_path}:{number}: {error.message} at {list(error.absolute_path)}")
                problems += 1
            keys = list(record.keys())[: len(prefix)]
            if keys != prefix:
                print(f"{records_path}:{number}: keys start {keys}, expected {prefix}")
                problems += 1
    if count == 0:
        print(f"{records_path}: no records")
        problems += 1
    print(f"{count} records, {problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
