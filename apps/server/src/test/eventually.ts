/**
 * Polls until `check` passes, then answers its result (queue jobs and sockets run asynchronously).
 * It checks every 100 ms: most waits end within a queue poll (0.5 s), and a coarser step only adds
 * to each test's time. The default wait is a budget for a loaded CI machine (mail through the queue
 * took over 15 s there beside typecheck and the web tests), not a speed bar: a check that passes
 * returns at once.
 */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
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
