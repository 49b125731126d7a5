import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody, registerBody } from '@townsquare/contracts';

// Loaded on demand by the sign-in and registration forms (see lib/lazy-resolver.ts).
export const loginResolver = zodResolver(loginBody);
export const registerResolver = zodResolver(
  registerBody.pick({ fullName: true, email: true, password: true }),
);
