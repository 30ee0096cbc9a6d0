import { Anchor } from '@mantine/core';
import { Fragment } from 'react';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from '../constants';

/** Renders plain content text, turning each mention of the support address into a mailto link. */
export function LinkedText({ text }: { text: string }) {
  const parts = text.split(SUPPORT_EMAIL);
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never reorder, so position is stable
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && (
        <Anchor href={SUPPORT_MAILTO} inherit underline="always">
          {SUPPORT_EMAIL}
        </Anchor>
      )}
    </Fragment>
  ));
}
