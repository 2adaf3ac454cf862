"""Every built dossier validates against the JSON Schema shipped in the package."""

from __future__ import annotations

import copy
import dataclasses
import json
from importlib import resources
from typing import Any

import jsonschema
import pytest

from dossier.build import BuildResult
from dossier.output.serialise import to_json
from dossier.records import AnsweredWorkbook, ColumnSettings


def _schema() -> dict[str, Any]:
    text = resources.files("dossier").joinpath("schema/dossier.schema.json").read_text()
    schema: dict[str, Any] = json.loads(text)
    return schema


def test_the_demo_dossier_validates(demo_build: BuildResult) -> None:
    jsonschema.validate(to_json(demo_build.dossier), _schema())


def test_the_schema_rejects_a_grounded_answer_without_claims(demo_build: BuildResult) -> None:
    record = copy.deepcopy(to_json(demo_build.dossier))
    grounded = next(a for a in record["answers"] if a["verdict"] == "grounded")
    grounded["claims"] = []
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(record, _schema())


def test_the_schema_rejects_an_unknown_verdict(demo_build: BuildResult) -> None:
    record = copy.deepcopy(to_json(demo_build.dossier))
    record["answers"][0]["verdict"] = "probably"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(record, _schema())


def _undescribed(instance: Any, schema: dict[str, Any], root: dict[str, Any], at: str) -> list[str]:
    """Paths of the fields in ``instance`` that ``schema`` does not name."""
    while "$ref" in schema:
        schema = root["$defs"][schema["$ref"].split("/")[-1]]
    for choice in schema.get("oneOf", []):
        if choice.get("type") != "null":
            return _undescribed(instance, choice, root, at)
    if isinstance(instance, dict) and "properties" in schema:
        missing = [f"{at}.{key}" for key in instance if key not in schema["properties"]]
        for key, value in instance.items():
            if key in schema["properties"]:
                missing += _undescribed(value, schema["properties"][key], root, f"{at}.{key}")
        return missing
    if isinstance(instance, list) and "items" in schema:
        return [
            m for item in instance for m in _undescribed(item, schema["items"], root, at + "[]")
        ]
    return []


def test_the_schema_describes_every_field_written(demo_build: BuildResult) -> None:
    """Extra fields validate (the schema allows siblings), so only this catches a
    field the record gained without the schema saying what it is."""
    with_workbook = dataclasses.replace(
        demo_build.dossier, workbook=AnsweredWorkbook("q.answered.xlsx", ColumnSettings())
    )
    record = to_json(with_workbook)
    jsonschema.validate(record, _schema())
    assert sorted(set(_undescribed(record, _schema(), _schema(), "$"))) == []
