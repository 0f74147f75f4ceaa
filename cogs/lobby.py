"""The shared lobby: join, leave, start, status, rules and cancel for the game in this channel.
Each game cog adds its own `/<game> new` with its house rules."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.discord import signup
from bot.discord.checks import is_moderator
from bot.discord.game_cog import answer_in_channel, game_master, seat_for, send_rules, test_dm
from bot.discord.replies import told
from bot.discord.text import escape_name, refusal_text
from bot.discord.translator import text
from bot.i18n import normalize, t
from bot.live import interaction_key
from bot.lobby import PENDING, LobbyError, asks_at_join
from bot.render import list_names
from bot.storage import GameRow
from games import registry
from games.core import IllegalAction
from games.core.engine import BOT_LEVELS, DEFAULT_BOT_LEVEL

log = logging.getLogger(__name__)


def pending_seat(row: GameRow, user_id: int) -> bool:
    """Whether the member holds a seat a game night gave them before they answered the sign-up questions."""
    return any(s.get("user_id") == user_id and s.get(PENDING) for s in row.seats)


class Lobby(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def gm(self):  # type: ignore[no-untyped-def]
        return game_master(self.bot)

    async def cog_load(self) -> None:
        self.gm.lobby.expired_listeners.append(self._expired)
        # look for idle lobbies a few times per idle period, at least once a minute
        self.close_idle.change_interval(seconds=max(1.0, min(60.0, self.gm.lobby.limits.idle_seconds / 4)))
        self.close_idle.start()

    async def cog_unload(self) -> None:
        self.close_idle.cancel()
        if self._expired in self.gm.lobby.expired_listeners:
            self.gm.lobby.expired_listeners.remove(self._expired)

    @tasks.loop(seconds=60)
    async def close_idle(self) -> None:
        try:
            await self.gm.lobby.expire_idle()
        except Exception:  # keep sweeping whatever one pass met
            log.exception("closing idle lobbies failed")

    async def _expired(self, row: GameRow) -> None:
        await self.gm.retire_join_button(row.id)
        minutes = max(1, round(self.gm.lobby.limits.idle_seconds / 60))
        await self.gm.outboxes.say(
            row.id, 0, t(row.language, "lobby-expired", id=row.id, game=t(row.language, f"{row.game}-title"),
                         minutes=minutes), channel_id=row.channel_id,
        )

    async def _refuse(self, interaction: discord.Interaction, error: LobbyError, language: str) -> None:
        await self.gm.ephemeral(interaction, self.gm.refusal(error.refusal, language, None))

    @app_commands.command(name="join", description=text("cmd-join", "Join the game being set up in this channel"))
    @app_commands.describe(buy_in=text("opt-buy-in", "Your stack, for games with chips (at least the minimum)"))
    @app_commands.guild_only()
    async def join(
        self, interaction: discord.Interaction, buy_in: app_commands.Range[int, 1, 10**9] | None = None
    ) -> None:
        await self.join_lobby(interaction, buy_in=buy_in)

    async def join_lobby(
        self, interaction: discord.Interaction, *, buy_in: int | None = None, lobby_id: int | None = None
    ) -> None:
        """/join, and the Join button on the lobby's message (`lobby_id`: the lobby it opened)."""
        language = normalize(str(interaction.locale))
        await interaction.response.defer(ephemeral=True, thinking=True)
        if await self.gm.storage.input_applied(interaction_key(interaction.id)) is not None:
            await self.gm.ephemeral(interaction, t(language, "error-duplicate"))  # delivered again: no second DM
            return
        row = await self.gm.lobby.current(interaction.channel_id or 0)
        if row is None:
            await self.gm.ephemeral(interaction, t(language, "lobby-none"))
            return
        if lobby_id is not None and row.id != lobby_id:
            await self.gm.ephemeral(interaction, t(language, "lobby-button-stale", id=lobby_id))
            return
        if row.status != "lobby":  # no test DM for a seat that cannot be had
            await self.gm.ephemeral(interaction, t(language, "lobby-already-started"))
            return
        if not await test_dm(self.gm, interaction, language, row.game):
            return
        if buy_in is None and asks_at_join(registry.engine(row.game), row.options):
            await self.ask_first(interaction, row, language)  # a private conversation, then the seat
            return
        join = {} if buy_in is None else {"buy_in": buy_in}  # the game checks it (its own bounds)
        try:
            row = await self.gm.lobby.join(
                interaction.channel_id or 0, seat_for(interaction, language, join=join), lobby_id=lobby_id,
                input_key=interaction_key(interaction.id),
            )
        except LobbyError as error:
            await self._refuse(interaction, error, language)
            return
        answered = await told(self.gm.ephemeral(interaction, t(language, "lobby-joined-you", id=row.id)))
        if answered and not signup.anonymous(row):  # a public act: the channel's next lines follow it up
            self.gm.replies.offer(interaction)
        await self._announce_join(row, interaction.user.mention)

    async def _announce_join(self, row: GameRow, mention: str, *, answered: bool = False) -> None:
        """The channel's line for a new seat: who (never in an anonymous game), how many, and what the
        game says about the seats (Mafia: the public roles wanted). `answered`: a seat a game night gave
        was filled in with its sign-up answers."""
        engine = registry.engine(row.game)
        count, most = len(row.seats), engine.max_players
        owed = sum(1 for s in row.seats if s.get(PENDING))
        if answered:
            line = (t(row.language, "lobby-answered-anonymous", left=owed) if signup.anonymous(row)
                    else t(row.language, "lobby-answered", player=mention, left=owed))
        elif signup.anonymous(row):
            line = t(row.language, "lobby-joined-anonymous", count=count, max=most)
        else:
            line = t(row.language, "lobby-joined", player=mention, count=count, max=most)
        lines = [line, *signup.summary_lines(row, row.language), *await self.gm.nights.lines(row, row.language)]
        await self.gm.outboxes.say(row.id, 0, "\n".join(lines), channel_id=row.channel_id)
        await self.gm.lobby.tell_changed(row)  # members who asked to be called; a game night's own start

    # --- the sign-up conversation (games with sign-up questions) -------------------------------------
    def _seat_refusal(self, row: GameRow, user_id: int, language: str) -> str | None:
        """Why this user cannot start signing up for `row` now, or None (a game night's member holding a seat
        who still owes the answers signs up to fill it in)."""
        if pending_seat(row, user_id):
            return None
        if any(s.get("user_id") == user_id for s in row.seats):
            return t(language, "lobby-already-joined")
        engine = registry.engine(row.game)
        if len(row.seats) >= engine.max_players:
            return t(language, "lobby-full", max=engine.max_players)
        return None

    async def ask_first(self, interaction: discord.Interaction, row: GameRow, language: str,
                        intro: str | None = None) -> None:
        """The first sign-up question, as an ephemeral answer to Join, /join or the host's `/<game> new`."""
        refusal = self._seat_refusal(row, interaction.user.id, language)
        if refusal is not None:
            await self.gm.ephemeral(interaction, "\n\n".join(filter(None, [intro, refusal])))
            return
        engine = registry.engine(row.game)
        prompt = engine.join_prompt(signup.options_of(engine, row), {}, signup.others_of(row))
        if prompt is None:  # nothing asked after all (asks_at_join said otherwise): the plain /join
            await self.gm.ephemeral(interaction, t(language, "lobby-signup-expired"))
            return
        content, view = signup.question(row, prompt, [], language)
        await self.gm.ephemeral(interaction, "\n\n".join(filter(None, [intro, content])), view=view)

    async def sign_up(self, interaction: discord.Interaction, lobby_id: int, values: list[str], value: str) -> None:
        """One answer in the sign-up conversation (components.SignupButton / SignupSelect): the next
        question in the same message, or, when nothing more is asked, the seat (or why not)."""
        language = normalize(str(interaction.locale))

        async def end(content: str) -> None:  # the conversation is over: its message says why
            await interaction.response.edit_message(content=content, view=None)

        row = await self.gm.storage.load_game(lobby_id)
        if row is None or row.channel_id != interaction.channel_id or row.status not in ("lobby", "running"):
            await end(t(language, "lobby-button-stale", id=lobby_id))
            return
        if row.status != "lobby":
            await end(t(language, "lobby-already-started"))
            return
        engine = registry.engine(row.game)
        options = signup.options_of(engine, row)
        answers = signup.replay(engine, options, signup.others_of(row), [*values, value])
        if answers is None:  # a forged or outdated custom id: refused, the message left as it is
            await self.gm.ephemeral(interaction, t(language, "lobby-signup-expired"))
            return
        refusal = self._seat_refusal(row, interaction.user.id, language)
        if refusal is not None:
            await end(refusal)
            return
        prompt = engine.join_prompt(options, answers.given, signup.others_of(row))
        if prompt is not None:
            content, view = signup.question(row, prompt, [*values, value], language)
            await interaction.response.edit_message(content=content, view=view)
            return
        try:
            engine.parse_join(options, answers.given)
        except IllegalAction as error:  # e.g. the conditions declined: no agreement, no seat
            reason = refusal_text(error.refusal.key, error.refusal.params, language, signup.nobody_seated)
            await end("\n".join([reason, t(language, "lobby-signup-no-seat", id=row.id)]))
            return
        await interaction.response.defer()  # the seat is written under the lobby's lock
        owed = pending_seat(row, interaction.user.id)
        try:
            if owed:  # seated by a game night, the answers still owed
                row = await self.gm.lobby.answer(row.channel_id or 0, interaction.user.id, answers.given,
                                                 lobby_id=lobby_id, input_key=interaction_key(interaction.id))
            else:
                row = await self.gm.lobby.join(
                    row.channel_id or 0, seat_for(interaction, language, join=answers.given), lobby_id=lobby_id,
                    input_key=interaction_key(interaction.id),
                )
        except LobbyError as error:
            await interaction.edit_original_response(
                content=self.gm.refusal(error.refusal, language, None), view=None
            )
            return
        await interaction.edit_original_response(
            content="\n".join([t(language, "lobby-joined-you", id=row.id), signup.answered_text(answers, language)]),
            view=None,
        )
        await self._announce_join(row, interaction.user.mention, answered=owed)

    @app_commands.command(
        name="addbot", description=text("cmd-addbot", "Add a bot player to the game being set up (host or moderator)")
    )
    @app_commands.describe(
        count=text("opt-addbot-count", "How many bot players (default 1)"),
        level=text("opt-addbot-level", "How well the bots play (default: normal)"),
    )
    @app_commands.choices(level=[app_commands.Choice(name=name, value=name) for name in BOT_LEVELS])
    @app_commands.guild_only()
    async def addbot(
        self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 11] = 1,
        level: str = DEFAULT_BOT_LEVEL,
    ) -> None:
        language = normalize(str(interaction.locale))
        moderator = await is_moderator(interaction, self.gm.storage)
        try:
            row, names = await self.gm.lobby.add_bot(
                interaction.channel_id or 0, interaction.user.id, moderator=moderator, count=count, level=level,
                input_key=interaction_key(interaction.id),
            )
        except LobbyError as error:
            await self._refuse(interaction, error, language)
            return
        engine = registry.engine(row.game)
        if signup.anonymous(row):  # not even the bots' names: seats are known by public roles only
            line = t(row.language, "lobby-bots-added-anonymous", bots=len(names), count=len(row.seats),
                     max=engine.max_players)
        else:
            line = t(row.language, "lobby-bots-added", bots=len(names), count=len(row.seats), max=engine.max_players,
                     names=list_names([escape_name(n) for n in names], row.language))
        await answer_in_channel(
            interaction, "\n".join([line, *signup.summary_lines(row, row.language)]), game_id=row.id,
            hidden=signup.anonymous(row), private=t(language, "lobby-bots-added-you", bots=len(names), id=row.id),
        )
        await self.gm.lobby.tell_changed(row)

    @app_commands.command(name="leave", description=text("cmd-leave", "Leave the game being set up here"))
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        language = normalize(str(interaction.locale))
        here = await self.gm.lobby.current(interaction.channel_id or 0)
        if here is not None and here.status == "running":  # a bot takes the seat: a game left, for reliability
            outcome = await self.gm.table.leave(here.id, interaction.user.id, input_key=interaction_key(interaction.id))
            game = await self.gm.table.get(here.id)
            if outcome.refusal is not None:
                await self.gm.ephemeral(interaction, self.gm.refusal(outcome.refusal, language, game))
            else:
                await self.gm.ephemeral(interaction, t(language, "leave-running-done", id=here.id))
            return
        try:
            left = await self.gm.lobby.leave(
                interaction.channel_id or 0, interaction.user.id, input_key=interaction_key(interaction.id)
            )
        except LobbyError as error:
            await self._refuse(interaction, error, language)
            return
        row = left.row
        hidden = signup.anonymous(row)
        lines = [
            t(row.language, "lobby-left-anonymous", count=len(row.seats)) if hidden
            else t(row.language, "lobby-left", player=interaction.user.mention, count=len(row.seats))
        ]
        if row.status == "cancelled":
            lines.append(t(row.language, "lobby-cancelled", id=row.id))
        else:
            lines += signup.summary_lines(row, row.language)
        if left.new_host is not None:
            lines.append(
                t(row.language, "lobby-host-passed-anonymous") if hidden
                else t(row.language, "lobby-host-passed", player=f"<@{left.new_host}>")
            )
        await answer_in_channel(interaction, "\n".join(lines), game_id=row.id, hidden=hidden,
                                private=t(language, "lobby-left-you", id=row.id))
        await self.gm.lobby.tell_changed(row)  # a game night's waiting list moves up

    @app_commands.command(name="start", description=text("cmd-start", "Start the game (host or moderator)"))
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction) -> None:
        language = normalize(str(interaction.locale))
        await interaction.response.defer(ephemeral=True, thinking=True)
        moderator = await is_moderator(interaction, self.gm.storage)
        row = await self.gm.lobby.current(interaction.channel_id or 0)
        public = row is not None and not signup.anonymous(row)  # who started an anonymous game is not shown
        if public:  # the game's first messages follow /start up, once it is answered
            self.gm.replies.expect(interaction)
        try:
            game = await self.gm.lobby.start(
                interaction.channel_id or 0, interaction.user.id, moderator=moderator,
                input_key=interaction_key(interaction.id),
            )
        except LobbyError as error:
            self.gm.replies.withdraw(interaction)
            await self._refuse(interaction, error, language)
            return
        if await told(self.gm.ephemeral(interaction, t(language, "lobby-started-you", id=game.id))):
            if public:
                self.gm.replies.offer(interaction)
        else:  # the game's first messages do not wait for an answer that failed
            self.gm.replies.withdraw(interaction)
        await self.gm.retire_join_button(game.id)
        await self.gm.lobby.tell_changed(game.row)  # who was called is told it started

    @app_commands.command(name="status", description=text("cmd-status", "The game in this channel"))
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction) -> None:
        language = normalize(str(interaction.locale))
        row = await self.gm.lobby.current(interaction.channel_id or 0)
        if row is None:
            await self.gm.ephemeral(interaction, t(language, "lobby-none"))
            return
        if row.status == "lobby":
            engine = registry.engine(row.game)
            title = t(language, f"{row.game}-title")
            if signup.anonymous(row):  # how many and the game's summary, never who
                head = t(language, "lobby-status-anonymous", game=title, id=row.id, count=len(row.seats),
                         min=engine.min_players, max=engine.max_players)
            else:
                names = list_names([
                    f"<@{s['user_id']}>" if s.get("user_id") else f"🤖 {escape_name(s['name'])}" for s in row.seats
                ], language)
                head = t(language, "lobby-status", game=title, id=row.id, players=names,
                         count=len(row.seats), min=engine.min_players, max=engine.max_players)
            lines = [head, *signup.summary_lines(row, language), *await self.gm.nights.lines(row, language)]
            await self.gm.ephemeral(interaction, "\n".join(lines))
            return
        game = await self.gm.table.get(row.id)
        assert game is not None
        await self.gm.ephemeral(interaction, self.gm.status_text(game))

    @app_commands.command(name="rules", description=text("cmd-rules", "How this game is played"))
    @app_commands.describe(game=text("opt-game", "Which game (default: the one in this channel)"))
    @app_commands.choices(game=[app_commands.Choice(name=name, value=name) for name in registry.available()])
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        language = normalize(str(interaction.locale))
        if game is None:
            row = await self.gm.lobby.current(interaction.channel_id or 0)
            game = row.game if row else None
        if game is None or game not in registry.available():
            await self.gm.ephemeral(interaction, t(language, "lobby-rules-which"))
            return
        await send_rules(interaction, game)

    @app_commands.command(name="cancel", description=text("cmd-cancel", "Cancel the game here (host or moderator)"))
    @app_commands.guild_only()
    async def cancel(self, interaction: discord.Interaction) -> None:
        language = normalize(str(interaction.locale))
        moderator = await is_moderator(interaction, self.gm.storage)
        try:
            row = await self.gm.lobby.cancel(
                interaction.channel_id or 0, interaction.user.id, moderator=moderator,
                input_key=interaction_key(interaction.id),
            )
        except LobbyError as error:
            await self._refuse(interaction, error, language)
            return
        await answer_in_channel(
            interaction, t(row.language, "lobby-cancelled", id=row.id), game_id=row.id,
            hidden=signup.anonymous(row), private=t(language, "lobby-cancelled", id=row.id),
        )
        await self.gm.retire_join_button(row.id)
        await self.gm.lobby.tell_changed(row)  # a game night's event ends with its lobby


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Lobby(bot))
