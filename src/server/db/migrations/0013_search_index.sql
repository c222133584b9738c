-- Search matches a post's name and its places: a product's trip cities and countries, a request's
-- countries (English and Indonesian names). The vector is stored, kept by triggers (a product's
-- changes with its name or trip, and with its trip's places), and indexed by GIN for prefix queries.
DROP INDEX "products_name_tsv_idx";--> statement-breakpoint
DROP INDEX "requests_name_tsv_idx";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "name_tsv";--> statement-breakpoint
ALTER TABLE "requests" DROP COLUMN "name_tsv";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_tsv" "tsvector";--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "search_tsv" "tsvector";--> statement-breakpoint
CREATE FUNCTION "product_search_tsv"(p_name text, p_trip integer) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT to_tsvector('simple', p_name || ' ' || coalesce((
    SELECT concat_ws(' ', oc.name, dc.name, ok.name_en, ok.name_id, dk.name_en, dk.name_id)
    FROM trips t
    JOIN global_cities oc ON oc.id = t.origin_city_id
    JOIN global_cities dc ON dc.id = t.destination_city_id
    JOIN countries ok ON ok.id = t.origin_country_id
    JOIN countries dk ON dk.id = t.destination_country_id
    WHERE t.id = p_trip), ''))
$$;--> statement-breakpoint
CREATE FUNCTION "request_search_tsv"(p_name text, p_from integer, p_to integer) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT to_tsvector('simple', p_name || ' ' || coalesce((
    SELECT string_agg(concat_ws(' ', c.name_en, c.name_id), ' ') FROM countries c WHERE c.id IN (p_from, p_to)), ''))
$$;--> statement-breakpoint
CREATE FUNCTION "products_set_search_tsv"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_tsv := product_search_tsv(NEW.name, NEW.trip_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION "requests_set_search_tsv"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_tsv := request_search_tsv(NEW.name, NEW.buy_from_country_id, NEW.deliver_to_country_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION "trips_update_product_search_tsv"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET search_tsv = product_search_tsv(name, trip_id) WHERE trip_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_search_tsv" BEFORE INSERT OR UPDATE OF name, trip_id ON products FOR EACH ROW EXECUTE FUNCTION products_set_search_tsv();--> statement-breakpoint
CREATE TRIGGER "requests_search_tsv" BEFORE INSERT OR UPDATE OF name, buy_from_country_id, deliver_to_country_id ON requests FOR EACH ROW EXECUTE FUNCTION requests_set_search_tsv();--> statement-breakpoint
CREATE TRIGGER "trips_product_search_tsv" AFTER UPDATE OF origin_city_id, destination_city_id, origin_country_id, destination_country_id ON trips FOR EACH ROW
  WHEN (OLD.origin_city_id IS DISTINCT FROM NEW.origin_city_id OR OLD.destination_city_id IS DISTINCT FROM NEW.destination_city_id
    OR OLD.origin_country_id IS DISTINCT FROM NEW.origin_country_id OR OLD.destination_country_id IS DISTINCT FROM NEW.destination_country_id)
  EXECUTE FUNCTION trips_update_product_search_tsv();--> statement-breakpoint
UPDATE "products" SET "search_tsv" = product_search_tsv(name, trip_id);--> statement-breakpoint
UPDATE "requests" SET "search_tsv" = request_search_tsv(name, buy_from_country_id, deliver_to_country_id);--> statement-breakpoint
CREATE INDEX "products_search_tsv_idx" ON "products" USING gin ("search_tsv") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "requests_search_tsv_idx" ON "requests" USING gin ("search_tsv") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree ("username" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree (lower("name") text_pattern_ops);
