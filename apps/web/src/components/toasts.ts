import {
  type NotificationsStore,
  notifications,
  notificationsStore,
  updateNotificationsState,
} from '@mantine/notifications';

/**
 * Spec 9 shows one toast at a time. Mantine queues a newer toast until the shown one closes, so a later message
 * waited up to 5 s behind a stale one. With this the newest toast replaces the shown one at once.
 * Returns the function that stops it.
 */
export function showNewestToastAtOnce(store: NotificationsStore = notificationsStore): () => void {
  const showNewest = (state: { queue: unknown[] }) => {
    if (state.queue.length === 0) return;
    // Shown first, then queued in the order they came: the last one is the newest.
    updateNotificationsState(store, (all) => all.slice(-1));
  };
  // The container loads with the first toast (app/providers.tsx): toasts shown meanwhile may already wait.
  showNewest(store.getState());
  return store.subscribe(showNewest);
}

/** Clears every toast, shown or waiting: a screen's new state replaces the messages about its old one. */
export function clearToasts(store: NotificationsStore = notificationsStore): void {
  notifications.clean(store);
}
