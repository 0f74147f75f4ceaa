-- Interactions one bot process hands to another (bot/discord/forwarding.py): Discord sends every DM click to
-- shard 0, and shard 0's process forwards a click on a game of another process's server to that process, which
-- answers it. The row carries the gateway's payload (a NOTIFY's is limited to 8,000 bytes, a click with its
-- message can be more); its id is the interaction's. It is taken once, by the target when told, or by the
-- forwarding process when the target did not take it in time (a row it finds missing it writes as taken by
-- itself): `taken_by` is set by whichever comes first, so exactly one answers. Rows are dropped a while later.
-- UNLOGGED: a row lives for seconds and is worth nothing after a server restart (the forwarding process answers
-- the click itself), so its writes wait for no disk flush.
CREATE UNLOGGED TABLE forwarded_interactions (
    id        bigint            PRIMARY KEY,
    target    bigint            NOT NULL,
    payload   text              NOT NULL,
    at        double precision  NOT NULL,
    taken_by  bigint
);
