import { describe, expect, it } from 'vitest';
import { renderPage } from './prerender.tsx';

describe('build-time rendering of the pages a visitor lands on', () => {
  it('renders the landing, sign-in and registration pages signed out, with their titles', async () => {
    const landing = await renderPage('/');
    expect(landing.title).toBe('Townsquare · Connect with your local community');
    expect(landing.markup).toContain('Get Started');
    expect(landing.markup).not.toContain('Checking your session');

    const login = await renderPage('/login');
    expect(login.title).toBe('Sign in · Townsquare');
    expect(login.markup).toContain('Welcome back');
    expect(login.markup).not.toContain('<title>');

    const register = await renderPage('/register');
    expect(register.markup).toContain('id="fullName"');
  });

  it('renders forms disabled, so nothing is typed or submitted before the app runs', async () => {
    for (const path of ['/login', '/register']) {
      const { markup } = await renderPage(path);
      expect(markup, path).toMatch(/<fieldset disabled=""/);
      expect(markup, path).toMatch(/<button type="submit"[^>]* disabled=""/);
      expect(markup, path).not.toContain('<script');
    }
  });

  it('renders the phone menu button disabled: it cannot open anything before the app runs', async () => {
    for (const path of ['/', '/login', '/register']) {
      const { markup } = await renderPage(path);
      expect(markup, path).toMatch(
        /<button[^>]*aria-expanded="false"[^>]*disabled=""|<button[^>]*disabled=""[^>]*aria-expanded="false"/,
      );
    }
  });
});
