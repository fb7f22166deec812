#!/usr/bin/env node
// The JavaScript each storefront page loads before it is interactive, from the build's
// Vite manifest (web/dist/.vite/manifest.json): index.html's entry and everything it
// imports statically, then the route modules the router loads at once for the page (its
// layout and its page, app/router.tsx) and everything they import statically. Chunks
// loaded later (a dialog when opened, the banner carousel's engine once the page is idle)
// are not counted. Sizes are gzip level 6, what `shop serve` sends (tower-http's
// compression at its default level), in kB of 1000 bytes as Vite prints them.
//
//   node scripts/bundle-size.mjs [--chunks] [DIST]     DIST defaults to web/dist
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const listChunks = args.includes('--chunks');
const dist = resolve(args.find((a) => !a.startsWith('--')) ?? new URL('../web/dist', import.meta.url).pathname);

/** The pages measured and the route modules react-router loads for each (app/router.tsx). */
const layout = 'src/app/layouts/main-layout.tsx';
const pages = [
  { page: 'home', path: '/', modules: [layout, 'src/app/routes/home.tsx'] },
  { page: 'listing', path: '/shop', modules: [layout, 'src/app/routes/shop.tsx'] },
  { page: 'product', path: '/product/:id', modules: [layout, 'src/app/routes/product.tsx'] },
];

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
} catch (e) {
  console.error(`no Vite manifest in ${dist} (${e.code ?? e.message}): run \`npm run build\` in web/ first`);
  process.exit(1);
}

const sizes = new Map();
/** `file`'s size as built and gzipped. */
function size(file) {
  if (!sizes.has(file)) {
    const bytes = readFileSync(join(dist, file));
    sizes.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length });
  }
  return sizes.get(file);
}

/** The manifest's entry for source module `key`. A route module whose chunk also exports
 * to a chunk it loads later (a lazy part importing from its page) is listed under its
 * chunk's name instead ('_product-….js'). */
function entryOf(key) {
  if (manifest[key]) return manifest[key];
  const name = key.replace(/^.*\//, '').replace(/\.[jt]sx?$/, '');
  const named = Object.entries(manifest).filter(([k, e]) => k.startsWith('_') && e.isDynamicEntry && e.name === name);
  if (named.length !== 1) throw new Error(`${key} is not in the Vite manifest: did app/router.tsx change?`);
  return named[0][1];
}

/** The chunk of manifest entry `key` and every chunk it imports statically, into `files`;
 * its stylesheets into `css`. */
function collect(key, files, css) {
  const entry = entryOf(key);
  if (files.has(entry.file)) return;
  files.add(entry.file);
  for (const sheet of entry.css ?? []) css.add(sheet);
  for (const imported of entry.imports ?? []) collect(imported, files, css);
}

const kB = (bytes) => (bytes / 1000).toFixed(1);
const rows = pages.map(({ page, path, modules }) => {
  const files = new Set();
  const css = new Set();
  for (const key of ['index.html', ...modules]) collect(key, files, css);
  const chunks = [...files].map((file) => ({ file, ...size(file) })).sort((a, b) => b.gzip - a.gzip);
  const sum = (list, field) => list.reduce((total, chunk) => total + chunk[field], 0);
  const sheets = [...css].map((file) => size(file));
  return { page, path, chunks, raw: sum(chunks, 'raw'), gzip: sum(chunks, 'gzip'), css: sum(sheets, 'gzip') };
});

if (listChunks) {
  for (const { page, path, chunks } of rows) {
    console.log(`\n${page} (${path})`);
    for (const { file, raw, gzip } of chunks) console.log(`  ${file.padEnd(44)} ${kB(raw).padStart(8)} kB ${kB(gzip).padStart(8)} kB gzip`);
  }
  console.log('');
}
console.log('Initial JavaScript per page (gzip -6, as served), from', dist);
console.log(`${'page'.padEnd(10)}${'path'.padEnd(15)}${'chunks'.padStart(7)}${'JS kB'.padStart(10)}${'JS kB gzip'.padStart(12)}${'CSS kB gzip'.padStart(13)}`);
for (const { page, path, chunks, raw, gzip, css } of rows) {
  console.log(`${page.padEnd(10)}${path.padEnd(15)}${String(chunks.length).padStart(7)}${kB(raw).padStart(10)}${kB(gzip).padStart(12)}${kB(css).padStart(13)}`);
}
