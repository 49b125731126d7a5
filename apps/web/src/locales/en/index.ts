// Every namespace of this locale, one chunk per locale (merged by lib/i18n/load.ts).
export default import.meta.glob('./*.json', { eager: true, import: 'default' });
