-- Delivery kinds are the Discord layer's business (a channel's permission rule, a live message
-- edited in place, a notice for the moderators, a substitute's dossier, a finished game's log, …):
-- the deliveries table no longer lists them. (SQLite rebuilds the table; PostgreSQL drops the CHECK.)
ALTER TABLE deliveries DROP CONSTRAINT deliveries_kind_check;
