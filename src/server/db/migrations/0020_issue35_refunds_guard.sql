-- Issue 35 (docs/decisions/0057): the database itself refuses refunds that would take a payment's
-- refunded total beyond what the provider took (the amount it reported when it differed from the
-- amount asked, else the amount asked). Every refund row counts, whatever its state: a refused or
-- failed one is still owed to the payer (by hand). The payment's row is locked before the sum, so
-- two transactions adding refunds to one payment at once are counted one after the other.
CREATE OR REPLACE FUNCTION refunds_within_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  taken integer;
  others bigint;
BEGIN
  SELECT coalesce(paid_amount_pence, amount_pence) INTO taken FROM payments WHERE id = NEW.payment_id FOR UPDATE;
  SELECT coalesce(sum(amount_pence), 0) INTO others FROM refunds WHERE payment_id = NEW.payment_id AND id <> NEW.id;
  IF others + NEW.amount_pence > taken THEN
    RAISE EXCEPTION 'refunds of payment % would come to % pence, more than the % pence the provider took',
      NEW.payment_id, others + NEW.amount_pence, taken
      USING ERRCODE = 'check_violation', CONSTRAINT = 'refunds_within_payment';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER refunds_within_payment BEFORE INSERT OR UPDATE OF amount_pence, payment_id ON refunds
  FOR EACH ROW EXECUTE FUNCTION refunds_within_payment();
