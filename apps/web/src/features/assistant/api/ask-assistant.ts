import type { ApiErrorBody, ChatAnswer, ChatSource } from '@soulpunch/shared';
import { ApiError } from '@/lib/api-client';

/** Spec portal 7: the question goes with a fixed text naming the platform. */
export const CHAT_CONTEXT =
  'Soul Punch trainer portal: a certified self-defense trainer asks about the certification program, the portal, business set-up, payments and documents.';

export interface AskEvents {
  /** The question is kept on the server: its id (for thumbs up/down) and the articles the answer draws on. */
  onSources?: (data: { questionId: number; sources: ChatSource[] }) => void;
  /** A piece of the answer as it is written. */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
}

/** The stream ended with the server's `error` event: it failed after the answer began. */
export class AnswerFailedError extends Error {
  override readonly name = 'AnswerFailedError';
}

/** The answer came through, but without its text. */
export class MissingAnswerError extends Error {
  override readonly name = 'MissingAnswerError';
}

function parseErrorBody(text: string): ApiErrorBody | null {
  try {
    const parsed = JSON.parse(text);
    return typeof parsed?.error?.message === 'string' ? (parsed as ApiErrorBody) : null;
  } catch {
    return null;
  }
}

function checkAnswer(answer: Partial<ChatAnswer> | null | undefined): ChatAnswer {
  if (!answer || typeof answer.answer !== 'string' || !answer.answer.trim()) throw new MissingAnswerError();
  return { questionId: 0, sources: [], answered: true, ...answer } as ChatAnswer;
}

interface ServerEvent {
  event: string;
  data: string;
}

/** Splits Server-Sent Events out of the text read so far; returns them and the unfinished rest. */
export function takeEvents(buffer: string): { events: ServerEvent[]; rest: string } {
  const events: ServerEvent[] = [];
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/**
 * Asks the assistant (`POST /api/chatbot`). It asks for the streamed answer and hands each piece to `onDelta`;
 * a server or proxy that answers with plain JSON instead is read as the JSON answer. Resolves with the final
 * answer (`done`), which replaces whatever was streamed.
 */
export async function askAssistant(question: string, events: AskEvents = {}): Promise<ChatAnswer> {
  const response = await fetch('/api/chatbot', {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'text/event-stream, application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ question, context: CHAT_CONTEXT }),
    signal: events.signal,
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, text || response.statusText, parseErrorBody(text), response.headers);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream')) {
    const text = await response.text();
    let parsed: Partial<ChatAnswer> | null = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      throw new MissingAnswerError();
    }
    return checkAnswer(parsed);
  }

  let done: ChatAnswer | null = null;
  const handle = ({ event, data }: ServerEvent) => {
    const payload = JSON.parse(data);
    if (event === 'sources') events.onSources?.(payload);
    else if (event === 'delta' && typeof payload?.text === 'string') events.onDelta?.(payload.text);
    else if (event === 'done') done = checkAnswer(payload);
    else if (event === 'error') throw new AnswerFailedError(payload?.message ?? 'The answer failed.');
  };

  let buffer = '';
  const decoder = new TextDecoder();
  if (response.body) {
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { value, done: ended } = await reader.read();
        buffer += decoder.decode(value, { stream: !ended });
        const taken = takeEvents(buffer);
        buffer = taken.rest;
        taken.events.forEach(handle);
        if (ended) break;
      }
    } finally {
      // Stopped early (an `error` event, a bad event): let the connection go.
      reader.cancel().catch(() => {});
    }
  } else {
    takeEvents(`${await response.text()}\n\n`).events.forEach(handle);
  }
  // A stream that stops before `done` was cut off on the way: the connection failed.
  if (!done) throw new TypeError('The answer stream ended early.');
  return done;
}
