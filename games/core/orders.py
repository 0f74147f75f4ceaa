"""Order sheets: a player's multi-part secret order for one step, built part by part.

Castle's order is a card (with its target, corridor, …) and a move; Mafia's is a hand card, a
sleeve card, votes, the artifact pass and role abilities. Each *part* is built by a few prompts
(choose a card → its target → …, with Back), the whole sheet is shown back with a "change"
button per part and "done", and it stays changeable until the step resolves. Every part starts
filled with its default, so "done" at once is a valid order, and a deadline simply keeps what is
set (dropping a half-built part).

A game describes its parts (`Part` subclasses: which options each step offers given the answers
so far; with `single_answers`, a step that offers one answer and nothing else is answered at once),
stores one `Sheet` per seat in its state, and routes the prompts of the form to
`OrderForm.check` / `OrderForm.apply`. The form keeps the parts consistent: when a change makes
another part's answers illegal (a move of two corridors after Second Wind is taken back), that
part returns to its default and the player is told.

Prompts of one sheet share `Prompt.sheet` (the Discord layer edits one DM message in place) and
`Prompt.deadline_group` (the deadline runs over the whole order).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, Field

from games.core.model import Action, Event, GameState, Option, Prompt, Refusal
from games.core.prompts import only_answer

S = TypeVar("S", bound=GameState)

DONE = "~done"
BACK = "~back"
CANCEL = "~cancel"
FINISH = "~finish"
"""Accepted at every prompt of a sheet though never shown: keep what is set and finish. It is what a
deadline answers (harmless when typed: the same as Cancel, then Done)."""
EDIT = "~edit:"
NOTHING = "~nothing"
"""The empty answer of an `ask="many"` step that allows no pick (a button beside the select)."""
PLAN = "~plan:"
"""`~plan:<JSON of part name → answers>` sets several parts at once and sends the order: how a bot
gives its whole order in one step (never shown to players)."""
NAVIGATION = "~"
"""Option values starting with this move around the sheet (Back, Cancel, Done, change a part)."""
PICKS = ","
"""An `ask="many"` step's answer is kept in the part's answers as the picked values joined by this."""
TEXT_LIMIT = 1000
"""The longest free text a sheet keeps (a Letter, a message)."""
SEPARATOR = "."
"""A sheet's prompt ids are `<sheet id>.<n>`; no other prompt id of any game contains a dot."""


def sheet_of(prompt_id: str) -> str | None:
    """The order sheet a prompt id belongs to, or None for a prompt of no sheet."""
    sheet, dot, _ = prompt_id.rpartition(SEPARATOR)
    return sheet if dot else None


def sheet_seat(sheet_id: str) -> int | None:
    """The seat an order sheet's id names (ids end with the seat: `OrderForm.open`), or None."""
    _, _, last = sheet_id.rpartition("-")
    return int(last) if last.isdigit() else None


def untouched(prompt_id: str) -> bool:
    """Whether a sheet's prompt is the first its sheet asked: its player has answered nothing of it yet
    (every answer asks anew). A prompt of no sheet counts as untouched."""
    _, dot, number = prompt_id.rpartition(SEPARATOR)
    return not dot or number == "1"


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
    """The next question while building a part: a message and the options (disabled ones carry why).

    `ask="many"`: pick `min_picks`..`max_picks` of the options at once (one answer; kept as the values
    joined by `PICKS`). `ask="text"`: free text (the options are empty; `Part.check` judges it)."""

    key: str
    options: list[Option]
    params: dict[str, Any] = field(default_factory=dict)
    ask: Literal["one", "many", "text"] = "one"
    min_picks: int | None = None
    max_picks: int | None = None
    placeholders: bool = False
    """The disabled options only keep the others' numbers (a list of cards numbered as in the hand, the
    card being played shown but refused): with `single_answers`, one enabled option is the answer."""


def picks(answer: str) -> list[str]:
    """The values of an `ask="many"` answer as kept in a part's answers."""
    return answer.split(PICKS) if answer else []


def pick_refusal(step: Step, values: list[str]) -> Refusal | None:
    """Whether `values` are a legal answer to the `ask="many"` step (count, known, enabled, not repeated)."""
    low = 1 if step.min_picks is None else step.min_picks
    high = len(step.options) if step.max_picks is None else step.max_picks
    if not low <= len(values) <= high:
        if low == high:
            return Refusal(key="error-pick-exactly", params={"count": low})
        return Refusal(key="error-pick-between", params={"low": low, "high": high})
    for value in set(values):
        carriers = [o for o in step.options if o.value == value]
        if not carriers:
            return Refusal(key="error-no-such-option", params={"value": value})
        if values.count(value) > len(carriers):
            return Refusal(key="error-picked-twice", params={"value": value})
        usable = [o for o in carriers if o.disabled is None]
        if values.count(value) > len(usable):
            return next(o.disabled for o in carriers if o.disabled is not None)
    return None


def message(key: str, **params: Any) -> dict[str, Any]:
    """A prompt/event parameter that is itself a translated message (renderers resolve it)."""
    return {"message": key, "params": params}


def lines(items: list[dict[str, Any]]) -> dict[str, Any]:
    """A parameter rendered as one line per item."""
    return {"lines": items}


class Part(ABC, Generic[S]):
    """One part of an order. `answers` are the option values chosen so far for this part.

    An `immediate` part is an action taken at once rather than an order kept for resolution (the
    Boss's message, reordering one's hand): when it is complete the form calls `perform`, and the
    part's answers stay at its default."""

    name: str
    immediate: bool = False

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

    def perform(self, state: S, sheet: Sheet, answers: list[str], events: list[Event]) -> None:
        """An immediate part's action, given its complete answers."""


@dataclass
class Applied:
    """What an answer did to the sheets."""

    all_done: bool = False
    finished: bool = False
    """This answer made the seat's sheet done."""


class OrderForm(Generic[S]):
    """The parts of one kind of order and where the game keeps its sheets.

    `single_answers`: a step that offers one answer and nothing else is answered at once and never
    asked (games.core.prompts.only_answer), and Back goes past it to the last real choice.

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
        single_answers: bool = False,
    ) -> None:
        self.name = name
        self.single_answers = single_answers
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
            navigation = [Option(value=BACK, label="sheet-back"), Option(value=CANCEL, label="sheet-cancel")]
            if step.ask == "many" and step.min_picks == 0:
                navigation.insert(0, Option(value=NOTHING, label="sheet-nothing"))
            prompt = Prompt(
                id=self._prompt_id(state, sheet), seat=sheet.seat, ask=step.ask, key=step.key,
                params=step.params, options=[*step.options, *navigation],
                min_picks=step.min_picks, max_picks=step.max_picks,
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
        options = [
            Option(value=f"{EDIT}{name}", label=f"{self.prefix}-part-{name}")
            for name in sheet.parts
            if self.parts[name].available(state, sheet)
        ]
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
        value = self._stored(action.value)
        if value.startswith(PLAN):
            return self._plan_refusal(state, sheet, value)
        if sheet.editing is not None and value not in (BACK, CANCEL, FINISH):
            if value == DONE or value.startswith(EDIT):  # not offered mid-part (a text box lets it through)
                return Refusal(key="error-no-such-option", params={"value": value})
            if prompt.ask == "text" and len(value) > TEXT_LIMIT:
                return Refusal(key="error-text-too-long", params={"limit": TEXT_LIMIT})
            return self.parts[sheet.editing].check(state, sheet, sheet.draft, value)
        return None

    def _parse_plan(self, value: str) -> dict[str, list[str]] | None:
        try:
            plan = json.loads(value[len(PLAN):])
        except ValueError:
            return None
        if not isinstance(plan, dict) or not all(
            isinstance(v, list) and all(isinstance(a, str) for a in v) for v in plan.values()
        ):
            return None
        return plan

    def _plan_refusal(self, state: S, sheet: Sheet, value: str) -> Refusal | None:
        plan = self._parse_plan(value)
        if plan is None:
            return Refusal(key="error-malformed")
        trial = sheet.model_copy(update={"parts": {**sheet.parts, **plan}, "editing": None, "draft": []})
        for name in plan:
            part = self.parts.get(name)
            if part is None or part.immediate or name not in sheet.parts or not part.available(state, trial):
                return Refusal(key="error-no-such-option", params={"value": name})
        for name, answers in trial.parts.items():
            if not self.parts[name].immediate and not self.valid(state, trial, name, answers):
                return Refusal(key="sheet-plan-invalid", params={"part": {"term": f"{self.prefix}-part-{name}"}})
        return None

    @staticmethod
    def _stored(value: str | int | tuple[str, ...]) -> str:
        """An answer as a part keeps it (the picks of an `ask="many"` step joined; none picked is "")."""
        if value == NOTHING:
            return ""
        return PICKS.join(value) if isinstance(value, tuple) else str(value)

    def apply(self, state: S, seat: int, prompt: Prompt, action: Action, events: list[Event]) -> Applied:
        """Apply an answer to a prompt of this form (already checked)."""
        sheet = self.sheets(state)[seat]
        value = self._stored(action.value)
        result = Applied()
        if value.startswith(PLAN):
            sheet.parts.update(self._parse_plan(value) or {})
            sheet.editing, sheet.draft = None, []
            result.finished = not sheet.done
            sheet.done = True
        elif value in (FINISH, CANCEL):
            sheet.editing, sheet.draft = None, []
            if value == FINISH:
                result.finished = not sheet.done
                sheet.done = True
        elif value == DONE:
            result.finished = not sheet.done
            sheet.done = True
        elif value.startswith(EDIT):
            sheet.editing, sheet.draft, sheet.done = value[len(EDIT):], [], False
            self._go_on(state, sheet, events)
        elif value == BACK:
            self._back(state, sheet)
        else:
            assert sheet.editing is not None
            sheet.draft.append(value)
            self._go_on(state, sheet, events)
        result.all_done = self.all_done(state)
        # asked anew even when every sheet is done: a step that resolves closes the sheets anyway, and one
        # that waits for its deadline (orders changeable until then) must show this sheet as sent
        self._ask(state, sheet)
        return result

    def _forced(self, state: S, sheet: Sheet, step: Step | None) -> str | None:
        """The answer of a step that offers one and nothing else (games.core.prompts.only_answer; a step
        that also shows choices it refuses, with their reasons, is still asked: it explains itself)."""
        if not self.single_answers or step is None or step.ask != "one":
            return None
        if len(step.options) != 1 and not step.placeholders:
            return None
        return only_answer(step.options)

    def _go_on(self, state: S, sheet: Sheet, events: list[Event]) -> None:
        """After an answer: every next step with a single answer is answered at once (never asked);
        a part complete with it is kept (or performed) and the sheet shown again."""
        assert sheet.editing is not None
        part = self.parts[sheet.editing]
        step = part.step(state, sheet, sheet.draft)
        while (only := self._forced(state, sheet, step)) is not None:
            sheet.draft.append(only)
            step = part.step(state, sheet, sheet.draft)
        if step is None:
            if part.immediate:
                part.perform(state, sheet, list(sheet.draft), events)
            else:
                sheet.parts[sheet.editing] = list(sheet.draft)
            sheet.editing, sheet.draft = None, []
            self.repair(state, sheet, events)

    def _back(self, state: S, sheet: Sheet) -> None:
        """Back to the last step that was a real choice (answers made because they were the only ones
        are taken back with it); from the first, back to the sheet."""
        assert sheet.editing is not None
        part = self.parts[sheet.editing]
        if not sheet.draft:
            sheet.editing = None
            return
        sheet.draft.pop()
        while sheet.draft and self._forced(state, sheet, part.step(state, sheet, sheet.draft)) is not None:
            sheet.draft.pop()
        if not sheet.draft and self._forced(state, sheet, part.step(state, sheet, [])) is not None:
            sheet.editing = None

    # --- consistency -------------------------------------------------------------------------
    def valid(self, state: S, sheet: Sheet, name: str, answers: list[str]) -> bool:
        """Whether `answers` still build the part `name` legally, step by step."""
        part = self.parts[name]
        for index, value in enumerate(answers):
            step = part.step(state, sheet, answers[:index])
            if step is None:
                return False
            if step.ask == "many":
                if pick_refusal(step, picks(value)) is not None:
                    return False
            elif step.ask == "text":
                if not value.strip() or len(value) > TEXT_LIMIT:
                    return False
            else:
                option = next((o for o in step.options if o.value == value), None)
                if option is None or option.disabled is not None:
                    return False
            if part.check(state, sheet, answers[:index], value):
                return False
        return part.step(state, sheet, answers) is None

    def repair(self, state: S, sheet: Sheet, events: list[Event]) -> None:
        """Parts made illegal by another part's change go back to their defaults (the player is told)."""
        for name in list(sheet.parts):
            if self.parts[name].immediate:
                continue
            if not self.valid(state, sheet, name, sheet.parts[name]):
                sheet.parts[name] = self.parts[name].default(state, sheet)
                events.append(Event(key="sheet-part-reset", params={"part": {"term": f"{self.prefix}-part-{name}"}},
                                    to=[sheet.seat]))

    # --- deadlines and bots --------------------------------------------------------------------
    def default_value(self, prompt: Prompt) -> str:
        return DONE if prompt.answered else FINISH

    def bot_value(self, state: S, prompt: Prompt, plan: dict[str, list[str]]) -> str | tuple[str, ...]:
        """The next answer that leads to the bot's planned order (parts it does not plan keep theirs)."""
        sheet = self.sheets(state)[prompt.seat]
        if sheet.editing is not None:
            wanted = plan.get(sheet.editing, [])
            if sheet.draft == wanted[: len(sheet.draft)] and len(sheet.draft) < len(wanted):
                answer = wanted[len(sheet.draft)]
                return tuple(picks(answer)) if prompt.ask == "many" else answer
            return CANCEL
        for name, answers in plan.items():
            if name in sheet.parts and sheet.parts[name] != answers and self.valid(state, sheet, name, answers):
                return f"{EDIT}{name}"
        return DONE


    def plan_value(self, state: S, prompt: Prompt, plan: dict[str, list[str]]) -> str:
        """The bot's whole order in one answer (`PLAN`): the planned parts that are legal together,
        the others kept as they are."""
        sheet = self.sheets(state)[prompt.seat]
        wanted: dict[str, list[str]] = {}
        for name, answers in plan.items():
            if name not in sheet.parts or self.parts[name].immediate:
                continue
            trial = sheet.model_copy(update={"parts": {**sheet.parts, **wanted, name: answers}, "editing": None})
            if self.valid(state, trial, name, answers):
                wanted[name] = answers
        value = PLAN + json.dumps(wanted, separators=(",", ":"), ensure_ascii=False)
        return value if self._plan_refusal(state, sheet, value) is None else PLAN + "{}"
