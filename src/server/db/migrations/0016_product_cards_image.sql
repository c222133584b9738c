-- product_cards (migration 0014) also gives each product's first photo (position 0): a page's
-- cards no longer need a second round trip for their images.
DROP FUNCTION "product_cards"(integer[], text);--> statement-breakpoint
CREATE FUNCTION "product_cards"(p_ids integer[], p_locale text)
RETURNS TABLE(id integer, slug text, name text, description text, price bigint, weight integer, stock integer, active boolean, trip_id integer, request_id integer,
  created_ms double precision, user_id integer, user_name text, username text, photo_profile text,
  origin_country_id integer, origin_city_id integer, destination_country_id integer, destination_city_id integer,
  arrival_date text, delivery_date text, updated_arrival_date text, updated_delivery_date text, trip_status text,
  origin_city text, destination_city text, origin_country text, origin_iso2 text, destination_country text, destination_iso2 text, confirmed_trip boolean, first_image text)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY SELECT p.id, p.slug::text, p.name, p.description, p.price, p.weight, p.stock, p.active, p.trip_id, p.request_id,
    extract(epoch FROM p.created_at)::double precision * 1000, u.id, u.name, u.username::text, u.photo_profile,
    t.origin_country_id, t.origin_city_id, t.destination_country_id, t.destination_city_id,
    t.arrival_date::text, t.delivery_date::text, t.updated_arrival_date::text, t.updated_delivery_date::text, t.status::text,
    oc.name, dc.name, CASE WHEN p_locale = 'id' THEN ok.name_id ELSE ok.name_en END, ok.iso2::text,
    CASE WHEN p_locale = 'id' THEN dk.name_id ELSE dk.name_en END, dk.iso2::text,
    EXISTS (SELECT 1 FROM trip_proofs tp WHERE tp.trip_id = t.id AND tp.status = 'APPROVED'),
    (SELECT pi.image_id::text FROM product_images pi WHERE pi.product_id = p.id AND pi.position = 0)
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
