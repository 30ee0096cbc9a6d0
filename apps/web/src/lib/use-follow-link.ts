import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * A click handler for many plain links to the app's pages (`<a href="/public/class/7">`): it follows them as
 * React Router's Link would (in the app without reloading it; from an island, by the island's router), and leaves
 * a click meant for the browser (another tab, a download, a modifier key) to the browser. One hook for the whole
 * list instead of a Link per item: each Link resolves its address with several hooks, and the public calendar lists
 * up to a thousand classes.
 */
export function useFollowLink(): (event: MouseEvent<HTMLAnchorElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    const link = event.currentTarget;
    const href = link.getAttribute('href');
    const forTheBrowser =
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey ||
      (link.target !== '' && link.target !== '_self') ||
      link.hasAttribute('download');
    if (event.defaultPrevented || forTheBrowser || !href?.startsWith('/')) return;
    event.preventDefault();
    navigate(href);
  };
}
