"""The game master inside Discord: the one place where table deliveries become messages and
interactions become table inputs. Every game cog uses it; none talks to Discord on its own
for prompts, events or the status message.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord
from discord.ext import commands

from bot.config import Settings
from bot.discord.components import AnswerButton, AnswerModal, AnswerSelect, ModalOpener, PrivateViewButton
from bot.discord.outbox import WINDOW_SECONDS, Message, Outbox
from bot.i18n import normalize, render, t
from bot.lobby import Lobby
from bot.render import clip, event_text, joined, option_text, prompt_text, refusal_text
from bot.scheduler import Scheduler
from bot.storage import Storage
from bot.table import Delivery, LiveGame, Table
from games.core import Action, Event, Prompt, Refusal

log = logging.getLogger(__name__)


Presenter = Callable[[LiveGame, list[Event], Outbox], None]

MAX_BUTTONS = 20  # 4 rows of 5; the fifth row is kept for the amount / view buttons


@dataclass
class Reply:
    """What an interaction answer should say (already in the reader's language)."""

    text: str
    ok: bool


class GameMaster:
    def __init__(
        self, bot: commands.Bot, storage: Storage, settings: Settings, *, window: float = WINDOW_SECONDS
    ) -> None:
        self.bot = bot
        self.storage = storage
        self.settings = settings
        self.window = window
        self.table = Table(storage)
        self.scheduler = Scheduler(self.table)
        self.lobby = Lobby(storage, self.table)
        self.table.listeners.append(self.on_delivery)
        self.outboxes: dict[int, Outbox] = {}
        self.dm_channels: dict[int, int] = {}
        self.sent: dict[int, set[str]] = {}
        self.dm_failed: dict[int, set[int]] = {}
        self.presenters: dict[str, Presenter] = {}
        """Game-specific extras after the shared rendering (e.g. the Maskmen picture), by game name."""
        self._resumed = False

    # --- life cycle -------------------------------------------------------------------------
    async def start(self) -> None:
        for game in await self.table.load_unfinished():
            self.sent[game.id] = await self.storage.sent_prompts(game.id)
        self.scheduler.start()

    async def resume_all(self) -> None:
        """After (re)connecting: send prompts not yet sent and bring status messages up to date."""
        if self._resumed:
            return
        self._resumed = True
        for game in list(self.table.games.values()):
            async with game.lock:
                await self._refresh(game)

    async def close(self) -> None:
        await self.scheduler.stop()
        for outbox in self.outboxes.values():
            await outbox.close()

    async def drained(self) -> None:
        """Every queued message sent (tests and shutdown)."""
        for outbox in list(self.outboxes.values()):
            await outbox.drained()

    # --- languages ----------------------------------------------------------------------------
    def seat_language(self, game: LiveGame, seat_number: int) -> str:
        return normalize(game.seats[seat_number].language or game.row.language)

    async def guild_language(self, guild_id: int | None, guild_locale: object = None) -> str:
        """The server's chosen language, else the server's own Discord locale, else the default."""
        if guild_id is not None:
            chosen = (await self.storage.guild_settings(guild_id)).get("language")
            if chosen:
                return normalize(chosen)
        if guild_locale is not None:
            locale = str(getattr(guild_locale, "value", guild_locale))
            if normalize(locale) == locale.split("-")[0].lower():
                return normalize(locale)
        return normalize(self.settings.default_language)

    # --- sending ------------------------------------------------------------------------------
    def channel_outbox(self, channel_id: int) -> Outbox:
        if channel_id not in self.outboxes:
            channel = self.bot.get_partial_messageable(channel_id)

            async def send(content: str, extra: dict[str, Any]) -> discord.Message:
                return await channel.send(content=content, **extra)

            self.outboxes[channel_id] = Outbox(send, window=self.window)
        return self.outboxes[channel_id]

    async def dm_channel_id(self, user_id: int) -> int:
        if user_id not in self.dm_channels:
            data = await self.bot.http.start_private_message(user_id)
            self.dm_channels[user_id] = int(data["id"])
        return self.dm_channels[user_id]

    def _dm_outbox(self, game: LiveGame, seat_number: int) -> Outbox:
        user_id = game.seats[seat_number].user_id
        assert user_id is not None
        return self.dm_outbox(user_id)

    def dm_outbox(self, user_id: int) -> Outbox:
        """One paced outbox per member's DMs, whatever game the messages belong to."""
        key = -user_id  # DM outboxes keyed apart from channel ids
        if key not in self.outboxes:

            async def send(content: str, extra: dict[str, Any]) -> discord.Message:
                channel = self.bot.get_partial_messageable(
                    await self.dm_channel_id(user_id), type=discord.ChannelType.private
                )
                return await channel.send(content=content, **extra)

            async def failed(error: BaseException) -> None:
                if isinstance(error, discord.Forbidden):
                    await self._dms_closed_mid_game(user_id)

            self.outboxes[key] = Outbox(send, on_failure=failed, window=self.window)
        return self.outboxes[key]

    async def _dms_closed_mid_game(self, user_id: int) -> None:
        """Tell the channel (and the GM role) once per game; the player still has the 🂠 button."""
        for game in list(self.table.games.values()):
            seat_number = game.seat_of(user_id)
            if seat_number is None or seat_number in self.dm_failed.setdefault(game.id, set()):
                continue
            self.dm_failed[game.id].add(seat_number)
            await self._tell_moderators(game, "dm-failed", player=f"<@{user_id}>")

    async def _tell_moderators(self, game: LiveGame, key: str, **params: Any) -> None:
        settings = await self.storage.guild_settings(game.row.guild_id) if game.row.guild_id else {}
        role = settings.get("gm_role_id")
        text = t(game.row.language, key, **params)
        if role:
            text = f"<@&{role}> {text}"
        if game.row.channel_id:
            self.channel_outbox(game.row.channel_id).put_text(text)

    # --- the table's deliveries ---------------------------------------------------------------
    async def on_delivery(self, delivery: Delivery) -> None:
        game = delivery.game
        if game.row.channel_id is None:
            return
        channel = self.channel_outbox(game.row.channel_id)
        lines = [event_text(e, game.row.language, game.name_of) for e in delivery.events if e.to is None]
        for line in lines:
            channel.put_text(line)
        for event in delivery.events:
            if event.ack:  # the answer to the click already confirms it
                continue
            for seat_number in event.to or []:
                if self._reachable(game, seat_number):
                    language = self.seat_language(game, seat_number)
                    self._dm_outbox(game, seat_number).put_text(event_text(event, language, game.name_of))
        dues = game.dues
        for seat_number in delivery.reminder_for:
            if self._reachable(game, seat_number):
                prompt = next((p for p in game.state.prompts_for(seat_number) if not p.answered), None)
                seconds = int(dues.get(prompt.id, 0) - self.table.clock()) if prompt else 0
                language = self.seat_language(game, seat_number)
                text = t(language, "reminder", player=game.name_of(seat_number), seconds=max(seconds, 0))
                self._dm_outbox(game, seat_number).put_text(text)
        presenter = self.presenters.get(game.row.game)
        if presenter is not None:
            presenter(game, delivery.events, channel)
        await self._send_new_prompts(game, dues)
        self._queue_status(game)

    def _reachable(self, game: LiveGame, seat_number: int) -> bool:
        seat = game.seats[seat_number]
        return not seat.bot and seat.user_id is not None

    async def _refresh(self, game: LiveGame) -> None:
        await self._send_new_prompts(game, game.dues)
        self._queue_status(game)

    async def _send_new_prompts(self, game: LiveGame, dues: dict[str, float]) -> None:
        sent = self.sent.setdefault(game.id, set())
        for prompt in game.state.prompts:
            if prompt.id in sent or not self._reachable(game, prompt.seat):
                continue
            sent.add(prompt.id)
            if prompt.secret:
                language = self.seat_language(game, prompt.seat)
                outbox = self._dm_outbox(game, prompt.seat)
                content = self.prompt_content(game, prompt, language, dues.get(prompt.id))
            else:
                language = game.row.language
                outbox = self.channel_outbox(game.row.channel_id or 0)
                user_id = game.seats[prompt.seat].user_id
                content = f"<@{user_id}> " + self.prompt_content(game, prompt, language, dues.get(prompt.id))
            outbox.put_message(
                Message(
                    content=clip(content, 2000),
                    build=self._builder(game.id, prompt.id, language),
                    on_sent=self._recorder(game.id, prompt.id),
                )
            )

    def _builder(self, game_id: int, prompt_id: str, language: str):  # type: ignore[no-untyped-def]
        def build() -> dict[str, Any]:
            game = self.table.games.get(game_id)
            prompt = game.state.prompt(prompt_id) if game else None
            if game is None or prompt is None:
                return {}
            return {"view": self.prompt_view(game, prompt, language)}

        return build

    def _recorder(self, game_id: int, prompt_id: str):  # type: ignore[no-untyped-def]
        async def record(message: discord.Message) -> None:
            await self.storage.record_prompt_message(game_id, prompt_id, message.channel.id, message.id)

        return record

    # --- how prompts look ---------------------------------------------------------------------
    def prompt_content(self, game: LiveGame, prompt: Prompt, language: str, due: float | None) -> str:
        text = prompt_text(prompt, language, game.name_of)
        title = t(language, f"{game.row.game}-title")
        lines = [f"**{title} #{game.id}** — {text}"]
        if due is not None:
            lines.append(t(language, "prompt-deadline", when=f"<t:{int(due)}:R>"))
        if prompt.ask == "number" and prompt.low is not None and prompt.high is not None:
            lines.append(t(language, "prompt-amount-range", low=prompt.low, high=prompt.high))
        return "\n".join(lines)

    def prompt_view(self, game: LiveGame, prompt: Prompt, language: str) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        options = prompt.options
        if len(options) <= MAX_BUTTONS:
            for index, option in enumerate(options):
                view.add_item(
                    AnswerButton(
                        game.id, prompt.id, option.value, label=option_text(option, language, game.name_of),
                        style=discord.ButtonStyle.primary if option.disabled is None else discord.ButtonStyle.secondary,
                        disabled=option.disabled is not None, row=index // 5,
                    )
                )
        else:
            enabled = [o for o in options if o.disabled is None]
            for chunk_start in range(0, min(len(enabled), 100), 25):
                chunk = enabled[chunk_start : chunk_start + 25]
                view.add_item(
                    AnswerSelect(
                        game.id, prompt.id,
                        [discord.SelectOption(label=clip(option_text(o, language, game.name_of), 100), value=o.value)
                         for o in chunk],
                        placeholder=t(language, "prompt-select"), row=chunk_start // 25,
                    )
                )
        if prompt.ask == "number" and prompt.low is not None and prompt.high is not None:
            presets = sorted({prompt.low, (prompt.low + prompt.high) // 2, prompt.high})
            row = min(4, (len(options) + 4) // 5)
            for amount in presets[:3]:
                if len(view.children) >= 24:
                    break
                view.add_item(AnswerButton(game.id, prompt.id, f"={amount}", label=f"{amount}", row=row))
            view.add_item(ModalOpener(game.id, prompt.id, label=t(language, "prompt-exact-amount"), row=row))
        if prompt.ask == "text":
            view.add_item(ModalOpener(game.id, prompt.id, label=t(language, "prompt-write-answer")))
        return view

    # --- the status message -------------------------------------------------------------------
    def status_text(self, game: LiveGame) -> str:
        language = game.row.language
        title = t(language, f"{game.row.game}-title")
        lines = [f"**{title} #{game.id}**"]
        lines += [event_text(e, language, game.name_of) for e in game.engine.summary(game.state, None)]
        if game.running:
            open_prompts = [p for p in game.state.prompts if not p.answered]
            waiting = sorted({p.seat for p in open_prompts})
            if waiting:
                lines.append(t(language, "prompt-waiting-for", players=", ".join(game.name_of(s) for s in waiting)))
                dues = [game.dues[p.id] for p in open_prompts if p.id in game.dues]
                if dues and not game.row.paused:
                    lines.append(t(language, "prompt-deadline", when=f"<t:{int(min(dues))}:R>"))
            if game.row.paused:
                lines.append(t(language, "status-paused"))
        else:
            lines.append(t(language, "status-finished" if game.row.status == "finished" else "status-cancelled"))
        return joined(lines)[0]

    def _queue_status(self, game: LiveGame) -> None:
        if game.row.channel_id is None:
            return

        async def update() -> None:
            await self._update_status(game)

        self.channel_outbox(game.row.channel_id).put_status(update)

    async def _update_status(self, game: LiveGame) -> None:
        assert game.row.channel_id is not None
        channel = self.bot.get_partial_messageable(game.row.channel_id)
        view = discord.ui.View(timeout=None)
        if game.running:
            view.add_item(PrivateViewButton(game.id, label=t(game.row.language, "status-my-view")))
        message_id = game.row.meta.get("status_message")
        content = self.status_text(game)
        if message_id:
            try:
                await channel.get_partial_message(int(message_id)).edit(content=content, view=view)
                return
            except discord.NotFound:
                pass
        message = await channel.send(content=content, view=view)
        game.row.meta["status_message"] = message.id
        await self.storage.update_game(game.id, meta=game.row.meta)

    # --- interactions -------------------------------------------------------------------------
    async def _players_game(
        self, interaction: discord.Interaction, game_id: int, language: str
    ) -> tuple[LiveGame, int] | None:
        """The running game and the clicker's seat in it, or None after telling them why not."""
        game = await self.table.get(game_id)
        if game is None or not game.running:
            await self.ephemeral(interaction, t(language, "error-game-over"))
            return None
        seat_number = game.seat_of(interaction.user.id)
        if seat_number is None:
            await self.ephemeral(interaction, t(language, "error-not-in-game"))
            return None
        return game, seat_number

    async def answer(self, interaction: discord.Interaction, game_id: int, prompt_id: str, value: str | int) -> None:
        language = normalize(str(interaction.locale))
        found = await self._players_game(interaction, game_id, language)
        if found is None:
            return
        game, seat_number = found
        prompt = game.state.prompt(prompt_id)
        if isinstance(value, str) and value.startswith("=") and prompt is not None and prompt.ask == "number":
            try:
                value = int(value[1:])
            except ValueError:
                await self.ephemeral(interaction, t(language, "error-malformed"))
                return
        outcome = await self.table.act(
            game_id, seat_number, Action(prompt=prompt_id, value=value), input_key=f"i{interaction.id}",
            actor_id=interaction.user.id,
        )
        if outcome.refusal is not None:
            await self.ephemeral(interaction, self.refusal(outcome.refusal, language, game))
            return
        assert prompt is not None
        chosen = self.value_label(game, prompt, value, language)
        still = game.state.prompt(prompt_id)
        if still is not None and still.changeable:
            confirmation = t(language, "prompt-your-choice", choice=chosen)
            view: discord.ui.View | None = self.prompt_view(game, still, language)
        else:
            confirmation = t(language, "prompt-answered", choice=chosen)
            view = None
        original = interaction.message.content if interaction.message else ""
        base = original.split("\n✅")[0]
        content = clip(f"{base}\n✅ {confirmation}", 2000)
        if interaction.type == discord.InteractionType.component:
            await interaction.response.edit_message(content=content, view=view)
        else:
            await self.ephemeral(interaction, f"✅ {confirmation}")

    def value_label(self, game: LiveGame, prompt: Prompt, value: str | int, language: str) -> str:
        option = prompt.option(str(value)) if isinstance(value, str) else None
        return option_text(option, language, game.name_of) if option else str(value)

    def refusal(self, refusal: Refusal, language: str, game: LiveGame | None) -> str:
        return refusal_text(refusal.key, refusal.params, language, game.name_of if game else str)

    async def ephemeral(self, interaction: discord.Interaction, text: str, **extra: Any) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(clip(text, 2000), ephemeral=True, **extra)
        else:
            await interaction.response.send_message(clip(text, 2000), ephemeral=True, **extra)

    async def open_modal(self, interaction: discord.Interaction, game_id: int, prompt_id: str) -> None:
        language = normalize(str(interaction.locale))
        game = await self.table.get(game_id)
        prompt = game.state.prompt(prompt_id) if game and game.running else None
        if game is None or prompt is None:
            await self.ephemeral(interaction, t(language, "error-stale"))
            return
        if game.seat_of(interaction.user.id) != prompt.seat:
            await self.ephemeral(interaction, t(language, "error-not-your-prompt"))
            return
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
        """Modal submissions (see components.AnswerModal)."""
        if interaction.type != discord.InteractionType.modal_submit:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if not custom_id.startswith("gmm|"):
            return
        _, game_text, prompt_id = custom_id.split("|", 2)
        raw = ""
        for row in (interaction.data or {}).get("components", []):  # type: ignore[union-attr]
            for component in row.get("components", []):  # type: ignore[union-attr]
                if component.get("custom_id") == "answer":
                    raw = str(component.get("value", "")).strip()
        game = await self.table.get(int(game_text))
        prompt = game.state.prompt(prompt_id) if game else None
        value: str | int = raw
        if prompt is not None and prompt.ask == "number":
            try:
                value = int(raw.replace(" ", ""))
            except ValueError:
                language = normalize(str(interaction.locale))
                await self.ephemeral(
                    interaction, t(language, "error-out-of-range", low=prompt.low, high=prompt.high)
                )
                return
        await self.answer(interaction, int(game_text), prompt_id, value)

    async def private_view(self, interaction: discord.Interaction, game_id: int) -> None:
        language = normalize(str(interaction.locale))
        found = await self._players_game(interaction, game_id, language)
        if found is None:
            return
        game, seat_number = found
        lines = [event_text(e, language, game.name_of) for e in game.engine.summary(game.state, seat_number)]
        prompt = next((p for p in game.state.prompts_for(seat_number)), None)
        if prompt is None:
            lines.append(t(language, "status-nothing-to-do"))
            await self.ephemeral(interaction, "\n".join(lines) or t(language, "status-nothing-to-do"))
            return
        lines.append(self.prompt_content(game, prompt, language, game.dues.get(prompt.id)))
        chunks = joined(lines)
        for chunk in chunks[:-1]:  # a long view spans several ephemeral messages
            await self.ephemeral(interaction, chunk)
        await self.ephemeral(interaction, chunks[-1], view=self.prompt_view(game, prompt, language))

    async def report_failure(self, interaction: discord.Interaction) -> None:
        try:
            await self.ephemeral(interaction, t(normalize(str(interaction.locale)), "error-internal"))
        except discord.HTTPException:
            log.warning("could not tell the user about a failure")

    # --- texts for cogs -------------------------------------------------------------------------
    def text(self, language: str | None, key: str, **params: Any) -> str:
        return render(language, key, params, str)
