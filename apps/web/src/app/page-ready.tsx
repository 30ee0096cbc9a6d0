import { useEffect } from 'react';

let markLive: () => void = () => {};
/** Settles when the first page has committed: hydrated from the server's HTML, or rendered by the browser. */
export const firstPageLive = new Promise<void>((resolve) => {
  markLive = resolve;
});

/**
 * Marks the page live once React has committed it: rendered inside the layout's Suspense boundary, whose content
 * (the page) React hydrates after the frame, so the mark means the page itself answers taps. It ends the
 * 'no pointer input' guard of a server-rendered page (index.html) and tells the browser tests the page is ready.
 */
export function PageReady() {
  useEffect(markPageLive, []);
  return null;
}

/** The page answers taps: by the full app's PageReady, or by the islands' entry once every island is hydrated. */
export function markPageLive() {
  const root = document.documentElement;
  delete root.dataset.hydrating;
  root.dataset.appReady = '';
  markLive();
}
