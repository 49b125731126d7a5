import { FEDERATION_MSG, type FederationBlockedDomain } from '@townsquare/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { federationDomainBlocks, remoteEvents } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';

/** How often each instance reads the admins' list again (another instance may have changed it). */
export const DOMAIN_BLOCKS_RELOAD_MS = 60_000;

const under = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/**
 * Blocked domains (decision 079): FEDERATION_BLOCKED_DOMAINS and those an admin blocked at run
 * time (`federation_domain_blocks`). `isBlocked` is synchronous (the bridge asks it for every
 * inbox post), so the admins' list is held in memory: changed at once on this instance, read
 * again every minute for the others.
 */
export function createDomainBlocks(deps: { db: Database; configured: string[] }) {
  const { db } = deps;
  const configured = deps.configured.map((d) => d.toLowerCase());
  let blocked: { domain: string; createdAt: Date }[] = [];

  async function load() {
    blocked = await db
      .select({ domain: federationDomainBlocks.domain, createdAt: federationDomainBlocks.createdAt })
      .from(federationDomainBlocks)
      .orderBy(federationDomainBlocks.domain);
  }

  return {
    load,
    isBlocked(host: string): boolean {
      const h = host.toLowerCase();
      return configured.some((d) => under(h, d)) || blocked.some((b) => under(h, b.domain));
    },
    list(): FederationBlockedDomain[] {
      return [
        ...configured.map((domain) => ({ domain, source: 'config' as const, createdAt: null })),
        ...blocked.map((b) => ({
          domain: b.domain,
          source: 'admin' as const,
          createdAt: b.createdAt.toISOString(),
        })),
      ];
    },
    /** Blocks a domain: what it sent is forgotten at once; from now on it is refused and hidden. */
    async block(domain: string, userId: string): Promise<FederationBlockedDomain> {
      const [row] = await db
        .insert(federationDomainBlocks)
        .values({ domain, createdBy: userId })
        .onConflictDoUpdate({ target: federationDomainBlocks.domain, set: { domain } })
        .returning();
      await db
        .delete(remoteEvents)
        .where(
          sql`${remoteEvents.instance} = ${domain} or ${remoteEvents.instance} like ${`%.${domain.replace(/[\\%_]/g, (c) => `\\${c}`)}`}`,
        );
      await load();
      return { domain, source: 'admin', createdAt: (row?.createdAt ?? new Date()).toISOString() };
    },
    async unblock(domain: string): Promise<void> {
      const gone = await db
        .delete(federationDomainBlocks)
        .where(eq(federationDomainBlocks.domain, domain))
        .returning();
      if (gone.length === 0) throw notFound(FEDERATION_MSG.domainNotBlocked);
      await load();
    },
  };
}

export type DomainBlocks = ReturnType<typeof createDomainBlocks>;
