import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconCircleCheck, IconHourglass } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useEarlyInput } from '@/lib/use-early-input';
import { type RegistrationResult, useRegisterForClass } from '../api/register-for-class';

type Field = 'name' | 'email';
type FieldErrors = Partial<Record<Field, string>>;

export function registrationMessage(result: RegistrationResult): string {
  if (result.status === 'registered') {
    return "You're registered! Check your e-mail for the confirmation and calendar invite.";
  }
  return `This class is full. You're number ${result.position ?? 1} on the waitlist.`;
}

/** The outcome of a registration, as the person who registered sees it (and only that). */
export function RegistrationOutcome({ result }: { result: RegistrationResult }) {
  const registered = result.status === 'registered';
  return (
    <Alert
      role="status"
      color={registered ? 'green' : 'yellow'}
      variant="light"
      icon={registered ? <IconCircleCheck aria-hidden="true" /> : <IconHourglass aria-hidden="true" />}
    >
      {registrationMessage(result)}
    </Alert>
  );
}

/**
 * Why the server took no place for the form posted before the page came alive (the classes module's page form),
 * as the page's script would have said it.
 */
export function registrationFormError(code: string | null): string | null {
  switch (code) {
    case null:
    case '':
      return null;
    case 'invalid_input':
      return 'Please check your name and e-mail.';
    case 'already_registered':
      return 'This e-mail is already registered for this class.';
    case 'registration_closed':
      return 'Registration for this class is closed.';
    case 'rate_limited':
      return 'Too many registrations from here. Please wait a moment and try again.';
    case 'not_found':
      return 'This class does not exist or is no longer listed.';
    default:
      return 'Something went wrong. Please try again.';
  }
}

function fieldErrorsOf(fields: Record<string, string> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  if (fields?.name) errors.name = fields.name;
  if (fields?.email) errors.email = fields.email;
  return errors;
}

/** The person's name and e-mail against the shared rules, loaded on demand (zod) so the page shows sooner. */
async function checkPerson(person: { name: string; email: string }) {
  const { registrationInputSchema } = await import('../registration-rule');
  const checked = registrationInputSchema.safeParse(person);
  if (checked.success) return { person: checked.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { person: null, errors };
}

interface RegistrationFormProps {
  classId: number;
  full: boolean;
  onRegistered: (result: RegistrationResult) => void;
  /** What the form posted before the page came alive held, and why it took no place. */
  posted?: { name: string; email: string; error: string | null };
}

/** A visitor takes a place in the class, or a place on its waitlist when it is full. */
export function RegistrationForm({ classId, full, onRegistered, posted }: RegistrationFormProps) {
  const [name, setName] = useState(posted?.name ?? '');
  const [email, setEmail] = useState(posted?.email ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const register = useRegisterForClass();
  const nameField = useRef<HTMLInputElement>(null);
  const emailField = useRef<HTMLInputElement>(null);
  useEarlyInput(nameField, name, (field) => setName(field.value));
  useEarlyInput(emailField, email, (field) => setEmail(field.value));

  // A posted form the server found wrong: which field, the page can say once its rules have loaded.
  const postedInvalid = posted?.error === 'invalid_input';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the posted values, once
  useEffect(() => {
    if (postedInvalid && posted) checkPerson(posted).then(({ errors: found }) => setErrors(found));
  }, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = await checkPerson({ name, email });
    if (!checked.person) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    register.mutate(
      { classId, ...checked.person },
      {
        onSuccess: onRegistered,
        onError: (error) => {
          if (isApiError(error, 400)) setErrors(fieldErrorsOf(error.body?.error.fields));
        },
      },
    );
  }

  const serverFields = isApiError(register.error, 400) && register.error.body?.error.fields;
  // The posted form's reason, until the person tries again.
  const postedError = register.isIdle ? registrationFormError(posted?.error ?? null) : null;
  return (
    // A real form: pressed before the page's script has run, the browser posts it to the class page and the
    // server registers the person (apps/server/src/lib/page-form.ts).
    <form
      method="post"
      action={`/public/class/${classId}`}
      onSubmit={handleSubmit}
      noValidate
      aria-label="Register for this class"
    >
      <Stack gap="sm">
        <TextInput
          ref={nameField}
          label="Name"
          name="name"
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
          ref={emailField}
          label="E-mail"
          name="email"
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
        {postedError && (
          <Alert color="red" variant="light" role="alert">
            {postedError}
          </Alert>
        )}
        {register.isError && !serverFields && (
          <Alert color="red" variant="light" role="alert">
            {getErrorMessage(register.error)}
          </Alert>
        )}
        <Button type="submit" loading={register.isPending} style={{ alignSelf: 'flex-start' }}>
          {full ? 'Join the Waitlist' : 'Reserve My Spot'}
        </Button>
      </Stack>
    </form>
  );
}
