-- Reference ceiling for a payout on one hot wallet: in one transaction, UPDATE the
-- wallet row (reserve amount + fee) and 3 INSERTs (the transaction, its two ledger
-- legs, its status event). Every client updates the same row: the row lock
-- serialises them, so this is one commit at a time.
\set tx_suffix random(1, 1000000000)
BEGIN;
UPDATE wallets SET available = available - 1015, in_flight = in_flight + 1015, updated_at = now() WHERE id = :wallet;
INSERT INTO transactions (id, merchant_id, mode, type, status, requested_amount, amount, fee, charged_amount,
  currency, order_id, country_code, network, phone_number, beneficiary, connector, next_check_at)
VALUES ('po_pgb_' || :client_id || '_' || :tx_suffix || '_' || txid_current(), :merchant, 'test', 'payout', 'pending', 1000, 1000, 15, 1015,
  'KES', 'pgbench', 'KE', 'safaricom', '254712341234', 'Bench', 'sandbox', now() + interval '1 hour');
INSERT INTO ledger_entries (id, transfer_id, merchant_id, mode, currency, wallet_id, account, kind, amount, transaction_id)
VALUES ('len_' || gen_random_uuid(), 'ltr_pgb_' || txid_current(), :merchant, 'test', 'KES', :wallet, 'available', 'payout_reserve', -1015, 'po_pgb_' || txid_current()),
       ('len_' || gen_random_uuid(), 'ltr_pgb_' || txid_current(), :merchant, 'test', 'KES', :wallet, 'in_flight', 'payout_reserve', 1015, 'po_pgb_' || txid_current());
INSERT INTO transaction_events (id, transaction_id, to_status)
VALUES ('tev_' || gen_random_uuid(), 'po_pgb_' || :client_id || '_' || :tx_suffix || '_' || txid_current(), 'pending');
COMMIT;
