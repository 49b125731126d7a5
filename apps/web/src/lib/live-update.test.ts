import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveUpdate } from './live-update.ts';

/** A read whose answer the test hands over when it chooses. */
function pendingReads() {
  const answers: Array<(value: number[]) => void> = [];
  return {
    queryFn: () => new Promise<number[]>((resolve) => answers.push(resolve)),
    answer: (index: number, value: number[]) => answers[index]?.(value),
    count: () => answers.length,
  };
}

describe('applyLiveUpdate', () => {
  it('a read that started before the change does not overwrite it', async () => {
    const queryClient = new QueryClient();
    const key = ['sheet', 'e1'];
    queryClient.setQueryData(key, [1]);
    const reads = pendingReads();
    void queryClient
      .fetchQuery({ queryKey: key, queryFn: reads.queryFn, staleTime: 0 })
      .catch(() => undefined);
    applyLiveUpdate<number[]>(queryClient, key, (items) => [...items, 2]);
    expect(queryClient.getQueryData(key)).toEqual([1, 2]);
    // The older read answers with what it saw before the change; a second read was started.
    reads.answer(0, [1]);
    await expect.poll(() => reads.count()).toBe(2);
    reads.answer(1, [1, 2]);
    await expect.poll(() => queryClient.getQueryData(key)).toEqual([1, 2]);
    expect(reads.count()).toBe(2);
  });

  it('with no read running, the update is applied and nothing is read', () => {
    const queryClient = new QueryClient();
    const key = ['sheet', 'e2'];
    queryClient.setQueryData(key, [1]);
    applyLiveUpdate<number[]>(queryClient, key, (items) => [...items, 2]);
    expect(queryClient.getQueryData(key)).toEqual([1, 2]);
    expect(queryClient.isFetching()).toBe(0);
  });

  it('leaves a query that is not cached alone', () => {
    const queryClient = new QueryClient();
    applyLiveUpdate<number[]>(queryClient, ['sheet', 'e3'], (items) => [...items, 2]);
    expect(queryClient.getQueryData(['sheet', 'e3'])).toBeUndefined();
  });
});
