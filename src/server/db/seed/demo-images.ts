
/**
 * Demo product photos drawn as simple illustrations (no external URLs, no fonts needed):
 * a soft gradient studio background and a product silhouette in the item's colour.
 */
export type DemoShape = 'box' | 'bottle' | 'bag' | 'tin' | 'shoe' | 'glasses' | 'device' | 'jar';

const shapes: Record<DemoShape, (c: string, d: string) => string> = {
  box: (c, d) => `<rect x="250" y="330" width="500" height="380" rx="18" fill="${c}"/><rect x="230" y="280" width="540" height="90" rx="14" fill="${d}"/><rect x="470" y="280" width="60" height="430" fill="#fff" opacity=".85"/><path d="M500 280c-60-90-170-70-120-10 30 30 90 20 120 10zm0 0c60-90 170-70 120-10-30 30-90 20-120 10z" fill="#fff" opacity=".9"/>`,
  bottle: (c, d) => `<rect x="440" y="200" width="120" height="90" rx="10" fill="${d}"/><path d="M420 290h160c40 0 60 40 60 90v330c0 30-20 50-50 50H410c-30 0-50-20-50-50V380c0-50 20-90 60-90z" fill="${c}"/><rect x="400" y="450" width="200" height="170" rx="12" fill="#fff" opacity=".85"/>`,
  bag: (c, d) => `<path d="M400 360c0-90 40-140 100-140s100 50 100 140" fill="none" stroke="${d}" stroke-width="26" stroke-linecap="round"/><path d="M290 360h420l-30 400H320z" fill="${c}"/><rect x="420" y="480" width="160" height="110" rx="10" fill="#fff" opacity=".8"/>`,
  tin: (c, d) => `<ellipse cx="500" cy="300" rx="200" ry="50" fill="${d}"/><path d="M300 300v380c0 28 90 50 200 50s200-22 200-50V300c0 28-90 50-200 50s-200-22-200-50z" fill="${c}"/><rect x="300" y="430" width="400" height="120" fill="#fff" opacity=".75"/>`,
  shoe: (c, d) => `<path d="M300 380c0-60 30-110 90-110h60c40 0 50 40 50 80v100c50 30 150 60 210 90 40 20 50 70 20 100H300z" fill="${c}"/><rect x="290" y="690" width="460" height="40" rx="18" fill="${d}"/><path d="M390 270c0 60-20 100-90 120" stroke="#fff" stroke-width="14" fill="none" opacity=".6"/>`,
  glasses: (c, d) => `<rect x="230" y="400" width="230" height="170" rx="70" fill="${c}"/><rect x="540" y="400" width="230" height="170" rx="70" fill="${c}"/><path d="M460 450c25-25 55-25 80 0" stroke="${d}" stroke-width="22" fill="none"/><path d="M230 440l-70-40M770 440l70-40" stroke="${d}" stroke-width="22" stroke-linecap="round"/>`,
  device: (c, d) => `<rect x="250" y="320" width="500" height="300" rx="60" fill="${c}"/><rect x="330" y="370" width="340" height="200" rx="16" fill="${d}"/><circle cx="290" cy="470" r="22" fill="#fff" opacity=".8"/><circle cx="710" cy="470" r="22" fill="#fff" opacity=".8"/>`,
  jar: (c, d) => `<rect x="360" y="250" width="280" height="80" rx="16" fill="${d}"/><rect x="320" y="320" width="360" height="420" rx="60" fill="${c}"/><rect x="350" y="450" width="300" height="150" rx="10" fill="#fff" opacity=".8"/>`,
};

export async function demoProductImage(shape: DemoShape, colour: string, accent: string, backdrop: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000" viewBox="0 0 1000 1000">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${backdrop}"/></linearGradient></defs>
  <rect width="1000" height="1000" fill="url(#bg)"/>
  <ellipse cx="500" cy="780" rx="300" ry="40" fill="#000" opacity=".08"/>
  ${shapes[shape](colour, accent)}
</svg>`;
  // Loaded here, not with the module: a server with its demo data already in place never loads sharp.
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).png().toBuffer();
}
