import { Badge, Button, Card, Group, List, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OnboardingStepState } from '@soulpunch/shared';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { useOnboarding } from '../../api/get-onboarding';
import { useUpdateOnboardingStep } from '../../api/update-onboarding-step';

export const onboardingMessages = {
  completeTitle: 'Onboarding Complete!',
  completeText: 'Welcome to the Soul Punch trainer community! You have full access to all resources.',
} as const;

function StepIcon({ completed }: { completed: boolean }) {
  return (
    <ThemeIcon
      color={completed ? 'green.8' : 'gray'}
      variant={completed ? 'filled' : 'light'}
      radius="xl"
      size={24}
    >
      {completed ? <IconCheck size={16} aria-hidden /> : <IconCircleDashed size={16} aria-hidden />}
    </ThemeIcon>
  );
}

function StepRow({ trainerId, step }: { trainerId: number; step: OnboardingStepState }) {
  const update = useUpdateOnboardingStep();
  const labelId = `onboarding-step-${step.key}`;

  function toggle() {
    const completed = !step.completed;
    update.mutate(
      { trainerId, step: step.key, completed },
      {
        onSuccess: () =>
          notifications.show(
            completed
              ? { color: 'green', title: 'Step completed', message: `${step.label} marked as complete.` }
              : { title: 'Step reopened', message: `${step.label} marked as not complete yet.` },
          ),
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) }),
      },
    );
  }

  return (
    <List.Item icon={<StepIcon completed={step.completed} />}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text id={labelId} style={{ minWidth: 0 }}>
          {step.label}
        </Text>
        {step.canToggle ? (
          <Button
            size="xs"
            variant={step.completed ? 'outline' : 'filled'}
            color={step.completed ? 'teal.9' : undefined}
            onClick={toggle}
            loading={update.isPending}
            aria-describedby={labelId}
            style={{ flexShrink: 0 }}
          >
            {step.completed ? 'Completed' : 'Mark Complete'}
          </Button>
        ) : (
          // Payment, documents and the account follow real account state: shown, never toggled.
          <Badge color={step.completed ? 'teal.9' : 'gray.7'} variant={step.completed ? 'filled' : 'outline'}>
            {step.completed ? 'Complete' : 'Pending'}
          </Badge>
        )}
      </Group>
    </List.Item>
  );
}

export function OnboardingCard({ trainerId }: { trainerId: number }) {
  const onboarding = useOnboarding(trainerId);

  let body: ReactNode;
  if (onboarding.isPending) {
    body = <Text role="status">Loading your onboarding progress...</Text>;
  } else if (onboarding.isError) {
    body = (
      <Stack gap="xs" align="flex-start">
        <Text role="alert" c="red.9">
          {getErrorMessage(onboarding.error)}
        </Text>
        <Button size="xs" variant="default" onClick={() => onboarding.refetch()}>
          Try Again
        </Button>
      </Stack>
    );
  } else {
    const { steps, completedCount, total } = onboarding.data;
    // Spec 4: progress is completed steps out of all 8.
    const percent = Math.round((completedCount / total) * 100);
    body = (
      <Stack gap="md">
        <Group justify="space-between">
          <Text fw={600}>{percent}% Complete</Text>
          <Text size="sm" c="gray.7">
            {completedCount} of {total} steps
          </Text>
        </Group>
        <Progress value={percent} aria-label="Onboarding progress" size="lg" radius="xl" />
        {completedCount === total ? (
          <Stack gap={4} role="status">
            <Text fw={700} size="lg" c="teal.9">
              {onboardingMessages.completeTitle}
            </Text>
            <Text>{onboardingMessages.completeText}</Text>
          </Stack>
        ) : (
          <List
            spacing="sm"
            center
            listStyleType="none"
            aria-label="Onboarding checklist"
            // Mantine sizes a row to its content; full width lets a long label wrap beside its button on a phone.
            styles={{ itemWrapper: { display: 'flex', width: '100%' }, itemLabel: { flex: 1, minWidth: 0 } }}
          >
            {steps.map((step) => (
              <StepRow key={step.key} trainerId={trainerId} step={step} />
            ))}
          </List>
        )}
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          Onboarding Progress
        </Title>
        {body}
      </Stack>
    </Card>
  );
}
