-- Per-server results of finished games (net chips or points per player), for leaderboards.
-- score and won stay integer: their SUM is a bigint (a bigint's SUM would be numeric).
CREATE TABLE results (
    game_id     bigint  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    guild_id    bigint,
    game        text    NOT NULL,
    user_id     bigint,
    seat        integer NOT NULL,
    score       integer NOT NULL,
    won         integer NOT NULL,
    at          double precision NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_by_guild ON results (guild_id, game);
