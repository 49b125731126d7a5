import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * `React.lazy` for a named export: `lazyComponent(() => import('./x.tsx'), 'X')` loads the module
 * when the component is first rendered (inside a Suspense boundary), as its own chunk.
 */
export function lazyComponent<M, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType<PropsOf<M[K]>>> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<PropsOf<M[K]>> }));
}
