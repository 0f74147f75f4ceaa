-- Each Discord interaction is applied once (a command delivered twice must not act twice).
-- A step records its interaction in its action row (`actions.input_key`); a change to a lobby,
-- which writes no action row, records it here in the same transaction as the change.
CREATE TABLE lobby_inputs (
    input_key   text    PRIMARY KEY,
    game_id     bigint  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    at          double precision NOT NULL
);
-- Whether an interaction was applied, whatever game it went to (`Storage.input_applied`): a
-- repeated /cancel or /join must not land on the lobby opened in the channel since.
CREATE INDEX actions_by_input_key ON actions (input_key) WHERE input_key IS NOT NULL;
