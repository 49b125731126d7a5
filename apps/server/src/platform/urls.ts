/** The URL `text` is, or undefined when it is not one (`new URL` throws for those). */
export function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
