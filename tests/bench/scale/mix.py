"""The games of the scale run and how their players play them: a realistic community's mix, where most games
wait at any moment (forum-pace Mafia whose deadlines are compressed from hours to minutes, slow Maskmen and
Sword of Lies tables) and a few are played live (Castle, quick Cookie)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Kind:
    """One kind of table: a game, how it is opened and how fast its players answer."""

    name: str
    game: str
    humans: int
    """Seats held by simulated players (members of the server who click)."""
    share: float
    """Of the run's tables."""
    think: tuple[float, float]
    """Seconds a player takes before each click (uniform between the two), at pace 1."""
    options: dict[str, object] = field(default_factory=dict)
    """`/<game> new`'s options (house rules, deadlines)."""
    bots: int = 0
    """Bot players the host adds (`/addbot`)."""
    edits: int = 2
    """At most this many parts of an order sheet a player changes before Done."""
    skip: float = 0.0
    """The chance a player lets a prompt's deadline answer for them (forum players miss some)."""

    @property
    def seats(self) -> int:
        return self.humans + self.bots

    @property
    def longest_deadline(self) -> int:
        """The longest deadline among its options (seconds): a game silent for longer than this has stalled."""
        return max((int(v) for k, v in self.options.items() if k.endswith("_seconds") and isinstance(v, int)),
                   default=180)


MIX: tuple[Kind, ...] = (
    Kind("mafia-forum", "mafia", humans=3, bots=7, share=0.35, think=(60.0, 600.0), skip=0.15,
         options={"pace": "forum", "night_seconds": 300, "day_seconds": 420, "draft_seconds": 180}),
    Kind("maskmen-forum", "maskmen", humans=4, share=0.15, think=(45.0, 450.0), skip=0.1,
         options={"seasons": 1, "turn_seconds": 480}),
    Kind("sword-forum", "sword-of-lies", humans=4, share=0.15, think=(45.0, 450.0), skip=0.1,
         options={"turn_seconds": 480, "bet_seconds": 480, "negotiation_seconds": 540, "war_seconds": 480}),
    Kind("cookie-forum", "cookie", humans=5, share=0.12, think=(30.0, 400.0), skip=0.1,
         options={"choose_seconds": 420, "place_seconds": 420}),
    Kind("castle-forum", "castle", humans=4, share=0.09, think=(45.0, 600.0), skip=0.1,
         options={"max_rounds": 6, "orders_seconds": 720, "skirmish_seconds": 420, "choice_seconds": 420}),
    Kind("cookie-quick", "cookie", humans=4, share=0.08, think=(2.0, 20.0),
         options={"choose_seconds": 60, "place_seconds": 45}),
    Kind("castle-live", "castle", humans=3, share=0.06, think=(3.0, 25.0),
         options={"max_rounds": 6, "orders_seconds": 120, "skirmish_seconds": 60, "choice_seconds": 60}),
)


def kinds_for(tables: int, only: tuple[str, ...] = ()) -> list[Kind]:
    """The kind of each of `tables` tables, the mix's shares interleaved (table n's kind does not depend on how
    many tables there are): any first N of them hold the mix. `only`: these kinds alone, in their proportions."""
    mix = [kind for kind in MIX if not only or kind.name in only]
    if not mix:
        raise ValueError(f"no such kind of table: {', '.join(only)} (the kinds: {', '.join(k.name for k in MIX)})")
    kinds: list[Kind] = []
    given = {kind.name: 0 for kind in mix}
    for n in range(tables):
        kind = max(mix, key=lambda k: (k.share * (n + 1) - given[k.name], k.share))
        given[kind.name] += 1
        kinds.append(kind)
    return kinds


def placement(kinds: list[Kind], guilds: int, shards: int) -> list[int]:
    """The server of each table (an index of `guilds`, server g on shard g % `shards`): each kind spread evenly over
    the shards, and within a shard over its servers in turn. Table n on server n % guilds put every live Castle of a
    1,000-table run on two of the four processes (the mix's interleaving and the shards' fell into step), so two
    processes answered twice the clicks of the others."""
    on_shard = [list(range(shard, guilds, shards)) for shard in range(min(shards, guilds))]
    of_kind: dict[str, list[int]] = {}
    tables_on = [0] * len(on_shard)
    placed: list[int] = []
    for kind in kinds:
        counts = of_kind.setdefault(kind.name, [0] * len(on_shard))
        shard = min(range(len(on_shard)), key=lambda s: (counts[s], tables_on[s], s))
        counts[shard] += 1
        servers = on_shard[shard]
        placed.append(servers[tables_on[shard] % len(servers)])
        tables_on[shard] += 1
    return placed
