import { Anchor, Box, List, Paper, rem, Stack, Text, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { MouseEvent, ReactNode } from 'react';
import type { LegalDocumentContent } from '../types';
import { LegalPageLayout } from './legal-page-layout';
import { LinkedText } from './linked-text';

interface LegalDocumentProps {
  content: LegalDocumentContent;
  navigation?: ReactNode;
  /** @default true */
  withTableOfContents?: boolean;
}

interface NumberedSection {
  id: string;
  heading: string;
  paragraphs: readonly string[];
  items?: readonly string[];
}

function toSectionId(heading: string): string {
  const slug = heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `section-${slug}`;
}

function numberSections(content: LegalDocumentContent): NumberedSection[] {
  return content.sections.map((section, index) => ({
    ...section,
    id: toSectionId(section.heading),
    heading: `${index + 1}. ${section.heading}`,
  }));
}

/** One legal text (terms, policy) rendered from its content data: title, date line, contents, sections. */
export function LegalDocument({ content, navigation, withTableOfContents = true }: LegalDocumentProps) {
  const sections = numberSections(content);
  return (
    <LegalPageLayout title={content.title} subtitle={content.dateLine} navigation={navigation}>
      {content.introduction?.map((paragraph) => (
        <Text key={paragraph}>
          <LinkedText text={paragraph} />
        </Text>
      ))}
      {withTableOfContents && <ContentsList sections={sections} />}
      {sections.map((section) => (
        <Box component="section" key={section.id}>
          <Stack gap="sm">
            <Title order={2} id={section.id} tabIndex={-1} style={{ scrollMarginTop: rem(80) }}>
              {section.heading}
            </Title>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph}>
                <LinkedText text={paragraph} />
              </Text>
            ))}
            {section.items && (
              <List spacing="xs" withPadding>
                {section.items.map((item) => (
                  <List.Item key={item}>
                    <LinkedText text={item} />
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        </Box>
      ))}
    </LegalPageLayout>
  );
}

function ContentsList({ sections }: { sections: NumberedSection[] }) {
  const reduceMotion = useReducedMotion();

  // Scroll in place rather than change the URL hash, which the router may own.
  const jumpTo = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const heading = document.getElementById(id);
    if (!heading) return;
    event.preventDefault();
    heading.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    heading.focus({ preventScroll: true });
  };

  return (
    <Paper component="nav" aria-label="Table of contents" withBorder p="md" radius="md">
      <List spacing={4} listStyleType="none">
        {sections.map((section) => (
          <List.Item key={section.id}>
            <Anchor href={`#${section.id}`} onClick={(event) => jumpTo(event, section.id)}>
              {section.heading}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
