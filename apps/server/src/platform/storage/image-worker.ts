/**
 * The image process (decision 036): decodes and re-encodes images for the server that forked it
 * (image-process.ts), at the lowest CPU priority. Set before any image work starts, the priority
 * is inherited by every thread created after it (libuv's pool, libvips' workers), so on a busy
 * machine the server's event loop, password hashing and static files go first.
 */
import os from 'node:os';
import { inProcessCodec } from './image-codec.ts';
import type { ImageJob, ImageReply } from './image-process.ts';

try {
  os.setPriority(19);
} catch {
  // Not permitted here (some containers): the work still runs, only without the lower priority.
}

const send = (reply: ImageReply) => process.send?.(reply);

process.on('message', (job: ImageJob) => {
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
