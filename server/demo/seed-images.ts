/**
 * Product images for the demo seed, drawn locally (no network): an SVG supplement bottle in the
 * brand's colour with the brand and a short label, rendered by sharp to a PNG and a 50 px thumbnail
 * (the `thumbnail_50` of spec §3 "Shop product"), to be stored under `/uploads/products/` in the
 * upload storage (server/uploads/storage.ts) with the rows that name them.
 */
import sharp from 'sharp';
import type { FileToStore } from '../uploads/storage';

/** Edge of the square product image, in px. */
export const PRODUCT_IMAGE_SIZE = 400;
/** Edge of the square thumbnail, in px (`product_assets.thumbnail_50`). */
export const THUMBNAIL_SIZE = 50;

// Names no upload can take, so the seed's images never collide with anything else stored.
const SEED_FILE_PREFIX = 'seed-';
const PRODUCTS_PREFIX = '/uploads/products/';
const RENDER_CONCURRENCY = 4;
const LABEL_LINE_CHARS = 14;

/** One image to draw; `key` is a file-name-safe slug, unique within one call. */
export interface ProductImageSpec {
  key: string;
  brand: string;
  /** Short text under the brand, e.g. the product type. */
  label: string;
  /** CSS hex colour of the bottle, e.g. '#2e7d5b'. */
  colour: string;
}

/** Public paths of a rendered image, as stored in `product_assets` (`/uploads/products/...`). */
export interface ProductImagePaths {
  src: string;
  thumbnail_50: string;
}

/** A rendered image: its public paths and the two files (image and thumbnail) to store under them. */
export interface RenderedProductImage extends ProductImagePaths {
  files: [FileToStore, FileToStore];
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Splits text into at most two lines of about LABEL_LINE_CHARS, at word boundaries. */
function wrap(text: string): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    if (current && (current + ' ' + word).length > LABEL_LINE_CHARS) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  lines.push(current);
  return lines.length > 2 ? [lines[0] ?? '', lines.slice(1).join(' ')] : lines;
}

function textLines(lines: string[], firstY: number, size: number, attributes: string): string {
  return lines
    .map(
      (line, index) =>
        `<text x="200" y="${firstY + index * (size + 6)}" font-size="${size}" ${attributes}>${escapeXml(line)}</text>`,
    )
    .join('');
}

/** The SVG source of one bottle image, PRODUCT_IMAGE_SIZE px square. */
export function productImageSvg(spec: ProductImageSpec): string {
  const brandLines = wrap(spec.brand);
  const labelLines = wrap(spec.label);
  const font = 'font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" text-anchor="middle"';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PRODUCT_IMAGE_SIZE}" height="${PRODUCT_IMAGE_SIZE}" viewBox="0 0 400 400">
<rect width="400" height="400" fill="#f5f3ee"/>
<ellipse cx="200" cy="372" rx="110" ry="12" fill="#000" fill-opacity="0.08"/>
<rect x="145" y="38" width="110" height="44" rx="8" fill="#2f3437"/>
<rect x="105" y="74" width="190" height="294" rx="30" fill="${spec.colour}"/>
<rect x="120" y="84" width="14" height="270" rx="7" fill="#fff" fill-opacity="0.18"/>
<rect x="118" y="140" width="164" height="160" rx="10" fill="#fff"/>
<rect x="118" y="272" width="164" height="8" fill="${spec.colour}" fill-opacity="0.35"/>
${textLines(brandLines, 180, 19, `${font} font-weight="bold" fill="${spec.colour}"`)}
${textLines(labelLines, brandLines.length > 1 ? 240 : 225, 15, `${font} fill="#2f3437"`)}
</svg>`;
}

async function renderOne(spec: ProductImageSpec): Promise<RenderedProductImage> {
  const image = await sharp(Buffer.from(productImageSvg(spec)))
    .png()
    .toBuffer();
  const thumbnail = await sharp(image).resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE).png().toBuffer();
  const src = `${PRODUCTS_PREFIX}${SEED_FILE_PREFIX}${spec.key}.png`;
  const thumbnail50 = `${PRODUCTS_PREFIX}${SEED_FILE_PREFIX}${spec.key}-${THUMBNAIL_SIZE}.png`;
  return {
    src,
    thumbnail_50: thumbnail50,
    files: [
      { path: src, contentType: 'image/png', bytes: image },
      { path: thumbnail50, contentType: 'image/png', bytes: thumbnail },
    ],
  };
}

/**
 * Renders every spec to a PNG of PRODUCT_IMAGE_SIZE px and one of THUMBNAIL_SIZE px, in memory,
 * and resolves to them by key, with the public paths they are to be stored under
 * (`/uploads/products/seed-<key>.png` and `seed-<key>-50.png`). Rejects on a rendering error.
 */
export async function renderProductImages(
  specs: readonly ProductImageSpec[],
): Promise<Map<string, RenderedProductImage>> {
  const rendered = new Map<string, RenderedProductImage>();
  let next = 0;
  const worker = async () => {
    while (next < specs.length) {
      const spec = specs[next++];
      if (spec) rendered.set(spec.key, await renderOne(spec));
    }
  };
  await Promise.all(Array.from({ length: RENDER_CONCURRENCY }, worker));
  return rendered;
}
