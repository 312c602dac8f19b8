-- A like in one round trip (modules/discovery/likes.queries.ts calls it). Called as one statement,
-- it is one transaction: the advisory locks below are held until it commits. Unlike a single
-- statement, each statement of a PL/pgSQL function takes its own snapshot under READ COMMITTED,
-- so everything after the locks sees what was committed before they were granted: of two likes
-- racing from both sides of a pair, the second sees the first and makes the one match.
CREATE FUNCTION record_like(
  liker text, liked text, pair_a text, pair_b text, want_super boolean, premium boolean,
  day_start timestamptz, daily_limit integer,
  OUT likeable boolean, OUT used integer, OUT already boolean, OUT liked_back boolean,
  OUT inserted boolean, OUT match_id uuid, OUT conversation_id uuid
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  used := 0; already := false; liked_back := false; inserted := false;
  -- The pair's lock (one match per pair) and the liker's (the daily quota).
  PERFORM pg_advisory_xact_lock(hashtext('pair:' || pair_a || ':' || pair_b)), pg_advisory_xact_lock(hashtext('likes:' || liker));
  -- A visible profile, and no block either way.
  SELECT NOT p.hidden AND NOT EXISTS (
      SELECT 1 FROM blocks b
      WHERE (b.blocker_id = liker AND b.blocked_id = liked) OR (b.blocker_id = liked AND b.blocked_id = liker))
    INTO likeable FROM profiles p WHERE p.user_id = liked;
  likeable := coalesce(likeable, false);
  IF NOT likeable THEN RETURN; END IF;

  IF NOT premium THEN
    SELECT count(*)::int INTO used FROM likes l WHERE l.user_id = liker AND l.created_at >= day_start;
  END IF;
  already := EXISTS (SELECT 1 FROM likes l WHERE l.user_id = liker AND l.target_id = liked);
  liked_back := EXISTS (SELECT 1 FROM likes l WHERE l.user_id = liked AND l.target_id = liker);
  -- Answering an earlier like is never refused by the plan; a new one needs quota, a super like Premium.
  IF already OR NOT (premium OR (used < daily_limit AND NOT want_super)) THEN RETURN; END IF;

  INSERT INTO likes (user_id, target_id, super_like) VALUES (liker, liked, want_super) ON CONFLICT DO NOTHING;
  inserted := FOUND;
  IF NOT inserted THEN RETURN; END IF;
  DELETE FROM passes s WHERE s.user_id = liker AND s.target_id = liked;
  IF NOT liked_back THEN RETURN; END IF;

  -- 'It's a match!': the pair's match and its conversation, unless the pair already has one.
  INSERT INTO matches (user_a, user_b) VALUES (pair_a, pair_b) ON CONFLICT DO NOTHING RETURNING id INTO match_id;
  IF match_id IS NOT NULL THEN
    INSERT INTO conversations (match_id, user_a, user_b) VALUES (match_id, pair_a, pair_b) RETURNING id INTO conversation_id;
  END IF;
END $$;
