"""The scale run (issue 41): the bot as a big community would run it, on this machine.

    python -m tests.bench.scale [--games 2000] [--minutes 10] [--stage-minutes 2] [--processes 4] …

A throwaway PostgreSQL server (tests/pg.py), the Discord stand-in with many servers spread evenly over the
gateway shards (400 over 16 by default), and four real bot processes (`python -m bot`, 4 shards each, their
metrics on METRICS_PORT) on the one database. Tables of simulated members (tests/bench/scale/players.py) open
games in a realistic mix (tests/bench/scale/mix.py: forum-pace Mafia with its deadlines compressed to minutes,
slow Maskmen and Sword of Lies tables, live Castle, quick Cookie), play them through Discord's buttons and
selects only, and open the next when one ends; their pace is bounded (a shared token bucket) so the machine
carries a chosen load.

The tables open in three steps: at a quarter, a half and all of them a window of figures is taken, so the
cost's growth with the games shows; then the last stage runs for `--minutes` with the faults: a process
SIGKILLed every two minutes (and started again 5 s later), one PostgreSQL restart, a 30-second Discord outage
(tests/bench/scale/cluster.py). Each window prints, per process and overall (tests/bench/scale/figures.py):
interactions/s, the bot's share of the first response (p50 / p99 / max), the steps' saves, deliveries waiting
and the oldest's age, counted REST requests/s against Discord's global limit, CPU per interaction, resident
memory per process, memory per live game (proportional: the code the processes share counted once; resident
beside it), PostgreSQL connections, and what the stand-in with the players and
the PostgreSQL server cost apart from the bots. After the run (tests/bench/scale/checks.py): every game's log
replays to its saved state, every click the bot said it took is in the log once, every channel's transcript
equals its outbox, and games lost, stalled or answered twice are counted. Goals are printed beside their
figures; the run never fails on them.

The machine is described (cores, load from other work) at the start and at the end: figures from a shared
machine are only as good as its load allows.
"""
