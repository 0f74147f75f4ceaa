"""Interactions → table inputs: answers to prompts (buttons, selects, modals), an order sheet's
clicks, the private view, and a clear refusal for everything that cannot be done."""

from __future__ import annotations

import logging
from collections.abc import Callable

import aiohttp
import discord

from bot import metrics
from bot.discord.component_rows import ComponentRows
from bot.discord.components import (
    ALREADY_ANSWERED,
    TOO_LATE,
    AnswerModal,
    guarded,
    is_ours,
    parse_ids,
    taken_by_an_item,
)
from bot.discord.failures import transient
from bot.discord.outboxes import Outboxes
from bot.discord.presenting import (
    carried_value,
    prompt_content,
    prompt_names,
    prompt_view,
    refusal,
    seat_language,
    value_label,
)
from bot.discord.priority import Foreground
from bot.discord.relay import Relay
from bot.discord.replies import Replies, ephemeral, refused
from bot.discord.standing import Standing
from bot.discord.text import event_text
from bot.i18n import normalize, reading_as, t
from bot.live import LiveGame, Outcome, interaction_key
from bot.render import clip
from bot.storage import DeliveryRow, Storage, database_away
from bot.table import Table
from games.core import Action, Prompt

log = logging.getLogger(__name__)

LATE_SECONDS = 1.5
"""A click still unanswered this long after Discord made it (the bot was busy) is acknowledged at once, as
a deferred update ("received", not "done"), and its answer then edits the message: Discord drops an
interaction that gets no response within 3 s."""


async def acknowledge_if_late(interaction: discord.Interaction) -> None:
    waited = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    if interaction.type == discord.InteractionType.component and not interaction.response.is_done() \
            and waited > LATE_SECONDS:
        await interaction.response.defer()


async def edit_clicked(interaction: discord.Interaction, content: str, view: ComponentRows | None) -> None:
    """The clicked message shows the answer: as the response, or after a late click's acknowledgement."""
    if interaction.response.is_done():
        await interaction.edit_original_response(content=content, view=view)
    else:
        await interaction.response.edit_message(content=content, view=view)


CARRYING = frozenset({discord.InteractionResponseType.channel_message, discord.InteractionResponseType.message_update,
                      discord.InteractionResponseType.deferred_message_update})
"""The answers after which an interaction's token may carry the member's next DM messages (`carry_dms`)."""


class Interactions:
    def __init__(
        self, table: Table, storage: Storage, outboxes: Outboxes, standing: Standing, replies: Replies, relay: Relay,
        enqueue: Callable[[list[DeliveryRow]], None], foreground: Foreground,
    ) -> None:
        self.foreground = foreground
        """Held while an interaction is answered: the outboxes wait (bot/discord/priority.py)."""
        self.table = table
        self.storage = storage
        self.outboxes = outboxes
        self.standing = standing
        self.replies = replies
        self.relay = relay
        self.enqueue = enqueue

    async def _players_game(
        self, interaction: discord.Interaction, game_id: int, language: str
    ) -> tuple[LiveGame, int] | None:
        """The running game and the clicker's seat in it, or None after telling them why not."""
        game = await self.table.get(game_id)
        if game is None:
            await ephemeral(interaction, t(language, "error-no-game"))
            return None
        if not game.running:
            await ephemeral(interaction, t(language, "error-game-over"))
            return None
        seat_number = game.seat_of(interaction.user.id)
        if seat_number is None:
            await ephemeral(interaction, t(language, "error-not-in-game"))
            return None
        return game, seat_number

    async def _players_prompt(
        self, interaction: discord.Interaction, game_id: int, prompt_id: str, language: str
    ) -> tuple[LiveGame, Prompt] | None:
        """The game and the clicker's own open prompt, or None after telling them why not. The seat is
        checked before anything about the prompt (its bounds) is shown."""
        found = await self._players_game(interaction, game_id, language)
        if found is None:
            return None
        game, seat_number = found
        prompt = await self._prompt(game, prompt_id)
        if prompt is None:
            await ephemeral(interaction, t(language, "error-stale"))
            return None
        if prompt.seat != seat_number:
            await ephemeral(interaction, t(language, "error-not-your-prompt"))
            return None
        return game, prompt

    async def _prompt(self, game: LiveGame, prompt_id: str) -> Prompt | None:
        """The prompt in the game as saved. A copy being worked on here when the click came was not brought up to
        date (`Table.get`), and another process may have taken the step that opened the prompt: a prompt not
        found there is looked for again in the game brought up to date under its lock."""
        prompt = game.state.prompt(prompt_id)
        if prompt is None and self.table.storage.shared:
            async with self.table.hold(game):
                prompt = game.state.prompt(prompt_id)
        return prompt

    # --- answers ----------------------------------------------------------------------------------
    async def answer(
        self, interaction: discord.Interaction, game_id: int, prompt_id: str, value: str | int | tuple[str, ...]
    ) -> None:
        metrics.phase("queued")  # the answer's phases are timed from its parse to its first answer (metrics.PHASES)
        try:
            await self._answer(interaction, game_id, prompt_id, value)
        finally:
            metrics.unclock()

    async def _answer(
        self, interaction: discord.Interaction, game_id: int, prompt_id: str, value: str | int | tuple[str, ...]
    ) -> None:
        await acknowledge_if_late(interaction)
        language = normalize(str(interaction.locale))
        found = await self._players_game(interaction, game_id, language)
        if found is None:
            return
        game, seat_number = found
        metrics.phase("game")
        prompt = await self._prompt(game, prompt_id)
        metrics.phase("prompt")
        if isinstance(value, str) and prompt is not None and prompt.ask == "many" and not value.startswith("~"):
            value = (value,)  # a select that allowed one pick (a "~" value is a button: Back, Cancel, None)
        if isinstance(value, tuple) and prompt is not None:
            value = tuple(carried_value(prompt, v) for v in value)
        if isinstance(value, str) and value.startswith("=") and prompt is not None and prompt.ask == "number":
            try:
                value = int(value[1:])
            except ValueError:
                await ephemeral(interaction, t(language, "error-malformed"))
                return
        sheet = None  # a click on an order sheet's message: the answer shows the sheet's next step in it
        if prompt is not None and prompt.sheet and interaction.message is not None and \
                interaction.type == discord.InteractionType.component:
            sheet = prompt.sheet
            self.standing.note_sheet(game_id, sheet, (interaction.message.channel.id, interaction.message.id))
        carries = self._may_carry(interaction, game, prompt)
        if carries:  # what this act makes the bot say in this channel follows it up, once it is answered
            self.replies.expect(interaction)
        if interaction.guild_id is None and interaction.channel_id is not None:  # no need to open it again
            self.outboxes.dm_channels.setdefault(interaction.user.id, interaction.channel_id)

        async def shown(outcome: Outcome) -> None:
            """The saved answer shown, before the bot players answer what it opened (`Table.act`)."""
            edit = next((r for r in outcome.rows if r.kind == "edit" and r.body.get("inline")), None)
            assert prompt is not None
            # read by the player alone (a DM, an ephemeral message) or by the channel (a public prompt's message)
            private = prompt.secret or interaction.type != discord.InteractionType.component or bool(
                interaction.message is not None and interaction.message.flags.ephemeral
            )
            chosen = value_label(game, prompt, value, language, prompt_names(game, prompt, private))
            try:  # the move is in the game: from here on, a failure to show it must not say otherwise
                await self._show_answer(interaction, game, seat_number, prompt, chosen, private, sheet is not None,
                                        edit)
            except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as error:
                if isinstance(error, discord.HTTPException) and error.code in (ALREADY_ANSWERED, TOO_LATE):
                    raise  # answered already (the same click twice), or nothing reaches the player through it
                self.replies.withdraw(interaction)
                await self._counted_anyway(interaction, language, chosen, error)
                return
            if carries:
                self.replies.offer(interaction)

        outcome = await self.table.act(
            game_id, seat_number, Action(prompt=prompt_id, value=value), input_key=interaction_key(interaction.id),
            actor_id=interaction.user.id, inline=sheet, answered=shown,
        )
        if outcome.refusal is not None:
            self.replies.withdraw(interaction)
            await ephemeral(interaction, refusal(outcome.refusal, language, game, reader=seat_number))

    async def _show_answer(
        self, interaction: discord.Interaction, game: LiveGame, seat_number: int, prompt: Prompt, chosen: str,
        private: bool, sheet: bool, edit: DeliveryRow | None,
    ) -> None:
        """The clicked message shows the answer (an order sheet: its next step); a modal's is told privately."""
        if sheet:
            await self._answer_on_sheet(interaction, game, seat_number, prompt, edit)
            return
        language = normalize(str(interaction.locale))
        still = game.state.prompt(prompt.id)
        if still is not None and still.changeable:
            confirmation = t(language, "prompt-your-choice", choice=chosen)
            view: ComponentRows | None = prompt_view(game, still, language, private=private)
        else:
            confirmation = t(language, "prompt-answered", choice=chosen)
            view = None
        original = interaction.message.content if interaction.message else ""
        base = original.split("\n✅")[0]
        content = clip(f"{base}\n✅ {confirmation}", 2000)
        if interaction.type == discord.InteractionType.component:
            await edit_clicked(interaction, content, view)
        else:
            await ephemeral(interaction, f"✅ {confirmation}")

    @staticmethod
    async def _counted_anyway(interaction: discord.Interaction, language: str, chosen: str, error: Exception) -> None:
        """The move is in the game but Discord took none of its answer's tries: the member is told the truth, in
        their language (not "something went wrong", which reads as lost)."""
        log.warning("interaction %s: the move counted, its answer failed: %s", interaction.id, error)
        try:
            await ephemeral(interaction, t(language, "prompt-counted", choice=chosen))
        except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as again:
            log.warning("interaction %s: could not tell the member their move counted: %s", interaction.id, again)

    @staticmethod
    def _may_carry(interaction: discord.Interaction, game: LiveGame, prompt: Prompt | None) -> bool:
        """Whether an answer's follow-ups may carry the bot's next messages for its channel: in DMs, or on
        a public prompt's message in the channel — never an ephemeral one, nor in a game that hides its
        players: a follow-up may show whose interaction it follows."""
        if interaction.guild_id is None:
            return True
        message = interaction.message
        return (
            prompt is not None and not prompt.secret and game.public_term(prompt.seat) is None
            and message is not None and not message.flags.ephemeral
        )

    async def _answer_on_sheet(
        self, interaction: discord.Interaction, game: LiveGame, seat_number: int, prompt: Prompt,
        edit: DeliveryRow | None,
    ) -> None:
        """A click on an order sheet turns its message into the sheet's next step (the whole order
        when a part is done); when every order is in, the message keeps the order without buttons."""
        assert interaction.message is not None
        language = seat_language(game, seat_number)
        following = next((p for p in game.state.prompts_for(seat_number) if p.sheet == prompt.sheet), None)
        if following is None:  # the order as given, without its "not sent yet" line
            base = (interaction.message.content or "").split("\n✅")[0]
            base = "\n".join(line for line in base.split("\n") if line != t(language, "sheet-status-open"))
            content, view = clip(f"{base}\n{t(language, 'sheet-all-in')}", 2000), None
        else:
            text = edit.body["text"] if edit is not None else None
            content = str(text or prompt_content(game, following, language, game.dues.get(following.id)))
            view = prompt_view(game, following, language)
        sheet_texts = self.standing.sheet_texts
        try:
            await edit_clicked(interaction, content, view)
        except discord.HTTPException:
            sheet_texts.pop((game.id, str(prompt.sheet)), None)
            if edit is not None:  # the click's answer failed: the edit goes out the ordinary way
                self.enqueue([edit])
            raise
        sheet_texts[(game.id, str(prompt.sheet))] = (content, view is not None)
        if edit is not None and following is not None:
            where = (interaction.message.channel.id, interaction.message.id)
            await self.storage.finish_deliveries([edit.id], prompts=[(game.id, following.id, *where)])

    # --- modals -----------------------------------------------------------------------------------
    async def open_modal(self, interaction: discord.Interaction, game_id: int, prompt_id: str) -> None:
        language = normalize(str(interaction.locale))
        found = await self._players_prompt(interaction, game_id, prompt_id, language)
        if found is None:
            return
        game, prompt = found
        numeric = prompt.ask == "number"
        label = (
            t(language, "prompt-amount-range", low=prompt.low, high=prompt.high)
            if numeric else t(language, "prompt-write-answer")
        )
        await interaction.response.send_modal(
            AnswerModal(
                game_id, prompt_id, title=t(language, f"{game.row.game}-title"), label=label,
                placeholder=str(prompt.low) if numeric else "", numeric=numeric,
            )
        )

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Modal submissions (see components.AnswerModal), and our custom ids that no component takes
        (garbled or forged): both get an answer instead of "This interaction failed"."""
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if not is_ours(custom_id):
            return
        if interaction.type == discord.InteractionType.component:
            if not taken_by_an_item(interaction, custom_id):
                language = normalize(str(interaction.locale))
                await guarded(interaction, ephemeral(interaction, t(language, "error-malformed")))
            return
        if interaction.type == discord.InteractionType.modal_submit and custom_id.startswith("gmsm|"):
            await guarded(interaction, self.relay.submit(interaction, custom_id))
            return
        if interaction.type == discord.InteractionType.modal_submit:
            await guarded(interaction, self._submit_modal(interaction, custom_id))

    async def _submit_modal(self, interaction: discord.Interaction, custom_id: str) -> None:
        language = normalize(str(interaction.locale))
        ids = parse_ids(custom_id) if custom_id.startswith("gmm|") else None
        if ids is None:
            await ephemeral(interaction, t(language, "error-malformed"))
            return
        game_id, prompt_id = ids
        raw = ""
        for row in (interaction.data or {}).get("components", []):  # type: ignore[union-attr]
            for component in row.get("components", []) if isinstance(row, dict) else []:  # type: ignore[union-attr]
                if isinstance(component, dict) and component.get("custom_id") == "answer":
                    raw = str(component.get("value", "")).strip()
        found = await self._players_prompt(interaction, game_id, prompt_id, language)
        if found is None:
            return
        _, prompt = found
        value: str | int = raw
        if prompt.ask == "number":
            try:
                value = int(raw.replace(" ", ""))
            except ValueError:
                await ephemeral(interaction, t(language, "error-out-of-range", low=prompt.low, high=prompt.high))
                return
        await self.answer(interaction, game_id, prompt_id, value)

    # --- the private view, speaking, failures -----------------------------------------------------
    async def private_view(self, interaction: discord.Interaction, game_id: int) -> None:
        language = normalize(str(interaction.locale))
        found = await self._players_game(interaction, game_id, language)
        if found is None:
            return
        game, seat_number = found
        names = reading_as(game.name_of, seat_number)  # ephemeral: read by this player alone
        lines = [event_text(e, language, names) for e in game.engine.summary(game.state, seat_number)]
        prompt = next((p for p in game.state.prompts_for(seat_number)), None)
        if prompt is None:
            lines.append(t(language, "status-nothing-to-do"))
            await ephemeral(interaction, "\n".join(lines) or t(language, "status-nothing-to-do"))
            return
        lines.append(prompt_content(game, prompt, language, game.dues.get(prompt.id), private=True))
        # one message however long (a long view's end in embeds beneath): a second one could be shown twice
        await ephemeral(interaction, "\n".join(lines), view=prompt_view(game, prompt, language, private=True))

    def carry_dms(self, interaction: discord.Interaction) -> None:
        """A click or a modal's submission in a member's DMs, answered: its token carries the member's next DM
        messages (not counted), whatever the answer said — a refusal, an expired choice, their hand shown. Only
        a taken answer's token carried them before, and in the scale run a forum player's late click on a
        closed phase's prompt left the next phase's DMs to go as counted requests (issue 41). Not a deferred
        "thinking…" (the first follow-up would replace it) nor a modal (it has no message to follow)."""
        if interaction.guild_id is not None or interaction.channel_id is None:
            return
        if interaction.response.type not in CARRYING:
            return
        self.outboxes.dm_channels.setdefault(interaction.user.id, interaction.channel_id)
        self.replies.offer(interaction)

    async def open_speak(self, interaction: discord.Interaction, game_id: int) -> None:
        await self.relay.open_modal(interaction, game_id)

    async def report_failure(
        self, interaction: discord.Interaction, error: BaseException | None = None, what: str = "interaction"
    ) -> None:
        """Log `what` failed and tell the member. The same interaction delivered twice (the first delivery was
        answered) or answered too late (nothing reaches the member through it any more) is a line in the log,
        no traceback and no answer; a database away for a moment (a PostgreSQL restart) is no defect either:
        one warning line, and the member is asked to look whether it counted and try again; so is Discord failing
        for a moment (an outage: a 5xx, a time-out). One under way when the bot stopped at once (its HTTP session
        closed) is a warning line too: what was saved stays saved, and no answer can be sent."""
        if interaction.client.is_closed():  # stopped at once (a second signal): nothing reaches the member now
            log.warning("%s: the bot stopped before it finished (%s)", what, error)
            return
        code = error.code if isinstance(error, discord.HTTPException) else None
        if code == ALREADY_ANSWERED:
            log.info("%s: interaction %s was already answered", what, interaction.id)
            return
        if code == TOO_LATE or (isinstance(error, discord.HTTPException) and refused(error)):
            log.warning("%s: interaction %s answered too late", what, interaction.id)
            return
        away = error is not None and database_away(error)
        discord_away = error is not None and not away and transient(error)
        if away:
            log.warning("%s: the database is out of reach (%s)", what, type(error).__name__)
        elif discord_away:  # an outage: nothing of the bot's to fix (the member may not be told either)
            log.warning("%s: Discord failed its answer (%s)", what, error)
        elif error is not None:
            log.error("%s failed", what, exc_info=error)
        key = "error-database-away" if away else "error-discord-away" if discord_away else "error-internal"
        try:
            await ephemeral(interaction, t(normalize(str(interaction.locale)), key))
        except discord.HTTPException:
            log.warning("could not tell the user about a failure")
