/**
 * Work that must not delay a response (sending mail after forgot-password would otherwise reveal,
 * by its timing, that the account exists) but must not be lost on a graceful shutdown either.
 */
export type Background = {
  run(label: string, task: () => Promise<unknown>): void;
  /** Resolves when every task started so far has settled. */
  drain(): Promise<void>;
};

export function createBackground(log: { error: (obj: object, msg: string) => void }): Background {
  const pending = new Set<Promise<unknown>>();
  return {
    run(label, task) {
      const promise = task()
        .catch((err: unknown) => log.error({ err }, `${label} failed`))
        .finally(() => pending.delete(promise));
      pending.add(promise);
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
