-- Issue 20 (D19): live transactions created before routes existed went through their
-- network's only (direct) route, the connector that handles them.
UPDATE "transactions" SET "route" = "connector" WHERE "route" IS NULL AND "connector" <> 'sandbox';
