import { createNotificationsStore, notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToasts, showNewestToastAtOnce } from './toasts';

describe('toasts, one at a time', () => {
  const store = createNotificationsStore();
  store.setState({ notifications: [], queue: [], defaultPosition: 'top-right', limit: 1 });
  const stop = showNewestToastAtOnce(store);
  afterEach(() => clearToasts(store));

  const shown = () => store.getState().notifications.map((n) => n.message);

  it('shows a later toast at once in place of the one on screen', () => {
    notifications.show({ message: 'This email is not registered' }, store);
    notifications.show({ message: 'Magic link sent!' }, store);
    expect(shown()).toEqual(['Magic link sent!']);
    expect(store.getState().queue).toEqual([]);
  });

  it('clears shown and waiting toasts', () => {
    notifications.show({ message: 'one' }, store);
    clearToasts(store);
    expect(shown()).toEqual([]);
  });

  it('leaves Mantine queueing as it was once stopped', () => {
    stop();
    notifications.show({ message: 'first' }, store);
    notifications.show({ message: 'second' }, store);
    expect(shown()).toEqual(['first']);
  });
});

describe('toasts shown before the container has loaded', () => {
  it('shows the newest of those already waiting as it starts', () => {
    const store = createNotificationsStore();
    store.setState({ notifications: [], queue: [], defaultPosition: 'top-right', limit: 1 });
    notifications.show({ message: 'older' }, store);
    notifications.show({ message: 'newest' }, store);
    const stop = showNewestToastAtOnce(store);
    expect(store.getState().notifications.map((n) => n.message)).toEqual(['newest']);
    stop();
  });
});
