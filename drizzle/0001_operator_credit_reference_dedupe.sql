-- Issue 10 §6: operator credit references become unique across the whole ledger. Older installs
-- could hold one reference on several wallets (the CLI's `cli-initial-<mode>-<currency>`
-- funding reference was the same for every merchant): the first credit keeps its reference,
-- later ones get their wallet id appended, so the unique index below can be created.
UPDATE "operator_credits" AS c
SET "reference" = c."reference" || ' (' || c."wallet_id" || ')'
WHERE EXISTS (
  SELECT 1 FROM "operator_credits" AS earlier
  WHERE earlier."reference" = c."reference"
    AND (earlier."created_at", earlier."transfer_id") < (c."created_at", c."transfer_id")
);
