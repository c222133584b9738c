import { eq } from 'drizzle-orm';
import { slugify } from '../../../lib/slug.ts';
import { hashPassword } from '../../domain/accounts/passwords.ts';
import type { Deps } from '../../domain/deps.ts';
import { countryIdForIso2, INDONESIA_ID } from '../reference/countries.ts';
import { globalCities, productImages, products, requestImages, requests, trips, users } from '../schema.ts';
import { storeImage } from '../../domain/catalogue/images.ts';
import { demoProductImage } from './demo-images.ts';
import { type DemoLook, DEMO_CITIES, DEMO_PASSWORD, DEMO_PRODUCTS, DEMO_REQUESTS, DEMO_TRIPS, DEMO_USERS } from './demo-catalogue.ts';

const isoDate = (from: Date, days: number) => new Date(from.getTime() + days * 86400_000).toISOString().slice(0, 10);

/**
 * Demo accounts and catalogue, only on a database that has no users yet, so restarts and a
 * second instance never seed twice. Reference data (countries, cities) must be loaded first.
 */
export async function seedDemo(deps: Pick<Deps, 'db' | 'logger' | 'now' | 'storage'>): Promise<void> {
  const { db, logger } = deps;
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  if (anyUser) return;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let posts: DemoPost[];
  try {
    posts = await insertDemo(deps, passwordHash);
  } catch (err) {
    // Another instance seeded the same empty database first: their data stands.
    const [seeded] = await db.select({ id: users.id }).from(users).limit(1);
    if (!seeded) throw err;
    return;
  }
  // Photos are files plus rows; drawn after the catalogue so a failed drawing cannot undo the seed.
  for (const post of posts) {
    const png = await demoProductImage(post.look.shape, post.look.colour, post.look.accent, post.look.backdrop);
    const image = await storeImage(deps, post.ownerId, png);
    if (post.kind === 'product') await db.insert(productImages).values({ productId: post.id, imageId: image.id, position: 0 });
    else await db.insert(requestImages).values({ requestId: post.id, imageId: image.id, position: 0 });
  }
  logger.info('demo data seeded (demo accounts use the password documented in the README)');
}

interface DemoPost {
  kind: 'product' | 'request';
  id: number;
  ownerId: number;
  look: DemoLook;
}

async function insertDemo(deps: Pick<Deps, 'db' | 'now'>, passwordHash: string): Promise<DemoPost[]> {
  const { db } = deps;
  const now = deps.now();
  const posts: DemoPost[] = [];
  // The demo people joined a month ago, before any of their posts (stamped back from now below).
  const joined = new Date(now.getTime() - 30 * 86400_000);
  await db.transaction(async (tx) => {
    const ids = new Map<string, number>();
    for (const u of DEMO_USERS) {
      const [row] = await tx
        .insert(users)
        .values({
          name: u.name,
          username: u.username,
          email: u.email,
          passwordHash,
          phoneNumber: u.phone,
          phoneVerifiedAt: u.phone ? now : null,
          countryId: INDONESIA_ID,
          createdAt: joined,
          updatedAt: joined,
        })
        .returning({ id: users.id });
      ids.set(u.key, row.id);
    }

    const cityCountry = new Map<number, number>();
    for (const id of Object.values(DEMO_CITIES)) {
      const [c] = await tx.select().from(globalCities).where(eq(globalCities.id, id));
      if (c) cityCountry.set(id, c.countryId);
    }

    const tripIds = new Map<string, number>();
    for (const t of DEMO_TRIPS) {
      const origin = DEMO_CITIES[t.origin];
      const destination = DEMO_CITIES[t.destination];
      const [row] = await tx
        .insert(trips)
        .values({
          userId: ids.get(t.owner)!,
          originCityId: origin,
          originCountryId: cityCountry.get(origin)!,
          destinationCityId: destination,
          destinationCountryId: cityCountry.get(destination)!,
          arrivalDate: isoDate(now, t.arrivalIn),
          deliveryDate: isoDate(now, t.deliveryIn),
        })
        .returning({ id: trips.id });
      tripIds.set(t.key, row.id);
    }

    let minute = 0;
    const stamp = () => new Date(now.getTime() - (minute++) * 37 * 60_000);
    for (const p of DEMO_PRODUCTS) {
      const trip = DEMO_TRIPS.find((t) => t.key === p.trip)!;
      const [row] = await tx.insert(products).values({
        userId: ids.get(trip.owner)!,
        tripId: tripIds.get(p.trip)!,
        slug: slugify(p.name),
        name: p.name,
        description: p.description,
        price: p.price,
        weight: p.weight,
        stock: p.stock,
        createdAt: stamp(),
      }).returning({ id: products.id });
      posts.push({ kind: 'product', id: row.id, ownerId: ids.get(trip.owner)!, look: p.look });
    }
    for (const r of DEMO_REQUESTS) {
      const [row] = await tx.insert(requests).values({
        userId: ids.get(r.owner)!,
        slug: slugify(r.name),
        name: r.name,
        description: r.description,
        priceEta: r.priceEta,
        quantity: r.quantity,
        travelerTip: r.tip,
        buyFromCountryId: countryIdForIso2(r.from),
        deliverToCountryId: INDONESIA_ID,
        createdAt: stamp(),
      }).returning({ id: requests.id });
      posts.push({ kind: 'request', id: row.id, ownerId: ids.get(r.owner)!, look: r.look });
    }
  });
  return posts;
}
