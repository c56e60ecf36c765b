-- Hand-written: a payment's ledger statement goes out with its COMMIT in one write (db/pg-pipelined-tx.ts), so it must
-- fail, not just move nothing, when the wallet could not be moved (too little in it, no wallet yet, a system account
-- not created yet): the failure turns that COMMIT into a ROLLBACK and the payment runs again on the general path.
-- The error's SQLSTATE is our own (class LG), so it is never taken for another failure.
CREATE FUNCTION ledger_require_moved(moved boolean) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF moved IS NOT TRUE THEN
    RAISE EXCEPTION 'ledger: the wallet was not moved' USING ERRCODE = 'LG001';
  END IF;
  RETURN true;
END $$;
