import { Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { TrainerProfileData } from '@soulpunch/shared';
import { computeProfileCompletion } from '@soulpunch/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { trainerClassesQueryOptions } from '@/features/classes';
import { isApiError } from '@/lib/api-client';
import { useUpdateTrainerProfile } from '../../api/update-trainer-profile';
import {
  fieldErrorsFromServer,
  type ProfileFieldErrors,
  type ProfileFieldKey,
  type ProfileFormValues,
  type ProfileTab,
  tabOfField,
  toFormValues,
  validateProfileForm,
} from '../../profile-form';
import { BusinessTab } from './business-tab';
import { CertificationTab } from './certification-tab';
import { CommunityTab } from './community-tab';
import { EmailChangeNotice, linkSentTo } from './email-change-notice';
import type { ProfileFormApi } from './form-bindings';
import { MaterialsTab } from './materials-tab';
import { PaymentLinkQuestion, type PaymentLinkQuestionState } from './payment-link-question';
import { PersonalTab } from './personal-tab';
import { ProfileCompletionCard } from './profile-completion-card';
import { ProfilePictureSection } from './profile-picture-section';
import { PublicProfileTab } from './public-profile-tab';
import { SocialTab } from './social-tab';
import { UnsavedChangesPrompt } from './unsaved-changes-prompt';

/** Spec 9: the editor returns to the dashboard 1.5 s after a successful save. */
export const REDIRECT_AFTER_SAVE_MS = 1500;
export const DASHBOARD_PATH = '/trainer-portal/dashboard';

const TABS: Array<{
  value: ProfileTab;
  label: string;
  Panel: (props: { form: ProfileFormApi; materialsUnlocked: boolean }) => ReactNode;
}> = [
  { value: 'personal', label: 'Personal', Panel: PersonalTab },
  { value: 'social', label: 'Social', Panel: SocialTab },
  { value: 'certification', label: 'Certification', Panel: CertificationTab },
  { value: 'business', label: 'Business', Panel: BusinessTab },
  { value: 'materials', label: 'Materials', Panel: MaterialsTab },
  { value: 'publicProfile', label: 'Public Profile', Panel: PublicProfileTab },
  { value: 'community', label: 'Community', Panel: CommunityTab },
];

/** The tabs holding a field with a message, in the tabs' order. */
function tabsWithErrors(errors: ProfileFieldErrors): ProfileTab[] {
  const paths = Object.keys(errors);
  return TABS.map((t) => t.value).filter((tab) => paths.some((path) => tabOfField(path) === tab));
}

/** Under the form: what is left to correct (and on which other tab), else whether all is saved. */
function formStatus(errors: ProfileFieldErrors, tab: ProfileTab, dirty: boolean): string {
  if (Object.keys(errors).length === 0) return dirty ? 'You have unsaved changes.' : 'All changes saved.';
  const elsewhere = tabsWithErrors(errors)
    .filter((t) => t !== tab)
    .map((t) => TABS.find((x) => x.value === t)?.label);
  return elsewhere.length
    ? `Please correct the highlighted fields (on ${elsewhere.join(', ')}).`
    : 'Please correct the highlighted fields.';
}

export function ProfileEditor({ profile }: { profile: TrainerProfileData }) {
  const trainerId = profile.trainerId;
  // The form's initial values are the last saved profile ('dirty' is against them). The client check is the
  // shared profile rule (validateProfileForm); a message stays until its own field changes.
  const profileForm = useForm<ProfileFormValues>({
    initialValues: toFormValues(profile),
    clearInputErrorOnChange: false,
    validate: (values) => {
      const validation = validateProfileForm(values);
      return validation.ok ? {} : validation.errors;
    },
  });
  const values = profileForm.getValues();
  const errors = profileForm.errors as ProfileFieldErrors;
  const [tab, setTab] = useState<ProfileTab>('personal');
  const save = useUpdateTrainerProfile();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [paymentLinkQuestion, setPaymentLinkQuestion] = useState<PaymentLinkQuestionState | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  // Materials is the admin's Material Access: the same five flags, reachable once the program is paid.
  const { materialsUnlocked } = profile;
  const completion = useMemo(
    () => computeProfileCompletion({ ...values, materialsUnlocked }),
    [values, materialsUnlocked],
  );
  const dirty = profileForm.isDirty();
  // A message goes with the change to its field, so the summary follows the messages still showing.
  const erroneousTabs = tabsWithErrors(errors);
  const invalid = Object.keys(errors).length > 0;

  const form: ProfileFormApi = {
    values,
    errors,
    set: <K extends ProfileFieldKey>(key: K, value: ProfileFormValues[K]) => {
      profileForm.setValues({ [key]: value } as Partial<ProfileFormValues>);
      // A message goes once the field it was about changes; nested ones (platform rows) with their list.
      const stale = Object.keys(errors).filter((path) => path === key || path.startsWith(`${key}.`));
      if (stale.length) {
        profileForm.setErrors(
          Object.fromEntries(Object.entries(errors).filter(([path]) => !stale.includes(path))),
        );
      }
    },
  };

  function showErrors(found: ProfileFieldErrors) {
    profileForm.setErrors(found);
    const [errorTab] = tabsWithErrors(found);
    if (errorTab) setTab(errorTab);
  }

  const handleSubmit = profileForm.onSubmit(
    (submitted) => {
      const validation = validateProfileForm(submitted);
      if (!validation.ok) return;
      submitValid(validation.update);
    },
    (found) => showErrors(found as ProfileFieldErrors),
  );

  function submitValid(update: Parameters<typeof save.mutate>[0]['update']) {
    const previousLink = profileForm.getInitialValues().basicClassPaymentLink.trim() || null;
    save.mutate(
      { trainerId, update },
      {
        onSuccess: (savedProfile) => {
          const next = toFormValues(savedProfile);
          profileForm.setInitialValues(next);
          profileForm.setValues(next);
          notifications.show({
            color: 'green',
            title: 'Profile Updated',
            message: 'Your profile information has been saved successfully.',
          });
          // A new sign-in e-mail is not saved: it waits for the link sent to it.
          const asked = update.email;
          if (asked && asked !== savedProfile.email && savedProfile.pendingEmailChange?.email === asked) {
            notifications.show({
              color: 'blue',
              title: 'Confirm your new e-mail',
              message: `${linkSentTo(asked)} Your sign-in e-mail changes when you open it.`,
              autoClose: 10_000,
            });
          }
          const newLink = next.basicClassPaymentLink.trim() || null;
          if (newLink === previousLink) {
            returnToDashboard();
            return;
          }
          // A new class payment link: ask before moving the upcoming classes that still use the old one.
          upcomingClassesOnLink(previousLink).then((count) => {
            if (count > 0) setPaymentLinkQuestion({ previousLink, newLink, count });
            else returnToDashboard();
          });
        },
        onError: (error) => {
          const fields = isApiError(error, 400) ? error.body?.error.fields : undefined;
          if (fields && Object.keys(fields).length) showErrors(fieldErrorsFromServer(fields));
          notifications.show({
            color: 'red',
            title: 'Update Failed',
            message: 'There was a problem updating your profile. Please try again.',
          });
        },
      },
    );
  }

  function returnToDashboard() {
    redirectTimer.current = setTimeout(() => navigate(DASHBOARD_PATH), REDIRECT_AFTER_SAVE_MS);
  }

  /** How many scheduled classes still ahead use this payment link (none when the list cannot be read). */
  async function upcomingClassesOnLink(link: string | null): Promise<number> {
    try {
      const classes = await queryClient.fetchQuery({
        ...trainerClassesQueryOptions(trainerId),
        staleTime: 0,
      });
      const now = Date.now();
      return classes.filter(
        (c) => c.status === 'scheduled' && Date.parse(c.start) > now && (c.paymentLink ?? null) === link,
      ).length;
    } catch {
      return 0;
    }
  }

  function pictureSaved(profilePicture: string | null) {
    const picture = profilePicture ?? '';
    profileForm.setInitialValues({ ...profileForm.getInitialValues(), profilePicture: picture });
    form.set('profilePicture', picture);
  }

  return (
    <Stack gap="lg">
      <UnsavedChangesPrompt when={dirty} />
      {paymentLinkQuestion && (
        <PaymentLinkQuestion
          trainerId={trainerId}
          question={paymentLinkQuestion}
          onDone={() => {
            setPaymentLinkQuestion(null);
            returnToDashboard();
          }}
        />
      )}
      <ProfileCompletionCard completion={completion} />
      <ProfilePictureSection
        trainerId={trainerId}
        name={values.fullName || values.displayName || profile.name}
        form={form}
        onSaved={pictureSaved}
      />
      <form onSubmit={handleSubmit} noValidate aria-label="Trainer profile">
        <Paper withBorder radius="md" p="lg">
          <Stack gap="lg">
            {profile.pendingEmailChange && (
              <EmailChangeNotice
                trainerId={trainerId}
                currentEmail={profile.email}
                pending={profile.pendingEmailChange}
              />
            )}
            <Tabs value={tab} onChange={(value) => value && setTab(value as ProfileTab)} keepMounted={false}>
              <Tabs.List>
                {TABS.map(({ value, label }) => (
                  <Tabs.Tab key={value} value={value} c={erroneousTabs.includes(value) ? 'red.9' : undefined}>
                    {label}
                    {/* Seen at a glance; the summary under the form names the tab in words. */}
                    {erroneousTabs.includes(value) && <span aria-hidden="true"> •</span>}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {TABS.map(({ value, Panel }) => (
                <Tabs.Panel key={value} value={value} pt="lg">
                  <Panel form={form} materialsUnlocked={materialsUnlocked} />
                </Tabs.Panel>
              ))}
            </Tabs>
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" c={invalid ? 'red.9' : 'gray.7'} role={invalid ? 'alert' : undefined}>
                {formStatus(errors, tab, dirty)}
              </Text>
              <Button type="submit" loading={save.isPending}>
                Save Profile
              </Button>
            </Group>
          </Stack>
        </Paper>
      </form>
    </Stack>
  );
}
