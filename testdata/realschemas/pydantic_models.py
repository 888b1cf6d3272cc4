"""Real Pydantic v2 schemas for oagen's corpus test (gen/realschemas_test.go).

Prints one JSON object per line: {"name", "schema", "gold", "near", "far"},
the schema from model_json_schema() and the three values from model_dump
(mode="json", exclude_unset=True: a member left to its default stays out,
as a model writes it).
"""

import json
import sys
from enum import Enum
from typing import Annotated, Any, Literal, Optional, Union

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


class Cat(BaseModel):
    pet_type: Literal["cat"]
    meows: int


class Dog(BaseModel):
    pet_type: Literal["dog"]
    barks: float
    good: bool = True


class Lizard(BaseModel):
    pet_type: Literal["reptile", "lizard"]
    scales: bool


Pet = Annotated[Union[Cat, Dog, Lizard], Field(discriminator="pet_type")]


class Owner(BaseModel):
    """Discriminated unions (Literal tags), in a member, a list and a dict."""

    name: str
    pet: Pet
    others: list[Pet] = Field(default_factory=list)
    by_room: dict[str, Pet] = Field(default_factory=dict)
    backup: Optional[Pet] = None


class Point(BaseModel):
    x: float
    y: float


class Shape(BaseModel):
    """Plain unions (no discriminator: the first branch the value validates
    against), Optional unions, a set, a tuple and Any."""

    id: Union[int, str]
    size: Union[int, float] = 1
    center: Union[Point, tuple[float, float]]
    label: Optional[Union[str, int]] = None
    tags: set[str] = Field(default_factory=set)
    extra: dict[str, Any] = Field(default_factory=dict)


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
    (
        "owner",
        Owner,
        dict(name="Ann", pet=dict(pet_type="cat", meows=3),
             others=[dict(pet_type="dog", barks=2.5), dict(pet_type="lizard", scales=True)],
             by_room={"hall": dict(pet_type="dog", barks=1.0, good=False)}, backup=dict(pet_type="cat", meows=1)),
        dict(name="Ann", pet=dict(pet_type="cat", meows=4),
             others=[dict(pet_type="lizard", scales=True), dict(pet_type="dog", barks=2.0)],
             by_room={"hall": dict(pet_type="dog", barks=1.0, good=False)}, backup=dict(pet_type="cat", meows=1)),
        dict(name="Bob", pet=dict(pet_type="dog", barks=3.0),
             others=[dict(pet_type="reptile", scales=False)],
             by_room={"yard": dict(pet_type="cat", meows=9)}),
    ),
    (
        "shape",
        Shape,
        dict(id=7, size=2.5, center=dict(x=1.0, y=2.0), label="big", tags=["red", "round"], extra={"k": [1, {"a": None}]}),
        dict(id=7, size=2, center=dict(x=1.0, y=2.5), label="big", tags=["round", "red"], extra={"k": [1, {"a": None}]}),
        dict(id="seven", size=9, center=(0.0, 0.0), label=3, tags=["blue"]),
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
