-- Ratings (bot/ratings/): derived from the saved results, rebuildable from them at any time.
-- Each seat's place in a finished game (1 = best; equal places are a tie) and its side in a team game
-- (Mafia: law, mafia; "neutral" plays alone); NULL in results saved before ratings existed.
ALTER TABLE results ADD COLUMN place INTEGER;
ALTER TABLE results ADD COLUMN side TEXT;
-- Who held each seat of a finished game, in turn, and for what share of its steps; how the holding ended:
-- 'end' (held at the game's end), 'afk' (a bot took it after missed deadlines), 'left' (/leave),
-- 'replaced' (a moderator gave it to a substitute or a bot). user_id NULL with member 0: a bot player;
-- with member 1: a member who was forgotten (/forget-me).
CREATE TABLE seat_holders (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    turn        INTEGER NOT NULL,
    user_id     INTEGER,
    member      INTEGER NOT NULL,
    share       REAL    NOT NULL,
    ended       TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat, turn)
);
CREATE INDEX seat_holders_by_user ON seat_holders (user_id);
-- A server's rating seasons: number 1 is the endless default one until a moderator starts another.
-- `rated` counts the games rated in it: their order, which a rebuild follows.
CREATE TABLE rating_seasons (
    guild_id    INTEGER NOT NULL,
    number      INTEGER NOT NULL,
    name        TEXT,
    started_at  REAL    NOT NULL,
    ended_at    REAL,
    rated       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, number)
);
-- Each rated game: its season and its place in the season's order.
CREATE TABLE rated_games (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    season      INTEGER NOT NULL,
    turn        INTEGER NOT NULL
);
CREATE INDEX rated_games_by_season ON rated_games (guild_id, season, turn);
-- A member's rating (openskill's mu and sigma) per server, game and season, and how many games rated it.
CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    season      INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    games       INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, season, user_id)
);
-- Each rated game's change of each member's rating (the trend in /stats).
CREATE TABLE rating_changes (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    before_mu   REAL    NOT NULL,
    before_sigma REAL   NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_changes_by_user ON rating_changes (user_id);
-- Achievements (data/achievements/*.toml), once per member and server; `times` counts repeats.
CREATE TABLE achievements (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    achievement TEXT    NOT NULL,
    game_id     INTEGER NOT NULL,
    times       INTEGER NOT NULL,
    at          REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id, achievement)
);
CREATE INDEX achievements_by_game ON achievements (game_id);
-- The server's house rules for ratings: the least reliability (percent of games finished) a member needs
-- to join a game (0: none), and the rated games a member needs to appear on a leaderboard.
ALTER TABLE guild_settings ADD COLUMN min_reliability INTEGER NOT NULL DEFAULT 0;
ALTER TABLE guild_settings ADD COLUMN leaderboard_games INTEGER NOT NULL DEFAULT 5;
