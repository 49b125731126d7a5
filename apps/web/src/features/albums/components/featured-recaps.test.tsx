import { screen, waitFor } from '@testing-library/react';
import type { RecapSummary } from '@townsquare/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/factories.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { FeaturedRecaps } from './featured-recaps.tsx';

afterEach(() => vi.unstubAllGlobals());

const recap: RecapSummary = {
  id: 'r1',
  eventId: 'e1',
  event: { id: 'e1', title: 'Thursday run', startDate: '2031-05-03T18:00:00.000Z', timeZone: 'UTC' },
  title: 'A fast Thursday',
  excerpt: 'We ran.',
  author: { _id: 'a', id: 'a', username: 'ana', fullName: 'Ana Ruiz', profileImage: null },
  cover: null,
  featured: true,
  createdAt: '2031-05-03T20:00:00.000Z',
  updatedAt: '2031-05-03T20:00:00.000Z',
  can: { edit: false, remove: false, feature: false },
};

describe('FeaturedRecaps', () => {
  it('lists the featured recaps with their author, linking to each recap', async () => {
    const fetchMock = vi.fn(async (_url: string) => jsonResponse({ recaps: [recap] }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<FeaturedRecaps slug="runners" />);
    const link = await screen.findByRole('link', { name: 'A fast Thursday' });
    expect(link).toHaveAttribute('href', '/recaps/r1');
    expect(screen.getByText('by Ana Ruiz')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/communities/runners/recaps');
  });

  it('shows nothing when none is featured', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ recaps: [] })),
    );
    const { container } = renderWithApp(<FeaturedRecaps slug="runners" />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.querySelector('#community-recaps')).toBeNull();
  });
});
