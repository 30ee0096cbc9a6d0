import type { AdminResourceList, Article, AskedQuestion } from '@soulpunch/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi, sessionRoutes } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import '@/test/stub-font-loading';

// Whole admin screens through the real route table: more work per test than a single component, so a busy
// machine gets more room (a budget, not a speed requirement).
vi.setConfig({ testTimeout: 15_000 });
configure({ asyncUtilTimeout: 5000 });

const ADMIN = { id: 1, email: 'boss@example.com', name: 'Bea Boss', roles: ['admin'], trainerId: null };

const article = (over: Partial<Article> = {}): Article => ({
  id: 12,
  slug: 'faq-renewal',
  title: 'Renewing your certification',
  body: '## When renewal is due\n\nYour certification is valid for **2 years**.',
  sourceUrl: '/legal/terms',
  audience: 'trainer',
  status: 'published',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  publishedAt: '2026-11-01T10:00:00.000Z',
  updatedByName: null,
  resourceId: null,
  ...over,
});

function bodyOf(fetchMock: ReturnType<typeof mockApi>, method: string, url: string) {
  const call = fetchMock.mock.calls.find(
    ([input, init]) => String(input) === url && (init?.method ?? 'GET') === method,
  );
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe('knowledge base admin', () => {
  it('lists the articles with their audience and status', async () => {
    mockApi({
      ...sessionRoutes(ADMIN),
      'GET /api/admin/knowledge/articles': json([
        article(),
        article({
          id: 13,
          title: 'Admin guide',
          audience: 'admin',
          status: 'draft',
          updatedByName: 'Bea Boss',
        }),
      ]),
    });
    renderApp('/admin/knowledge');
    expect(await screen.findByRole('link', { name: 'Renewing your certification' })).toHaveAttribute(
      'href',
      '/admin/knowledge/12',
    );
    const draftRow = screen.getByRole('row', { name: /Admin guide/ });
    expect(within(draftRow).getByText('Draft')).toBeInTheDocument();
    expect(within(draftRow).getByText('Admins')).toBeInTheDocument();
    expect(screen.getByText('2 articles')).toBeInTheDocument();
  });

  it("shows the server's validation message beside the field and keeps the text", async () => {
    const fetchMock = mockApi({
      ...sessionRoutes(ADMIN),
      'GET /api/admin/knowledge/articles/12': json(article()),
      'PUT /api/admin/knowledge/articles/12': json(
        {
          error: {
            code: 'validation_error',
            message:
              'Please enter a full link, starting with https://, or a page of this site such as /support',
            fields: {
              sourceUrl:
                'Please enter a full link, starting with https://, or a page of this site such as /support',
            },
          },
        },
        { status: 400 },
      ),
    });
    const { user } = renderApp('/admin/knowledge/12');
    const source = await screen.findByRole('textbox', { name: 'Source link' });
    await user.clear(source);
    await user.paste('javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(
        'Please enter a full link, starting with https://, or a page of this site such as /support',
      ),
    ).toBeInTheDocument();
    expect(source).toHaveValue('javascript:alert(1)');
    expect(source).toHaveAttribute('aria-invalid', 'true');
    expect(bodyOf(fetchMock, 'PUT', '/api/admin/knowledge/articles/12')).toEqual({
      title: 'Renewing your certification',
      body: article().body,
      sourceUrl: 'javascript:alert(1)',
      audience: 'trainer',
    });
  });

  it('previews the Markdown, and a new article is saved then published', async () => {
    const created = article({ id: 30, title: 'Gala dress code', status: 'draft', publishedAt: null });
    const fetchMock = mockApi({
      ...sessionRoutes(ADMIN),
      'POST /api/admin/knowledge/articles': json(created, { status: 201 }),
      'POST /api/admin/knowledge/articles/30/publish': json({ ...created, status: 'published' }),
      'GET /api/admin/knowledge/articles/30': json({ ...created, status: 'published' }),
    });
    const { user, currentPath } = renderApp('/admin/knowledge/new');
    await user.click(await screen.findByRole('textbox', { name: 'Title' }));
    await user.paste('Gala dress code');
    await user.click(screen.getByRole('textbox', { name: 'Text (Markdown)' }));
    await user.paste('Wear the **red** hoodie.');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(within(screen.getByLabelText('Preview of the text')).getByText('red').tagName).toBe('STRONG');

    await user.click(screen.getByRole('button', { name: 'Save and publish' }));
    await waitFor(() => expect(currentPath()).toBe('/admin/knowledge/30'));
    expect(bodyOf(fetchMock, 'POST', '/api/admin/knowledge/articles')).toEqual({
      title: 'Gala dress code',
      body: 'Wear the **red** hoodie.',
      sourceUrl: '',
      audience: 'trainer',
    });
    expect(await screen.findByText('Article published')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Retire' })).toBeInTheDocument();
  });

  it('sends an article from the resources catalogue to the catalogue instead of editing it', async () => {
    mockApi({
      ...sessionRoutes(ADMIN),
      'GET /api/admin/knowledge/articles/40': json(
        article({ id: 40, resourceId: 3, title: 'Trainer Badges' }),
      ),
    });
    renderApp('/admin/knowledge/40');
    expect(await screen.findByRole('link', { name: 'Open the resources catalogue' })).toHaveAttribute(
      'href',
      '/admin/resources',
    );
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });
});

describe('questions asked', () => {
  it('lists unanswered questions and turns one into a draft article', async () => {
    const asked: AskedQuestion = {
      id: 77,
      question: 'What is the capital city of Mongolia?',
      askedAt: '2026-11-20T15:00:00.000Z',
      trainerName: 'Olivia Johnson',
      answered: false,
      helpful: null,
      sources: [],
      mode: 'offline',
      draftArticleId: null,
    };
    const draft = article({ id: 90, title: asked.question, status: 'draft', publishedAt: null });
    mockApi({
      ...sessionRoutes(ADMIN),
      'GET /api/admin/assistant/questions?filter=recent': json([asked]),
      'GET /api/admin/assistant/questions?filter=unanswered': json([asked]),
      'POST /api/admin/assistant/questions/77/draft-article': json(draft),
      'GET /api/admin/knowledge/articles/90': json(draft),
    });
    const { user, currentPath } = renderApp('/admin/assistant/questions');
    expect(await screen.findByText(asked.question)).toBeInTheDocument();
    await user.click(screen.getByText('Unanswered', { exact: true }));
    const row = await screen.findByRole('row', { name: /Mongolia/ });
    expect(within(row).getByText('Declined')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /^Turn into draft article/ }));
    await waitFor(() => expect(currentPath()).toBe('/admin/knowledge/90'));
    expect(await screen.findByRole('heading', { level: 1, name: asked.question })).toBeInTheDocument();
  });
});

describe('resources catalogue', () => {
  const list: AdminResourceList = {
    categories: [{ id: 1, name: 'Marketing & Communication', comingSoon: false }],
    resources: [
      {
        id: 5,
        name: 'Trainer Badges',
        description: 'Badges for your website.',
        badge: null,
        details: null,
        startsOn: null,
        endsOn: null,
        url: 'https://drive.example.com/badges',
        kind: 'resource',
        categoryId: 1,
        categoryName: 'Marketing & Communication',
        order: 3,
        retiredAt: null,
      },
    ],
  };

  it("edits a resource and shows the server's message for a bad link", async () => {
    let attempts = 0;
    const fetchMock = mockApi({
      ...sessionRoutes(ADMIN),
      'GET /api/admin/resources': json(list),
      'PUT /api/admin/resources/5': () => {
        attempts++;
        return attempts === 1
          ? json(
              {
                error: {
                  code: 'validation_error',
                  message: 'Please enter a full link, starting with https://',
                  fields: { url: 'Please enter a full link, starting with https://' },
                },
              },
              { status: 400 },
            )
          : json({ ...list.resources[0], url: 'https://drive.example.com/new-badges' });
      },
    });
    const { user } = renderApp('/admin/resources');
    const section = await screen.findByRole('region', { name: 'Marketing & Communication' });
    await user.click(within(section).getByRole('button', { name: 'Edit Trainer Badges' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Trainer Badges' });
    const link = within(dialog).getByRole('textbox', { name: 'Link' });
    await user.clear(link);
    await user.paste('not a link');
    await user.click(within(dialog).getByRole('button', { name: 'Save resource' }));
    expect(await within(dialog).findByText('Please enter a full link, starting with https://')).toBeVisible();

    await user.clear(link);
    await user.paste('https://drive.example.com/new-badges');
    await user.click(within(dialog).getByRole('button', { name: 'Save resource' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(fetchMock, 'PUT', '/api/admin/resources/5')).toMatchObject({
      name: 'Trainer Badges',
      kind: 'resource',
      categoryId: 1,
      order: 3,
    });
  });

  it('gives an upcoming training its first and last day', async () => {
    const training = {
      ...list.resources[0],
      id: 7,
      name: 'Train the Trainer',
      kind: 'upcoming_training' as const,
      categoryId: null,
      categoryName: null,
      startsOn: '2027-01-15',
      endsOn: '2027-01-17',
    };
    const fetchMock = mockApi({
      ...sessionRoutes(ADMIN),
      'GET /api/admin/resources': json({ ...list, resources: [training] }),
      'PUT /api/admin/resources/7': json({ ...training, endsOn: '2027-01-18' }),
    });
    const { user } = renderApp('/admin/resources');
    await user.click(await screen.findByRole('button', { name: 'Edit Train the Trainer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Train the Trainer' });
    expect(within(dialog).getByLabelText(/First day/)).toHaveValue('2027-01-15');
    const last = within(dialog).getByLabelText(/Last day/);
    await user.clear(last);
    await user.type(last, '2027-01-18');
    await user.click(within(dialog).getByRole('button', { name: 'Save resource' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(fetchMock, 'PUT', '/api/admin/resources/7')).toMatchObject({
      kind: 'upcoming_training',
      categoryId: null,
      startsOn: '2027-01-15',
      endsOn: '2027-01-18',
    });
  });
});
