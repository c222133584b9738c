/** Believable demo content: what travellers really bring home to Indonesia. Prices in Rupiah. */
export const DEMO_CITIES = {
  jakarta: 1642911,
  surabaya: 1625822,
  denpasar: 1645528,
  bandung: 1650357,
  tokyo: 1850147,
  osaka: 1853909,
  seoul: 1835848,
  singapore: 1880252,
  sydney: 2147714,
  bangkok: 1609350,
  paris: 2988507,
} as const;

type City = keyof typeof DEMO_CITIES;

export interface DemoTrip {
  key: string;
  owner: string;
  origin: City;
  destination: City;
  /** Days from today. */
  arrivalIn: number;
  deliveryIn: number;
}

export interface DemoLook {
  shape: import('./demo-images.ts').DemoShape;
  colour: string;
  accent: string;
  backdrop: string;
}

export interface DemoProduct {
  look: DemoLook;
  trip: string;
  name: string;
  description: string;
  price: number;
  weight: number;
  stock: number;
}

export interface DemoRequest {
  look: DemoLook;
  owner: string;
  name: string;
  description: string;
  priceEta: number;
  quantity: number;
  tip: number;
  from: string;
}

export const DEMO_TRIPS: DemoTrip[] = [
  { key: 'tokyo', owner: 'traveller', origin: 'tokyo', destination: 'jakarta', arrivalIn: 12, deliveryIn: 15 },
  { key: 'seoul', owner: 'traveller', origin: 'seoul', destination: 'surabaya', arrivalIn: 20, deliveryIn: 24 },
  { key: 'singapore', owner: 'sinta', origin: 'singapore', destination: 'jakarta', arrivalIn: 6, deliveryIn: 8 },
  { key: 'sydney', owner: 'sinta', origin: 'sydney', destination: 'denpasar', arrivalIn: 30, deliveryIn: 33 },
  { key: 'paris', owner: 'bima', origin: 'paris', destination: 'bandung', arrivalIn: 18, deliveryIn: 21 },
  { key: 'osaka', owner: 'bima', origin: 'osaka', destination: 'surabaya', arrivalIn: 25, deliveryIn: 28 },
  { key: 'bangkok', owner: 'traveller', origin: 'bangkok', destination: 'jakarta', arrivalIn: 40, deliveryIn: 42 },
];

export const DEMO_PRODUCTS: DemoProduct[] = [
  { look: { shape: 'box', colour: '#f6d365', accent: '#8d5b2b', backdrop: '#fff4d6' }, trip: 'tokyo', name: 'Tokyo Banana Original (8 pcs)', description: 'The classic sponge cake with banana custard, bought fresh at Tokyo Station.', price: 185000, weight: 400, stock: 10 },
  { look: { shape: 'bag', colour: '#6aa84f', accent: '#c0392b', backdrop: '#e8f5e1' }, trip: 'tokyo', name: 'Kit Kat Matcha Uji (12 minis)', description: 'Premium matcha Kit Kat, only sold in Japan.', price: 120000, weight: 200, stock: 20 },
  { look: { shape: 'jar', colour: '#e9e4da', accent: '#8c7b6b', backdrop: '#efe9df' }, trip: 'tokyo', name: 'Muji Aroma Diffuser', description: 'Ultrasonic diffuser, large size, Japanese plug with adapter.', price: 950000, weight: 900, stock: 2 },
  { look: { shape: 'bottle', colour: '#f1c40f', accent: '#b7950b', backdrop: '#fff8d9' }, trip: 'tokyo', name: 'Shiseido Anessa Sunscreen 60 ml', description: 'Perfect UV milk SPF 50+, the 2026 edition.', price: 390000, weight: 120, stock: 8 },
  { look: { shape: 'bottle', colour: '#d9e6f2', accent: '#34495e', backdrop: '#eaf1f8' }, trip: 'seoul', name: 'COSRX Snail Mucin Essence 100 ml', description: 'Bought at Olive Young Myeongdong, sealed box.', price: 210000, weight: 250, stock: 12 },
  { look: { shape: 'glasses', colour: '#2c3e50', accent: '#7f8c8d', backdrop: '#eceff1' }, trip: 'seoul', name: 'Gentle Monster Sunglasses (Lang 01)', description: 'Official store purchase with receipt and case.', price: 4200000, weight: 300, stock: 1 },
  { look: { shape: 'bag', colour: '#f5b041', accent: '#784212', backdrop: '#fdf2e0' }, trip: 'seoul', name: 'Honey Butter Chips (3 bags)', description: 'The famous Korean snack, 60 g bags.', price: 95000, weight: 250, stock: 15 },
  { look: { shape: 'tin', colour: '#7b241c', accent: '#d4ac0d', backdrop: '#f6e7e4' }, trip: 'singapore', name: 'TWG Tea 1837 Black Tea Tin', description: '100 g loose leaf tea in the signature tin.', price: 450000, weight: 350, stock: 6 },
  { look: { shape: 'box', colour: '#d35400', accent: '#1b2631', backdrop: '#fbe9dc' }, trip: 'singapore', name: 'Bacha Coffee Gift Box', description: 'Twelve single-serve coffee bags from Marina Bay Sands.', price: 620000, weight: 500, stock: 4 },
  { look: { shape: 'bag', colour: '#f4d03f', accent: '#1c2833', backdrop: '#fcf6da' }, trip: 'singapore', name: 'Irvins Salted Egg Fish Skin', description: 'Large 230 g pack, packed flat for the flight.', price: 175000, weight: 300, stock: 10 },
  { look: { shape: 'shoe', colour: '#c19a6b', accent: '#6e4b2a', backdrop: '#f4ece2' }, trip: 'sydney', name: 'UGG Classic Mini Boots', description: 'Australian-made sheepskin boots, sizes on request.', price: 2850000, weight: 1200, stock: 3 },
  { look: { shape: 'box', colour: '#6e2c00', accent: '#d4ac0d', backdrop: '#f3e5dc' }, trip: 'sydney', name: 'Tim Tam Variety Pack', description: 'Original, Double Coat and Dark Chocolate.', price: 140000, weight: 600, stock: 10 },
  { look: { shape: 'box', colour: '#a9dfbf', accent: '#f5b7b1', backdrop: '#eefaf2' }, trip: 'paris', name: 'Ladurée Macarons (box of 8)', description: 'Bought on the day of departure, kept cool.', price: 480000, weight: 300, stock: 5 },
  { look: { shape: 'bottle', colour: '#e5d9c5', accent: '#2d2d2d', backdrop: '#f3eee6' }, trip: 'paris', name: 'Le Labo Santal 33 (50 ml)', description: 'Sealed box from the Marais store.', price: 3900000, weight: 350, stock: 2 },
  { look: { shape: 'box', colour: '#e8b4b8', accent: '#8e44ad', backdrop: '#fbeef0' }, trip: 'osaka', name: 'Kobe Frantz Strawberry Truffles', description: 'Strawberry chocolate truffles in the famous blue bag, from Kobe.', price: 210000, weight: 200, stock: 8 },
  { look: { shape: 'bag', colour: '#f39c12', accent: '#2c3e50', backdrop: '#fdf1df' }, trip: 'osaka', name: 'Calbee Jagarico Potato Sticks (5 cups)', description: 'Salad flavour, the Japanese convenience-store classic.', price: 90000, weight: 350, stock: 12 },
  { look: { shape: 'device', colour: '#34495e', accent: '#95a5a6', backdrop: '#eceff1' }, trip: 'osaka', name: 'Sony WF-1000XM6 Earbuds (Japan model)', description: 'Sealed, with Japanese warranty card and receipt.', price: 4350000, weight: 250, stock: 2 },
  { look: { shape: 'bottle', colour: '#fad7a0', accent: '#ca6f1e', backdrop: '#fef5e7' }, trip: 'osaka', name: 'Hada Labo Gokujyun Lotion 170 ml', description: 'Hyaluronic acid lotion, Japanese formula.', price: 165000, weight: 230, stock: 10 },
  { look: { shape: 'tin', colour: '#117a65', accent: '#f7dc6f', backdrop: '#e8f6f3' }, trip: 'osaka', name: 'Ippodo Matcha Sayaka 40 g', description: 'Ceremonial-grade matcha from Kyoto in its tin.', price: 320000, weight: 120, stock: 6 },
  { look: { shape: 'bag', colour: '#e74c3c', accent: '#f9e79f', backdrop: '#fdedec' }, trip: 'bangkok', name: 'Jim Thompson Silk Scarf', description: 'Hand-printed Thai silk, elephant pattern, gift-boxed.', price: 780000, weight: 150, stock: 4 },
  { look: { shape: 'jar', colour: '#f5cba7', accent: '#6e2c00', backdrop: '#fdf2e9' }, trip: 'bangkok', name: 'Thai Tea Mix ChaTraMue (400 g)', description: 'The orange Thai tea everyone asks for, number one label.', price: 85000, weight: 450, stock: 20 },
  { look: { shape: 'bottle', colour: '#a3e4d7', accent: '#117864', backdrop: '#e8f8f5' }, trip: 'bangkok', name: 'Yanhee Vitamin C Serum', description: 'Popular Thai hospital-brand serum, 2 bottles.', price: 140000, weight: 180, stock: 9 },
  { look: { shape: 'bag', colour: '#7fb3d5', accent: '#1b4f72', backdrop: '#eaf2f8' }, trip: 'bangkok', name: 'NaRaYa Quilted Tote Bag', description: 'The classic Bangkok cotton tote, navy with bow.', price: 260000, weight: 300, stock: 5 },
  { look: { shape: 'shoe', colour: '#ecf0f1', accent: '#2e86c1', backdrop: '#f4f6f7' }, trip: 'tokyo', name: 'Onitsuka Tiger Mexico 66 (size on request)', description: 'White / blue, bought at the Ginza flagship store.', price: 1650000, weight: 900, stock: 3 },
  { look: { shape: 'device', colour: '#f4f6f7', accent: '#5d6d7e', backdrop: '#eef2f3' }, trip: 'seoul', name: 'Samsung Galaxy Buds (Korea edition)', description: 'Sealed box, Korean packaging, works worldwide.', price: 2100000, weight: 200, stock: 2 },
  { look: { shape: 'jar', colour: '#d2b4de', accent: '#6c3483', backdrop: '#f5eef8' }, trip: 'seoul', name: 'Sulwhasoo First Care Serum 90 ml', description: 'Duty-free purchase, sealed.', price: 1850000, weight: 300, stock: 3 },
  { look: { shape: 'box', colour: '#f9e79f', accent: '#b9770e', backdrop: '#fef9e7' }, trip: 'singapore', name: 'Bengawan Solo Kueh Lapis', description: 'Layered cake from Changi Airport, bought on departure day.', price: 230000, weight: 700, stock: 4 },
  { look: { shape: 'tin', colour: '#922b21', accent: '#fdfefe', backdrop: '#f9ebea' }, trip: 'sydney', name: 'Manuka Honey UMF 10+ 250 g', description: 'New Zealand Manuka honey from an Australian pharmacy.', price: 690000, weight: 400, stock: 6 },
  { look: { shape: 'bottle', colour: '#d5f5e3', accent: '#1e8449', backdrop: '#eafaf1' }, trip: 'sydney', name: 'Swisse Ultiboost Vitamin C 110 tablets', description: 'Pharmacy-bought, expiry 2028.', price: 210000, weight: 250, stock: 10 },
  { look: { shape: 'box', colour: '#1a5276', accent: '#f4d03f', backdrop: '#eaf2f8' }, trip: 'paris', name: 'Mariage Frères Marco Polo Tea', description: 'The iconic black tea tin from the Marais store.', price: 520000, weight: 250, stock: 4 },
];

export const DEMO_REQUESTS: DemoRequest[] = [
  { look: { shape: 'device', colour: '#e74c3c', accent: '#2c3e50', backdrop: '#fdecea' }, owner: 'requester', name: 'Nintendo Switch 2 (Japan edition)', description: 'Looking for the Japanese console with Mario Kart bundle, sealed.', priceEta: 7500000, quantity: 1, tip: 300000, from: 'JP' },
  { look: { shape: 'box', colour: '#784212', accent: '#f0e6d2', backdrop: '#f5ebe0' }, owner: 'requester', name: 'Royce Nama Chocolate', description: 'Original flavour, 2 boxes, please keep it cold.', priceEta: 250000, quantity: 2, tip: 50000, from: 'JP' },
  { look: { shape: 'jar', colour: '#f5b7b1', accent: '#c0392b', backdrop: '#fdeeee' }, owner: 'requester', name: 'Laneige Lip Sleeping Mask Berry', description: '20 g jar, from an official store.', priceEta: 230000, quantity: 3, tip: 45000, from: 'KR' },
  { look: { shape: 'bag', colour: '#1f3a93', accent: '#c0392b', backdrop: '#e7ecf7' }, owner: 'dewi', name: 'Uniqlo Ultra Light Down Jacket (M)', description: 'Navy, women, size M. Any Uniqlo in Japan or Singapore.', priceEta: 900000, quantity: 1, tip: 100000, from: 'JP' },
  { look: { shape: 'box', colour: '#f7dc6f', accent: '#7d3c98', backdrop: '#fbf6dd' }, owner: 'dewi', name: 'Lego Botanical Orchid 10311', description: 'New and sealed, box may be a little dented.', priceEta: 850000, quantity: 1, tip: 120000, from: 'SG' },
  { look: { shape: 'bottle', colour: '#7e5109', accent: '#d5c4a1', backdrop: '#f3ece1' }, owner: 'requester', name: 'Aesop Resurrection Hand Balm', description: '75 ml tube from Australia.', priceEta: 550000, quantity: 1, tip: 80000, from: 'AU' },
  { look: { shape: 'bag', colour: '#1c2833', accent: '#a04000', backdrop: '#eceff1' }, owner: 'dewi', name: 'Longchamp Le Pliage Medium', description: 'Black, shoulder bag, from a Paris boutique.', priceEta: 2300000, quantity: 1, tip: 250000, from: 'FR' },
  { look: { shape: 'box', colour: '#ec7063', accent: '#fdfefe', backdrop: '#fdecea' }, owner: 'requester', name: 'Pocky Giant Strawberry', description: 'The big Kansai-only box.', priceEta: 110000, quantity: 4, tip: 40000, from: 'JP' },
  { look: { shape: 'device', colour: '#2c3e50', accent: '#e74c3c', backdrop: '#eceff1' }, owner: 'requester', name: 'Fujifilm Instax Mini 12 (Japan)', description: 'Pastel blue, with 2 packs of film if possible.', priceEta: 1300000, quantity: 1, tip: 150000, from: 'JP' },
  { look: { shape: 'bottle', colour: '#fdebd0', accent: '#a04000', backdrop: '#fef5e7' }, owner: 'dewi', name: 'Biore UV Aqua Rich Watery Essence', description: 'The 2026 formula, 70 g, 3 tubes.', priceEta: 150000, quantity: 3, tip: 45000, from: 'JP' },
  { look: { shape: 'bag', colour: '#b03a2e', accent: '#f5b7b1', backdrop: '#f9ebea' }, owner: 'requester', name: 'Samyang Buldak Carbonara (5 packs)', description: 'Korean version with the pink packaging.', priceEta: 120000, quantity: 2, tip: 30000, from: 'KR' },
  { look: { shape: 'jar', colour: '#fcf3cf', accent: '#7d6608', backdrop: '#fef9e7' }, owner: 'dewi', name: 'Kaya Toast Spread from Ya Kun', description: 'Two jars from any Ya Kun outlet in Singapore.', priceEta: 140000, quantity: 2, tip: 30000, from: 'SG' },
  { look: { shape: 'shoe', colour: '#f0f3f4', accent: '#17202a', backdrop: '#f4f6f7' }, owner: 'requester', name: 'New Balance 990v6 (US 9)', description: 'Grey, from any official store. Receipt please.', priceEta: 3500000, quantity: 1, tip: 300000, from: 'AU' },
  { look: { shape: 'box', colour: '#f8c471', accent: '#784212', backdrop: '#fef5e7' }, owner: 'dewi', name: 'Tokyo Banana Cat Edition', description: 'The limited cat-shaped version from Tokyo Station.', priceEta: 200000, quantity: 2, tip: 40000, from: 'JP' },
  { look: { shape: 'glasses', colour: '#7b241c', accent: '#d5d8dc', backdrop: '#f9ebea' }, owner: 'requester', name: 'Ray-Ban Wayfarer (Paris duty free)', description: 'Classic black, 50 mm.', priceEta: 2400000, quantity: 1, tip: 200000, from: 'FR' },
  { look: { shape: 'tin', colour: '#1d8348', accent: '#f9e79f', backdrop: '#e9f7ef' }, owner: 'dewi', name: 'Nescafé Gold Blend Japan Refill', description: 'The Japanese blend, 2 refill packs.', priceEta: 180000, quantity: 2, tip: 35000, from: 'JP' },
  { look: { shape: 'device', colour: '#d6eaf8', accent: '#21618c', backdrop: '#eaf2f8' }, owner: 'requester', name: 'Xiaomi Smart Band 10 (Global)', description: 'Global version only, black strap.', priceEta: 650000, quantity: 1, tip: 80000, from: 'SG' },
  { look: { shape: 'bag', colour: '#a9cce3', accent: '#154360', backdrop: '#eaf2f8' }, owner: 'dewi', name: 'Sea salt cookies from Okinawa', description: 'Chinsuko, any brand, 3 boxes.', priceEta: 160000, quantity: 3, tip: 40000, from: 'JP' },
];

export const DEMO_USERS = [
  { key: 'traveller', name: 'Tara Traveller', username: 'tara_traveller', email: 'traveller@titipan.test', phone: '+6281200000001' },
  { key: 'requester', name: 'Raka Requester', username: 'raka_requester', email: 'requester@titipan.test', phone: null },
  { key: 'sinta', name: 'Sinta Wijaya', username: 'sinta_w', email: 'sinta@titipan.test', phone: '+6281200000003' },
  { key: 'bima', name: 'Bima Santoso', username: 'bima_trip', email: 'bima@titipan.test', phone: '+6281200000004' },
  { key: 'dewi', name: 'Dewi Lestari', username: 'dewi_l', email: 'dewi@titipan.test', phone: null },
] as const;

/** Demo only: every demo account signs in with this password. */
export const DEMO_PASSWORD = 'titipan123';
