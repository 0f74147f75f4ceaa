"""Castle scenes for the picture's geometry tests: every secret passage the rules allow, the worst
boards a game can reach (many passages, every kind of marker with its rounds, all players and
artifacts on the board), and random boards of every kind, in English and Russian. Seeded, so the
same boards every run."""

from __future__ import annotations

import random
from functools import partial

from bot.i18n import t
from games.castle.board import Board, Corridor, corridor_key, default_board
from games.castle.picture import Scene, picture_words, scene_from_markers

RUSSIAN_WORDS = picture_words(partial(t, "ru"))
ENGLISH_NAMES = ["Carol", "Bob", "Alice", "Anna"]
"""Initials that are hall letters: C (the Central Hall), B and A (the rings)."""
RUSSIAN_NAMES = ["Сергей", "Вера", "Анна", "Борис"]
"""Cyrillic С, В, А look like the Latin hall letters."""


def legal_passages(board: Board) -> list[Corridor]:
    """Every corridor a Secret Passage or Secret Door could open on a fresh board (any rings, original
    distance at most 3, not a corridor now), plus every original corridor (reopened after Flame of Udûn)."""
    originals = {corridor_key(a, b) for a, b in board.corridors}
    halls = board.ordered_halls()
    found = [
        corridor_key(a, b)
        for i, a in enumerate(halls)
        for b in halls[i + 1 :]
        if 0 < board.original_distance(a, b) <= 3 and corridor_key(a, b) not in originals
    ]
    return found + sorted(originals)


def lone_passage(board: Board, passage: Corridor) -> Scene:
    """The fresh board with one secret passage (its own corridor removed first if it is an original)."""
    originals = {corridor_key(a, b) for a, b in board.corridors}
    removed = [passage] if passage in originals else []
    return scene_from_markers(board, "one passage", removed=removed, passages=[passage], locks=[passage],
                              lock_rounds={passage: 1})


def worst_board(players: int, seed: int, passages: int, *, russian: bool = False) -> Scene:
    """Many passages (the issue's A6–B2 and A4–B10 among them on 3 players), three fallen corridors
    (one reopened by a passage), four Locks and four Barricades (one corridor carrying both, some on
    passages), every player on the board (two sharing a hall), artifacts on the floor and carried."""
    board = default_board(players)
    rng = random.Random(seed)
    fixed = [("A6", "B2"), ("A4", "B10")] if players == 3 else [("A3", "B9"), ("C", "B13")]
    chosen = [corridor_key(a, b) for a, b in fixed]
    originals = sorted(corridor_key(a, b) for a, b in board.corridors)
    legal = [p for p in legal_passages(board) if p not in chosen and p not in originals]
    chosen += rng.sample(legal, passages - len(chosen))
    fallen = rng.sample(originals, 3)
    chosen.append(fallen[0])
    marked = rng.sample([c for c in originals if c not in fallen] + chosen, 7)
    locks, barricades = marked[:4], marked[3:]
    halls = board.ordered_halls()
    positions = {0: board.centre, 1: board.shrines[0]}
    for seat in range(2, players):
        positions[seat] = rng.choice(halls) if seat == 2 else positions[2]
    names = (RUSSIAN_NAMES if russian else ENGLISH_NAMES)[:players]
    title = "Замок №3 — раунд 17: Шелковые сети Маффет" if russian else "Castle #3 — round 17: Muffet's Silk Webs"
    return scene_from_markers(
        board,
        title,
        removed=fallen[1:],
        passages=chosen,
        locks=locks,
        barricades=barricades,
        lock_rounds={c: 1 + i % 2 for i, c in enumerate(locks)},
        barricade_rounds={c: 2 - i % 2 for i, c in enumerate(barricades)},
        positions=positions,
        names=names,
        shrines={seat: board.shrines[seat] for seat in range(players)},
        floor={board.centre: 1, rng.choice(halls): 2, rng.choice(halls): 1},
        carried={1: 2, 2: 1},
        delivered={0: 2},
        words=RUSSIAN_WORDS if russian else {},
    )


WORST = {
    f"{players}p-{'ru' if russian else 'en'}-{seed}": (players, seed, count, russian)
    for players in (3, 4)
    for russian in (False, True)
    for seed, count in ((1, 8), (2, 12))
}


NAME_POOLS = [
    ["Ada", "Boris", "Clara", "Dmitri"],
    ["Аня", "Борис", "Вера", "Глеб"],
    ["Carol", "Bob", "Alice", "Anna"],
    ["Сергей", "Вера", "Анна", "Борис"],
    ["Ann", "Ann", "Anna Karenina", "C"],
    ["Юрий Длинноимённый Константинопольский", "Ёжик", "🙂", "B2"],
]


def random_scene(seed: int) -> Scene:
    """A board a game could show: up to a dozen secret passages (original corridors reopened among
    them), fallen corridors, Locks and Barricades anywhere open (passages too, both on one corridor
    now and then), players anywhere (crowds included), artifacts on the floor and carried."""
    rng = random.Random(seed)
    players = rng.choice([3, 4])
    board = default_board(players)
    originals = sorted(corridor_key(a, b) for a, b in board.corridors)
    halls = board.ordered_halls()
    fallen = rng.sample(originals, rng.choice([0, 0, 1, 2, 3, 4]))
    new = [p for p in legal_passages(board) if p not in originals]
    passages = rng.sample(new, rng.choice([0, 1, 2, 4, 6, 9, 12]))
    if fallen and rng.random() < 0.3:
        passages.append(fallen[0])  # a fallen corridor opened again as a passage
    rng.shuffle(passages)
    open_now = [c for c in originals if c not in fallen] + passages
    marked = rng.sample(open_now, rng.choice([0, 1, 2, 3, 5, 7]))
    locks = [c for c in marked if rng.random() < 0.5]
    barricades = [c for c in marked if c not in locks or rng.random() < 0.25]
    crowd = rng.choice(halls)
    positions = {seat: crowd if rng.random() < 0.3 else rng.choice(halls) for seat in range(players)}
    floor = {rng.choice(halls): rng.choice([1, 1, 2]) for _ in range(rng.choice([1, 1, 2, 3]))}
    return scene_from_markers(
        board,
        f"random board {seed}",
        removed=fallen,
        passages=passages,
        locks=locks,
        barricades=barricades,
        lock_rounds={c: rng.choice([1, 2]) for c in locks},
        barricade_rounds={c: rng.choice([1, 2]) for c in barricades},
        positions=positions,
        names=rng.choice(NAME_POOLS)[:players],
        shrines={seat: board.shrines[seat] for seat in range(players)},
        floor=floor,
        carried={seat: rng.choice([0, 0, 1, 2, 3]) for seat in range(players)},
        delivered={seat: rng.choice([0, 1, 2]) for seat in range(players)},
    )
