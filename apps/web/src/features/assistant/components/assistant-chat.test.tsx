import { assistantMessages, type ChatAnswer } from '@soulpunch/shared';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { clearSignedInStorage } from '@/lib/signed-in-storage';
import { json, type MockRoutes, mockApi, noContent, requestsMade } from '@/test/mock-api';
import { CHAT_CONTEXT } from '../api/ask-assistant';
import '@/test/stub-font-loading';

// Typing through user-event re-renders the chat on every key: a busy machine gets more room (a budget, not a
// speed requirement).
vi.setConfig({ testTimeout: 15_000 });
configure({ asyncUtilTimeout: 5000 });

import { clearConversation, restoreConversation } from '../conversation';
import { AssistantCard } from './assistant-card';
import { AssistantLauncher } from './assistant-launcher';

const TRAINER = {
  id: 41,
  email: 'olivia.johnson@example.com',
  name: 'Olivia Johnson',
  roles: ['trainer'],
  trainerId: 7,
};

const ANSWER: ChatAnswer = {
  questionId: 5,
  answer:
    'Here is what the Soul Punch material says:\n\n> Apply for your **EIN** online.\n\n(Business set-up [1])',
  sources: [{ articleId: 3, title: 'Business set-up', url: 'https://www.irs.gov/ein' }],
  answered: true,
};

/** A streamed answer the test writes piece by piece. */
function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: () => new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } }),
    send(event: string, data: unknown) {
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    end: () => controller.close(),
  };
}

function streamOf(answer: ChatAnswer) {
  const stream = eventStream();
  stream.send('sources', { questionId: answer.questionId, sources: answer.sources });
  stream.send('delta', { text: answer.answer });
  stream.send('done', answer);
  stream.end();
  return stream.response();
}

function setUp(routes: MockRoutes, surface: 'card' | 'floating' = 'card') {
  const fetchMock = mockApi({ 'GET /api/auth/session': json({ user: TRAINER }), ...routes });
  const user = userEvent.setup();
  const ui = () => (
    <AppProviders queryClient={createQueryClient()} env="test">
      <MemoryRouter>{surface === 'card' ? <AssistantCard /> : <AssistantLauncher />}</MemoryRouter>
    </AppProviders>
  );
  const view = render(ui());
  return { fetchMock, user, view, ui };
}

async function openCard(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'AI Assistant - Click to open' }));
  const input = screen.getByRole('textbox', { name: 'Your question' });
  await waitFor(() => expect(input).toHaveFocus());
  return input;
}

function chatRequests(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .filter(([url]) => String(url) === '/api/chatbot')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

beforeEach(() => {
  sessionStorage.clear();
  clearConversation();
});

describe('the assistant chat', () => {
  it('opens from the collapsed card, and Minimize gives the focus back to the opener', async () => {
    const { user } = setUp({});
    await openCard(user);
    expect(screen.getByRole('heading', { name: 'Soul Punch Assistant' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Ask me anything...')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Minimize' }));
    expect(screen.queryByRole('heading', { name: 'Soul Punch Assistant' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'AI Assistant - Click to open' })).toHaveFocus();
  });

  it('sends on Enter, shows Thinking... with the input disabled, then the streamed answer with its sources', async () => {
    const stream = eventStream();
    const { user, fetchMock } = setUp({ 'POST /api/chatbot': stream.response });
    const input = await openCard(user);
    await user.type(input, '  How do I get an EIN?  {Enter}');

    expect(chatRequests(fetchMock)).toEqual([{ question: 'How do I get an EIN?', context: CHAT_CONTEXT }]);
    const log = screen.getByRole('log', { name: 'Conversation with the assistant' });
    expect(within(log).getByText('How do I get an EIN?')).toBeInTheDocument();
    expect(await screen.findByText('Thinking...')).toBeInTheDocument();
    expect(input).toBeDisabled();
    expect(input).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    // The answer shows as it arrives; the input stays disabled until it is complete.
    stream.send('sources', { questionId: 5, sources: ANSWER.sources });
    stream.send('delta', { text: 'Apply for your ' });
    expect(await within(log).findByText(/Apply for your/)).toBeInTheDocument();
    expect(screen.queryByText('Thinking...')).not.toBeInTheDocument();
    expect(input).toBeDisabled();

    stream.send('done', ANSWER);
    stream.end();
    expect(await within(log).findByText('EIN')).toHaveProperty('tagName', 'STRONG');
    expect(within(log).getByRole('link', { name: 'Business set-up' })).toHaveAttribute(
      'href',
      'https://www.irs.gov/ein',
    );
    await waitFor(() => expect(input).toBeEnabled());
    expect(input).toHaveFocus();
  });

  it('makes a new line on Shift+Enter without sending', async () => {
    const { user, fetchMock } = setUp({ 'POST /api/chatbot': () => streamOf(ANSWER) });
    const input = await openCard(user);
    await user.type(input, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(input).toHaveValue('First line\nsecond line');
    expect(chatRequests(fetchMock)).toEqual([]);
    await user.keyboard('{Enter}');
    expect(chatRequests(fetchMock)).toEqual([{ question: 'First line\nsecond line', context: CHAT_CONTEXT }]);
    expect(await screen.findByRole('link', { name: 'Business set-up' })).toBeInTheDocument();
  });

  it('does not send a blank question', async () => {
    const { user, fetchMock } = setUp({});
    const input = await openCard(user);
    await user.type(input, '   {Enter}');
    await user.type(input, '{Shift>}{Enter}{/Shift}{Enter}');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(requestsMade(fetchMock)).not.toContain('POST /api/chatbot');
    expect(screen.queryByText('Thinking...')).not.toBeInTheDocument();
  });

  it("shows the server's message when too many questions were asked (429)", async () => {
    const { user } = setUp({
      'POST /api/chatbot': json(
        { error: { code: 'rate_limited', message: assistantMessages.tooMany } },
        { status: 429, headers: { 'Retry-After': '60' } },
      ),
    });
    const input = await openCard(user);
    await user.type(input, 'One more question{Enter}');
    expect(await screen.findByText(assistantMessages.tooMany)).toBeInTheDocument();
    expect(input).toBeEnabled();
  });

  it('says it has trouble connecting when the network fails', async () => {
    const { user } = setUp({
      'POST /api/chatbot': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const input = await openCard(user);
    await user.type(input, 'Is anyone there?{Enter}');
    expect(await screen.findByText(assistantMessages.networkFailure)).toBeInTheDocument();
  });

  it('says it could not process the question when the reply has no answer', async () => {
    const { user } = setUp({
      'POST /api/chatbot': json({ questionId: 9, sources: [] }),
    });
    const input = await openCard(user);
    await user.type(input, 'What now?{Enter}');
    expect(await screen.findByText(assistantMessages.noAnswer)).toBeInTheDocument();
  });

  it('says it could not process the question when the stream ends with an error', async () => {
    const stream = eventStream();
    stream.send('sources', { questionId: 9, sources: [] });
    stream.send('error', { code: 'internal_error', message: 'Something went wrong on our side.' });
    stream.end();
    const { user } = setUp({ 'POST /api/chatbot': stream.response });
    const input = await openCard(user);
    await user.type(input, 'What now?{Enter}');
    expect(await screen.findByText(assistantMessages.noAnswer)).toBeInTheDocument();
  });

  it('reads a plain JSON answer when the reply is not streamed', async () => {
    const { user } = setUp({ 'POST /api/chatbot': json(ANSWER) });
    const input = await openCard(user);
    await user.type(input, 'How do I get an EIN?{Enter}');
    expect(await screen.findByRole('link', { name: 'Business set-up' })).toBeInTheDocument();
  });

  it('renders Markdown without raw HTML or script links', async () => {
    const { user } = setUp({
      'POST /api/chatbot': json({
        ...ANSWER,
        answer:
          'Safe **bold** <img src=x onerror="alert(1)"><script>alert(2)</script> [click](javascript:alert(3))',
      }),
    });
    const input = await openCard(user);
    await user.type(input, 'Anything?{Enter}');
    const log = screen.getByRole('log');
    expect(await within(log).findByText('bold')).toBeInTheDocument();
    expect(log.querySelector('img, script')).toBeNull();
    const link = within(log).queryByText('click')?.closest('a');
    expect(link?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
  });

  it('keeps the thumbs up or down with the question', async () => {
    const { user, fetchMock } = setUp({
      'POST /api/chatbot': json(ANSWER),
      'POST /api/chatbot/5/feedback': noContent(),
    });
    const input = await openCard(user);
    await user.type(input, 'How do I get an EIN?{Enter}');
    const helpful = await screen.findByRole('button', { name: 'Helpful' });
    await user.click(helpful);
    expect(await screen.findByText('Thanks for your feedback.')).toBeInTheDocument();
    expect(helpful).toHaveAttribute('aria-pressed', 'true');
    const feedback = fetchMock.mock.calls.find(([url]) => String(url) === '/api/chatbot/5/feedback');
    expect(JSON.parse(String(feedback?.[1]?.body))).toEqual({ helpful: true });
  });

  it('keeps the conversation across a reload, and forgets it at logout', async () => {
    const { user, view, ui } = setUp({ 'POST /api/chatbot': json(ANSWER) });
    const input = await openCard(user);
    await user.type(input, 'How do I get an EIN?{Enter}');
    expect(await screen.findByRole('link', { name: 'Business set-up' })).toBeInTheDocument();

    // A reload: the page starts again from what the tab's storage kept.
    view.unmount();
    restoreConversation();
    render(ui());
    expect(await screen.findByText('How do I get an EIN?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Business set-up' })).toBeInTheDocument();

    act(() => clearSignedInStorage());
    await waitFor(() => expect(screen.queryByText('How do I get an EIN?')).not.toBeInTheDocument());
    expect(sessionStorage.getItem('soulpunch.signed-in.assistant') ?? '').not.toContain('EIN');
    await user.click(screen.getByRole('button', { name: 'AI Assistant - Click to open' }));
    expect(await screen.findByText(/Ask about the certification program/)).toBeInTheDocument();
  });

  it('opens the floating panel from the button at the bottom right and closes it with Escape', async () => {
    const { user } = setUp({ 'POST /api/chatbot': json(ANSWER) }, 'floating');
    await user.click(await screen.findByRole('button', { name: 'AI Assistant - Click to open' }));
    const panel = screen.getByRole('dialog', { name: 'Soul Punch Assistant' });
    const input = within(panel).getByRole('textbox', { name: 'Your question' });
    await waitFor(() => expect(input).toHaveFocus());
    await user.type(input, 'How do I get an EIN?{Enter}');
    expect(await within(panel).findByRole('link', { name: 'Business set-up' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'AI Assistant - Click to open' })).toHaveFocus();
  });
});
