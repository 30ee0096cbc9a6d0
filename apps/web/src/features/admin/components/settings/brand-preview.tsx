import { Anchor, Badge, Box, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { isHexColor, primaryColorVariables } from '@soulpunch/shared';
import type { CSSProperties } from 'react';

interface BrandPreviewProps {
  name: string;
  primaryColor: string;
  logoUrl: string | null;
}

/**
 * The brand as pages and e-mails will show it, drawn with the same colour variables the server puts in every page
 * (set on this box only), so what is seen here is what is saved.
 */
export function BrandPreview({ name, primaryColor, logoUrl }: BrandPreviewProps) {
  const color = isHexColor(primaryColor) ? primaryColor.toLowerCase() : null;
  const variables = (color ? primaryColorVariables(color) : {}) as CSSProperties;
  const shownName = name.trim() || 'Brand name';
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      style={variables}
      component="section"
      aria-labelledby="brand-preview-title"
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <Image src={logoUrl ?? '/favicon.svg'} alt="" h={36} w={logoUrl ? 'auto' : 36} />
          <Text fw={800} size="lg">
            {shownName}
          </Text>
        </Group>
        <Group gap="sm">
          <Button size="xs" component="span">
            A button
          </Button>
          <Badge variant="light">A badge</Badge>
          <Anchor component="span" size="sm">
            A link
          </Anchor>
        </Group>
        <Box px="md" py="xs" style={{ background: color ?? 'var(--mantine-color-gray-6)', borderRadius: 6 }}>
          <Text c="white" fw={700} size="sm">
            {shownName}: e-mail header
          </Text>
        </Box>
      </Stack>
    </Paper>
  );
}
