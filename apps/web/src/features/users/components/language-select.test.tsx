import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsPage } from '../../../app/routes/settings.tsx';
import { loadMessages } from '../../../lib/i18n/load.ts';
import { LOCALE_STORAGE_KEY } from '../../../lib/i18n/locales.ts';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { renderWithApp } from '../../../test/render.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('LanguageSelect', () => {
  it('switches the page to German, saves the locale on the account and sets <html lang>', async () => {
    localStorage.setItem('accessToken', 'token');
    const user = createSelfUser();
    const fetch = vi.fn(async (url: string, init?: RequestInit) =>
      url === '/api/users/me' && init?.method === 'PATCH'
        ? jsonResponse({ ...user, locale: 'de' })
        : url === '/api/users/me/blocks'
          ? jsonResponse({ blocks: [] })
          : url === '/api/reports/mine'
            ? jsonResponse({ reports: [] })
            : jsonResponse({ sessions: [] }),
    );
    vi.stubGlobal('fetch', fetch);
    // The German catalog is a chunk of its own: imported once here, so that the switch below does
    // not race its first import on a loaded machine (findBy waits 1 s).
    await loadMessages('de');
    renderWithApp(<SettingsPage />, { path: '/settings', user });
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Language'), 'de');

    expect(await screen.findByRole('heading', { name: 'Einstellungen' })).toBeInTheDocument();
    expect(screen.getByLabelText('Sprache')).toHaveValue('de');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de');
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/users/me',
        expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ locale: 'de' }) }),
      ),
    );
  });

  it('signed out, the browser language decides, else English', async () => {
    const { initialLocale } = await import('../../../lib/i18n/locales.ts');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CA', 'en']);
    expect(initialLocale()).toBe('fr');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ja', 'pt-BR']);
    expect(initialLocale()).toBe('en');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    expect(initialLocale()).toBe('es');
  });

  it('starts in the language the server negotiated for the page, unless one was chosen here', async () => {
    const { initialLocale } = await import('../../../lib/i18n/locales.ts');
    const html = document.documentElement;
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'en']);
    try {
      html.lang = 'de';
      expect(initialLocale()).toBe('de');
      // "en" is also what the shell as built says: the browser's languages decide then.
      html.lang = 'en';
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-MX', 'en']);
      expect(initialLocale()).toBe('es');
      html.lang = 'de';
      localStorage.setItem(LOCALE_STORAGE_KEY, 'fr');
      expect(initialLocale()).toBe('fr');
    } finally {
      html.lang = '';
    }
  });
});
