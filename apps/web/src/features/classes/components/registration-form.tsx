import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconCircleCheck, IconHourglass } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { type RegistrationResult, useRegisterForClass } from '../api/register-for-class';

type Field = 'name' | 'email';
type FieldErrors = Partial<Record<Field, string>>;

export function registrationMessage(result: RegistrationResult): string {
  if (result.status === 'registered') {
    return "You're registered! Check your e-mail for the confirmation and calendar invite.";
  }
  return `This class is full. You're number ${result.position ?? 1} on the waitlist.`;
}

function fieldErrorsOf(fields: Record<string, string> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  if (fields?.name) errors.name = fields.name;
  if (fields?.email) errors.email = fields.email;
  return errors;
}

/** A visitor takes a place in the class, or a place on its waitlist when it is full. */
export function RegistrationForm({ classId, full }: { classId: number; full: boolean }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const register = useRegisterForClass();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The rules (zod) load on the first press, so the class page itself is on screen sooner.
    const { registrationInputSchema } = await import('../registration-rule');
    const checked = registrationInputSchema.safeParse({ name, email });
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    register.mutate(
      { classId, ...checked.data },
      {
        onError: (error) => {
          if (isApiError(error, 400)) setErrors(fieldErrorsOf(error.body?.error.fields));
        },
      },
    );
  }

  if (register.isSuccess) {
    const registered = register.data.status === 'registered';
    return (
      <Alert
        role="status"
        color={registered ? 'green' : 'yellow'}
        variant="light"
        icon={registered ? <IconCircleCheck aria-hidden="true" /> : <IconHourglass aria-hidden="true" />}
      >
        {registrationMessage(register.data)}
      </Alert>
    );
  }

  const serverFields = isApiError(register.error, 400) && register.error.body?.error.fields;
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Register for this class">
      <Stack gap="sm">
        <TextInput
          label="Name"
          autoComplete="name"
          required
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setErrors(({ name: _gone, ...rest }) => rest);
          }}
          error={errors.name}
        />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setErrors(({ email: _gone, ...rest }) => rest);
          }}
          error={errors.email}
        />
        {register.isError && !serverFields && (
          <Alert color="red" variant="light" role="alert">
            {getErrorMessage(register.error)}
          </Alert>
        )}
        <Button type="submit" loading={register.isPending} style={{ alignSelf: 'flex-start' }}>
          {full ? 'Join the Waitlist' : 'Register'}
        </Button>
      </Stack>
    </form>
  );
}
