-- Where each prompt was sent (DM or channel), so a restart neither re-sends nor forgets it.
CREATE TABLE prompt_messages (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    prompt_id   TEXT    NOT NULL,
    channel_id  INTEGER,
    message_id  INTEGER,
    failed      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, prompt_id)
);
