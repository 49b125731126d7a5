/**
 * A download's name from an event's title, ASCII only so it fits a Content-Disposition header
 * as is: "Quiz night at the Anchor!" → "Quiz-night-at-the-Anchor" (accents dropped, not the
 * letters), `fallback` when nothing is left (an emoji-only title).
 */
export function fileSlug(title: string, fallback = 'event'): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-zA-Z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || fallback
  );
}
