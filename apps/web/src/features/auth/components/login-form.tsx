import { Button, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { authMessages } from '@soulpunch/shared';
import { type FormEvent, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { clearToasts } from '@/components/toasts';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useEarlyInput } from '@/lib/use-early-input';
import { useRequestMagicLink } from '../api/request-magic-link';

interface LoginFormProps {
  defaultEmail?: string;
  /** Why the server's answer to this form (posted before the page came alive) sent no link. */
  defaultError?: string | null;
  onSent: (email: string) => void;
}

function showError(message: string) {
  notifications.show({ color: 'red', title: 'Error', message });
}

export function LoginForm({ defaultEmail = '', defaultError = null, onSent }: LoginFormProps) {
  const [email, setEmail] = useState(defaultEmail);
  const [fieldError, setFieldError] = useState<string | null>(defaultError);
  const requestLink = useRequestMagicLink();
  const { pathname } = useLocation();
  const emailField = useRef<HTMLInputElement>(null);
  useEarlyInput(emailField, email, (field) => setEmail(field.value));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The e-mail rule (zod) loads on the first press, so the page itself is on screen sooner.
    const { emailSchema } = await import('../email-rule');
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setFieldError(authMessages.invalidEmail);
      return;
    }
    setFieldError(null);
    // A new attempt replaces the answer to the last one: no stale error beside 'Magic link sent!'.
    clearToasts();
    requestLink.mutate(
      { email: parsed.data },
      {
        onSuccess: () => onSent(parsed.data),
        onError: (error) => {
          const serverFieldError = isApiError(error, 400) ? error.body?.error.fields?.email : undefined;
          if (serverFieldError) setFieldError(serverFieldError);
          else if (isApiError(error, 404)) showError(authMessages.unknownEmail);
          else showError(getErrorMessage(error));
        },
      },
    );
  }

  const busy = requestLink.isPending;
  return (
    // A real form: pressed before the page's script has run, the browser posts it to this page's address and the
    // server sends the link (apps/server/src/lib/page-form.ts). noValidate: the browser's own e-mail bubble would
    // replace the spec's message.
    <form method="post" action={pathname} onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          ref={emailField}
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={fieldError}
          required
        />
        <Button type="submit" disabled={busy} fullWidth>
          {busy ? 'Logging in...' : 'Login'}
        </Button>
      </Stack>
    </form>
  );
}
