// Every namespace of this locale, one chunk per locale (merged by lib/i18n/load.ts), but the ones a
// route loads itself (`RouteNamespace` there: pages.json, admin.json).
export default import.meta.glob(['./*.json', '!./pages.json', '!./admin.json'], {
  eager: true,
  import: 'default',
});
