"""The table: runs games. Every input — a player's answer, a deadline, a moderator — goes
through one path under the game's lock: check → apply → save (state, log and deadlines in one
transaction) → deliver the new events to the listeners (Discord, the terminal).

Memory is only a cache of the database: a game can always be rebuilt from its row, and its
state can always be rebuilt by replaying its log from the seed.

Several bot processes may share one PostgreSQL database (each running some of the gateway shards,
`Storage.shared`): then the game's lock (`hold`) is also the database's lock on the game, and a
process whose copy of the game is older than the saved one (its version) reloads it first.

Its layers, each a class on the one before:

    limits.py      house limits and timings (changes of a choice, reminders)
    core.py        games in memory, the game's lock, the one way a step is saved and delivered
    playing.py     the players' steps: start, answers, bot players, deadlines, absent players
    moderators.py  the moderators' steps, who held which seat, a game's history: `Table`
"""

from bot.table.moderators import Table

__all__ = ["Table"]
