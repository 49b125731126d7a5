import { describe, expect, it } from 'vitest';
import { holdsSponsorRole, sponsorshipAbilities } from './sponsors.ts';

const business = { business: true, organiser: false };
const organiser = { business: false, organiser: true };
const neither = { business: false, organiser: false };

/** The sponsorship rules of the policy floor (decision 074), as a table. */
describe('sponsorship abilities', () => {
  it('the side that did not propose answers; the side that did withdraws', () => {
    expect(sponsorshipAbilities(organiser, { state: 'proposed', proposedBy: 'sponsor' })).toEqual([
      'accept',
      'decline',
    ]);
    expect(sponsorshipAbilities(business, { state: 'proposed', proposedBy: 'sponsor' })).toEqual([
      'withdraw',
    ]);
    expect(sponsorshipAbilities(business, { state: 'proposed', proposedBy: 'community' })).toEqual([
      'accept',
      'decline',
    ]);
    expect(sponsorshipAbilities(organiser, { state: 'proposed', proposedBy: 'community' })).toEqual([
      'withdraw',
    ]);
  });

  it('only organisers mark it received; either side ends or renews; nothing after a refusal', () => {
    expect(sponsorshipAbilities(organiser, { state: 'accepted', proposedBy: 'sponsor' })).toEqual([
      'received',
    ]);
    expect(sponsorshipAbilities(business, { state: 'accepted', proposedBy: 'sponsor' })).toEqual([
      'withdraw',
    ]);
    expect(sponsorshipAbilities(business, { state: 'accepted', proposedBy: 'community' })).toEqual([]);
    expect(sponsorshipAbilities(business, { state: 'active', proposedBy: 'sponsor' })).toEqual([
      'end',
      'renew',
    ]);
    expect(sponsorshipAbilities(organiser, { state: 'active', proposedBy: 'sponsor' })).toEqual([
      'end',
      'renew',
    ]);
    expect(sponsorshipAbilities(organiser, { state: 'ended', proposedBy: 'sponsor' })).toEqual(['renew']);
    for (const state of ['declined', 'withdrawn'] as const) {
      expect(
        sponsorshipAbilities({ business: true, organiser: true }, { state, proposedBy: 'sponsor' }),
      ).toEqual([]);
    }
  });

  it('gives someone on neither side nothing', () => {
    for (const state of ['proposed', 'accepted', 'active'] as const) {
      expect(sponsorshipAbilities(neither, { state, proposedBy: 'sponsor' })).toEqual([]);
    }
  });

  it('a business profile needs the Sponsor role', () => {
    expect(holdsSponsorRole({ roles: ['Member', 'Sponsor'] })).toBe(true);
    expect(holdsSponsorRole({ roles: ['Club_Founder'] })).toBe(false);
  });
});
