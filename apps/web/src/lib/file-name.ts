/**
 * A download's name from a title: "Café Ü-Bahn Meetup!" + "qr.png" → "cafe-u-bahn-meetup-qr.png"
 * (accents dropped, not the letters); `fallback` stands in when nothing is left (emoji only).
 */
export function fileName(title: string, suffix: string, fallback = 'townsquare'): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || fallback}-${suffix}`;
}
