import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AlbumResponse, EventPhoto } from '@townsquare/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { EventAlbum } from './event-album.tsx';

afterEach(() => vi.unstubAllGlobals());

const ana = { _id: 'ana', id: 'ana', username: 'ana', fullName: 'Ana Ruiz', profileImage: null };
const photo = (id: string, over: Partial<EventPhoto> = {}): EventPhoto => ({
  id,
  eventId: 'e1',
  imageUrl: `http://townsquare.test/uploads/event-image/0190a0b0-0000-7000-8000-00000000000${id}.jpg`,
  caption: '',
  addedBy: ana,
  tags: [],
  createdAt: '2031-05-03T18:00:00.000Z',
  can: { remove: false },
  ...over,
});

function album(
  over: Partial<AlbumResponse['album']>,
  photos: EventPhoto[],
  nextCursor: string | null = null,
) {
  return {
    album: {
      eventId: 'e1',
      audience: 'event',
      photoCount: photos.length,
      can: { add: false, manage: false, recap: false },
      ...over,
    },
    photos,
    nextCursor,
  } satisfies AlbumResponse;
}

describe('EventAlbum', () => {
  it('shows the photos with their WebP copies, lazily, and pages on', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url.includes('/recaps')) return jsonResponse({ recaps: [] });
      if (url.includes('cursor=1')) return jsonResponse(album({}, [photo('2', { caption: 'Finish line' })]));
      return jsonResponse(album({ photoCount: 2 }, [photo('1')], '1'));
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithApp(<EventAlbum eventId="e1" />);
    const first = await screen.findByRole('img', { name: 'Photo by Ana Ruiz' });
    expect(first).toHaveAttribute('loading', 'lazy');
    expect(first.getAttribute('srcset')).toContain('/api/images/480/event-image/');
    expect(screen.getByRole('heading', { name: /Photos/ })).toHaveTextContent('(2)');
    // A visitor may not add or remove.
    expect(screen.queryByText('Add photos')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'More photos' }));
    expect(await screen.findByRole('img', { name: 'Finish line' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More photos' })).not.toBeInTheDocument();
  });

  it('lets someone who went add and remove their photos, and a host choose the audience', async () => {
    const calls: { url: string; method: string; body?: string }[] = [];
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body as string | undefined });
      if (url.includes('/recaps')) return jsonResponse({ recaps: [] });
      if (url.includes('album-preferences')) return jsonResponse({ hideTaggedFromOutsiders: false });
      if (init?.method === 'DELETE') return jsonResponse({ removed: true });
      if (init?.method === 'PATCH') return jsonResponse(album({ audience: 'attendees' }, []));
      return jsonResponse(
        album({ can: { add: true, manage: true, recap: true } }, [photo('1', { can: { remove: true } })]),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithApp(<EventAlbum eventId="e1" />, { user: createSelfUser() });

    expect(await screen.findByLabelText('Add photos')).toHaveAttribute('type', 'file');
    expect(screen.getByText(/Location and camera details are removed/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.url).toContain('/api/events/e1/album/1');

    await user.selectOptions(screen.getByLabelText('Who sees the photos'), 'attendees');
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.method === 'PATCH')?.body ?? '{}')).toEqual({
      audience: 'attendees',
    });

    expect(screen.getByRole('button', { name: 'Write a recap' })).toBeInTheDocument();
  });

  it('lets someone tagged remove her tag and choose who sees photos of her', async () => {
    const me = createSelfUser();
    const person = {
      _id: me.id,
      id: me.id,
      username: me.username ?? 'me',
      fullName: me.fullName,
      profileImage: null,
    };
    const calls: { url: string; method: string; body?: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, method: init?.method ?? 'GET', body: init?.body as string | undefined });
        if (url.includes('/recaps')) return jsonResponse({ recaps: [] });
        if (url.includes('album-preferences'))
          return jsonResponse({ hideTaggedFromOutsiders: init?.method === 'PUT' });
        if (init?.method === 'DELETE') return jsonResponse({ removed: true });
        return jsonResponse(album({}, [photo('1', { tags: [person] })]));
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<EventAlbum eventId="e1" />, { user: me });
    expect(await screen.findByText(`With ${me.fullName}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove my tag' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.url).toContain(`/api/events/e1/album/1/tags/${me.id}`);

    await user.click(
      await screen.findByLabelText("Show photos I'm tagged in only to the people who were there"),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')?.body ?? '{}')).toEqual({
      hideTaggedFromOutsiders: true,
    });
  });

  it('says when the album is for the people who were there', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            statusCode: 403,
            error: 'Forbidden',
            message: 'This album is for the people who were there',
            code: 'ALBUM_ATTENDEES_ONLY',
          },
          403,
        ),
      ),
    );
    renderWithApp(<EventAlbum eventId="e1" />);
    expect(
      await screen.findByText('The photos of this event are for the people who were there.'),
    ).toBeInTheDocument();
  });
});
