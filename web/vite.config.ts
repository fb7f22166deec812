/// <reference types="vitest/config" />
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev` proxies the API, media and the test payment provider (which lives in the
// same binary) to a `shop serve` on :8080.
const backend = process.env.SHOP_DEV_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.resolve(__dirname, 'src') } },
  server: { proxy: { '/api': backend, '/media': backend, '/testpsp': backend } },
  build: {
    rollupOptions: {
      output: {
        // React and the data layer change rarely: one long-cached vendor chunk.
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
