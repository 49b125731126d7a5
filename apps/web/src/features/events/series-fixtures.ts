import type { SeriesDto } from '@townsquare/contracts';

/** A weekly series as `GET /api/series/:id` sends it (tests only), id `s1`. */
export function createSeriesDto(overrides: Partial<SeriesDto> = {}): SeriesDto {
  return {
    id: 's1',
    creatorId: 'host',
    title: 'Thursday run',
    freq: 'weekly',
    interval: 1,
    until: null,
    timeZone: 'Europe/Berlin',
    standing: false,
    standingCount: 0,
    autoPublish: false,
    ...overrides,
  };
}
