-- Data for payment-statements.pgbench.sql, on a freshly migrated database: 100 payers with a wallet that
-- never runs out and 1,000 S$1 bills each (bills :u*1000-999 .. :u*1000 belong to payer :u), as the bench's
-- payment scenario seeds them.
insert into ledger_accounts (code, kind, currency) values ('revenue:bills', 'system', 'SGD'), ('expense:coupons', 'system', 'SGD')
  on conflict do nothing;
insert into ledger_accounts (code, kind, user_id, currency, balance_minor)
  select 'wallet:' || u || ':SGD', 'wallet', u, 'SGD', 1000000000 from generate_series(1, 100) u;
insert into bills (id, user_id, kind, ref_id, currency, amount_minor, lines, description)
  select i, (i - 1) / 1000 + 1, 'other', i, 'SGD', 100,
    '[{"code": "bench", "label": {"en": "Bench", "zh_CN": "基准"}, "amountMinor": 100}]'::jsonb,
    '{"en": "Bench bill", "zh_CN": "基准账单"}'::jsonb
  from generate_series(1, 100000) i;
vacuum analyze;
