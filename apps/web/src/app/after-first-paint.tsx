import { registerServiceWorker } from '../lib/service-worker.ts';

/**
 * What every page loads after its first idle moment (providers.tsx), so none of it weighs on the
 * first load: the toast renderer (toasts only follow an interaction) and the service worker.
 */
registerServiceWorker();

export { Toaster as default } from 'sonner';
