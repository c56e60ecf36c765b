-- A payment of one S$1 bill from its owner's balance, as the database receives it from the server: the
-- statements of wallet/payment.statements.ts (claimAndLockBills) and wallet/ledger.ts (postOneWallet, with
-- markBillsPaid and markPaymentSucceeded as its `also` writes), in one transaction. What the server
-- decides between them (owner, status, expiry, balance) is JavaScript and is left out: this is the database's
-- share of a payment alone, measured by pgbench like its TPC-B-like yardstick. pgbench sends BEGIN and COMMIT
-- on their own (four round trips, where the server sends two writes), so if anything it understates the
-- database. Keep it in step with those statements; payment-statements.test.ts runs it and checks what a
-- payment leaves.
-- pgbench replaces :name even inside quotes, so no literal here has a colon (chr(58) builds 'revenue:bills').
\set u random(1, 100)
\set b (:u - 1) * 1000 + random(1, 1000)
BEGIN;
with claim as (
  insert into payments (payer_user_id, idempotency_key, request_hash, status, currency, exchange_rate, auto)
  values (:u::int, 'bench-' || gen_random_uuid(), 'a2f1c0ffee5d8e4b7d0c9a8f6e5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d', 'pending', 'SGD', '5.3200', 0)
  on conflict do nothing
  returning id
)
select bills.*,
  (select balance_minor from ledger_accounts where user_id = :u::int and currency = 'SGD') as balance,
  (select id from claim) as claimed
from bills
where bills.id = any(array[:b::int]::int[]) and coalesce((select id from claim), 0) >= 0
order by bills.id
for update of bills \gset
with w as (
  update ledger_accounts set balance_minor = balance_minor + (-100)::bigint
  where user_id = :u::int and currency = 'SGD' and balance_minor + (-100)::bigint >= 0
    and (select count(*) from ledger_accounts s where s.code in ('revenue' || chr(58) || 'bills')) = 1
  returning id, balance_minor
), t as (
  insert into ledger_transactions (type, user_id, memo, recharge_id, payment_id, staff_id)
  select 'payment', :u::int, 'bills ' || :b::text, null::int, :claimed::int, null::int from w
  returning id
), e as (
  insert into ledger_entries (transaction_id, account_id, currency, amount_minor, balance_after_minor)
  select t.id, w.id, 'SGD', (-100)::bigint, w.balance_minor from t, w
  union all
  select t.id, a.id, 'SGD', v.amount, null
  from t, (values ('revenue' || chr(58) || 'bills', 100::bigint)) as v(code, amount) join ledger_accounts a on a.code = v.code
), also_write_0 as (
  update bills set status = 'paid', payment_id = :claimed::int, paid_by_user_id = :u::int,
    paid_gross_minor = v.gross, paid_discount_minor = v.discount, paid_at = now()
  from jsonb_to_recordset(jsonb_build_array(jsonb_build_object('id', :b::int, 'gross', 100, 'discount', 0)))
    as v(id int, gross bigint, discount bigint)
  where bills.id = v.id and exists (select 1 from t)
), also_write_1 as (
  update payments set status = 'succeeded', total_minor = 100, discount_minor = 0, charged_minor = 100, coupon_id = null::int,
    ledger_transaction_id = (select id from t),
    result = jsonb_build_object('payment_id', :claimed::int, 'bill_ids', jsonb_build_array(:b::int), 'currency', 'SGD',
      'total_minor', 100, 'discount_minor', 0, 'charged_minor', 100, 'coupon_id', null, 'exchange_rate', '5.3200',
      'paid_at', now(), 'replayed', false)
      || jsonb_build_object('balance_after_minor', coalesce((select balance_minor from w), 0))
  where id = :claimed::int and exists (select 1 from t)
)
select (select id from t) as transaction_id, (select balance_minor from w) as balance, ledger_require_moved(exists (select 1 from t));
COMMIT;
