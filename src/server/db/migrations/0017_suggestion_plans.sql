-- The header suggestions keep their plans. Left to the plan cache, search_suggestions' statements
-- were planned afresh on every call (the plan cache kept judging a plan for the word typed cheaper
-- than a generic one): ~0.6 ms of each call on PGlite went to planning, and each plan asked the
-- file system for every table's and index's size. The walks and the index reads plan the same for
-- any word, so the function now keeps generic plans (as product_cards does, migration 0016); the
-- users' part alone is planned per call, where a prefix shared by every username and a rare one
-- want different plans. What matches and the order are unchanged.
CREATE OR REPLACE FUNCTION "search_suggestions"(p_query tsquery, p_user_from text, p_user_to text, p_today date, p_product_cutoff timestamptz, p_request_cutoff timestamptz, p_limit integer)
RETURNS TABLE(kind text, id integer, slug text, name text, price bigint, username text, photo text)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE found_rows integer;
BEGIN
  RETURN QUERY SELECT 'p'::text, p.id, p.slug::text, p.name, p.price, NULL::text, NULL::text
    FROM products p JOIN trips t ON t.id = p.trip_id
    WHERE p.created_at >= p_product_cutoff AND ts_match_vq(p.search_tsv, p_query) AND p.active
      AND t.status = 'ACTIVE' AND coalesce(t.updated_delivery_date, t.delivery_date) >= p_today
    ORDER BY p.created_at DESC, p.id DESC LIMIT p_limit;
  GET DIAGNOSTICS found_rows = ROW_COUNT;
  IF found_rows < p_limit THEN
    RETURN QUERY SELECT 'p'::text, m.id, m.slug, m.name, m.price, NULL::text, NULL::text
      FROM product_search_matches(p_query, p_today, NULL, NULL, NULL, NULL, NULL, NULL) m
      WHERE m.created_at < p_product_cutoff ORDER BY m.created_at + interval '0 s' DESC, m.id DESC LIMIT p_limit - found_rows;
  END IF;
  RETURN QUERY SELECT 'r'::text, r.id, r.slug::text, r.name, r.price_eta, NULL::text, NULL::text
    FROM requests r
    WHERE r.created_at >= p_request_cutoff AND ts_match_vq(r.search_tsv, p_query) AND r.active AND r.closed_at IS NULL
    ORDER BY r.created_at DESC, r.id DESC LIMIT p_limit;
  GET DIAGNOSTICS found_rows = ROW_COUNT;
  IF found_rows < p_limit THEN
    RETURN QUERY SELECT 'r'::text, r.id, r.slug::text, r.name, r.price_eta, NULL::text, NULL::text
      FROM requests r
      WHERE r.search_tsv @@ p_query AND r.active AND r.closed_at IS NULL AND r.created_at < p_request_cutoff
      ORDER BY r.created_at + interval '0 s' DESC, r.id DESC LIMIT p_limit - found_rows;
  END IF;
  IF p_user_from IS NOT NULL THEN
    -- Planned for the key at hand (EXECUTE): a generic plan cannot tell a prefix every username
    -- shares ("bench…": in order through the username index, stop at five) from a rare one.
    -- Range conditions (not LIKE) so that the text_pattern_ops indexes answer.
    RETURN QUERY EXECUTE $q$SELECT 'u'::text, u.id, NULL::text, u.name, NULL::bigint, u.username::text, u.photo_profile
      FROM users u
      WHERE u.deleted_at IS NULL AND (
        (u.username ~>=~ $1 AND u.username ~<~ $2 AND starts_with(u.username, $1))
        OR (lower(u.name) ~>=~ $1 AND lower(u.name) ~<~ $2 AND starts_with(lower(u.name), $1)))
      ORDER BY u.username LIMIT $3$q$ USING p_user_from, p_user_to, p_limit;
  END IF;
END
$$;
