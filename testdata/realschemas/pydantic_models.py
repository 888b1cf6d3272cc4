"""Real Pydantic v2 schemas for oagen's corpus test (gen/realschemas_test.go).

Prints one JSON object per line: {"name", "schema", "gold", "near", "far"},
the schema from model_json_schema() and the three values from model_dump
(mode="json", exclude_unset=True: a member left to its default stays out,
as a model writes it). Discriminated unions are not in this list yet: see
the note in gen/realschemas_test.go.
"""

import json
import sys
from enum import Enum
from typing import Any, Literal, Optional

from pydantic import BaseModel, Field


class Color(str, Enum):
    red = "red"
    green = "green"
    blue = "blue"


class Address(BaseModel):
    street: str
    city: str
    zip: Optional[str] = None


class Person(BaseModel):
    """A person with the common field shapes."""

    name: str
    age: int
    email: Optional[str] = None
    nickname: str = "none"
    favorite: Color = Color.red
    role: Literal["admin", "user"] = "user"
    tags: set[str] = Field(default_factory=set)
    scores: dict[str, int] = Field(default_factory=dict)
    point: tuple[float, float]
    address: Address
    metadata: dict[str, Any] = Field(default_factory=dict)


class TreeNode(BaseModel):
    value: int
    label: str = ""
    children: list["TreeNode"] = Field(default_factory=list)


class Settings(BaseModel):
    """Optional members, defaults and a free-form payload."""

    retries: int = 3
    timeout: Optional[float] = None
    mode: Literal["fast", "safe"] = "safe"
    extra: Any = None


def dump(model, **values):
    return model.model_validate(values).model_dump(mode="json", exclude_unset=True)


CASES = [
    (
        "person",
        Person,
        dict(name="Ada Lovelace", age=36, email="ada@example.com", favorite="blue", tags=["math", "poetry"],
             scores={"algebra": 10, "analysis": 9}, point=(1.5, 2.0),
             address=dict(street="12 St James's Square", city="London"), metadata={"source": "wiki", "ids": [1, 2]}),
        dict(name="Ada Lovelace", age=36, email="ada@example.com", favorite="blue", tags=["poetry", "math"],
             scores={"analysis": 9, "algebra": 9}, point=(1.5, 2.0),
             address=dict(street="12 St James Square", city="London"), metadata={"source": "wiki", "ids": [1, 2]}),
        dict(name="Charles Babbage", age=79, email=None, favorite="green", tags=["engines"],
             scores={"mechanics": 10}, point=(0.0, 0.0),
             address=dict(street="1 Dorset Street", city="Marylebone", zip="W1"), metadata={"source": "other"}),
    ),
    (
        "tree",
        TreeNode,
        dict(value=1, label="root", children=[dict(value=2, label="a"), dict(value=3, label="b", children=[dict(value=4)])]),
        dict(value=1, label="root", children=[dict(value=2, label="a"), dict(value=3, label="b")]),
        dict(value=9, label="x", children=[]),
    ),
    (
        "settings",
        Settings,
        dict(retries=5, timeout=2.5, mode="fast", extra={"trace": True, "level": [1, 2]}),
        dict(retries=5, timeout=2.5, mode="fast", extra={"trace": True, "level": [1, 3]}),
        dict(retries=1, mode="safe", extra="none"),
    ),
]


def main():
    for name, model, gold, near, far in CASES:
        line = {
            "name": name,
            "schema": model.model_json_schema(),
            "gold": dump(model, **gold),
            "near": dump(model, **near),
            "far": dump(model, **far),
        }
        sys.stdout.write(json.dumps(line) + "\n")


if __name__ == "__main__":
    main()
