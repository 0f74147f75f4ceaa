-- Interactions one bot process hands to another (bot/discord/forwarding.py): Discord sends every DM click to
-- shard 0, and shard 0's process forwards a click on a game of another process's server to that process, which
-- answers it. The row carries the gateway's payload (a NOTIFY's is limited to 8,000 bytes, a click with its
-- message can be more) until one process takes it, deleting it: exactly one answers. UNLOGGED: a row lives
-- well under a second and is worth nothing after a server restart (the forwarding process answers the click
-- itself), so its writes wait for no disk flush.
CREATE UNLOGGED TABLE forwarded_interactions (
    id       bigserial         PRIMARY KEY,
    target   bigint            NOT NULL,
    payload  text              NOT NULL,
    at       double precision  NOT NULL
);
