import { Anchor } from '@mantine/core';
import { Fragment } from 'react';
import { pageBrand } from '@/lib/brand';
import { SUPPORT_EMAIL } from '../constants';

/**
 * Renders plain content text, turning each mention of the support address into a mailto link (the brand's support
 * address, when an administrator set another one).
 */
export function LinkedText({ text }: { text: string }) {
  const { supportEmail } = pageBrand();
  const parts = text.split(SUPPORT_EMAIL);
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never reorder, so position is stable
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && (
        <Anchor href={`mailto:${supportEmail}`} inherit underline="always">
          {supportEmail}
        </Anchor>
      )}
    </Fragment>
  ));
}
