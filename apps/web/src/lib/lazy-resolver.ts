/**
 * A react-hook-form resolver that loads on first use. The forms on the first page a visitor sees
 * (sign-in, registration) validate with the shared zod contracts; zod and the contracts are a
 * third of the page's script, so they load when the visitor first focuses the form (`preload`)
 * or submits it, not before the page is painted. The rules stay exactly the contracts' rules.
 */
export function lazyResolver<R extends (...args: never[]) => unknown>(
  load: () => Promise<R>,
): { resolver: R; preload: () => void } {
  let loading: Promise<R> | undefined;
  const loaded = () => {
    loading ??= load();
    return loading;
  };
  const resolver = (...args: Parameters<R>) => loaded().then((resolve) => resolve(...args));
  return { resolver: resolver as unknown as R, preload: () => void loaded() };
}
