import { describe, expect, it } from 'vitest';
import { ISLAND_ROUTES, measureRoutes, PUBLIC_ROUTES } from './bundle-budget.mjs';

// A build of two pages: the entry needs react, the map page also needs the map chunk it imports statically,
// and loads the admin page only on demand.
const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], css: ['assets/index.css'] },
  '_react.js': { file: 'assets/react.js' },
  'src/map-page.tsx': {
    file: 'assets/map-page.js',
    imports: ['_map.js', '_react.js'],
    dynamicImports: ['src/admin-page.tsx'],
  },
  '_map.js': { file: 'assets/map.js', css: ['assets/map.css'] },
  'src/admin-page.tsx': { file: 'assets/admin-page.js' },
  // The islands' entry: react alone, its islands and the router on demand.
  'src/islands.tsx': {
    file: 'assets/islands.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/map-island.tsx', 'src/router.tsx', '_contact-abc.js'],
  },
  // An island the full app imports too: the build names its chunk, not its module.
  '_contact-abc.js': { file: 'assets/contact.js', name: 'contact', imports: ['_react.js'] },
  'src/map-island.tsx': { file: 'assets/map-island.js', imports: ['_react.js'], css: ['assets/island.css'] },
  'src/router.tsx': { file: 'assets/router.js' },
};
const kb = {
  'assets/index.js': 30,
  'assets/react.js': 90,
  'assets/map-page.js': 10,
  'assets/map.js': 40,
  'assets/islands.js': 3,
  'assets/map-island.js': 20,
  'assets/router.js': 25,
};
const sizeOf = (file) => (kb[file] ?? 5) * 1024;

describe('the bundle budget', () => {
  it('counts the entry and the page with their static imports once each, not what loads on demand', () => {
    const [row] = measureRoutes(manifest, sizeOf, { '/map': 'src/map-page.tsx' }, 200, {});
    expect(row).toEqual({ route: '/map', entry: 'app', jsKb: 170, cssKb: 10, over: false });
  });

  it('fails a route that loads more than the budget (150 KB)', () => {
    const [row] = measureRoutes(manifest, sizeOf, { '/map': 'src/map-page.tsx' }, undefined, {});
    expect(row.over).toBe(true);
  });

  it("measures a page sent as islands by the islands' entry, its islands and the router, with the page's CSS", () => {
    const islands = { '/map': ['src/map-island.tsx', 'src/contact.tsx', 'src/router.tsx'] };
    const [row] = measureRoutes(manifest, sizeOf, { '/map': 'src/map-page.tsx' }, 150, islands);
    // islands 3 + react 90 + map island 20 + contact 5 + router 25; CSS: index.html's, the island's, the page's.
    expect(row).toEqual({ route: '/map', entry: 'islands', jsKb: 143, cssKb: 15, over: false });
  });

  it('measures the islands of every page the switch sends as islands', () => {
    for (const [route, modules] of Object.entries(ISLAND_ROUTES)) {
      expect(Object.keys(PUBLIC_ROUTES)).toContain(route);
      for (const module of modules) expect(module).toMatch(/^src\/.+\.tsx$/);
    }
  });

  it('names a page the build does not have', () => {
    expect(() => measureRoutes(manifest, sizeOf, { '/x': 'src/gone.tsx' }, undefined, {})).toThrow(
      /src\/gone\.tsx is not in the build manifest/,
    );
  });

  it('measures every page the server renders, the public routes of issue 12 among them', () => {
    expect(Object.keys(PUBLIC_ROUTES)).toEqual(
      expect.arrayContaining([
        '/find-trainer',
        '/public/find-trainer',
        '/trainer/:id',
        '/classes',
        '/public/class/:id',
        '/public-calendar',
        '/public',
        '/privacy',
        '/trainer-portal/login',
      ]),
    );
    for (const page of Object.values(PUBLIC_ROUTES)) expect(page).toMatch(/^src\/features\/.+\.tsx$/);
  });
});
