-- Where each prompt was sent (DM or channel), so a restart neither re-sends nor forgets it.
-- `rowid` is SQLite's implicit row number made explicit: the order prompts were recorded in.
CREATE TABLE prompt_messages (
    rowid       bigint  GENERATED ALWAYS AS IDENTITY,
    game_id     bigint  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    prompt_id   text    NOT NULL,
    channel_id  bigint,
    message_id  bigint,
    failed      integer NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, prompt_id)
);
