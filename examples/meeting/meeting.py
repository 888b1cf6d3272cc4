"""The Pydantic model of the README's "Write your first schema": a meeting
extracted from an email. `python3 meeting.py > plain.schema.json` writes
its plain JSON Schema."""

import json
from typing import Optional

from pydantic import BaseModel


class Attendee(BaseModel):
    name: str
    email: Optional[str] = None


class Meeting(BaseModel):
    title: str
    date: str  # YYYY-MM-DD
    attendees: list[Attendee]
    duration_minutes: int


if __name__ == "__main__":
    print(json.dumps(Meeting.model_json_schema(), indent=2))
