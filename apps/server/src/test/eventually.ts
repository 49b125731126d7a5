/**
 * Polls until `check` passes, then answers its result (queue jobs and sockets run asynchronously).
 * It checks every 100 ms: most waits end within a queue poll (0.5 s), and a coarser step only adds
 * to each test's time.
 */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
