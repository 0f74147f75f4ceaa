"""Mafia of Heroes in anonymous mode, a whole 10-player game through the stand-in (three seats held by
stand-in users answering in their DMs, seven bot players): players appear only under their public
role's name. They cannot write in the channel; they speak with `/mafia say` or the 🗣 Speak button on
their order sheet, and the bot reposts the words through the seat's webhook under the role's name and
its generated avatar, pinging nobody. Before the end no channel message, webhook post, embed, component
label or status edit — nor any DM — holds a player's real name, user id or mention; the end reveals them
with the roles."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import normalize, t
from bot.live import LiveGame
from tests.discord.mafia_play import MANAGE_ROLES, MANAGE_WEBHOOKS, fixed_seed, may_write, open_mafia, play, say
from tests.discord.world import World, world
from tests.discord_standin import Message, User

LIMIT = 1000


def posts(w: World) -> list[Message]:
    """What channel webhooks posted in the game channel (not the bot's answers to interactions)."""
    return [
        m for m in w.standin.channel_view(w.channel)
        if m.webhook_id is not None and m.webhook_id != w.standin.application_id
    ]


def everything(message: Message, version: dict[str, object] | None = None) -> str:
    """All a reader sees of a message (or of one of its earlier versions): text, embeds, every label,
    option, placeholder, and the author's name."""
    if version is not None:
        message = Message(
            id=0, channel_id=message.channel_id, guild_id=message.guild_id, author=message.author,
            content=str(version["content"]), embeds=list(version["embeds"]),  # type: ignore[call-overload]
            components=list(version["components"]),  # type: ignore[call-overload]
        )
    parts = [message.text, message.author.username]
    for component in message.all_components():
        parts += [str(component.get(k) or "") for k in ("label", "placeholder", "value")]
        for option in component.get("options") or []:
            parts += [str(option.get("label") or ""), str(option.get("description") or "")]
    return "\n".join(parts)


def versions(message: Message) -> list[tuple[float, str]]:
    """(when, what it showed) for every version of a message, oldest first."""
    found = [(float(v["at"]), everything(message, v)) for v in message.history]  # type: ignore[arg-type]
    return [*found, (message.edited_at or message.created_at, everything(message))]


def leaks(text: str, people: list[User]) -> list[str]:
    return [needle for user in people for needle in (user.username, str(user.id)) if needle in text]


async def settled(w: World) -> None:
    await w.gm.drained()
    await w.standin.settle()
    await w.gm.drained()


async def test_an_anonymous_game_names_nobody_before_the_end_and_relays_words_under_public_roles(
    tmp_path: Path, standin, monkeypatch: pytest.MonkeyPatch
) -> None:
    fixed_seed(monkeypatch)
    async with world(tmp_path, 4, standin=standin) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES | MANAGE_WEBHOOKS
        owls = standin.add_role(w.guild, "Night Owls")
        game_id = await open_mafia(w, humans=3, mode="anonymous")
        await settled(w)
        game = w.game(game_id)
        assert game is not None
        language = game.row.language
        held = {n: w.user_of(game, n) for n, s in enumerate(game.seats) if not s.bot}
        people = list(held.values())
        names = {n: str(game.name_of(n)) for n in range(len(game.seats))}  # public roles, the game's language
        assert not leaks("\n".join(names.values()), people)

        # one webhook per player's seat, under the public role, with an avatar of its own
        hooks = standin.channel_webhooks(w.channel)
        assert sorted(h.name for h in hooks) == sorted(names[n] for n in held)
        assert all(h.avatar is not None and h.avatar.startswith(b"\x89PNG") for h in hooks)
        assert len({h.avatar for h in hooks}) == len(hooks)
        # nobody writes in the channel, the players included (they speak through the bot): denied by role,
        # never by member overwrites, which anyone may read through the API and would name every player
        await standin.wait_for(lambda: may_write(w, w.guild.id) is False, what="@everyone silenced")
        assert not {u.id for u in people} & set(w.channel.overwrites)
        assert not any(standin.can_send(u, w.channel) for u in people)

        # the draft: radio silence, through the bot too
        first = held[min(held)]
        assert t(normalize(first.locale), "mafia-say-radio-silence") in await say(w, first, "hello?")

        spoken = False
        silenced = False

        async def relay_checks(game: LiveGame) -> None:
            nonlocal spoken, silenced
            state = game.state
            if not spoken and state.phase == "night":  # type: ignore[attr-defined]
                spoken = True
                seat = next(n for n in held if state.seats[n].alive)  # type: ignore[attr-defined]
                user = held[seat]
                reader = normalize(user.locale)
                said = await say(w, user, "Good evening @everyone and @here")
                role = game.public_term(seat)  # named in the reader's language, not the game's
                assert role is not None and t(reader, "channel-relay-said", name=t(reader, role)) in said, said
                post = posts(w)[-1]
                assert post.author.username == names[seat]
                assert post.content.startswith("Good evening @") and "everyone" in post.content
                assert post.allowed_mentions is not None and post.allowed_mentions.get("parse") == []
                assert post.pings == {"everyone": False, "users": set(), "roles": set()}
                count = len(posts(w))
                refused = {
                    f"<@&{owls.id}> wake up": "channel-relay-mention",
                    f"what do you think, {people[-1].mention}?": "channel-relay-mention",
                    "look at https://example.com/secret": "mafia-refuse-link",
                }
                for text, key in refused.items():
                    assert t(reader, key) in await say(w, user, text)
                too_long = await say(w, user, "x" * (LIMIT + 1))
                assert t(reader, "channel-relay-too-long", length=LIMIT + 1, limit=LIMIT) in too_long
                assert len(posts(w)) == count, "nothing refused reached the channel"
                # the 🗣 Speak button on the order sheet opens a modal; its words go out the same way
                button = f"gmsp|{game.id}"
                sheet = await standin.wait_for(
                    lambda: next((m for m in reversed(standin.dm_view(user))
                                  if any(b.get("custom_id") == button for b in m.buttons)), None),
                    timeout=10, what="the Speak button",
                )
                opened = await standin.click(user, custom_id=button, message=sheet)
                await opened.wait_response()
                call = await standin.submit_modal(user, {"text": "said with the button"})
                await call.wait_response()
                await settled(w)
                assert posts(w)[-1].content == "said with the button" and posts(w)[-1].author.username == names[seat]
                assert t(language, "mafia-channel-rule-relay") in standin.transcript(w.channel)
            dead = [n for n in held if not state.seats[n].alive]  # type: ignore[attr-defined]
            if dead and not silenced:
                silenced = True
                user = held[dead[0]]
                assert t(normalize(user.locale), "mafia-say-dead") in await say(w, user, "I have something to say")

        assert await play(w, game_id, each=relay_checks) is None
        await settled(w)
        assert spoken and silenced, "a stand-in user's character dies before the end (the seed)"

        # nothing public (nor any DM) named a player before the end; the end reveals them with the roles
        channel = standin.messages[w.channel.id]
        end = min(m.created_at for m in channel if "🏁" in m.content)
        reveal = next(m for m in channel if "🏁" in m.content)
        for message in channel:
            for at, text in versions(message):
                if at < end:
                    assert not leaks(text, people), f"{leaks(text, people)} in the channel: {text!r}"
                    assert "<@" not in text.replace(f"<@&{owls.id}>", ""), text
        for user in people:
            for message in standin.dm_view(user):
                for at, text in versions(message):
                    if at < end:
                        assert not leaks(text, people), f"{leaks(text, people)} in {user.username}'s DMs: {text!r}"
        for n, user in held.items():
            assert f"{user.username} — {names[n]}" in reveal.content, reveal.content

        # the game is over: the webhooks are gone, the channel is everyone's again
        await standin.wait_for(lambda: not standin.channel_webhooks(w.channel), what="webhooks deleted")
        await standin.wait_for(lambda: not w.channel.overwrites, what="overwrites removed")
        assert all(standin.can_send(u, w.channel) for u in people)
