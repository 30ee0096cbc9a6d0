import { assistantMessages, type ChatSource } from '@soulpunch/shared';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { ApiError } from '@/lib/api-client';
import { onSignedOut, readSignedInItem, writeSignedInItem } from '@/lib/signed-in-storage';
import { AnswerFailedError, askAssistant, MissingAnswerError } from './api/ask-assistant';

/** Spec portal 3: a chat message (id, text, isUser, timestamp), with what the assistant's answers carry. */
export interface ChatMessage {
  id: string;
  text: string;
  isUser: boolean;
  /** ISO time the message was written. */
  timestamp: string;
  /** The articles an answer draws on, numbered as the answer cites them. */
  sources?: ChatSource[];
  /** The kept question an answer belongs to, for thumbs up/down. */
  questionId?: number;
  helpful?: boolean;
  /** Said in the assistant's place when no answer came (an error text): no sources, no thumbs. */
  failed?: boolean;
}

/** Where the chat is shown: the dashboard card, or the floating panel of the profile screen. */
export type ChatSurface = 'card' | 'floating';

export interface ConversationState {
  userId: number | null;
  messages: ChatMessage[];
  /** idle; thinking: sent, nothing back yet; streaming: the answer is arriving (the input stays disabled). */
  status: 'idle' | 'thinking' | 'streaming';
  open: Record<ChatSurface, boolean>;
}

const STORAGE_NAME = 'assistant';
/** Enough to keep a working session's conversation without letting sessionStorage grow without end. */
const KEPT_MESSAGES = 60;
const STREAMING_ID = 'streaming';

const empty = (userId: number | null): ConversationState => ({
  userId,
  messages: [],
  status: 'idle',
  open: { card: false, floating: false },
});

function load(): ConversationState {
  try {
    const saved = JSON.parse(readSignedInItem(STORAGE_NAME) ?? 'null');
    if (saved && Array.isArray(saved.messages)) {
      return {
        userId: typeof saved.userId === 'number' ? saved.userId : null,
        messages: saved.messages.filter((m: ChatMessage) => m.id !== STREAMING_ID),
        status: 'idle',
        open: { card: saved.open?.card === true, floating: saved.open?.floating === true },
      };
    }
  } catch {
    // Unreadable: start afresh.
  }
  return empty(null);
}

let state: ConversationState = load();

/** Reads the conversation again from what the tab kept, as a page load does (tests use it as a reload). */
export function restoreConversation() {
  state = load();
  for (const listener of listeners) listener();
}
let generation = 0;
let inFlight: AbortController | null = null;
const listeners = new Set<() => void>();

function setState(next: ConversationState) {
  state = next;
  // A half-streamed answer is not kept: after a reload the question shows, then the next one can be asked.
  const messages = next.messages.filter((m) => m.id !== STREAMING_ID).slice(-KEPT_MESSAGES);
  writeSignedInItem(STORAGE_NAME, JSON.stringify({ userId: next.userId, messages, open: next.open }));
  for (const listener of listeners) listener();
}

function update(change: (current: ConversationState) => ConversationState) {
  setState(change(state));
}

/** Forgets the conversation (logout, or another person signed in on this tab) and stops any answer arriving. */
export function clearConversation(userId: number | null = null) {
  generation++;
  inFlight?.abort();
  inFlight = null;
  setState(empty(userId));
}

onSignedOut(() => clearConversation());

let seq = 0;
const newId = () => `${Date.now().toString(36)}-${++seq}`;

/** The sentence shown when no answer came: the server's own words for what the asker can fix, else spec 8. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status >= 500) return assistantMessages.noAnswer;
    const body = error.body?.error;
    return body?.fields?.question ?? body?.message ?? assistantMessages.noAnswer;
  }
  if (
    error instanceof AnswerFailedError ||
    error instanceof MissingAnswerError ||
    error instanceof SyntaxError
  )
    return assistantMessages.noAnswer;
  return assistantMessages.networkFailure;
}

function replaceStreaming(messages: ChatMessage[], message: ChatMessage | null): ChatMessage[] {
  const rest = messages.filter((m) => m.id !== STREAMING_ID);
  return message ? [...rest, message] : rest;
}

/** Sends a question; blank questions and questions while an answer is on its way are not sent. */
export async function sendQuestion(text: string): Promise<boolean> {
  const question = text.trim();
  if (!question || state.status !== 'idle') return false;
  const mine = ++generation;
  const controller = new AbortController();
  inFlight = controller;
  const asked: ChatMessage = {
    id: newId(),
    text: question,
    isUser: true,
    timestamp: new Date().toISOString(),
  };
  update((s) => ({ ...s, messages: [...s.messages, asked], status: 'thinking' }));

  let questionId: number | undefined;
  let sources: ChatSource[] = [];
  let streamed = '';
  const current = () => mine === generation;
  try {
    const answer = await askAssistant(question, {
      signal: controller.signal,
      onSources: (data) => {
        questionId = data.questionId;
        sources = data.sources;
      },
      onDelta: (delta) => {
        if (!current()) return;
        streamed += delta;
        const partial: ChatMessage = {
          id: STREAMING_ID,
          text: streamed,
          isUser: false,
          timestamp: new Date().toISOString(),
          sources,
        };
        update((s) => ({ ...s, status: 'streaming', messages: replaceStreaming(s.messages, partial) }));
      },
    });
    if (!current()) return true;
    const reply: ChatMessage = {
      id: newId(),
      text: answer.answer,
      isUser: false,
      timestamp: new Date().toISOString(),
      sources: answer.sources,
      questionId: answer.questionId || questionId,
    };
    update((s) => ({ ...s, status: 'idle', messages: replaceStreaming(s.messages, reply) }));
  } catch (error) {
    if (!current()) return true;
    const failed: ChatMessage = {
      id: newId(),
      text: failureText(error),
      isUser: false,
      timestamp: new Date().toISOString(),
      failed: true,
    };
    update((s) => ({ ...s, status: 'idle', messages: replaceStreaming(s.messages, failed) }));
  } finally {
    if (inFlight === controller) inFlight = null;
  }
  return true;
}

export function setHelpful(messageId: string, helpful: boolean | undefined) {
  update((s) => ({
    ...s,
    messages: s.messages.map((m) => (m.id === messageId ? { ...m, helpful } : m)),
  }));
}

export function setOpen(surface: ChatSurface, open: boolean) {
  update((s) => ({ ...s, open: { ...s.open, [surface]: open } }));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The conversation of the signed-in person; one per browser tab, kept across reloads and screens. */
export function useConversation(userId: number): ConversationState {
  const snapshot = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  // Someone else signed in on this tab (the session ended without a logout): their conversation is not ours.
  const owner = snapshot.userId;
  useEffect(() => {
    if (owner !== userId) clearConversation(userId);
  }, [userId, owner]);
  return snapshot.userId === userId ? snapshot : empty(userId);
}

export function useChatOpen(surface: ChatSurface, userId: number) {
  const conversation = useConversation(userId);
  const set = useCallback((open: boolean) => setOpen(surface, open), [surface]);
  return [conversation.open[surface], set] as const;
}
