/**
 * `load` run by the first call, its answer kept for every later one; a failed load is run again by
 * the next call, so a passing database hiccup is not remembered.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load().catch((err: unknown) => {
      loaded = undefined;
      throw err;
    });
    return loaded;
  };
}
