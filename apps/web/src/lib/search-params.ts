/** `current` with `key` set to `value`, or without `key` when `value` is null (the page's default). */
export function withSearchParam(
  current: URLSearchParams,
  key: string,
  value: string | null,
): URLSearchParams {
  const updated = new URLSearchParams(current);
  if (value === null) updated.delete(key);
  else updated.set(key, value);
  return updated;
}
