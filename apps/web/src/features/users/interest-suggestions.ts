import { translate } from '../../lib/i18n/intl.tsx';

/**
 * Topics offered while typing interests (spec 9: about fifty), each named by the catalogs in the
 * viewer's language (`users.interest.<id>`): a picked suggestion is stored as the words shown.
 */
export const INTEREST_SUGGESTION_IDS = [
  'hiking',
  'running',
  'cycling',
  'yoga',
  'climbing',
  'swimming',
  'football',
  'basketball',
  'tennis',
  'pickleball',
  'boardGames',
  'videoGames',
  'chess',
  'bookClub',
  'writing',
  'poetry',
  'photography',
  'film',
  'theatre',
  'liveMusic',
  'choir',
  'dance',
  'painting',
  'pottery',
  'crafts',
  'knitting',
  'gardening',
  'cooking',
  'baking',
  'coffee',
  'wineTasting',
  'craftBeer',
  'volunteering',
  'sustainability',
  'localHistory',
  'languages',
  'technology',
  'startups',
  'coding',
  'entrepreneurship',
  'parenting',
  'pets',
  'dogWalking',
  'birdwatching',
  'camping',
  'fishing',
  'meditation',
  'wellness',
  'trivia',
  'farmersMarkets',
] as const;

/** The suggestions in the current language. */
export function interestSuggestions(): string[] {
  return INTEREST_SUGGESTION_IDS.map((id) => translate(`users.interest.${id}`));
}
