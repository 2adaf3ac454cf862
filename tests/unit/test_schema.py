"""Every built dossier validates against the JSON Schema shipped in the package."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import jsonschema
import pytest

from dossier.build import BuildResult
from dossier.render import to_json


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
