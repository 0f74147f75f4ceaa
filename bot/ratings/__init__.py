"""Ratings a server can trust (issue 40): a skill rating per member, game, server and season from
openskill, a reliability record, and achievements — all derived from the saved results and logs, never
a second truth: `python -m bot ratings rebuild` computes every rating again from the saved results.

    maths.py         openskill on a finished game's teams and places (nothing else rates)
    holders.py       who held each seat, for what share, and how each turn ended (reliability)
    feats.py         the checks every game may use (a game's own: games/<game>/feats.py); achievements.py
                     loads data/achievements/*.toml
    live.py          a finished game's record, made by the table as it saves the results
    record.py        the write programs: the record with the results, a new season, a member forgotten
    rebuild.py       the ratings again from the saved results
    reading.py       what a page or a command shows: standings, a member's card, seasons
"""
