-- Reference ceiling for a status read: one transaction by id, scoped to its merchant
-- and mode. bench_ids (made by the benchmark) numbers the ids the HTTP scenario reads.
\set n random(1, :ids)
SELECT t.* FROM transactions t WHERE t.id = (SELECT id FROM bench_ids WHERE n = :n) AND t.merchant_id = :merchant AND t.mode = 'test';
