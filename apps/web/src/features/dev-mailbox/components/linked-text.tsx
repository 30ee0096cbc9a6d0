import { Anchor, Text } from '@mantine/core';

const urlPattern = /(https?:\/\/[^\s<>"']+)/g;

/** Plain e-mail text with its addresses made clickable, so a sign-in link can be followed from here. */
export function LinkedText({ text }: { text: string }) {
  const parts = text.split(urlPattern);
  return (
    <Text component="div" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((part, index) =>
        // split() with a capture group puts the matches at the odd indexes.
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder.
          <Anchor key={index} href={part}>
            {part}
          </Anchor>
        ) : (
          part
        ),
      )}
    </Text>
  );
}
