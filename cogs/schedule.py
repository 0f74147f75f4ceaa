"""Game nights and being called to a table: `/schedule` (a night: its sign-up message here and an event in
the server's Events list), `/nights list|cancel`, the sign-up message's Join / Maybe / Leave and the game's
sign-up questions answered ahead, `/notify` ("call me when N are waiting"), a member's own time zone
(`/settings timezone:`), and the Events list's Interested. The nights themselves live in bot/gathering/."""

from __future__ import annotations

import datetime as dt
import logging
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import signup
from bot.discord.checks import is_moderator
from bot.discord.game_cog import game_master
from bot.discord.gathering_components import NightQuestionButton, NightQuestionSelect
from bot.discord.lookups import Entry, autocomplete, time_zones
from bot.discord.text import refusal_text
from bot.discord.translator import text
from bot.gathering import plans
from bot.gathering.model import ANY_GAME, Schedule, Signup, Subscription
from bot.gathering.nights import NightRequest, house_rules, seat_range
from bot.gathering.times import described, zone_named
from bot.i18n import normalize, t
from bot.live import interaction_key
from bot.lobby import LobbyError, asks_at_join
from bot.storage import GameRow
from games import registry
from games.core import IllegalAction

log = logging.getLogger(__name__)

GAME_CHOICES = [app_commands.Choice(name=name, value=name) for name in registry.available()]


def game_of(interaction: discord.Interaction) -> str | None:
    namespace = interaction.namespace
    return getattr(namespace, "game", None)


async def typed_time(interaction: discord.Interaction, language: str, typed: str) -> list[Entry]:
    """What the bot reads in what is typed for `when:`, before it is sent: the moment in the member's zone."""
    if not typed.strip():
        return []
    gm = game_master(interaction.client)  # type: ignore[arg-type]
    zone = await gm.nights.zone_for(interaction.guild_id, interaction.user.id)
    reading = gm.nights.read(typed, language, zone, str(interaction.locale))
    if reading is None:
        return [Entry(typed[:100], t(language, "night-when-unread", typed=typed), (typed,))]
    label = described(reading.at, language, zone, gm.nights.clock())
    if reading.at <= gm.nights.clock():
        label = t(language, "night-when-past", when=label)
    return [Entry(reading.local.strftime("%Y-%m-%d %H:%M"), label, (typed,))]


async def cancellable(interaction: discord.Interaction, language: str, typed: str) -> list[Entry]:
    """The server's nights the member may cancel: their own, or every one for a moderator."""
    gm = game_master(interaction.client)  # type: ignore[arg-type]
    moderator = await is_moderator(interaction, gm.storage)
    nights = await gm.nights.store.upcoming(interaction.guild_id or 0, None if moderator else interaction.user.id)
    zone = await gm.nights.zone_for(interaction.guild_id, interaction.user.id)
    now = gm.nights.clock()
    return [Entry(n.id, f"#{n.id} {t(language, f'{n.game}-title')} — {described(n.starts_at, language, zone, now)}",
                  (str(n.id), t(language, f"{n.game}-title"))) for n in nights]


def night_row(schedule: Schedule, signups: list[Signup]) -> GameRow:
    """A night as the lobby it will open would stand, for its sign-up questions (the public roles wanted)."""
    seats = [{"user_id": s.user_id, "join": s.join} for s in signups if s.coming and s.join is not None]
    return GameRow(
        id=schedule.id, game=schedule.game, status="lobby", guild_id=schedule.guild_id,
        channel_id=schedule.channel_id, host_id=schedule.host_id, language=schedule.language, seed=0,
        options=schedule.options, seats=seats, state=None, step=0, paused=False, meta={}, created_at=0.0,
        updated_at=0.0,
    )


@app_commands.guild_only()
class NightsGroup(
    commands.GroupCog, group_name="nights", group_description=text("cmd-nights", "Game nights planned here")
):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def gm(self):  # type: ignore[no-untyped-def]
        return game_master(self.bot)

    @app_commands.command(name="list", description=text("cmd-nights-list", "The game nights to come on this server"))
    async def list(self, interaction: discord.Interaction) -> None:
        language = normalize(str(interaction.locale))
        nights = await self.gm.nights.store.upcoming(interaction.guild_id or 0)
        if not nights:
            await self.gm.ephemeral(interaction, t(language, "night-list-none"))
            return
        lines = [t(language, "night-list-head")]
        for night in nights[:20]:
            coming = len([s for s in await self.gm.nights.store.signups(night.id) if s.coming])
            lines.append(t(language, "night-list-line", id=night.id, game=t(language, f"{night.game}-title"),
                           when=plans.stamp(night.starts_at), channel=f"<#{night.channel_id}>", count=coming,
                           seats=night.seats))
        await self.gm.ephemeral(interaction, "\n".join(lines))

    @app_commands.command(
        name="cancel", description=text("cmd-nights-cancel", "Cancel a game night (its host or a moderator)")
    )
    @app_commands.describe(night=text("opt-night", "Which night"))
    @app_commands.autocomplete(night=autocomplete(cancellable))
    async def cancel(self, interaction: discord.Interaction, night: int) -> None:
        language = normalize(str(interaction.locale))
        moderator = await is_moderator(interaction, self.gm.storage)
        try:
            done = await self.gm.nights.cancel(night, interaction.user.id, moderator=moderator,
                                               guild_id=interaction.guild_id)
        except LobbyError as error:
            await self.gm.ephemeral(interaction, self.gm.refusal(error.refusal, language, None))
            return
        await self.gm.ephemeral(interaction, t(language, "night-cancelled-you", id=done.id))


class ScheduleCog(commands.Cog, name="Schedule"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def gm(self):  # type: ignore[no-untyped-def]
        return game_master(self.bot)

    async def _refuse(self, interaction: discord.Interaction, error: LobbyError, language: str) -> None:
        await self.gm.ephemeral(interaction, self.gm.refusal(error.refusal, language, None))

    # --- making a night ------------------------------------------------------------------------------------
    @app_commands.command(
        name="schedule", description=text("cmd-schedule", "Plan a game night: a sign-up here and a server event")
    )
    @app_commands.describe(
        game=text("opt-schedule-game", "Which game"),
        when=text("opt-schedule-when", "When: 21:00, tomorrow 20:30, 2026-12-05 19:00, in 2h"),
        channel=text("opt-schedule-channel", "Where it is played (default: here)"),
        players=text("opt-schedule-players", "How many are seated (default: the game's most)"),
        pace=text("opt-schedule-pace", "live or forum, for a game with long phases (default live)"),
        deadline=text("opt-schedule-deadline", "Phases end at this time of day, e.g. 21:00 (games with long phases)"),
        repeat=text("opt-schedule-repeat", "weekly: the next night is planned when this one starts"),
        fill=text("opt-schedule-fill", "bots: bot players take the seats nobody signed up for"),
        mode=text("opt-schedule-mode", "open: Discord names; anonymous: public role names only (default open)"),
        options=text("opt-schedule-options", "More house rules: key=value, separated by spaces"),
    )
    @app_commands.choices(
        game=GAME_CHOICES, repeat=[app_commands.Choice(name="weekly", value="weekly")],
        fill=[app_commands.Choice(name="bots", value="bots")],
    )
    @app_commands.autocomplete(when=autocomplete(typed_time))
    @app_commands.guild_only()
    async def schedule(
        self, interaction: discord.Interaction, game: str, when: str, channel: discord.TextChannel | None = None,
        players: app_commands.Range[int, 1, 30] | None = None, pace: Literal["live", "forum"] | None = None,
        deadline: str | None = None, repeat: str | None = None, fill: str | None = None,
        mode: Literal["open", "anonymous"] | None = None, options: str | None = None,
    ) -> None:
        language = normalize(str(interaction.locale))
        guild, member = interaction.guild, interaction.user
        where = channel or interaction.channel
        if guild is None or not isinstance(where, discord.TextChannel) or not isinstance(member, discord.Member):
            await self.gm.ephemeral(interaction, t(language, "night-channel-text"))
            return
        if not where.permissions_for(member).view_channel:  # not even its name is confirmed
            await self.gm.ephemeral(interaction, t(language, "night-channel-hidden"))
            return
        if not where.permissions_for(guild.me).send_messages:
            await self.gm.ephemeral(interaction, t(language, "night-channel-mute", channel=where.mention))
            return
        try:
            rules = house_rules(options or "")
        except ValueError as error:
            await self.gm.ephemeral(interaction, t(language, "night-options-unread", typed=str(error)))
            return
        rules |= {"pace": pace, "mode": mode}
        request = NightRequest(
            guild_id=guild.id, channel_id=where.id, host_id=member.id, game=game, when=when,
            zone=await self.gm.nights.zone_for(guild.id, member.id), language=language,
            channel_language=await self.gm.guild_language(guild.id, interaction.guild_locale),
            locale=str(interaction.locale), players=players, options=rules, fill_bots=fill == "bots", repeat=repeat,
            deadline=deadline, input_key=interaction_key(interaction.id),
        )
        try:
            night = await self.gm.nights.create(request)
        except LobbyError as error:
            await self._refuse(interaction, error, language)
            return
        await self.gm.ephemeral(interaction, t(language, "night-created-you", id=night.id, channel=where.mention,
                                               when=plans.stamp(night.starts_at), zone=night.zone))

    # --- the sign-up message --------------------------------------------------------------------------------
    async def night_answer(self, interaction: discord.Interaction, schedule_id: int, answer: str) -> None:
        """Join, Maybe or Leave on a night's sign-up message."""
        language = normalize(str(interaction.locale))
        night = await self.gm.nights.store.schedule(schedule_id)
        if night is None:
            await self.gm.ephemeral(interaction, t(language, "night-none", id=schedule_id))
            return
        if night.status == "opened" and answer == "yes" and night.lobby_id is not None:
            lobby = self.bot.get_cog("Lobby")
            if lobby is not None:  # the night is a lobby now: its Join is the lobby's
                await lobby.join_lobby(interaction, lobby_id=night.lobby_id)  # type: ignore[attr-defined]
                return
        engine = registry.engine(night.game)
        if answer == "yes" and night.status == "scheduled" and asks_at_join(engine, night.options):
            signups = await self.gm.nights.store.signups(night.id)
            mine = next((s for s in signups if s.user_id == interaction.user.id), None)
            if mine is None or mine.join is None:
                await self._ask(interaction, night, [], language, edit=False)
                return
        await self._answer(interaction, night, answer, language)

    async def _answer(self, interaction: discord.Interaction, night: Schedule, answer: str, language: str,
                      join: dict[str, object] | None = None, prefix: str | None = None) -> None:
        try:
            night, mine = await self.gm.nights.answer(
                night.id, interaction.user.id, interaction.user.display_name, language, answer, join=join,
            )
        except LobbyError as error:
            reply = self.gm.refusal(error.refusal, language, None)
        else:
            reply = self._where_you_stand(night, mine, await self.gm.nights.store.signups(night.id), language)
        reply = "\n".join(filter(None, [prefix, reply]))
        if interaction.response.is_done() and prefix is not None:
            await interaction.edit_original_response(content=reply, view=None)
        elif prefix is not None:
            await interaction.response.edit_message(content=reply, view=None)
        else:
            await self.gm.ephemeral(interaction, reply)

    def _where_you_stand(self, night: Schedule, mine: Signup, signups: list[Signup], language: str) -> str:
        when = plans.stamp(night.starts_at)
        if mine.answer == "maybe":
            return t(language, "night-you-maybe", id=night.id, when=when)
        if mine.answer == "no":
            return t(language, "night-you-left", id=night.id)
        order = [s.user_id for s in sorted((s for s in signups if s.coming), key=lambda s: s.seq)]
        place = order.index(mine.user_id) + 1
        seated = place <= night.seats
        return "\n".join([t(language, "night-you-coming", id=night.id, when=when),
                          plans.place_line(language, seated, place - night.seats)])

    # --- the game's sign-up questions, answered ahead -------------------------------------------------------
    async def _ask(self, interaction: discord.Interaction, night: Schedule, values: list[str], language: str,
                   *, edit: bool) -> None:
        engine = registry.engine(night.game)
        row = night_row(night, await self.gm.nights.store.signups(night.id))
        answers = signup.replay(engine, signup.options_of(engine, row), signup.others_of(row), values)
        if answers is None:
            await self.gm.ephemeral(interaction, t(language, "lobby-signup-expired"))
            return
        prompt = engine.join_prompt(signup.options_of(engine, row), answers.given, signup.others_of(row))
        if prompt is None:
            try:
                engine.parse_join(signup.options_of(engine, row), answers.given)
            except IllegalAction as error:  # the conditions declined: no place at the night
                reason = refusal_text(error.refusal.key, error.refusal.params, language, signup.nobody_seated)
                await interaction.response.edit_message(
                    content="\n".join([reason, t(language, "night-signup-no-seat", id=night.id)]), view=None
                )
                return
            await self._answer(interaction, night, "yes", language, join=answers.given,
                               prefix=signup.answered_text(answers, language))
            return
        heading = t(language, "night-signup-question", game=t(language, f"{night.game}-title"), id=night.id)
        content, view = signup.question(row, prompt, values, language, button=NightQuestionButton,
                                        select=NightQuestionSelect, heading=heading)
        if edit:
            await interaction.response.edit_message(content=content, view=view)
        else:
            await self.gm.ephemeral(interaction, content, view=view)

    async def night_question(self, interaction: discord.Interaction, schedule_id: int, values: list[str],
                             value: str) -> None:
        language = normalize(str(interaction.locale))
        night = await self.gm.nights.store.schedule(schedule_id)
        if night is None or night.status != "scheduled":
            await interaction.response.edit_message(content=t(language, "night-closed", id=schedule_id), view=None)
            return
        await self._ask(interaction, night, [*values, value], language, edit=True)

    # --- the Events list ---------------------------------------------------------------------------------
    @commands.Cog.listener()
    async def on_night_rsvp(self, event_id: int, user_id: int, guild_id: int, added: bool) -> None:
        """A member pressed (or took back) Interested on an event in the server's Events list."""
        guild = self.bot.get_guild(guild_id)
        member = guild.get_member(user_id) if guild is not None else None
        name = member.display_name if member is not None else None
        if name is None:
            try:
                name = (await self.bot.fetch_user(user_id)).display_name
            except discord.HTTPException:
                name = str(user_id)
        try:
            await self.gm.nights.listed_change(event_id, user_id, name, added)
        except LobbyError as error:  # the night opened or was cancelled meanwhile
            log.info("Interested on event %s not taken (%s)", event_id, error.refusal.key)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A night's channel was deleted: the night cannot be played there; it is cancelled, everyone who
        signed up told by DM (as a moderator's cancel; nothing is posted in the channel that is gone)."""
        for night in await self.gm.nights.store.upcoming(channel.guild.id):
            if night.channel_id == channel.id:
                try:
                    await self.gm.nights.cancel(night.id, night.host_id, moderator=True, guild_id=channel.guild.id)
                except LobbyError:
                    continue  # opened or cancelled meanwhile

    # --- call me when N are waiting -------------------------------------------------------------------------
    @app_commands.command(name="notify", description=text("cmd-notify", "A DM when a lobby of a game has N players"))
    @app_commands.describe(
        game=text("opt-notify-game", "Which game (any: every game; off: no more DMs)"),
        players=text("opt-notify-players", "How many seated (default: enough to start)"),
    )
    @app_commands.choices(game=[*GAME_CHOICES, app_commands.Choice(name="any", value=ANY_GAME),
                                app_commands.Choice(name="off", value="off")])
    @app_commands.guild_only()
    async def notify(self, interaction: discord.Interaction, game: str,
                     players: app_commands.Range[int, 1, 30] | None = None) -> None:
        language = normalize(str(interaction.locale))
        guild_id = interaction.guild_id or 0
        store = self.gm.nights.store
        if game == "off":
            gone = await store.unsubscribe(guild_id, interaction.user.id)
            await self.gm.ephemeral(interaction, t(language, "notify-off", count=gone))
            return
        games = registry.available() if game == ANY_GAME else [game]
        if game not in (ANY_GAME, *registry.available()):
            await self.gm.ephemeral(interaction, t(language, "lobby-unknown-game", game=game))
            return
        most = max(seat_range(registry.engine(g), registry.engine(g).parse_options({}))[1] for g in games)
        if players is not None and not 1 <= players <= most:
            title = t(language, "notify-any-game") if game == ANY_GAME else t(language, f"{game}-title")
            await self.gm.ephemeral(interaction, t(language, "notify-players-range", game=title, max=most,
                                                   players=players))
            return
        now = self.gm.nights.clock()
        await store.subscribe(Subscription(guild_id, interaction.user.id, game, players, language, now))
        title = t(language, "notify-any-game") if game == ANY_GAME else t(language, f"{game}-title")
        key = "notify-on-start" if players is None else "notify-on"
        await self.gm.ephemeral(interaction, t(language, key, game=title, players=players or 0))

    # --- a member's own time zone -----------------------------------------------------------------------
    @app_commands.command(name="settings", description=text("cmd-settings", "Your own settings"))
    @app_commands.describe(timezone=text("opt-timezone", "Your time zone (IANA name, e.g. Europe/Moscow)"))
    @app_commands.autocomplete(timezone=autocomplete(time_zones))
    async def settings(self, interaction: discord.Interaction, timezone: str) -> None:
        language = normalize(str(interaction.locale))
        zone = zone_named(timezone)
        if zone is None:
            await self.gm.ephemeral(interaction, t(language, "zone-unknown", typed=timezone[:80]))
            return
        await self.gm.nights.store.set_member_zone(interaction.user.id, zone.key)
        now = dt.datetime.fromtimestamp(self.gm.nights.clock(), zone).strftime("%H:%M")
        await self.gm.ephemeral(interaction, t(language, "zone-set-you", zone=zone.key, time=now))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ScheduleCog(bot))
    await bot.add_cog(NightsGroup(bot))
