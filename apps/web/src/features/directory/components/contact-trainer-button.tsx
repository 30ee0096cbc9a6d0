import { Button, type ButtonProps } from '@mantine/core';
import { contactActionFor } from '@soulpunch/shared';
import { IconMail } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

// Most trainers give an address; the dialog (Mantine's Modal) loads only when one without is contacted.
const ContactHintDialog = lazy(() =>
  import('./contact-hint-dialog').then((m) => ({ default: m.ContactHintDialog })),
);

interface ContactTrainerButtonProps extends ButtonProps {
  name: string;
  /** What the trainer wants to be contacted by: an e-mail, a phone number or a web address. */
  contact: string | null;
}

/** Spec 5: e-mail and phone open the mail or phone app, a web address a new tab; nothing shows the hint. */
export function ContactTrainerButton({ name, contact, ...props }: ContactTrainerButtonProps) {
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  const action = contactActionFor(contact);
  const icon = <IconMail size={16} aria-hidden="true" />;

  if (action.kind === 'none') {
    return (
      <>
        <Button
          leftSection={icon}
          {...props}
          onClick={() => {
            setWanted(true);
            setOpened(true);
          }}
        >
          Contact
        </Button>
        {wanted && (
          <Suspense fallback={null}>
            <ContactHintDialog
              opened={opened}
              onClose={() => setOpened(false)}
              name={name}
              message={action.message}
            />
          </Suspense>
        )}
      </>
    );
  }
  const newTab = action.kind === 'web' ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <Button component="a" href={action.href} leftSection={icon} {...newTab} {...props}>
      Contact
    </Button>
  );
}
