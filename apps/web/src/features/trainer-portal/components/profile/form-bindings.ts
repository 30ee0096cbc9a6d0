import type { ChangeEvent } from 'react';
import type {
  FlagFieldKey,
  ProfileFieldErrors,
  ProfileFieldKey,
  ProfileFormValues,
  TextFieldKey,
} from '../../profile-form';

/** What each tab needs of the editor's form: the values, their messages, and a setter. */
export interface ProfileFormApi {
  values: ProfileFormValues;
  errors: ProfileFieldErrors;
  set: <K extends ProfileFieldKey>(key: K, value: ProfileFormValues[K]) => void;
}

export function bindText(form: ProfileFormApi, key: TextFieldKey) {
  return {
    name: key,
    value: form.values[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      form.set(key, event.currentTarget.value),
    error: form.errors[key],
  };
}

export function bindFlag(form: ProfileFormApi, key: FlagFieldKey) {
  return {
    name: key,
    checked: form.values[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => form.set(key, event.currentTarget.checked),
    error: form.errors[key],
  };
}
