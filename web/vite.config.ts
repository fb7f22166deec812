/// <reference types="vitest/config" />
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// `npm run dev` proxies the API, media and the test payment provider (which lives in the
// same binary) to a `shop serve` on :8080.
const backend = process.env.SHOP_DEV_BACKEND ?? 'http://127.0.0.1:8080';

/** Two documents: the shop (index.html) and the administrator's console (admin.html),
 * so no shopper's page carries the console's code, not even a route to it. */
const documents = { index: path.resolve(__dirname, 'index.html'), admin: path.resolve(__dirname, 'admin.html') };

/** `npm run dev` answers /admin and every path under it with admin.html, as the server
 * does (server/src/http/storefront.rs); other client routes get index.html. */
function consoleDocument(): Plugin {
  return {
    name: 'console-document',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if ((req.method === 'GET' || req.method === 'HEAD') && /^\/admin(?:[/?#]|$)/.test(req.url ?? '')) req.url = '/admin.html';
        next();
      });
    },
  };
}

/** The console's own copy of lucide-react (in builds). An icon it shared with a shop page
 * would otherwise be split into a chunk of its own, one more file for shoppers to load
 * (the header's search icon was one, on every shop page). */
function consoleIcons(): Plugin {
  const copy = '?console';
  return {
    name: 'console-icons',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const fromConsole = source === 'lucide-react' && /[/\\]src[/\\]admin[/\\]/.test(importer ?? '');
      const withinCopy = source.startsWith('.') && importer?.endsWith(copy);
      if (!fromConsole && !withinCopy) return null;
      const resolved = await this.resolve(source, importer!.replace(copy, ''), { ...options, skipSelf: true });
      return resolved && { ...resolved, id: `${resolved.id}${copy}` };
    },
  };
}

/** The pages shoppers most often arrive on, by the path they are opened at, and the route
 * modules react-router loads for them (app/router.tsx). */
const landingPages: [pattern: RegExp, modules: string[]][] = [
  [/^\/$/, ['src/app/layouts/main-layout.tsx', 'src/app/routes/home.tsx']],
  [/^\/shop$/, ['src/app/layouts/main-layout.tsx', 'src/app/routes/shop.tsx']],
  [/^\/product\/[^/]+$/, ['src/app/layouts/main-layout.tsx', 'src/app/routes/product.tsx']],
];

/** index.html asks for the chunks of the landing page it is opened at while the entry's
 * download, instead of react-router asking for them once the entry has run: on a phone's
 * network that is a round trip or two less before the first paint. A small script of its
 * own (the server's Content-Security-Policy allows no inline one), loaded `async`, matches
 * the path and adds `modulepreload` links; Vite's loader then finds them there and fetches
 * nothing twice. */
function preloadLandingPage(): Plugin {
  let script: string | undefined;
  return {
    name: 'preload-landing-page',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const withImports = (fileName: string, into: Set<string>): Set<string> => {
        const chunk = bundle[fileName];
        if (into.has(fileName) || chunk?.type !== 'chunk') return into;
        into.add(fileName);
        chunk.imports.forEach((imported) => withImports(imported, into));
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === documents.index);
      if (!entry) throw new Error('preload-landing-page: no chunk for index.html');
      // What the entry's own tags already fetch.
      const loaded = withImports(entry.fileName, new Set());
      const pages = landingPages.map(([pattern, modules]) => {
        const files = new Set<string>();
        for (const module of modules) {
          const id = path.resolve(__dirname, module);
          const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) throw new Error(`preload-landing-page: no chunk holds ${module}`);
          withImports(chunk.fileName, files);
        }
        return [pattern.source, [...files].filter((file) => !loaded.has(file)).map((file) => `/${file}`)];
      });
      const source = `(function (pages) {
  for (var i = 0; i < pages.length; i++) {
    if (!new RegExp(pages[i][0]).test(location.pathname)) continue;
    pages[i][1].forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    return;
  }
})(${JSON.stringify(pages)});
`;
      script = this.getFileName(this.emitFile({ type: 'asset', name: 'landing-page.js', source }));
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { filename }) {
        if (!script || path.basename(filename) !== 'index.html') return;
        return [{ tag: 'script', attrs: { async: true, src: `/${script}` }, injectTo: 'head' }];
      },
    },
  };
}

/** index.html carries the shop's stylesheet in a `<style>` instead of a link to it, so the
 * page's shell (the header bar in index.html) paints as soon as the document arrives rather
 * than a round trip later: Lighthouse counted the link as render-blocking on a phone's
 * network. The server's Content-Security-Policy allows inline styles. The file stays in the
 * build (the manifest and scripts/bundle-size.mjs still name it). */
function inlineShopStylesheet(): Plugin {
  return {
    name: 'inline-shop-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename, bundle }) {
        if (path.basename(filename) !== 'index.html') return;
        return html.replace(/<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)"[^>]*>/g, (_tag, file: string) => {
          const sheet = bundle?.[file];
          if (sheet?.type !== 'asset') throw new Error(`inline-shop-stylesheet: ${file} is not in the build`);
          const css = String(sheet.source);
          if (/<\/style/i.test(css)) throw new Error(`inline-shop-stylesheet: ${file} would end its <style> early`);
          return `<style>${css}</style>`;
        });
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), consoleDocument(), consoleIcons(), preloadLandingPage(), inlineShopStylesheet()],
  resolve: { alias: { '@': path.resolve(__dirname, 'src') } },
  server: { proxy: { '/api': backend, '/media': backend, '/testpsp': backend } },
  build: {
    // Browsers preload modules themselves but for Safari before 17 and Firefox before 115,
    // which without the polyfill lose only the preloading, not the page; it would add about
    // 260 B gzipped to every shopper's first page.
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: which chunks each entry and route imports, read by
    // scripts/bundle-size.mjs to add up what a page loads.
    manifest: true,
    rollupOptions: {
      input: documents,
      output: {
        // React and the data layer change rarely: one long-cached vendor chunk, shared by both
        // documents. Every page's first paint runs all of it, so grouping it costs no page
        // anything it would not load anyway.
        manualChunks: { vendor: ['react', 'react-dom', 'react-dom/client', 'react-router', '@tanstack/react-query'] },
        // Modules shared by a few pages would otherwise each be a chunk of a few hundred bytes
        // (an icon, a hook): fewer, larger files are fewer requests before the first paint.
        experimentalMinChunkSize: 10000,
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    globals: true,
  },
});
