import { createContext, useContext } from 'react';

/**
 * The frame around the page, chosen by the app's layout from the path and who is looking: 'admin' (sidebar and
 * header), 'portal' (the trainer portal's header), 'public' (the visitors' header) or 'none'. Pages shown in more
 * than one frame read it to point their own links the right way.
 */
export type PageChrome = 'admin' | 'portal' | 'public' | 'none';

export const PageChromeContext = createContext<PageChrome>('none');

export function usePageChrome(): PageChrome {
  return useContext(PageChromeContext);
}
