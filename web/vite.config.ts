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
      const fromConsole = source === 'lucide-react' && /[/\\]src[/\\](app|features)[/\\]admin[/\\]/.test(importer ?? '');
      const withinCopy = source.startsWith('.') && importer?.endsWith(copy);
      if (!fromConsole && !withinCopy) return null;
      const resolved = await this.resolve(source, importer!.replace(copy, ''), { ...options, skipSelf: true });
      return resolved && { ...resolved, id: `${resolved.id}${copy}` };
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), consoleDocument(), consoleIcons()],
  resolve: { alias: { '@': path.resolve(__dirname, 'src') } },
  server: { proxy: { '/api': backend, '/media': backend, '/testpsp': backend } },
  build: {
    // Browsers preload modules themselves but for Safari before 17 and Firefox before 115,
    // which without the polyfill lose only the preloading, not the page; it would add about
    // 260 B gzipped to every shopper's first page.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: documents,
      output: {
        // React and the data layer change rarely: one long-cached vendor chunk, shared by both
        // documents.
        manualChunks: { vendor: ['react', 'react-dom', 'react-dom/client', 'react-router', '@tanstack/react-query'] },
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
