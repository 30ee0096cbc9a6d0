import { useEffect } from 'react';

/**
 * Marks the page live once React has committed it: rendered inside the layout's Suspense boundary, whose content
 * (the page) React hydrates after the frame, so the mark means the page itself answers taps. It ends the
 * 'no pointer input' guard of a server-rendered page (index.html) and tells the browser tests the page is ready.
 */
export function PageReady() {
  useEffect(() => {
    const root = document.documentElement;
    delete root.dataset.hydrating;
    root.dataset.appReady = '';
  }, []);
  return null;
}
