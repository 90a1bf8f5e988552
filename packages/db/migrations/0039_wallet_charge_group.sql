-- wallet_charge_group: several charges in one statement (ARCHITECTURE.md "Money: charges in groups").
--
-- The API sends the charges that arrive while others are being written as one call of this function
-- (lib/grouped.ts): one round trip and one commit for the group instead of one of each per charge.
-- Each charge is wallet_charge's own, unchanged, in a subtransaction of its own, so one refused for
-- an empty wallet (FS001) or a second purchase (FS002) rolls back only its own writes and answers
-- {"raised": code}; any other error fails the group, and the API then runs each charge alone.
--
-- The charges run in the order of their fan's id (then key), whatever order they came in: two groups
-- running at once lock their fans' wallets in one order, so they never wait on each other in a
-- circle. The answer maps each charge's place in the array ("0", "1", ...) to wallet_charge's answer.
-- The API keeps a group to 32 charges: a transaction's first 64 subtransactions are the ones other
-- sessions' snapshots can list without looking them up.
CREATE OR REPLACE FUNCTION wallet_charge_group(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_item record;
  v_answer jsonb;
  v_answers jsonb := '{}'::jsonb;
BEGIN
  FOR v_item IN
    SELECT value, ordinality - 1 AS place
    FROM jsonb_array_elements(p) WITH ORDINALITY
    ORDER BY value->>'fanId' COLLATE "C", value->>'idempotencyKey' COLLATE "C" NULLS FIRST, ordinality
  LOOP
    BEGIN
      v_answer := wallet_charge(v_item.value);
    EXCEPTION WHEN SQLSTATE 'FS001' OR SQLSTATE 'FS002' THEN
      v_answer := jsonb_build_object('raised', SQLSTATE);
    END;
    v_answers := v_answers || jsonb_build_object(v_item.place::text, v_answer);
  END LOOP;
  RETURN v_answers;
END;
$$;
