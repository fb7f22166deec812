import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './server';

// Popups, panels and viewers come by dynamic import (lazy-popup.tsx, idle.ts): its first
// transform can take over the default 1 s wait of findBy* when the machine is busy.
configure({ asyncUtilTimeout: 5000 });

// The network is mocked at the fetch boundary (MSW); modules under test are real.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Every test starts from real timers, real globals and unspied modules.
afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

// jsdom lacks the observers embla-carousel uses; inert stand-ins are enough for the DOM tests.
class InertObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= InertObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= InertObserver as unknown as typeof IntersectionObserver;
if (typeof window !== 'undefined') {
  window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
}

// input-otp probes for password-manager badges with document.elementFromPoint, which jsdom lacks.
if (typeof document !== 'undefined' && typeof document.elementFromPoint !== 'function') {
  document.elementFromPoint = () => null;
}

// jsdom does not scroll; pages that scroll to the top call this stand-in, which tests can inspect.
if (typeof window !== 'undefined') {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
}

// jsdom has no object URLs; previews only need a distinct string per file.
if (typeof URL.createObjectURL !== 'function') {
  let next = 0;
  URL.createObjectURL = () => `blob:test/${next++}`;
  URL.revokeObjectURL = () => {};
}
