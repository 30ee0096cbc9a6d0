import '@testing-library/jest-dom/vitest';
import { format } from 'node:util';
import { notifications } from '@mantine/notifications';
import { DEFAULT_BRAND } from '@soulpunch/shared';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setPageBrand } from '@/lib/brand';

// jsdom lacks the layout APIs Mantine relies on.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
Element.prototype.scrollIntoView = () => {};
// React Router's scroll restoration calls it; jsdom only logs 'not implemented'.
window.scrollTo = () => {};

// A console.error in a component test is almost always a real bug (act warnings, bad markup, failed
// requests), so it fails the test. A test that expects one silences it with
// `vi.mocked(console.error).mockImplementation(() => {})`.
let unexpectedErrors: string[] = [];

beforeEach(() => {
  unexpectedErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpectedErrors.push(format(...args));
  });
});

afterEach(() => {
  cleanup();
  notifications.clean();
  // A test that saved a brand (Settings) leaves the next one the default brand, as a fresh page load would.
  setPageBrand(DEFAULT_BRAND);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  const errors = unexpectedErrors;
  unexpectedErrors = [];
  if (errors.length > 0) {
    throw new Error(`Unexpected console.error:\n${errors.join('\n---\n')}`);
  }
});
