/**
 * Browser storage that belongs to the person signed in (e.g. the assistant conversation). It lives in
 * sessionStorage under one prefix, so signing out can wipe all of it and the next person on the same browser
 * starts clean. Features that also keep a copy in memory subscribe to `onSignedOut`.
 */
const PREFIX = 'soulpunch.signed-in.';
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can be switched off (privacy settings): the app still works, it just forgets on reload.
    return null;
  }
}

export function readSignedInItem(name: string): string | null {
  return storage()?.getItem(PREFIX + name) ?? null;
}

export function writeSignedInItem(name: string, value: string): void {
  try {
    storage()?.setItem(PREFIX + name, value);
  } catch {
    // Full or refused: keeping the data in memory is enough.
  }
}

/** Called at logout: forgets everything the signed-in person left in this tab. */
export function clearSignedInStorage(): void {
  const store = storage();
  if (store) {
    for (let i = store.length - 1; i >= 0; i--) {
      const key = store.key(i);
      if (key?.startsWith(PREFIX)) store.removeItem(key);
    }
  }
  for (const listener of listeners) listener();
}

export function onSignedOut(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
