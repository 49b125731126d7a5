import { describe, expect, it } from 'vitest';
import * as contracts from './index.ts';

describe('the error-code table', () => {
  it('holds every exported *_MSG group, so each message has a code the web translates', () => {
    const registered = new Set<unknown>(contracts.MESSAGE_GROUPS.map(([, texts]) => texts));
    const groups = Object.entries(contracts).filter(([name]) => /^(?:[A-Z0-9_]+_)?MSG$/.test(name));
    expect(groups.length).toBeGreaterThan(20);
    expect(groups.filter(([, texts]) => !registered.has(texts)).map(([name]) => name)).toEqual([]);
  });

  it('gives the guest, import and city-page messages their codes', () => {
    expect(contracts.errorCodeOf(contracts.GUEST_MSG.formExpired, 400)).toEqual({
      code: 'GUEST_FORM_EXPIRED',
    });
    expect(contracts.errorCodeOf(contracts.CLUB_IO_MSG.urlRefused, 400)).toEqual({
      code: 'CLUB_IO_URL_REFUSED',
    });
    expect(contracts.errorCodeOf(contracts.NEARBY_MSG.homeRequired, 400)).toEqual({
      code: 'NEARBY_HOME_REQUIRED',
    });
    expect(contracts.errorCodeOf(contracts.NEAR_MSG.cityNotFound, 404).code).not.toBe('NOT_FOUND');
  });
});
