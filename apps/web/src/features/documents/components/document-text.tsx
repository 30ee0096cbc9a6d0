import { Stack, Text, Title } from '@mantine/core';

/** A line that reads as a heading: '# Title', 'ALL CAPS', or a short numbered clause title ('3. Refunds'). */
function headingOf(block: string): string | null {
  const line = block.trim();
  if (line.includes('\n')) return null;
  const hashed = /^#{1,4}\s+(.+)$/.exec(line);
  if (hashed?.[1]) return hashed[1];
  if (line.length <= 80 && /[A-Z]/.test(line) && line === line.toUpperCase()) return line;
  if (line.length <= 60 && /^\d+(\.\d+)*\.?\s+\S/.test(line) && !/[.;:]$/.test(line)) return line;
  return null;
}

/** The document's full text, as paragraphs with headings, so it can be read on a phone. */
export function DocumentText({ body }: { body: string }) {
  const blocks = body.split(/\n\s*\n/).filter((b) => b.trim() !== '');
  return (
    <Stack gap="sm" style={{ overflowWrap: 'anywhere' }}>
      {blocks.map((block, i) => {
        const heading = headingOf(block);
        // Blocks have no identity beyond their place in a fixed text.
        const key = `${i}-${block.slice(0, 16)}`;
        return heading ? (
          <Title key={key} order={3} fz="h4" mt="sm">
            {heading}
          </Title>
        ) : (
          <Text key={key} style={{ whiteSpace: 'pre-line' }}>
            {block.trim()}
          </Text>
        );
      })}
    </Stack>
  );
}
