import { useEffect, useState, type ComponentType } from 'react';

/** A component whose code loads on first render; `preload()` starts (or awaits) that load. */
export type OnDemandComponent<P extends object> = ComponentType<P> & { preload: () => Promise<ComponentType<P>> };

/**
 * Wraps a component whose code (and libraries) stay out of the page's first download: it renders
 * nothing until its chunk has arrived, then itself; once loaded it renders at once everywhere.
 * Used for parts that only appear after an action (a dialog opening, the first toast), so the
 * server's HTML (which never has them) and the hydrating browser agree. A failed load is thrown at
 * the next render, to the nearest error boundary, like React.lazy; the next mount tries again.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): OnDemandComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  function OnDemand(props: P) {
    const [state, setState] = useState<{ component?: ComponentType<P>; error?: unknown }>({});
    useEffect(() => {
      if (loaded) return;
      let current = true;
      preload().then(
        (component) => current && setState({ component }),
        (error: unknown) => current && setState({ error }),
      );
      return () => {
        current = false;
      };
    }, []);
    if (state.error !== undefined) throw state.error;
    const Component = loaded ?? state.component;
    return Component ? <Component {...props} /> : null;
  }
  return Object.assign(OnDemand, { preload });
}

/**
 * A dialog whose code loads when it first opens: until `open` is first true it renders nothing and
 * fetches nothing, so a page that may never open it does not download it; afterwards it stays
 * mounted (closing animates and returns the focus as any dialog does).
 */
export function onDemandDialog<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload: () => Promise<ComponentType<P>> } {
  const Body = onDemand(load);
  function OnDemandDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    return opened || props.open ? <Body {...props} /> : null;
  }
  return Object.assign(OnDemandDialog, { preload: Body.preload });
}
