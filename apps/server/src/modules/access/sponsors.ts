import type { SponsorshipAction, SponsorshipSide, SponsorshipState } from '@townsquare/contracts';
import type { UserRow } from '../../db/schema/index.ts';

/**
 * The sponsors rules of the policy floor (decision 068, decision 074). A business profile belongs
 * to an account holding the Sponsor role; a community's sponsors are managed by whoever may
 * `manage` it (`can` in communities.ts, never re-derived here); a sponsorship moves between the
 * two sides by `mayOnSponsorship`, the one answer to "who may move it how".
 */

/** Holds the Sponsor role: may have a business profile and propose as a business. */
export const holdsSponsorRole = (user: Pick<UserRow, 'roles'>) => user.roles.includes('Sponsor');

/** Which side of a sponsorship the caller is on: its business, its community's organisers, or neither. */
export type SponsorshipParty = { business: boolean; organiser: boolean };

/**
 * The state machine's transitions and who may ask for each. The side that did not propose
 * accepts or declines; the side that did withdraws (before the contribution is received); only
 * organisers mark the contribution received; either side ends an active one, and either side of
 * an active or ended one proposes its next period (`renew`).
 */
export function mayOnSponsorship(
  party: SponsorshipParty,
  action: SponsorshipAction,
  s: { state: SponsorshipState; proposedBy: SponsorshipSide },
): boolean {
  const proposer = s.proposedBy === 'sponsor' ? party.business : party.organiser;
  const answerer = s.proposedBy === 'sponsor' ? party.organiser : party.business;
  switch (action) {
    case 'accept':
    case 'decline':
      return s.state === 'proposed' && answerer;
    case 'withdraw':
      return (s.state === 'proposed' || s.state === 'accepted') && proposer;
    case 'received':
      return s.state === 'accepted' && party.organiser;
    case 'end':
      return s.state === 'active' && (party.business || party.organiser);
    case 'renew':
      return (s.state === 'active' || s.state === 'ended') && (party.business || party.organiser);
  }
}

/** Every action the caller may take now, as the API sends them (`can` on a sponsorship). */
export function sponsorshipAbilities(
  party: SponsorshipParty,
  s: { state: SponsorshipState; proposedBy: SponsorshipSide },
): SponsorshipAction[] {
  return (['accept', 'decline', 'withdraw', 'received', 'end', 'renew'] as const).filter((a) =>
    mayOnSponsorship(party, a, s),
  );
}
