import { describe, expect, it } from 'vitest';
import { measureRoutes, PUBLIC_ROUTES } from './bundle-budget.mjs';

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
};
const kb = { 'assets/index.js': 30, 'assets/react.js': 90, 'assets/map-page.js': 10, 'assets/map.js': 40 };
const sizeOf = (file) => (kb[file] ?? 5) * 1024;

describe('the bundle budget', () => {
  it('counts the entry and the page with their static imports once each, not what loads on demand', () => {
    const [row] = measureRoutes(manifest, sizeOf, { '/map': 'src/map-page.tsx' }, 200);
    expect(row).toEqual({ route: '/map', jsKb: 170, cssKb: 10, over: false });
  });

  it('fails a route that loads more than the budget (150 KB)', () => {
    const [row] = measureRoutes(manifest, sizeOf, { '/map': 'src/map-page.tsx' });
    expect(row.over).toBe(true);
  });

  it('names a page the build does not have', () => {
    expect(() => measureRoutes(manifest, sizeOf, { '/x': 'src/gone.tsx' })).toThrow(
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
