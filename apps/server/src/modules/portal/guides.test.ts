import { describe, expect, it } from 'vitest';
import { findGuide, renderGuidePage, TRAINER_GUIDES } from './guides';

describe('trainer guides', () => {
  it('have one page per slug and per resource, each with content', () => {
    expect(new Set(TRAINER_GUIDES.map((g) => g.slug)).size).toBe(TRAINER_GUIDES.length);
    expect(new Set(TRAINER_GUIDES.map((g) => g.resource)).size).toBe(TRAINER_GUIDES.length);
    for (const guide of TRAINER_GUIDES) {
      expect(guide.slug).toMatch(/^[a-z0-9-]+$/);
      expect(guide.sections.length).toBeGreaterThan(0);
      expect(guide.next?.url ?? 'https://').toMatch(/^https:\/\//);
    }
    expect(findGuide('video-library')?.resource).toBe('Self-Defense Video Library');
    expect(findGuide('no-such-guide')).toBeUndefined();
  });

  it('render as a page whose text cannot become markup', () => {
    const html = renderGuidePage({
      slug: 'x',
      resource: 'X',
      title: 'Tips & <b>tricks</b>',
      summary: '"Quoted"',
      sections: [{ heading: 'One', paragraphs: ['<script>alert(1)</script>'], items: ["It's fine"] }],
      next: { label: 'Go', url: 'https://example.com/?a=1&b=2' },
    });
    expect(html).toContain('<h1>Tips &amp; &lt;b&gt;tricks&lt;/b&gt;</h1>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<li>It&#39;s fine</li>');
    expect(html).toContain('href="https://example.com/?a=1&amp;b=2"');
  });
});
