/**
 * The process entry point. It checks the runtime first and loads the server only on a supported
 * Node (decision 060): under an older one the server would fail later, on a missing API, with a
 * message that does not say why. `main.ts` is imported dynamically so that nothing else is
 * loaded (or parsed) before the check.
 */
import { unsupportedNode } from './platform/runtime.ts';

const refusal = unsupportedNode(process.versions.node);
if (refusal) {
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}
await import('./main.ts');
