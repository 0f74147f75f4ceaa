"""A server with players, the real bot (all cogs) connected to the stand-in, and a driver that
plays a game only through slash commands and component clicks."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

from bot.config import Settings
from bot.discord.app import GameMasterBot
from bot.discord.service import GameMaster
from bot.i18n import render
from bot.live import LiveGame
from games.core import Prompt
from games.core.rng import derived
from tests.discord_standin import Channel, DiscordStandIn, Guild, InteractionRecord, Message, User, start_bot

#: Tests scale Discord's 5-messages-per-5-seconds window down by this much (the stand-in checks the same).
WINDOW = 0.05


@dataclass
class World:
    standin: DiscordStandIn
    guild: Guild
    channel: Channel
    users: list[User]
    moderator: User
    bot: GameMasterBot
    db: Path
    seats: dict[int, User] = field(default_factory=dict)

    @property
    def gm(self) -> GameMaster:
        return self.bot.game_master

    async def slash(self, user: User, command: str, **options: object) -> InteractionRecord:
        call = await self.standin.invoke_slash(user, command, channel=self.channel, options=options or None)
        await call.wait_response()
        if call.response_type == 5:  # deferred: the answer is the followup
            await self.standin.wait_for(
                lambda: call.original_message_id and not self.standin.message(call.original_message_id).loading,
                timeout=10, what=f"the answer to /{command}",
            )
        await self.standin.settle()
        return call

    def game(self, game_id: int) -> LiveGame | None:
        return self.gm.table.games.get(game_id)

    def user_of(self, game: LiveGame, seat: int) -> User:
        user_id = game.seats[seat].user_id
        return next(u for u in self.users if u.id == user_id)

    def message_with(self, custom_id: str, user: User, public: bool) -> Message | None:
        messages = self.standin.channel_view(self.channel, user) if public else self.standin.dm_view(user)
        for message in reversed(messages):
            if any(b.get("custom_id") == custom_id for b in message.buttons):
                return message
        return None

    async def answer(self, game: LiveGame, prompt: Prompt, value: str | int) -> InteractionRecord:
        user = self.user_of(game, prompt.seat)
        if isinstance(value, int):
            return await self.answer_amount(game, prompt, value)
        custom_id = f"gm|{game.id}|{prompt.id}|{value}"
        menu = f"gms|{game.id}|{prompt.id}"
        message = await self.standin.wait_for(
            lambda: self.message_with(custom_id, user, not prompt.secret) or self.message_with_select(
                menu, str(value), user, not prompt.secret
            ),
            timeout=10, what=f"button {custom_id}",
        )
        if any(b.get("custom_id") == custom_id for b in message.buttons):
            call = await self.standin.click(user, custom_id=custom_id, message=message)
        else:  # many options: a select menu holds them
            call = await self.standin.select(user, [value], custom_id=menu, message=message)
        await call.wait_response()
        return call

    def message_with_select(self, custom_id: str, value: str, user: User, public: bool) -> Message | None:
        messages = self.standin.channel_view(self.channel, user) if public else self.standin.dm_view(user)
        for message in reversed(messages):
            for menu in message.selects:
                if menu.get("custom_id") == custom_id and any(o.get("value") == value for o in menu.get("options", [])):
                    return message
        return None

    async def answer_amount(self, game: LiveGame, prompt: Prompt, amount: int) -> InteractionRecord:
        """A preset amount button when there is one, else "Exact amount…" and the modal."""
        user = self.user_of(game, prompt.seat)
        preset = f"gm|{game.id}|{prompt.id}|={amount}"
        opener = f"gmx|{game.id}|{prompt.id}"
        message = await self.standin.wait_for(
            lambda: self.message_with(opener, user, not prompt.secret), timeout=10, what=f"button {opener}"
        )
        if any(b.get("custom_id") == preset for b in message.buttons):
            call = await self.standin.click(user, custom_id=preset, message=message)
        else:
            opened = await self.standin.click(user, custom_id=opener, message=message)
            await opened.wait_response()
            call = await self.standin.submit_modal(user, {"answer": str(amount)})
        await call.wait_response()
        return call

    async def play_to_end(self, game_id: int, max_steps: int = 2000) -> None:
        answered = 0
        while answered < max_steps:
            game = self.game(game_id)
            if game is None or not game.running:
                return
            prompt = next((p for p in game.state.prompts if not p.answered and not game.seats[p.seat].bot), None)
            if prompt is None:  # the bot players answer what the last click opened, after it is answered
                await self.standin.wait_for(lambda: self._players_turn(game_id), timeout=10, what="a player's turn")
                continue
            rng = derived(game.row.seed, "drv", game.state.step, prompt.id)
            # the easy policy: the games these tests were written around (and quick to choose)
            action = game.engine.bot_action(game.state, prompt, rng, level="easy")
            call = await self.answer(game, prompt, action.value)
            assert not call.errors, call.callbacks
            answered += 1
        raise AssertionError("the game did not end")

    def _players_turn(self, game_id: int) -> bool:
        """The game is over, or a player (not a bot) has a prompt to answer."""
        game = self.game(game_id)
        return game is None or not game.running or any(
            not p.answered and not game.seats[p.seat].bot for p in game.state.prompts)


@asynccontextmanager
async def world(
    tmp_path: Path, players: int = 4, *, locales: tuple[str, ...] = ("en-US", "ru"), standin: DiscordStandIn,
    **settings_overrides: object,
) -> AsyncIterator[World]:
    """`settings_overrides`: more bot settings (e.g. discord_members_intent=True)."""
    guild = standin.add_guild("Game Night", locale="ru")
    channel = guild.channel("general")
    users = [standin.add_user(f"player{i}", locale=locales[i % len(locales)]) for i in range(players)]
    for user in users:
        standin.add_member(guild, user)
    moderator = standin.add_user("moderator")
    manage_guild = 1 << 5
    standin.add_member(guild, moderator, roles=[standin.add_role(guild, "Mods", permissions=manage_guild)])
    db = tmp_path / "bot.db"
    settings_overrides.setdefault("lobby_openings_per_hour", 1e6)  # tests open many games in a row
    # the stand-in keeps no global limit, and tests play many games at once: the budget is tested on its own
    settings_overrides.setdefault("rest_budget_per_second", 100_000)
    settings = Settings(
        discord_token="stand-in", database_path=db, default_language="en", dev_guild_id=guild.id,
        discord_api_base_url=standin.api_base_url, discord_gateway_url=standin.gateway_url,
        **settings_overrides,  # type: ignore[arg-type]
    )
    bot = GameMasterBot(settings, outbox_window=WINDOW)
    run = await start_bot(bot, standin)
    try:
        yield World(standin, guild, channel, users, moderator, bot, db)
    finally:
        await bot.game_master.drained()
        await run.stop()


async def assert_no_private_text_in_channel(w: World, game_id: int) -> None:
    """No private event's text (in either language) ever appears in the game channel."""
    row = await w.gm.storage.load_game(game_id)
    assert row is not None
    names = {i: s["name"] for i, s in enumerate(row.seats)}
    channel_text = w.standin.transcript(w.channel)
    for event in await w.gm.storage.events(game_id):
        if event.audience is not None:
            for language in ("en", "ru"):
                private = render(language, event.key, event.params, names.__getitem__)
                assert private not in channel_text, f"private text reached the channel: {private!r}"


async def open_game(w: World, game: str = "cookie", players: int | None = None, **options: object) -> int:
    """The first user opens a game, the others join, the host starts it; returns the game id."""
    count = players or len(w.users)
    created = await w.slash(w.users[0], f"{game} new", **options)
    assert not created.errors
    for user in w.users[1:count]:
        await w.slash(user, "join")
    await w.slash(w.users[0], "start")
    row = await w.gm.lobby.current(w.channel.id)
    assert row is not None and row.status == "running", w.standin.transcript(w.channel)
    return row.id


async def an_open_secret_prompt(w: World) -> tuple[LiveGame, Prompt, int]:
    """A Cookie game opened: the game, one of its secret prompts still open, and how many actions its log holds."""
    game = w.game(await open_game(w))
    assert game is not None
    prompt = next(p for p in game.state.prompts if not p.answered and p.secret)
    return game, prompt, len(await w.gm.storage.actions(game.id))
