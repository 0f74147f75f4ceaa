"""Achievements announced in a finished game's channel, once: a delivery row planned with the step that
ends the game (after its final reveal, which the step's own lines carry) and sent in the channel's order
with the rest; its text is written when it is sent, from the achievements saved with the game's results
(bot/ratings/: in the results' transaction, before the step's rows are handed to the outboxes). Only an
achievement a member earned for the first time on the server is announced; /stats lists them all."""

from __future__ import annotations

import zlib

from discord.ext import commands

from bot.discord.kinds import Planned, Sending, status_key, tag
from bot.discord.outbox import Status
from bot.discord.outboxes import Outboxes
from bot.live import Step
from bot.ratings.reading import game_awards
from bot.ratings.text import awards_lines
from bot.render import joined
from bot.storage import DeliveryRow, Storage

KIND = "achievements"


class AchievementPost:
    name = KIND

    def __init__(self, bot: commands.Bot, storage: Storage, outboxes: Outboxes) -> None:
        self.bot = bot
        self.storage = storage
        self.outboxes = outboxes

    def plan(self, step: Step) -> list[Planned]:
        """The step that finishes a game on a server: one row, written out when it is sent."""
        game = step.game
        if step.status != "finished" or game.row.status != "running" or game.row.guild_id is None:
            return []
        return [Planned({"language": game.row.language})]

    def send(self, row: DeliveryRow) -> Sending:
        """Posted in the channel's order, after the final reveal."""
        return self.outboxes.of(row), Status(lambda: self.apply(row), status_key(row), [row.id], tag(row))

    async def apply(self, row: DeliveryRow) -> None:
        if row.channel_id is None or row.channel_id in self.outboxes.gone:
            return
        awards = await game_awards(self.storage, row.game_id)
        lines = awards_lines(str(row.body.get("language") or "en"), row.game_id, awards, lambda user: f"<@{user}>")
        channel = self.bot.get_partial_messageable(row.channel_id)
        for number, text in enumerate(joined(lines)):  # a restart sends it again under the same nonce
            await channel.send(content=text, nonce=f"a{zlib.crc32(f'{row.id}:{number}'.encode()):x}")
