/**
 * The image process (decision 036): decodes and re-encodes images for the server that forked it
 * (image-process.ts), at a low CPU priority (IMAGE_NICE, default 19), so that on a busy machine the
 * server's event loop, password hashing and static files go first.
 *
 * Linux keeps a nice value per thread, and a thread starts with its creator's. The threads that
 * exist before this line runs (libuv's pool, started while the modules loaded) would keep 0, and
 * so would the libvips workers they start, which do the decoding: every thread is lowered, at
 * start and again before each job (a thread is only ever started by one already lowered, but the
 * check is a directory read).
 */
import { readdirSync } from 'node:fs';
import os from 'node:os';
import { inProcessCodec } from './image-codec.ts';
import type { ImageJob, ImageReply } from './image-process.ts';

/** The nice value the server passes (IMAGE_NICE, 0–19); 19, the lowest priority, if none. */
const NICE = Math.min(19, Math.max(0, Number(process.argv[2] ?? 19) || 0));

function lowerPriority() {
  const threads = process.platform === 'linux' ? readdirSync('/proc/self/task').map(Number) : [0];
  for (const thread of threads) {
    try {
      os.setPriority(thread, NICE);
    } catch {
      // Not permitted here (some containers), or the thread just ended: the work still runs.
    }
  }
}
lowerPriority();

const send = (reply: ImageReply) => process.send?.(reply);

process.on('message', (job: ImageJob) => {
  lowerPriority();
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  const work =
    job.op === 'reencode'
      ? inProcessCodec.reencode(bytes, job.type, job.animated)
      : inProcessCodec.resize(bytes, job.width);
  work.then(
    (data) => send({ id: job.id, ok: true, data }),
    () => send({ id: job.id, ok: false }),
  );
});
// The server is gone (or closed the channel): nothing is left to do.
process.on('disconnect', () => process.exit(0));
