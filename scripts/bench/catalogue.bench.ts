/**
 * Catalogue import (issue 11, "Performance"): a generated Shopify export of 5,000 products with 4
 * variants (Size) and 3 images each, 20,000 variant rows, imported into an empty catalogue and then
 * re-imported unchanged, on PGlite and on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL).
 * Targets: under 10 s and 500 MB peak RSS; the unchanged re-import under half the first import's
 * time. Each database runs in a child process, so its peak RSS is the import's own. The parse of
 * the same file in this process is printed beside it as the reference, with the load average.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseShopifyCsv } from '../../server/catalogue/shopify-csv';
import { formatPrice, toShopifyCsv } from '../../server/catalogue/shopify-csv-write';
import type { ShopifyRow } from '../../server/catalogue/shopify-csv-write';
import type { ImportFigures } from './catalogue-import-child';
import { withPostgresDatabase } from './postgres-database';

const PRODUCTS = 5000;
const SIZES = ['S', 'M', 'L', 'XL'] as const;
const IMAGES = 3;
const here = path.dirname(fileURLToPath(import.meta.url));

/** The export: deterministic, realistic cell sizes (an HTML body, tags, CDN image URLs). */
function generatedExport(): string {
  const rows: ShopifyRow[] = [];
  for (let product = 1; product <= PRODUCTS; product++) {
    const handle = `bench-product-${product}`;
    SIZES.forEach((size, index) => {
      const image =
        index < IMAGES
          ? `https://cdn.shopify.com/s/files/1/0000/0001/products/${handle}-${index + 1}.jpg?v=1700000000`
          : '';
      rows.push({
        Handle: handle,
        ...(index === 0
          ? {
              Title: `Bench Product ${product}`,
              'Body (HTML)': `<p>Product ${product}: a <strong>realistic</strong> body, with a list.</p><ul><li>One</li><li>Two</li></ul>`,
              Vendor: `Brand ${product % 40}`,
              Type: 'Apparel',
              Tags: 'bench, generated, size',
              Published: 'TRUE',
              'Option1 Name': 'Size',
              Status: 'active',
            }
          : {}),
        'Option1 Value': size,
        'Variant SKU': `BENCH-${product}-${size}`,
        'Variant Grams': '200',
        'Variant Inventory Tracker': 'shopify',
        'Variant Inventory Qty': String((product * 7 + index) % 50),
        'Variant Inventory Policy': 'deny',
        'Variant Price': formatPrice(1000 + ((product * 13 + index * 250) % 9000)),
        'Variant Barcode': '',
        'Image Src': image,
        'Image Position': image ? String(index + 1) : '',
      });
    });
  }
  return toShopifyCsv(rows);
}

async function importInChild(file: string, target: string): Promise<ImportFigures> {
  const child = fork(path.join(here, 'catalogue-import-child.ts'), [file, target], {
    execArgv: ['--import', 'tsx'],
  });
  const [figures] = (await once(child, 'message')) as [ImportFigures];
  await once(child, 'exit');
  return figures;
}

function report(label: string, figures: ImportFigures, parseMs: number): void {
  const ratio = (figures.secondMs / figures.firstMs).toFixed(2);
  console.log(
    `${label.padEnd(10)} first import ${figures.firstMs} ms (${figures.variantsCreated} variants created), ` +
      `peak RSS ${figures.firstPeakMb} MB (${figures.openPeakMb} MB with the database just opened); unchanged re-import ${figures.secondMs} ms ` +
      `(${figures.variantsUnchanged} unchanged, ${ratio} of the first), peak RSS ${figures.secondPeakMb} MB; ` +
      `parse alone ${parseMs} ms.`,
  );
}

/** Runs the import bench on PGlite, then on PostgreSQL when a server is configured. */
export default async function catalogueBench(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'catalogue-bench-'));
  try {
    const text = generatedExport();
    const file = path.join(dir, 'export.csv');
    writeFileSync(file, text);
    const parseStarted = performance.now();
    const parsed = parseShopifyCsv(Buffer.from(text));
    const parseMs = Math.round(performance.now() - parseStarted);
    const variants = parsed.products.reduce((total, product) => total + product.variants.length, 0);
    console.log(
      `Export: ${parsed.products.length} products, ${variants} variants, ${(text.length / 1e6).toFixed(1)} MB. ` +
        `Targets: < 10,000 ms and < 500 MB; re-import < 0.5 of the first.`,
    );
    console.log(
      `Load average: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(', ')} on ${cpus().length} cores.`,
    );
    const pgdata = path.join(dir, 'pgdata');
    await importInChild('--prepare', pgdata);
    report('PGlite', await importInChild(file, pgdata), parseMs);
    const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (postgresUrl) {
      await withPostgresDatabase(postgresUrl, async (url) =>
        report('PostgreSQL', await importInChild(file, url), parseMs),
      );
    } else {
      console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server URL.');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
