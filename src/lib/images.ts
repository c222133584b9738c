/** Uploaded images are stored as WebP at these widths; pages pick one through srcset. */
export const IMAGE_WIDTHS = [320, 640, 1200] as const;
export const DEFAULT_PRODUCT_IMAGE = '/images/product-placeholder.svg';
export const MAX_IMAGES_PER_POST = 8;
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;

export interface ImageRef {
  /** The stored image id (the `filename` of SPEC §3). */
  filename: string;
  src: string;
  srcset: string;
}

export const imageSrc = (id: string, width: (typeof IMAGE_WIDTHS)[number] = 640) => `/uploads/images/${id}-${width}.webp`;

export function imageRef(id: string): ImageRef {
  return {
    filename: id,
    src: imageSrc(id, 640),
    srcset: IMAGE_WIDTHS.map((w) => `${imageSrc(id, w)} ${w}w`).join(', '),
  };
}
