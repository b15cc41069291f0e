// A page loaded lazily, in its own chunk, that can also be asked for ahead of its first render:
// the router starts the opened path's chunk at once, alongside the account call, instead of
// after the account has arrived and the page is first rendered.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyPage<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the chunk (once); React's lazy renders from the same promise. */
  preload(): Promise<unknown>;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any page's props
export function lazyPage<P extends object = any>(
  load: () => Promise<ComponentType<P>>,
): LazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        // A chunk that failed to load is asked for again on the next attempt.
        loading = undefined;
        throw error;
      },
    ));
  return Object.assign(lazy(preload), { preload });
}
