import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setCurrentIntl } from '../lib/i18n/intl.tsx';
import { english } from './i18n.ts';

// findBy* and waitFor wait up to 10 s (the library's default is 1 s): a budget for `npm test` on
// a loaded 2-core machine, where the server tests and the typecheck run beside these and a 1 s wait
// failed; a query that matches returns at once.
configure({ asyncUtilTimeout: 10_000 });

// Every test renders in English (the spec's strings), as a browser without a choice would.
setCurrentIntl(english.intl, 'en');

// jsdom has no layout engine; Radix measures elements with these.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
Element.prototype.scrollIntoView ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;

afterEach(() => {
  cleanup();
  localStorage.clear();
  setCurrentIntl(english.intl, 'en');
  document.documentElement.lang = 'en';
});
