import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api-client.ts';

/** What every chat send carries: trimmed text and the id that makes a resend idempotent. */
export interface SendInput {
  content: string;
  clientMessageId: string;
}

/** A message typed here that the server has not confirmed yet. */
export interface OutboxEntry {
  clientMessageId: string;
  content: string;
  status: 'sending' | 'failed';
  error?: string;
}

export const SEND_FAILED = 'Message not sent';

/** A random id; `crypto.randomUUID` needs a secure context, `getRandomValues` does not. */
export function newClientMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Optimistic sending. `send` trims the text, refuses whitespace only (spec 5), shows the message as
 * pending at once and hands it to `deliver` (which stores the server's answer in the cache). A
 * failure stays in the list with its reason; `retry` resends it with the SAME clientMessageId, so a
 * message whose answer was lost on the network is still stored once.
 */
export function useOutbox(deliver: (input: SendInput) => Promise<unknown>) {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const deliverRef = useRef(deliver);
  useEffect(() => {
    deliverRef.current = deliver;
  });

  const attempt = useCallback(async (clientMessageId: string, content: string) => {
    setEntries((list) => [
      ...list.filter((e) => e.clientMessageId !== clientMessageId),
      { clientMessageId, content, status: 'sending' },
    ]);
    try {
      await deliverRef.current({ content, clientMessageId });
      setEntries((list) => list.filter((e) => e.clientMessageId !== clientMessageId));
    } catch (error) {
      console.error('Sending a message failed', error);
      setEntries((list) =>
        list.map((e) =>
          e.clientMessageId === clientMessageId
            ? { ...e, status: 'failed', error: errorMessage(error, SEND_FAILED) }
            : e,
        ),
      );
    }
  }, []);

  /** Returns false (and sends nothing) for blank text. */
  const send = useCallback(
    (text: string): boolean => {
      const content = text.trim();
      if (!content) return false;
      void attempt(newClientMessageId(), content);
      return true;
    },
    [attempt],
  );

  const retry = useCallback(
    (clientMessageId: string) => {
      const entry = entries.find((e) => e.clientMessageId === clientMessageId);
      if (entry) void attempt(entry.clientMessageId, entry.content);
    },
    [attempt, entries],
  );

  const discard = useCallback((clientMessageId: string) => {
    setEntries((list) => list.filter((e) => e.clientMessageId !== clientMessageId));
  }, []);

  return { entries, send, retry, discard };
}
