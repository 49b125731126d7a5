import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { removeMessageFromCaches } from './message-cache.ts';

describe('removeMessageFromCaches', () => {
  it('drops the message from every cached history and leaves other queries alone', () => {
    const client = new QueryClient();
    const history = (ids: string[]) => ({
      pages: [{ messages: ids.map((id) => ({ id, content: id })), nextBefore: null }],
      pageParams: [undefined],
    });
    client.setQueryData(['chat', 'general'], history(['a', 'b', 'c']));
    client.setQueryData(['chat', 'event', 'e1'], history(['b', 'd']));
    client.setQueryData(['events', 'list', 'LIVE'], { pages: [{ events: [{ id: 'b' }] }] });
    removeMessageFromCaches(client, 'b');
    const ids = (key: string[]) =>
      (client.getQueryData(key) as { pages: { messages: { id: string }[] }[] }).pages[0]!.messages.map(
        (m) => m.id,
      );
    expect(ids(['chat', 'general'])).toEqual(['a', 'c']);
    expect(ids(['chat', 'event', 'e1'])).toEqual(['d']);
    expect(client.getQueryData(['events', 'list', 'LIVE'])).toEqual({ pages: [{ events: [{ id: 'b' }] }] });
  });
});
