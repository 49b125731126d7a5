import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setCurrentIntl } from '../lib/i18n/intl.tsx';
import { english } from './i18n.ts';

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
