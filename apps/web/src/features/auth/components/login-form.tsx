import { Button, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { authMessages } from '@soulpunch/shared';
import { type FormEvent, useState } from 'react';
import { clearToasts } from '@/components/toasts';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useRequestMagicLink } from '../api/request-magic-link';

interface LoginFormProps {
  defaultEmail?: string;
  onSent: (email: string) => void;
}

function showError(message: string) {
  notifications.show({ color: 'red', title: 'Error', message });
}

export function LoginForm({ defaultEmail = '', onSent }: LoginFormProps) {
  const [email, setEmail] = useState(defaultEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const requestLink = useRequestMagicLink();

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
    // noValidate: the browser's own e-mail bubble would replace the spec's message.
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
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
