import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../lib/i18n/locales.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ContentPage } from './content-page.tsx';

const catalog = (locale: string) =>
  Object.keys(
    JSON.parse(
      readFileSync(path.join(import.meta.dirname, '..', '..', 'locales', locale, 'pages.json'), 'utf8'),
    ),
  );

describe('the informational pages, drawn from the pages catalog', () => {
  it('a long-form page: header, headings, lists with their links, the date it was updated', async () => {
    renderWithApp(<ContentPage />, { path: '/privacy' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('Legal')).toBeInTheDocument();
    expect(screen.getByText('Last updated May 1, 2025')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'What we collect' })).toBeInTheDocument();
    const lists = screen.getAllByRole('list');
    expect(within(lists[0] as HTMLElement).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByText('Account details:').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/cookies');
    expect(screen.getByRole('link', { name: 'privacy@townsquare.community' })).toHaveAttribute(
      'href',
      'mailto:privacy@townsquare.community',
    );
    expect(document.title).toBe('Privacy Policy · Townsquare');
  });

  it('a numbered list stays numbered', async () => {
    renderWithApp(<ContentPage />, { path: '/guides' });
    const step = await screen.findByText(/^Describe it honestly/);
    expect(step.closest('ol')).not.toBeNull();
    expect(screen.getByText(/^Use your real name/).closest('ul')).not.toBeNull();
  });

  it('cards, with their e-mail address, then the text below them', async () => {
    renderWithApp(<ContentPage />, { path: '/contact' });
    const card = (await screen.findByRole('heading', { name: 'Report a safety concern' })).closest('li');
    expect(within(card as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      'mailto:safety@townsquare.community',
    );
    expect(screen.getByText(/^Found a bug or have an idea\?/)).toBeInTheDocument();
    expect(document.title).toBe('Contact · Townsquare');
  });

  it('questions that open on their answer, and the sign-up box', async () => {
    renderWithApp(<ContentPage />, { path: '/faq' });
    const question = await screen.findByText('Is Townsquare free?');
    expect(question.closest('details')).toHaveTextContent(/Yes\. Townsquare is free/);
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');

    renderWithApp(<ContentPage />, { path: '/features' });
    expect(await screen.findByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
  });

  it('every language lists a page in the order English does (the page is drawn in that order)', () => {
    const english = catalog('en');
    for (const locale of LOCALES) expect(catalog(locale), locale).toEqual(english);
  });
});
