-- The transactional outbox: what each step must show in Discord (channel lines, DM texts, prompts
-- to post, edits of an order sheet's message, status edits, pictures), written in the same
-- transaction as the step and marked sent once Discord accepted it. On start-up the unsent rows
-- are sent, in order, once.
CREATE TABLE deliveries (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    step        INTEGER NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('text', 'prompt', 'status', 'picture', 'edit')),
    channel_id  INTEGER,
    user_id     INTEGER,
    body        TEXT    NOT NULL,
    -- a prompt row's prompt: the prompts already posted (a rollback clears it to post them again)
    prompt_id   TEXT,
    -- the Discord message this row went into, set just before sending (it is also the message's
    -- nonce): a restart re-sends exactly that message, which Discord then does not create twice
    batch       INTEGER,
    -- 0 waiting, 1 sent, 2 given up (failed or superseded)
    state       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX deliveries_waiting ON deliveries (state, id) WHERE state = 0;
CREATE INDEX deliveries_prompts ON deliveries (game_id, prompt_id) WHERE prompt_id IS NOT NULL;
