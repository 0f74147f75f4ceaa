"""Order sheets: a player's multi-part secret order for one step, built part by part.

Castle's order is a card (with its target, corridor, …) and a move; Mafia's is a hand card, a
sleeve card, votes, the artifact pass and role abilities. Each *part* is built by a few prompts
(choose a card → its target → …, with Back), the whole sheet is shown back with a "change"
button per part and "done", and it stays changeable until the step resolves. Every part starts
filled with its default, so "done" at once is a valid order, and a deadline simply keeps what is
set (dropping a half-built part).

A game describes its parts (`Part` subclasses: which options each step offers given the answers
so far), stores one `Sheet` per seat in its state, and routes the prompts of the form to
`OrderForm.check` / `OrderForm.apply`. The form keeps the parts consistent: when a change makes
another part's answers illegal (a move of two corridors after Second Wind is taken back), that
part returns to its default and the player is told.

Prompts of one sheet share `Prompt.sheet` (the Discord layer edits one DM message in place) and
`Prompt.deadline_group` (the deadline runs over the whole order).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, Field

from games.core.model import Action, Event, GameState, Option, Prompt, Refusal

S = TypeVar("S", bound=GameState)

DONE = "~done"
BACK = "~back"
CANCEL = "~cancel"
FINISH = "~finish"
"""Accepted at every prompt of a sheet though never shown: keep what is set and finish. It is what a
deadline answers (harmless when typed: the same as Cancel, then Done)."""
EDIT = "~edit:"
SEPARATOR = "."
"""A sheet's prompt ids are `<sheet id>.<n>`; no other prompt id of any game contains a dot."""


def sheet_of(prompt_id: str) -> str | None:
    """The order sheet a prompt id belongs to, or None for a prompt of no sheet."""
    sheet, dot, _ = prompt_id.rpartition(SEPARATOR)
    return sheet if dot else None


class Sheet(BaseModel):
    """One seat's order for the current step: the answers of each part, and the part being built."""

    id: str
    seat: int
    parts: dict[str, list[str]] = Field(default_factory=dict)
    editing: str | None = None
    draft: list[str] = Field(default_factory=list)
    done: bool = False
    asked: int = 0
    """How many prompts this sheet has asked: each gets a new id, so an old button is stale."""


@dataclass
class Step:
    """The next question while building a part: a message and the options (disabled ones carry why)."""

    key: str
    options: list[Option]
    params: dict[str, Any] = field(default_factory=dict)


def message(key: str, **params: Any) -> dict[str, Any]:
    """A prompt/event parameter that is itself a translated message (renderers resolve it)."""
    return {"message": key, "params": params}


def lines(items: list[dict[str, Any]]) -> dict[str, Any]:
    """A parameter rendered as one line per item."""
    return {"lines": items}


class Part(ABC, Generic[S]):
    """One part of an order. `answers` are the option values chosen so far for this part."""

    name: str

    def available(self, state: S, sheet: Sheet) -> bool:
        """Whether this seat's sheet has the part at all (a mafia-only vote, say)."""
        return True

    @abstractmethod
    def step(self, state: S, sheet: Sheet, answers: list[str]) -> Step | None:
        """The next question given the answers so far, or None when the part is complete."""

    @abstractmethod
    def default(self, state: S, sheet: Sheet) -> list[str]:
        """The answers the part starts with, and keeps at a deadline. Must be complete and legal."""

    @abstractmethod
    def describe(self, state: S, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        """The part's current order as a `message(...)` for the sheet's summary."""

    def check(self, state: S, sheet: Sheet, answers: list[str], value: str) -> Refusal | None:
        """A reason beyond the step's options (rarely needed: disabled options carry theirs)."""
        return None


@dataclass
class Applied:
    """What an answer did to the sheets."""

    all_done: bool = False
    finished: bool = False
    """This answer made the seat's sheet done."""


class OrderForm(Generic[S]):
    """The parts of one kind of order and where the game keeps its sheets.

    `prefix` names the catalog messages: `<prefix>-sheet` (the sheet shown whole: `$order` has
    one line per part, `$status` says whether it is sent) and `<prefix>-part-<name>` (the button
    that changes a part, also the part's name in notices).
    """

    def __init__(
        self,
        name: str,
        parts: list[Part[S]],
        *,
        prefix: str,
        deadline: str,
        sheets: Callable[[S], dict[int, Sheet]],
        sheet_params: Callable[[S, Sheet], dict[str, Any]] | None = None,
    ) -> None:
        self.name = name
        self.parts = {p.name: p for p in parts}
        self.prefix = prefix
        self.deadline = deadline
        self._sheets = sheets
        self._sheet_params = sheet_params

    # --- reading ---------------------------------------------------------------------------
    def sheets(self, state: S) -> dict[int, Sheet]:
        return self._sheets(state)

    def owns(self, prompt: Prompt) -> bool:
        return prompt.sheet is not None and prompt.sheet.startswith(f"{self.name}-")

    def order(self, state: S, seat: int) -> dict[str, list[str]]:
        """The seat's order as it stands (what resolution reads once every sheet is done)."""
        return dict(self.sheets(state)[seat].parts)

    def all_done(self, state: S) -> bool:
        sheets = self.sheets(state)
        return bool(sheets) and all(s.done for s in sheets.values())

    # --- opening -------------------------------------------------------------------------------
    def open(self, state: S, seats: Iterable[int], *, tag: str | int = "") -> None:
        """Start a sheet for each seat, every part at its default, and ask for it."""
        sheets = self.sheets(state)
        sheets.clear()
        for seat in seats:
            sheet = Sheet(id=f"{self.name}-{tag or state.step}-{seat}", seat=seat)
            sheets[seat] = sheet
            sheet.parts = {p.name: p.default(state, sheet) for p in self.parts.values() if p.available(state, sheet)}
            self._ask(state, sheet)

    def close(self, state: S) -> None:
        """Forget the sheets and their prompts (after resolution)."""
        sheets = self.sheets(state)
        state.prompts = [p for p in state.prompts if not self.owns(p)]
        sheets.clear()

    # --- prompts ---------------------------------------------------------------------------------
    def _prompt_id(self, state: S, sheet: Sheet) -> str:
        sheet.asked += 1
        return f"{sheet.id}{SEPARATOR}{sheet.asked}"

    def _ask(self, state: S, sheet: Sheet) -> None:
        """Replace the seat's prompt of this sheet with the one its position calls for."""
        state.prompts = [p for p in state.prompts if p.sheet != sheet.id]
        if sheet.editing is None:
            prompt = self._overview(state, sheet)
        else:
            step = self.parts[sheet.editing].step(state, sheet, sheet.draft)
            assert step is not None, "a part being edited has a next step"
            prompt = Prompt(
                id=self._prompt_id(state, sheet), seat=sheet.seat, ask="one", key=step.key,
                params=step.params, options=[*step.options, Option(value=BACK, label="sheet-back"),
                                             Option(value=CANCEL, label="sheet-cancel")],
                deadline=self.deadline, deadline_group=sheet.id, sheet=sheet.id, fallback=FINISH,
            )
        state.prompts.append(prompt)

    def summary(self, state: S, sheet: Sheet) -> list[dict[str, Any]]:
        """One message per part, in the form's order."""
        return [
            self.parts[name].describe(state, sheet, answers)
            for name in self.parts
            if (answers := sheet.parts.get(name)) is not None
        ]

    def _overview(self, state: S, sheet: Sheet) -> Prompt:
        options = [Option(value=f"{EDIT}{name}", label=f"{self.prefix}-part-{name}") for name in sheet.parts]
        options.append(Option(value=DONE, label="sheet-done"))
        params = {
            "order": lines(self.summary(state, sheet)),
            "status": message("sheet-status-done" if sheet.done else "sheet-status-open"),
        }
        if self._sheet_params is not None:
            params |= self._sheet_params(state, sheet)
        return Prompt(
            id=self._prompt_id(state, sheet), seat=sheet.seat, ask="one", key=f"{self.prefix}-sheet",
            params=params, options=options, deadline=self.deadline, changeable=True, answered=sheet.done,
            deadline_group=sheet.id, sheet=sheet.id, fallback=FINISH,
        )

    # --- acting ----------------------------------------------------------------------------------
    def check(self, state: S, seat: int, prompt: Prompt, action: Action) -> Refusal | None:
        sheet = self.sheets(state).get(seat)
        if sheet is None or prompt.sheet != sheet.id:
            return Refusal(key="error-stale")
        value = str(action.value)
        if sheet.editing is not None and value not in (BACK, CANCEL, FINISH):
            return self.parts[sheet.editing].check(state, sheet, sheet.draft, value)
        return None

    def apply(self, state: S, seat: int, prompt: Prompt, action: Action, events: list[Event]) -> Applied:
        """Apply an answer to a prompt of this form (already checked)."""
        sheet = self.sheets(state)[seat]
        value = str(action.value)
        result = Applied()
        if value in (FINISH, CANCEL):
            sheet.editing, sheet.draft = None, []
            if value == FINISH:
                result.finished = not sheet.done
                sheet.done = True
        elif value == DONE:
            result.finished = not sheet.done
            sheet.done = True
        elif value.startswith(EDIT):
            sheet.editing, sheet.draft, sheet.done = value[len(EDIT):], [], False
        elif value == BACK:
            if sheet.draft:
                sheet.draft.pop()
            else:
                sheet.editing = None
        else:
            assert sheet.editing is not None
            sheet.draft.append(value)
            part = self.parts[sheet.editing]
            if part.step(state, sheet, sheet.draft) is None:
                sheet.parts[sheet.editing] = list(sheet.draft)
                sheet.editing, sheet.draft = None, []
                self._repair(state, sheet, events)
        result.all_done = self.all_done(state)
        if not result.all_done:
            self._ask(state, sheet)
        return result

    # --- consistency -------------------------------------------------------------------------
    def valid(self, state: S, sheet: Sheet, name: str, answers: list[str]) -> bool:
        """Whether `answers` still build the part `name` legally, step by step."""
        part = self.parts[name]
        for index, value in enumerate(answers):
            step = part.step(state, sheet, answers[:index])
            if step is None:
                return False
            option = next((o for o in step.options if o.value == value), None)
            if option is None or option.disabled is not None or part.check(state, sheet, answers[:index], value):
                return False
        return part.step(state, sheet, answers) is None

    def _repair(self, state: S, sheet: Sheet, events: list[Event]) -> None:
        """Parts made illegal by another part's change go back to their defaults (the player is told)."""
        for name in list(sheet.parts):
            if not self.valid(state, sheet, name, sheet.parts[name]):
                sheet.parts[name] = self.parts[name].default(state, sheet)
                events.append(Event(key="sheet-part-reset", params={"part": {"term": f"{self.prefix}-part-{name}"}},
                                    to=[sheet.seat]))

    # --- deadlines and bots --------------------------------------------------------------------
    def default_value(self, prompt: Prompt) -> str:
        return DONE if prompt.answered else FINISH

    def bot_value(self, state: S, prompt: Prompt, plan: dict[str, list[str]]) -> str:
        """The next answer that leads to the bot's planned order (parts it does not plan keep theirs)."""
        sheet = self.sheets(state)[prompt.seat]
        if sheet.editing is not None:
            wanted = plan.get(sheet.editing, [])
            if sheet.draft == wanted[: len(sheet.draft)] and len(sheet.draft) < len(wanted):
                return wanted[len(sheet.draft)]
            return CANCEL
        for name, answers in plan.items():
            if name in sheet.parts and sheet.parts[name] != answers and self.valid(state, sheet, name, answers):
                return f"{EDIT}{name}"
        return DONE


def random_answers(form: OrderForm[S], state: S, sheet: Sheet, name: str, rng: random.Random) -> list[str]:
    """A random legal way to build part `name` (bots and property tests)."""
    part = form.parts[name]
    answers: list[str] = []
    while (step := part.step(state, sheet, answers)) is not None:
        legal = [
            o.value for o in step.options
            if o.disabled is None and part.check(state, sheet, answers, o.value) is None
        ]
        if not legal:
            return part.default(state, sheet)
        answers.append(rng.choice(legal))
    return answers
