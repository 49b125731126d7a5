/** Every route of the spec's route table; {userId} and {eventId} are filled in by the tests. */
export const PUBLIC_ROUTES = [
  '/',
  '/features',
  '/about',
  '/contact',
  '/careers',
  '/blog',
  '/guides',
  '/faq',
  '/terms',
  '/privacy',
  '/cookies',
  '/login',
  '/register',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/unauthorized',
  '/this-page-does-not-exist',
] as const;

export const PROTECTED_ROUTES = [
  '/dashboard',
  '/events',
  '/profile',
  '/settings',
  '/notifications',
  '/profile-setup',
  '/friends',
  '/messages',
  '/messages/{userId}',
  '/admin',
] as const;

export const WRAPPER_ROUTES = ['/user/{userId}', '/event/{eventId}'] as const;

export function fill(route: string, userId: string): string {
  return route.replace('{userId}', userId).replace('{eventId}', '0190a0b0-0000-7000-8000-000000000001');
}

export function fileName(route: string): string {
  return route === '/' ? 'landing' : route.slice(1).replace(/[^a-z0-9-]+/gi, '_');
}
