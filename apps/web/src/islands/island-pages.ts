import islandPages from './island-pages.json';

/**
 * The switch of decision record 0013 ("on" in island-pages.json): the server-rendered pages sent as islands
 * (their interactive parts hydrated, the rest left as the server's HTML) rather than hydrated whole, by their
 * route path as router.tsx names them, with the islands each one has (which `npm run budget` measures). Pages
 * whose frame depends on who is looking (legal, support) and the sign-in page keep the full app.
 */
export const ISLANDS_ON: boolean = islandPages.on;

export function isIslandPage(routePath: string): boolean {
  return ISLANDS_ON && Object.hasOwn(islandPages.pages, routePath);
}
