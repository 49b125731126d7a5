import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HOST_COMMUNITY } from '../../../test/factories.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { createEventDto } from '../event-fixtures.ts';
import { EventCard, formatTimeRange } from './event-card.tsx';

describe('EventCard (spec 2, Dashboard)', () => {
  it('shows the date as "MMM d, yyyy", the time range, location, tags joined, RSVPs and the creator', () => {
    const start = new Date(2030, 2, 8, 19, 0);
    const end = new Date(2030, 2, 8, 21, 30);
    renderWithApp(
      <EventCard
        event={createEventDto({
          title: 'Board games night',
          startDate: start.toISOString(),
          endDate: end.toISOString(),
          tags: ['Games', 'Social'],
          attendeeCount: 3,
          status: 'DRAFT',
        })}
        canManage={false}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Board games night' })).toBeInTheDocument();
    expect(screen.getByText('Mar 8, 2030')).toBeInTheDocument();
    expect(screen.getByText('7:00 PM - 9:30 PM')).toBeInTheDocument();
    expect(screen.getByText('Riverside Park, north gate')).toBeInTheDocument();
    expect(screen.getByText('Games, Social')).toBeInTheDocument();
    expect(screen.getByText('3 RSVPs')).toBeInTheDocument();
    expect(screen.getByText('ada')).toBeInTheDocument();
    expect(screen.getByText('Draft')).toBeInTheDocument();
  });

  it('says plainly when the event was cancelled, and nothing when it was not', () => {
    const { unmount } = renderWithApp(
      <EventCard event={createEventDto({ cancelled: true })} canManage={false} />,
    );
    expect(screen.getByText('This event was cancelled')).toBeInTheDocument();
    unmount();
    renderWithApp(<EventCard event={createEventDto({ cancelled: false })} canManage={false} />);
    expect(screen.queryByText('This event was cancelled')).not.toBeInTheDocument();
  });

  it('an event of another server says where it is from and links to its page there (decision 079)', () => {
    const origin = {
      actor: 'https://other.example/c/runners',
      instance: 'other.example',
      url: 'https://other.example/event/9',
    };
    renderWithApp(<EventCard event={createEventDto({ origin })} canManage={false} />);
    expect(screen.getByText('From other.example')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'View on other.example' });
    expect(link).toHaveAttribute('href', 'https://other.example/event/9');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('says which community hosts it, linking to the community, with the verified badge', () => {
    const community = HOST_COMMUNITY;
    renderWithApp(<EventCard event={createEventDto({ communityId: 'c1', community })} canManage={false} />);
    const link = screen.getByRole('link', { name: /Hosted by Riverside Runners/ });
    expect(link).toHaveAttribute('href', '/c/riverside-runners');
    expect(screen.getByRole('img', { name: 'Verified community' })).toBeInTheDocument();
  });

  it('shows no host line or badge for an event of a person, nor a badge for an unverified community', () => {
    const { unmount } = renderWithApp(<EventCard event={createEventDto()} canManage={false} />);
    expect(screen.queryByText(/Hosted by/)).not.toBeInTheDocument();
    unmount();
    const community = { id: 'c2', _id: 'c2', slug: 'chess', name: 'Chess Club', verified: false };
    renderWithApp(<EventCard event={createEventDto({ community })} canManage={false} />);
    expect(screen.getByRole('link', { name: 'Hosted by Chess Club' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Verified community' })).not.toBeInTheDocument();
  });

  it('reads "Invalid date" for a date it cannot read, and "Unknown" without a creator name', () => {
    const event = createEventDto({ startDate: 'not-a-date', endDate: 'also-not' });
    renderWithApp(<EventCard event={{ ...event, creator: { id: 'x', _id: 'x' } }} canManage={false} />);
    expect(screen.getByText('Invalid date')).toBeInTheDocument();
    expect(screen.getByText('Unknown')).toBeInTheDocument();
    expect(formatTimeRange('not-a-date', 'also-not')).toBe('');
  });

  it('links View Details to the event page and offers Edit and Delete to the creator only', () => {
    const event = createEventDto();
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const { unmount } = renderWithApp(
      <EventCard event={event} canManage={false} onEdit={onEdit} onDelete={onDelete} />,
    );
    expect(screen.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', `/event/${event.id}`);
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    unmount();

    renderWithApp(<EventCard event={event} canManage onEdit={onEdit} onDelete={onDelete} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onEdit).toHaveBeenCalledWith(event);
    expect(onDelete).toHaveBeenCalledWith(event);
  });

  it('falls back to a placeholder when the image is missing or fails to load', () => {
    const { unmount } = renderWithApp(<EventCard event={createEventDto()} canManage={false} />);
    expect(screen.getByTestId('event-image-fallback')).toBeInTheDocument();
    unmount();

    const { container } = renderWithApp(
      <EventCard
        event={createEventDto({ imageUrl: 'http://localhost/uploads/gone.jpg' })}
        canManage={false}
      />,
    );
    const image = container.querySelector('img');
    expect(image).toHaveAttribute('src', 'http://localhost/uploads/gone.jpg');
    if (image) fireEvent.error(image);
    expect(screen.getByTestId('event-image-fallback')).toBeInTheDocument();
  });

  it('shows a stored picture from its WebP copies at the card width, then the original should they fail', () => {
    const key = 'event-image/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jpg';
    const original = `http://localhost:4000/uploads/${key}`;
    const { container } = renderWithApp(
      <EventCard event={createEventDto({ imageUrl: original })} canManage={false} />,
    );
    let image = container.querySelector('img');
    expect(image).toHaveAttribute('src', `/api/images/960/${key}`);
    expect(image).toHaveAttribute(
      'srcset',
      `/api/images/480/${key} 480w, /api/images/960/${key} 960w, /api/images/1600/${key} 1600w`,
    );
    expect(image?.getAttribute('sizes')).toContain('100vw');
    expect(image).toHaveAttribute('width', '1600');
    expect(image).toHaveAttribute('height', '900');
    if (image) fireEvent.error(image);
    image = container.querySelector('img');
    expect(image).toHaveAttribute('src', original);
    expect(image).not.toHaveAttribute('srcset');
    if (image) fireEvent.error(image);
    expect(screen.getByTestId('event-image-fallback')).toBeInTheDocument();
  });
});
