-- A game's cross-process lock and where the game stands, in one round trip (`game_lock`): the lock
-- is waited for first, then the game's version and the last of its delivery rows that another
-- process (not `reader`) is still to send are read. `unlock_first`: the locks the connection's
-- earlier holder left are given back first, in the same round trip. A PL/pgSQL function, so the
-- read takes its snapshot after the lock is granted (one plain SELECT would read as of before the
-- wait).
CREATE FUNCTION lock_game(locked_id bigint, reader bigint, unlock_first boolean)
    RETURNS TABLE (version bigint, behind bigint)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    IF unlock_first THEN
        PERFORM pg_advisory_unlock_all();
    END IF;
    PERFORM pg_advisory_lock(locked_id);
    RETURN QUERY
        SELECT g.version::bigint,
               (SELECT MAX(d.id) FROM deliveries d
                WHERE d.game_id = g.id AND d.state = 0 AND d.owner IS DISTINCT FROM reader)::bigint
        FROM games g WHERE g.id = locked_id;
END
$$;
