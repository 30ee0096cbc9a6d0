// How a server-rendered page starts the app: after the page has been painted. The server (web-app.ts) puts this
// script in place of the app's own, which it names in data-entry. On a slow connection the page's HTML and CSS
// then have the line to themselves, and the page shows sooner (decision record 0007).
(() => {
  const entry = document.currentScript?.getAttribute('data-entry');
  let started = false;
  const start = () => {
    if (started || !entry) return;
    started = true;
    // A page behind a sign-in lists its scripts (web-app.ts): all of them asked for in one step, rather than by
    // the page's loader adding a link for each.
    const scripts = document.getElementById('page-scripts');
    if (scripts instanceof HTMLTemplateElement) document.head.append(scripts.content);
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // After the frame that paints the page; a page that paints no frame (a tab in the background) starts anyway.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
})();
