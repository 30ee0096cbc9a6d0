// All of Mantine's styles, for the pages behind a sign-in (loaded with their code by router.tsx and with the
// admin and portal frames). In Mantine's cascade layer, like public-styles.ts: repeating those rules is harmless.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
