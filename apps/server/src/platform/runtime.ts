/**
 * The runtime the server supports (decision 060): Node.js 24 LTS from 24.11, as `engines` in the
 * root package.json says. This module imports nothing, so that server.ts can check the runtime
 * before any code that needs a newer Node is loaded.
 */
export const SUPPORTED_NODE = { major: 24, minor: 11 } as const;

/** The one line to print when `version` (as in `process.versions.node`) is not supported, else undefined. */
export function unsupportedNode(version: string): string | undefined {
  const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10));
  const { major: needMajor, minor: needMinor } = SUPPORTED_NODE;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return undefined;
  return `Townsquare needs Node.js ${needMajor}.${needMinor} or newer (${needMajor} LTS); this is Node.js ${version}. \`npm install\` brings it into node_modules/.bin, which npm scripts use.`;
}
