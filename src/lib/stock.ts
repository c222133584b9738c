/** Low stock shows the 'terbatas' (limited) label. */
export const LOW_STOCK = 3;
export const isLimited = (stock: number) => stock > 0 && stock <= LOW_STOCK;
