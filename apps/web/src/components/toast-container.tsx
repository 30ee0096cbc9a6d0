// The toasts' styles come with them (app/public-styles.ts).
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { showNewestToastAtOnce } from './toasts';

/** Spec 9: one toast at a time, shown for 5000 ms; a newer one takes its place at once. */
export function ToastContainer() {
  useEffect(() => showNewestToastAtOnce(), []);
  return <Notifications limit={1} autoClose={5000} position="top-right" />;
}
