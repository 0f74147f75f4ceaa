-- The interaction whose token carried a follow-up, saved with the claim of its rows (a negative batch): a
-- process that sends those rows again after a SIGKILL looks for that interaction's follow-up made since the
-- claim, whatever it says by now (a prompt answered meanwhile shows its answer). NULL for any other claim.
ALTER TABLE deliveries ADD COLUMN carrier INTEGER;
