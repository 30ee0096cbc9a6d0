import { Button, type ButtonProps } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { externalUrl } from '../format';

/** 'Buy Soul DefendHER 2.0' through the trainer's affiliate link; nothing when the trainer has none. */
export function BuyDeviceButton({ affiliateLink, ...props }: ButtonProps & { affiliateLink: string | null }) {
  const href = externalUrl(affiliateLink);
  if (!href) return null;
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      color="pink.9"
      leftSection={<IconShoppingBag size={16} aria-hidden="true" />}
      {...props}
    >
      Buy Soul DefendHER 2.0
    </Button>
  );
}
