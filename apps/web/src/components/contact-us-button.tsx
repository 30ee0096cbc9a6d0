import { Button, type ButtonProps } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

// Every public page has the button; the dialog (Mantine's Modal and focus trap) loads on the first click.
const ContactDialog = lazy(() => import('./contact-dialog').then((m) => ({ default: m.ContactDialog })));

/** The header's 'Contact Us': the support e-mail in a dialog. */
export function ContactUsButton(props: ButtonProps) {
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="default"
        {...props}
        onClick={() => {
          setWanted(true);
          setOpened(true);
        }}
      >
        Contact Us
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <ContactDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
