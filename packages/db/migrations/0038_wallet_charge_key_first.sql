-- wallet_charge, cheaper per call (ARCHITECTURE.md "Money: one statement per charge").
--
-- 1. It answers a replay first. The tip and purchase routes no longer look the Idempotency-Key up
--    before calling it (one statement less per charge), so a key already answered is replayed here
--    before any check: the stored answer stands though the creator, the item or the balance changed
--    since, as it did when the route's look-up answered it. wallet_stored_answer says what to answer
--    for a used key, here and where a twin held the key until it committed.
-- 2. Its two helpers are PL/pgSQL instead of SQL. A SQL function that cannot be inlined is parsed
--    and planned again on every call; PL/pgSQL keeps its plans for the connection. Under the bench's
--    tips the two SQL helpers were about a tenth of the database's time. Same arguments, same
--    answers (ledger_account_id must still match accountIdOf() in wallet.ledger.ts).
--
-- The rest of wallet_charge is 0034's.
CREATE OR REPLACE FUNCTION ledger_account_id(p_kind text, p_owner uuid) RETURNS uuid
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  h bytea := substring(
    sha256(convert_to('fanstage-ledger:' || p_kind || ':' || coalesce(p_owner::text, 'system'), 'UTF8'))
    FROM 1 FOR 16
  );
BEGIN
  RETURN encode(
    set_byte(set_byte(h, 6, (get_byte(h, 6) & 15) | 128), 8, (get_byte(h, 8) & 63) | 128),
    'hex'
  )::uuid;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wallet_creator_visible(p_performer uuid, p_fan uuid, p_country text) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (
    SELECT 1 FROM users u JOIN performer_profiles pp ON pp.user_id = u.id
    WHERE u.id = p_performer AND u.role = 'performer' AND u.status = 'active'
      AND pp.documents_verified_at IS NOT NULL
  )
  AND (p_country IS NULL OR NOT EXISTS (
    SELECT 1 FROM performer_blocked_countries c
    WHERE c.performer_id = p_performer AND c.country_code = p_country
  ))
  AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.performer_id = p_performer AND b.target_id = p_fan);
END;
$$;
--> statement-breakpoint
-- What wallet_charge answers for a key the fan already used: the stored answer to replay, 422 for
-- another request, 409 while its request is still running; null when the key is unused.
-- Volatile, so that after wallet_charge waited for a twin to commit it reads the twin's answer.
CREATE OR REPLACE FUNCTION wallet_stored_answer(p_fan uuid, p_key text, p_hash text) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_stored record;
BEGIN
  SELECT k.request_hash, k.response_status, k.response_body INTO v_stored
  FROM idempotency_keys k WHERE k.user_id = p_fan AND k.key = p_key;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF v_stored.request_hash <> p_hash THEN
    RETURN jsonb_build_object('error', 'key_reused');
  END IF;
  IF v_stored.response_status IS NULL THEN
    RETURN jsonb_build_object('error', 'key_in_progress');
  END IF;
  RETURN jsonb_build_object('replay', jsonb_build_object(
    'status', v_stored.response_status, 'body', v_stored.response_body));
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wallet_charge(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_kind text := p->>'kind';
  v_fan uuid := (p->>'fanId')::uuid;
  v_admin boolean := (p->>'fanRole') = 'admin';
  v_country text := p->>'country';
  v_now timestamptz := (p->>'now')::timestamptz;
  v_target uuid := (p->>'targetId')::uuid;
  v_key text := p->>'idempotencyKey';
  v_hash text := p->>'requestHash';
  v_tx uuid := (p->>'transactionId')::uuid;
  v_performer uuid;
  v_price bigint;
  v_is_sale boolean;
  v_visible boolean;
  v_name text;
  v_rate double precision;
  v_commission bigint;
  v_net bigint;
  v_balance bigint;
  v_lines jsonb;
  v_account record;
  v_body jsonb;
BEGIN
  IF v_key IS NOT NULL THEN
    v_body := wallet_stored_answer(v_fan, v_key, v_hash);
    IF v_body IS NOT NULL THEN
      RETURN v_body;
    END IF;
  END IF;

  IF v_kind = 'tip' THEN
    v_performer := (p->>'performerId')::uuid;
    v_price := (p->>'amountCents')::bigint;
    SELECT (u.status = 'active' AND pp.documents_verified_at IS NOT NULL) INTO v_visible
    FROM users u JOIN performer_profiles pp ON pp.user_id = u.id
    WHERE u.id = v_performer AND u.role = 'performer';
    IF NOT FOUND OR NOT (v_visible OR v_performer = v_fan OR v_admin) THEN
      RETURN jsonb_build_object('error', 'creator_not_found');
    END IF;
    IF NOT v_admin AND v_performer <> v_fan THEN
      IF v_country IS NOT NULL AND EXISTS (
        SELECT 1 FROM performer_blocked_countries c
        WHERE c.performer_id = v_performer AND c.country_code = v_country
      ) THEN
        RETURN jsonb_build_object('error', 'creator_not_found');
      END IF;
      IF EXISTS (SELECT 1 FROM user_blocks b WHERE b.performer_id = v_performer AND b.target_id = v_fan) THEN
        RETURN jsonb_build_object('error', 'blocked');
      END IF;
    END IF;
    IF v_performer = v_fan THEN
      RETURN jsonb_build_object('error', 'self_tip');
    END IF;
    IF v_price < (p->>'minimumCents')::bigint THEN
      RETURN jsonb_build_object('error', 'tip_too_low');
    END IF;
    IF v_price > (p->>'maximumCents')::bigint THEN
      RETURN jsonb_build_object('error', 'tip_too_high');
    END IF;
  ELSE
    -- The item's seller, price and whether the fan may see it (owner and admins aside).
    IF v_kind = 'feed' THEN
      SELECT f.performer_id, f.is_sale, f.price_cents,
        f.hidden_at IS NULL AND f.published_at <= v_now AND NOT EXISTS (
          SELECT 1 FROM feed_files ff JOIN files fl ON fl.id = ff.file_id
          WHERE ff.feed_id = f.id AND fl.status = 'failed'
        )
      INTO v_performer, v_is_sale, v_price, v_visible
      FROM feeds f WHERE f.id = v_target;
    ELSIF v_kind = 'video' THEN
      SELECT v.performer_id, v.is_sale, v.price_cents,
        v.hidden_at IS NULL AND v.status = 'active' AND fl.status = 'ready'
      INTO v_performer, v_is_sale, v_price, v_visible
      FROM videos v JOIN files fl ON fl.id = v.file_id WHERE v.id = v_target;
    ELSIF v_kind = 'gallery' THEN
      SELECT g.performer_id, g.is_sale, g.price_cents, g.hidden_at IS NULL AND g.status = 'active'
      INTO v_performer, v_is_sale, v_price, v_visible
      FROM galleries g WHERE g.id = v_target;
    ELSIF v_kind = 'message' THEN
      -- Seen only by the two members of its conversation; for sale while not deleted.
      SELECT m.sender_id, NOT m.is_deleted, m.price_cents,
        EXISTS (
          SELECT 1 FROM conversation_members cm
          WHERE cm.conversation_id = m.conversation_id AND cm.user_id = v_fan
        ) AND EXISTS (
          SELECT 1 FROM conversation_members cm
          WHERE cm.conversation_id = m.conversation_id AND cm.user_id <> v_fan
        )
      INTO v_performer, v_is_sale, v_price, v_visible
      FROM messages m WHERE m.id = v_target;
    ELSIF v_kind = 'stream' THEN
      -- Sold while live; the row is shared-locked so the show cannot end mid-charge.
      SELECT s.performer_id, s.status = 'live', s.price_cents
      INTO v_performer, v_is_sale, v_price
      FROM live_sessions s WHERE s.id = v_target FOR SHARE;
    ELSE
      RAISE EXCEPTION 'wallet_charge: unknown kind %', v_kind;
    END IF;
    IF NOT FOUND THEN
      RETURN jsonb_build_object('error', 'not_found');
    END IF;
    -- A creator who blocked the fan sells them nothing: said plainly, before visibility.
    IF NOT v_admin AND v_performer <> v_fan AND EXISTS (
      SELECT 1 FROM user_blocks b WHERE b.performer_id = v_performer AND b.target_id = v_fan
    ) THEN
      RETURN jsonb_build_object('error', 'blocked');
    END IF;
    IF v_kind = 'message' THEN
      IF NOT v_visible THEN
        RETURN jsonb_build_object('error', 'not_found');
      END IF;
    ELSIF v_kind = 'stream' THEN
      -- The show of a creator the fan may not see is missing; a fan must subscribe to buy it.
      IF v_performer <> v_fan THEN
        SELECT u.name, (u.status = 'active' AND pp.documents_verified_at IS NOT NULL)
        INTO v_name, v_visible
        FROM users u JOIN performer_profiles pp ON pp.user_id = u.id
        WHERE u.id = v_performer AND u.role = 'performer';
        IF NOT FOUND OR NOT (v_visible OR v_admin) THEN
          RETURN jsonb_build_object('error', 'not_found');
        END IF;
        IF NOT v_admin AND v_country IS NOT NULL AND EXISTS (
          SELECT 1 FROM performer_blocked_countries c
          WHERE c.performer_id = v_performer AND c.country_code = v_country
        ) THEN
          RETURN jsonb_build_object('error', 'not_found');
        END IF;
        IF NOT EXISTS (
          SELECT 1 FROM subscriptions sub
          WHERE sub.fan_id = v_fan AND sub.performer_id = v_performer AND sub.expired_at > v_now
        ) THEN
          RETURN jsonb_build_object('error', 'not_subscribed', 'performerName', v_name);
        END IF;
      END IF;
    ELSIF NOT v_admin AND v_performer <> v_fan THEN
      IF NOT v_visible OR NOT wallet_creator_visible(v_performer, v_fan, v_country) THEN
        RETURN jsonb_build_object('error', 'not_found');
      END IF;
    ELSIF v_admin AND NOT EXISTS (SELECT 1 FROM performer_profiles pp WHERE pp.user_id = v_performer) THEN
      RETURN jsonb_build_object('error', 'not_found');
    END IF;
    IF v_performer = v_fan THEN
      RETURN jsonb_build_object('error', 'own');
    END IF;
    IF v_kind = 'stream' AND NOT v_is_sale THEN
      RETURN jsonb_build_object('error', 'ended');
    END IF;
    IF v_kind = 'stream' AND v_price <= 0 THEN
      RETURN jsonb_build_object('error', 'free_show');
    END IF;
    IF NOT v_is_sale OR v_price <= 0 THEN
      RETURN jsonb_build_object('error', 'not_for_sale');
    END IF;
  END IF;

  -- The Idempotency-Key: a concurrent twin waits here for the first to commit, then replays it.
  IF v_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES (v_fan, v_key, v_hash)
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RETURN coalesce(wallet_stored_answer(v_fan, v_key, v_hash), jsonb_build_object('error', 'key_reused'));
    END IF;
  END IF;

  IF v_kind <> 'tip' THEN
    INSERT INTO purchases (id, fan_id, performer_id, target_type, target_id, price_cents, created_at)
    VALUES ((p->>'purchaseId')::uuid, v_fan, v_performer, v_kind, v_target, v_price, v_now)
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'already bought' USING ERRCODE = 'FS002';
    END IF;
  END IF;

  -- The creator's own rate wins over the site's; the platform's share rounds half up.
  SELECT pp.commission_percentage INTO v_rate FROM performer_profiles pp WHERE pp.user_id = v_performer;
  v_rate := coalesce(v_rate, (p->>'defaultRate')::double precision);
  v_commission := (v_price * floor(v_rate * 1000000 + 0.5)::bigint + 500000) / 1000000;
  v_net := v_price - v_commission;

  -- The conditional debit is the balance check: the fan's row lock serializes their spending.
  UPDATE users SET balance_cents = balance_cents - v_price, updated_at = v_now
  WHERE id = v_fan AND balance_cents >= v_price
  RETURNING balance_cents INTO v_balance;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'insufficient balance' USING ERRCODE = 'FS001';
  END IF;

  v_lines := jsonb_build_array(
    jsonb_build_object('o', 1, 'id', ledger_account_id('fan_wallet', v_fan), 'kind', 'fan_wallet',
      'user', v_fan, 'amount', -v_price),
    jsonb_build_object('o', 2, 'id', ledger_account_id('creator_earnings', v_performer),
      'kind', 'creator_earnings', 'user', v_performer, 'amount', v_net),
    jsonb_build_object('o', 3, 'id', ledger_account_id('platform_revenue', NULL), 'kind', 'platform_revenue',
      'user', NULL, 'amount', v_commission)
  );
  INSERT INTO ledger_accounts (id, kind, user_id)
  SELECT (l->>'id')::uuid, l->>'kind', (l->>'user')::uuid
  FROM jsonb_array_elements(v_lines) l WHERE (l->>'amount')::bigint <> 0
  ON CONFLICT DO NOTHING;
  -- Derived accounts are held shared (roll-ups take them exclusively), in one order everywhere.
  FOR v_account IN
    SELECT l->>'id' AS id FROM jsonb_array_elements(v_lines) l
    WHERE l->>'kind' <> 'fan_wallet' AND (l->>'amount')::bigint <> 0
    ORDER BY l->>'id' COLLATE "C"
  LOOP
    PERFORM pg_advisory_xact_lock_shared(hashtextextended(v_account.id, 0));
  END LOOP;

  INSERT INTO ledger_transactions (id, kind, reference, initiator_id, metadata, created_at)
  VALUES (v_tx, 'charge', p->>'reference', v_fan,
    jsonb_build_object('source', v_kind) || coalesce(p->'metadata', '{}'::jsonb), v_now);
  INSERT INTO ledger_entries (transaction_id, account_id, amount_cents)
  SELECT v_tx, (l->>'id')::uuid, (l->>'amount')::bigint
  FROM jsonb_array_elements(v_lines) l WHERE (l->>'amount')::bigint <> 0
  ORDER BY (l->>'o')::int;
  INSERT INTO earnings (id, transaction_id, performer_id, fan_id, source_type, source_id, gross_cents,
    commission_rate, commission_cents, net_cents, created_at)
  VALUES ((p->>'earningId')::uuid, v_tx, v_performer, v_fan, v_kind, v_target, v_price, v_rate,
    v_commission, v_net, v_now);

  v_body := jsonb_build_object(
    '_id', v_tx,
    'type', v_kind,
    'targetId', v_target,
    'performerId', v_performer,
    'amount', round(v_price::numeric / 100, 2),
    'balance', round(v_balance::numeric / 100, 2),
    'createdAt', p->>'nowIso'
  );
  IF v_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = 200, response_body = jsonb_build_object('data', v_body)
    WHERE user_id = v_fan AND key = v_key;
  END IF;
  RETURN jsonb_build_object(
    'charge', v_body,
    'grossCents', v_price,
    'commissionCents', v_commission,
    'netCents', v_net,
    'balanceCents', v_balance
  );
END;
$$;
