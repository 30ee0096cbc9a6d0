// Mantine's toast store alone, so the app can watch for a first toast without loading the toasts' container.
export { notificationsStore } from '@mantine/notifications';
