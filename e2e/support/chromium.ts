/** The system Chromium's flags for the end-to-end tests and the Lighthouse bench: headless and quiet. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
