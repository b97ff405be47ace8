-- Reference ceiling for payin creation: one 16-column INSERT into transactions,
-- what a payin's row is (ids random like ULIDs; the wallet is not touched).
INSERT INTO transactions (id, merchant_id, mode, type, status, requested_amount, amount, fee, charged_amount,
  currency, order_id, country_code, network, phone_number, connector, next_check_at)
VALUES ('pi_' || gen_random_uuid(), :merchant, 'test', 'payin', 'pending', 100000, 100000, 1500, 101500,
  'KES', 'pgbench', 'KE', 'safaricom', '254712341234', 'sandbox', now() + interval '1 hour');
