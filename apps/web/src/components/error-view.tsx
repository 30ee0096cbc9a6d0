import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface ErrorViewProps {
  title: string;
  message: ReactNode;
  /** Buttons or links that get the person out of the dead end. */
  actions?: ReactNode;
  /** 1 when the view is the whole page, 2 when it sits under the page's own heading. */
  order?: 1 | 2;
}

export function ErrorView({ title, message, actions, order = 1 }: ErrorViewProps) {
  return (
    <Stack role="alert" align="center" gap="md" py="xl" ta="center">
      <Title order={order}>{title}</Title>
      <Text c="gray.7" maw={520}>
        {message}
      </Text>
      {actions}
    </Stack>
  );
}
