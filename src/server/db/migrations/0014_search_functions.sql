-- The hot search statements as functions, called in one round trip each. A PL/pgSQL function's
-- statements are parsed once per session and their plans cached (PGlite is one session; each
-- pooled PostgreSQL connection keeps its own): product_cards keeps one generic plan (by primary
-- keys); the search statements get plans for their values where PostgreSQL finds a generic
-- plan worse (search_product_page always: its optional filters would make a generic plan start
-- from trips). Semantics are those of src/server/domain/catalogue/search-query.ts: newest matches
-- are first looked for in the recent window (created_at >= a cutoff), then through the GIN index.

-- Active products on trips still delivering on p_today that match p_query and the listing's
-- filters (NULL: no filter). Inlined into the statements that use it.
CREATE FUNCTION "product_search_matches"(p_query tsquery, p_today date, p_trip integer, p_origin_country integer, p_origin_city integer,
  p_destination_country integer, p_destination_city integer, p_user integer)
RETURNS TABLE(id integer, slug text, name text, price bigint, created_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT p.id, p.slug::text, p.name, p.price, p.created_at
  FROM products p JOIN trips t ON t.id = p.trip_id
  WHERE p.search_tsv @@ p_query AND p.active AND t.status = 'ACTIVE' AND coalesce(t.updated_delivery_date, t.delivery_date) >= p_today
    AND (p_trip IS NULL OR p.trip_id = p_trip)
    AND (p_origin_country IS NULL OR t.origin_country_id = p_origin_country)
    AND (p_origin_city IS NULL OR t.origin_city_id = p_origin_city)
    AND (p_destination_country IS NULL OR t.destination_country_id = p_destination_country)
    AND (p_destination_city IS NULL OR t.destination_city_id = p_destination_city)
    AND (p_user IS NULL OR p.user_id = p_user)
$$;--> statement-breakpoint

-- One page of a searched product listing, newest first (ids in order), and the number of matches
-- counted up to p_count_to + 1 (more than p_count_to reads as "p_count_to+").
CREATE FUNCTION "search_product_page"(p_query tsquery, p_today date, p_cutoff timestamptz, p_limit integer, p_offset integer, p_count_to integer,
  p_trip integer, p_origin_country integer, p_origin_city integer, p_destination_country integer, p_destination_city integer, p_user integer,
  OUT ids integer[], OUT total integer)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  ids := ARRAY(SELECT m.id FROM product_search_matches(p_query, p_today, p_trip, p_origin_country, p_origin_city, p_destination_country, p_destination_city, p_user) m
    WHERE m.created_at >= p_cutoff ORDER BY m.created_at DESC, m.id DESC LIMIT p_limit OFFSET p_offset);
  IF cardinality(ids) < p_limit THEN
    -- Newest first in a form no index delivers: the matches come from the GIN index and are sorted.
    ids := ARRAY(SELECT m.id FROM product_search_matches(p_query, p_today, p_trip, p_origin_country, p_origin_city, p_destination_country, p_destination_city, p_user) m
      ORDER BY m.created_at + interval '0 s' DESC, m.id DESC LIMIT p_limit OFFSET p_offset);
  END IF;
  total := (SELECT count(*) FROM (SELECT FROM product_search_matches(p_query, p_today, p_trip, p_origin_country, p_origin_city, p_destination_country, p_destination_city, p_user)
    LIMIT p_count_to + 1) m);
END
$$;--> statement-breakpoint

-- The header suggestions: up to p_limit newest products, newest requests, and people whose
-- username or lower-cased name starts with p_user_from (p_user_to: a bound above every such text;
-- NULL p_user_from: no people), as rows of kind 'p', 'r' and 'u'.
CREATE FUNCTION "search_suggestions"(p_query tsquery, p_user_from text, p_user_to text, p_today date, p_product_cutoff timestamptz, p_request_cutoff timestamptz, p_limit integer)
RETURNS TABLE(kind text, id integer, slug text, name text, price bigint, username text, photo text)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE found_rows integer;
BEGIN
  -- The window's matches are the newest; when fewer than p_limit, the rest are the newest older ones.
  RETURN QUERY SELECT 'p'::text, m.id, m.slug, m.name, m.price, NULL::text, NULL::text
    FROM product_search_matches(p_query, p_today, NULL, NULL, NULL, NULL, NULL, NULL) m
    WHERE m.created_at >= p_product_cutoff ORDER BY m.created_at DESC, m.id DESC LIMIT p_limit;
  GET DIAGNOSTICS found_rows = ROW_COUNT;
  IF found_rows < p_limit THEN
    RETURN QUERY SELECT 'p'::text, m.id, m.slug, m.name, m.price, NULL::text, NULL::text
      FROM product_search_matches(p_query, p_today, NULL, NULL, NULL, NULL, NULL, NULL) m
      WHERE m.created_at < p_product_cutoff ORDER BY m.created_at + interval '0 s' DESC, m.id DESC LIMIT p_limit - found_rows;
  END IF;
  RETURN QUERY SELECT 'r'::text, r.id, r.slug::text, r.name, r.price_eta, NULL::text, NULL::text
    FROM requests r
    WHERE r.search_tsv @@ p_query AND r.active AND r.closed_at IS NULL AND r.created_at >= p_request_cutoff
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

-- Product cards by id (any order; inactive ones too): what src/server/domain/catalogue/product-view.ts
-- shows of a product, its seller and its trip, with the trip's places named in p_locale ('id' or
-- English). Its seven-table join is planned once per session: the generic plan reads by primary
-- keys whatever the ids (PostgreSQL would otherwise plan it anew for each list of ids).
CREATE FUNCTION "product_cards"(p_ids integer[], p_locale text)
RETURNS TABLE(id integer, slug text, name text, description text, price bigint, weight integer, stock integer, active boolean, trip_id integer, request_id integer,
  created_ms double precision, user_id integer, user_name text, username text, photo_profile text,
  origin_country_id integer, origin_city_id integer, destination_country_id integer, destination_city_id integer,
  arrival_date text, delivery_date text, updated_arrival_date text, updated_delivery_date text, trip_status text,
  origin_city text, destination_city text, origin_country text, origin_iso2 text, destination_country text, destination_iso2 text, confirmed_trip boolean)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY SELECT p.id, p.slug::text, p.name, p.description, p.price, p.weight, p.stock, p.active, p.trip_id, p.request_id,
    extract(epoch FROM p.created_at)::double precision * 1000, u.id, u.name, u.username::text, u.photo_profile,
    t.origin_country_id, t.origin_city_id, t.destination_country_id, t.destination_city_id,
    t.arrival_date::text, t.delivery_date::text, t.updated_arrival_date::text, t.updated_delivery_date::text, t.status::text,
    oc.name, dc.name, CASE WHEN p_locale = 'id' THEN ok.name_id ELSE ok.name_en END, ok.iso2::text,
    CASE WHEN p_locale = 'id' THEN dk.name_id ELSE dk.name_en END, dk.iso2::text,
    EXISTS (SELECT 1 FROM trip_proofs tp WHERE tp.trip_id = t.id AND tp.status = 'APPROVED')
  FROM products p
  JOIN users u ON u.id = p.user_id
  JOIN trips t ON t.id = p.trip_id
  JOIN global_cities oc ON oc.id = t.origin_city_id
  JOIN global_cities dc ON dc.id = t.destination_city_id
  JOIN countries ok ON ok.id = t.origin_country_id
  JOIN countries dk ON dk.id = t.destination_country_id
  WHERE p.id = ANY(p_ids);
END
$$;
