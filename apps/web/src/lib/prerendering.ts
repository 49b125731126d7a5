import { createContext, useContext } from 'react';

/**
 * True while a page is rendered at build time (src/prerender.tsx). Forms render disabled then:
 * until the app has started, a form submitted natively would send its fields (a password) in the
 * URL, and what someone typed would be lost when the app replaces the page.
 */
export const Prerendering = createContext(false);

export const usePrerendering = () => useContext(Prerendering);
