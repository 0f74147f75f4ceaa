-- Per-server results of finished games (net chips or points per player), for leaderboards.
CREATE TABLE results (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    guild_id    INTEGER,
    game        TEXT    NOT NULL,
    user_id     INTEGER,
    seat        INTEGER NOT NULL,
    score       INTEGER NOT NULL,
    won         INTEGER NOT NULL,
    at          REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_by_guild ON results (guild_id, game);
