import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Loading } from './states.tsx';

/**
 * A page loaded when first shown, as a script of its own: pages few visitors open first (administration,
 * the account, password resets) stay out of the first page's script.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  return function LazyPage(props: P) {
    const [, setReady] = useState(loaded !== undefined);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      pending ??= load().then((page) => {
        loaded = page;
      });
      pending.then(() => live && setReady(true));
      return () => {
        live = false;
      };
    }, []);
    const Page = loaded;
    return Page ? <Page {...props} /> : <Loading />;
  };
}
