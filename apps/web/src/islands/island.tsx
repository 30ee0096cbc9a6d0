import { type ComponentType, createContext, type ReactElement, use } from 'react';
import type { IslandName } from './island-names';

/** An island the server's page render met: rendered afterwards as a root of its own (islands/render-islands). */
export interface CollectedIsland {
  name: IslandName;
  prefix: string;
  element: ReactElement;
}

/** Given only while the server renders a page as islands; the browser's full app never has one. */
export const IslandCollectorContext = createContext<CollectedIsland[] | null>(null);

/** What the page's HTML holds where an island's own HTML goes, replaced once the island is rendered. */
export const islandMarker = (index: number) => `<!--island:${index}-->`;

interface IslandProps<P extends object> {
  name: IslandName;
  component: ComponentType<P>;
  /** Plain JSON: the browser reads them back from the element to hydrate the island with the same ones. */
  props: P;
}

/**
 * A part of a public page a person can act on. Inside the full app it is simply the component. When the server
 * renders the page as islands (decision record 0013), it is an element of its own, whose HTML is rendered as its
 * own React root (with its own id prefix, so `useId` agrees with the browser's `hydrateRoot`), and the islands'
 * entry (src/islands.tsx) hydrates that element alone.
 */
export function Island<P extends object>({ name, component: Component, props }: IslandProps<P>) {
  const collector = use(IslandCollectorContext);
  if (!collector) return <Component {...props} />;
  const index = collector.length;
  const prefix = `${name}${index}-`;
  collector.push({ name, prefix, element: <Component {...props} /> });
  return (
    <div
      data-island={name}
      data-island-prefix={prefix}
      data-props={JSON.stringify(props)}
      // No box of its own: the island's content lays out in the page exactly as it did inline.
      style={{ display: 'contents' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own marker, replaced by the island's render
      dangerouslySetInnerHTML={{ __html: islandMarker(index) }}
    />
  );
}
