"""Walking Castle order sheets (games.core.orders) toward an answer a bot planned: the answers of a
part that reach wanted tokens, and the next answer that steers the sheet to the plan."""

from __future__ import annotations

from games.castle.board import Board
from games.castle.halls import RING
from games.castle.orders import STAY, STOP
from games.castle.state import CastleState
from games.core import Prompt
from games.core.orders import BACK, CANCEL, DONE, EDIT, OrderForm, Part, Sheet

AHAHA_ASK = "castle-ask-ahaha"


def ring_token(board: Board, value: str) -> str | None:
    try:
        return f"{RING}{board.ring_of(value)}"
    except KeyError:
        return None


def walk(part: Part[CastleState], state: CastleState, sheet: Sheet, tokens: list[str]) -> list[str] | None:
    """The part's answers that reach `tokens` through its steps (adding the ring step where a hall
    picker asks for one), or None when a token is not a legal answer."""
    board = state.the_board()
    answers: list[str] = []
    wanted = list(tokens)
    for _ in range(len(tokens) * 2 + 2):
        step = part.step(state, sheet, answers)
        if step is None:
            return answers if not wanted else None
        if not wanted:
            return None
        enabled = {o.value for o in step.options if o.disabled is None}
        value = wanted[0]
        if value in enabled:
            wanted.pop(0)
        elif (ring := ring_token(board, value)) in enabled:
            value = ring
        else:
            return None
        answers.append(value)
    return None


def move_tokens(path: list[str], double: bool) -> list[str]:
    if not path:
        return [STAY]
    if double and len(path) == 1:
        return [path[0], STOP]
    return list(path)


def steer(form: OrderForm[CastleState], state: CastleState, prompt: Prompt, plan: dict[str, list[str]]) -> str:
    """The next answer toward the planned sheet: `OrderForm.bot_value` without its validity test,
    which steps through every hall picker (costly); the plan is legal by construction, parts are
    edited in the plan's order (the card before the move it allows), and `bot_action`'s final
    check still catches a wrong answer."""
    sheet = form.sheets(state)[prompt.seat]
    if sheet.editing is not None:
        wanted = plan.get(sheet.editing, [])
        if sheet.draft == wanted[: len(sheet.draft)] and len(sheet.draft) < len(wanted):
            return wanted[len(sheet.draft)]
        return CANCEL
    for name, answers in plan.items():
        if name in sheet.parts and sheet.parts[name] != answers:
            return f"{EDIT}{name}"
    return DONE


def enabled(prompt: Prompt) -> list[str]:
    return [o.value for o in prompt.options if o.disabled is None and o.value not in (BACK, CANCEL)]

