-- When each delivery row was made (Unix seconds): a row taken back at a restart, or adopted from a process that
-- died, keeps its place among the rows waiting for the REST budget by how long its players have waited already
-- (bot/discord/patience.py), not from when the new process read it. NULL: made before this column (counted as new).
ALTER TABLE deliveries ADD COLUMN made double precision;
