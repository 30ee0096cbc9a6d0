import { Container, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface LegalPageLayoutProps {
  title: string;
  /** Line under the title, e.g. 'Effective May 2025'. */
  subtitle?: ReactNode;
  /** Back links and buttons shown above the title. */
  navigation?: ReactNode;
  children: ReactNode;
}

/**
 * Frame shared by the legal and support pages. An article rather than a main: the app's layouts already
 * provide the page's main landmark.
 */
export function LegalPageLayout({ title, subtitle, navigation, children }: LegalPageLayoutProps) {
  const titleId = useId();
  return (
    <Container component="article" aria-labelledby={titleId} size="md" py="xl">
      <Stack gap="xl">
        {navigation}
        <Stack gap="xs">
          <Title order={1} id={titleId}>
            {title}
          </Title>
          {subtitle && <Text c="gray.7">{subtitle}</Text>}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
