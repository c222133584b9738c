-- Search pages and suggestions read the newest posts the cheap way for the word typed.
--
-- The header suggestions' recent window is walked newest first. Its match is written
-- ts_match_vq(search_tsv, query), which is `search_tsv @@ query` as a function call: no index
-- answers a function call, so the planner cannot read the window through the GIN index (every
-- match of a common word, then a sort: ~2 ms on PostgreSQL, ~3 ms on PGlite at 100k products) and
-- walks products_created_idx backwards until p_limit match, which for a common word is a few rows.
-- A rare word or a miss walks the whole window, so the window is small (the caller's cutoff:
-- SUGGESTION_WINDOW, about 500 posts) and the older matches come, as before, through the GIN index.
-- What matches is unchanged: product_search_matches' conditions (migration 0014), the requests'.
CREATE OR REPLACE FUNCTION "search_suggestions"(p_query tsquery, p_user_from text, p_user_to text, p_today date, p_product_cutoff timestamptz, p_request_cutoff timestamptz, p_limit integer)
RETURNS TABLE(kind text, id integer, slug text, name text, price bigint, username text, photo text)
LANGUAGE plpgsql STABLE AS $$
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
    -- Range conditions (not LIKE) so that a kept plan still reads the text_pattern_ops indexes.
    RETURN QUERY SELECT 'u'::text, u.id, NULL::text, u.name, NULL::bigint, u.username::text, u.photo_profile
      FROM users u
      WHERE u.deleted_at IS NULL AND (
        (u.username ~>=~ p_user_from AND u.username ~<~ p_user_to AND starts_with(u.username, p_user_from))
        OR (lower(u.name) ~>=~ p_user_from AND lower(u.name) ~<~ p_user_to AND starts_with(lower(u.name), p_user_from)))
      ORDER BY u.username LIMIT p_limit;
  END IF;
END
$$;
--> statement-breakpoint

-- A searched product listing page (same arguments and results as in migration 0014) counts first,
-- through the GIN index (enable_seqscan is off here: for a word in a few percent of posts, the
-- planner's sequential scan read ~20,000 rows to find 1,001 matches, 9 ms at 100k products). Then:
-- none, or the page is past them: an empty page; a word with at most p_count_to matches: its page
-- from the index, sorted (at most p_count_to rows); a commoner word: the recent window walked newest
-- first (ts_match_vq, as above), which holds the page when it fills it, else the index, sorted.
CREATE OR REPLACE FUNCTION "search_product_page"(p_query tsquery, p_today date, p_cutoff timestamptz, p_limit integer, p_offset integer, p_count_to integer,
  p_trip integer, p_origin_country integer, p_origin_city integer, p_destination_country integer, p_destination_city integer, p_user integer,
  OUT ids integer[], OUT total integer)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_custom_plan SET enable_seqscan = off AS $$
BEGIN
  total := (SELECT count(*) FROM (SELECT FROM product_search_matches(p_query, p_today, p_trip, p_origin_country, p_origin_city, p_destination_country, p_destination_city, p_user)
    LIMIT p_count_to + 1) m);
  IF total = 0 OR p_offset >= total THEN
    ids := '{}';
    RETURN;
  END IF;
  IF total > p_count_to THEN
    -- product_search_matches' conditions, with the match as a function call.
    ids := ARRAY(SELECT p.id FROM products p JOIN trips t ON t.id = p.trip_id
      WHERE p.created_at >= p_cutoff AND ts_match_vq(p.search_tsv, p_query) AND p.active AND t.status = 'ACTIVE' AND coalesce(t.updated_delivery_date, t.delivery_date) >= p_today
      AND (p_trip IS NULL OR p.trip_id = p_trip)
      AND (p_origin_country IS NULL OR t.origin_country_id = p_origin_country)
      AND (p_origin_city IS NULL OR t.origin_city_id = p_origin_city)
      AND (p_destination_country IS NULL OR t.destination_country_id = p_destination_country)
      AND (p_destination_city IS NULL OR t.destination_city_id = p_destination_city)
      AND (p_user IS NULL OR p.user_id = p_user)
      ORDER BY p.created_at DESC, p.id DESC LIMIT p_limit OFFSET p_offset);
    IF cardinality(ids) = p_limit THEN
      RETURN;
    END IF;
  END IF;
  -- Newest first in a form no index delivers: the matches come from the GIN index and are sorted.
  ids := ARRAY(SELECT m.id FROM product_search_matches(p_query, p_today, p_trip, p_origin_country, p_origin_city, p_destination_country, p_destination_city, p_user) m
    ORDER BY m.created_at + interval '0 s' DESC, m.id DESC LIMIT p_limit OFFSET p_offset);
END
$$;
