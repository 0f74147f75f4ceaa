"""A game step written in ONE statement on PostgreSQL (`PostgresStorage._step_program`): the writes of
`step_program` (bot/storage/program.py) as data-modifying WITH clauses, one round trip where the program takes one
per statement."""

from __future__ import annotations

from typing import Any

from bot.storage.program import Program, Rows, SavedStep, StepWrite, step_program
from bot.storage.rows import dumps

MAX_PARAMETERS = 30_000
"""A statement's parameters (the server takes at most 32767): a bigger step goes statement by statement."""


def one_statement_step(step: StepWrite) -> Program[SavedStep | None]:
    """`step_program`'s writes as ONE statement (data-modifying WITH clauses, PostgreSQL's own): one
    round trip where the program takes one per statement. The game's row is updated first, and its
    logs' last seq numbers read beside it: the new rows count on from those. Steps that undo or move
    deadlines (rare: moderators' acts) or are too big for one statement run as `step_program`."""
    rows = step.deliveries or []
    size = 8 * len(rows) + 10 * len(step.actions) + 7 * len(step.events) + 5 * len(step.deadlines or [])
    if step.undo_from_step is not None or step.shift_deadlines or size + len(step.keep_prompts or []) > MAX_PARAMETERS:
        return (yield from step_program(step))
    params: list[Any] = []

    def values(*row: Any) -> str:  # numbered here: one parameter may be named several times
        params.extend(row)
        return "(" + ",".join(f"${n}" for n in range(len(params) - len(row) + 1, len(params) + 1)) + ")"

    game = values(step.game_id)[1:-1]  # the id as its own parameter wherever it is used
    seqs = (f"(SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = {game}) AS a,"
            f" (SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = {game}) AS e")
    if step.game_sql or step.versioned:
        sql = step.game_sql or "UPDATE games SET version = version + 1 WHERE id = ?"  # `?`: `game_update`'s
        head, *parts = sql.split("?")
        game_params = step.game_params if step.game_sql else (step.game_id,)
        update = head + "".join(values(value)[1:-1] + part for value, part in zip(game_params, parts, strict=True))
        clauses = [f"g AS ({update} RETURNING version, {seqs})"]
    else:
        clauses = [f"g AS (SELECT NULL::bigint AS version, {seqs})"]
    if step.actions:
        clauses.append(
            "a AS (INSERT INTO actions (game_id, seq, kind, step, seat, actor_id, payload, by_bot, input_key, at)"
            " VALUES " + ",".join(
                f"({game}, (SELECT a FROM g) + {n}, " + values(a.kind, a.step, a.seat, a.actor_id, dumps(a.payload),
                                                              int(a.by_bot), a.input_key, a.at)[1:]
                for n, a in enumerate(step.actions, start=1)) + ")"
        )
    if step.events:
        last_action = f"(SELECT a FROM g) + {len(step.actions)}" if step.actions else "NULL"
        clauses.append(
            "e AS (INSERT INTO events (game_id, seq, action_seq, key, params, audience, at) VALUES " + ",".join(
                f"({game}, (SELECT e FROM g) + {n}, "
                + (last_action if e.action_seq is None else values(e.action_seq)[1:-1]) + ", "
                + values(e.key, dumps(e.params), None if e.audience is None else dumps(e.audience), e.at)[1:]
                for n, e in enumerate(step.events, start=1)) + ")"
        )
    if step.keep_prompts is not None:
        kept = f" AND prompt_id NOT IN {values(*step.keep_prompts)}" if step.keep_prompts else ""
        clauses.append(f"k AS (DELETE FROM deadlines WHERE game_id = {game}{kept})")
    if step.deadlines:
        clauses.append(
            "t AS (INSERT INTO deadlines (game_id, prompt_id, seat, due, remind_at) VALUES "
            + ",".join(values(d.game_id, d.prompt_id, d.seat, d.due, d.remind_at) for d in step.deadlines)
            + " ON CONFLICT DO NOTHING)"  # a deadline already running is kept, not restarted
        )
    if rows:
        columns, extra = "game_id, step, kind, channel_id, user_id, body, prompt_id, made", ()
        if step.owner is not None:
            columns, extra = columns + ", owner", (step.owner,)
        clauses.append(f"d AS (INSERT INTO deliveries ({columns}) VALUES " + ",".join(
            values(r.game_id, r.step, r.kind, r.channel_id, r.user_id, dumps(r.body), r.prompt_id, r.made, *extra)
            for r in rows) + " RETURNING id)")
    ids = "ARRAY(SELECT id FROM d ORDER BY id)" if rows else "NULL"
    answer = yield Rows(
        "WITH " + ", ".join(clauses) + f" SELECT version, a, e, {ids} FROM g", params, only=True
    )
    if not answer:  # no such game: nothing was changed
        return None
    ((version, action_seq, event_seq, delivery_ids),) = answer
    return SavedStep(None if version is None else int(version), int(action_seq), int(event_seq),
                     tuple(int(i) for i in delivery_ids or ()))
