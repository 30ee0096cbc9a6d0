import { Checkbox, Stack, TextInput } from '@mantine/core';
import type { FlagFieldKey, TextFieldKey } from '../../profile-form';
import { bindFlag, bindText, type ProfileFormApi } from './form-bindings';

const CHANNELS: Array<{ flag: FlagFieldKey; link: TextFieldKey; flagLabel: string; linkLabel: string }> = [
  {
    flag: 'hasStripe',
    link: 'stripePaymentLink',
    flagLabel: 'I have a Stripe account',
    linkLabel: 'Stripe payment link',
  },
  {
    flag: 'hasPaypal',
    link: 'paypalPaymentLink',
    flagLabel: 'I have a PayPal account',
    linkLabel: 'PayPal payment link',
  },
  {
    flag: 'hasPillar',
    link: 'pillarAccountLink',
    flagLabel: 'I have a Pillar account',
    linkLabel: 'Pillar account link',
  },
  {
    flag: 'hasAffiliateLink',
    link: 'affiliateLink',
    flagLabel: 'I have an affiliate link',
    linkLabel: 'Affiliate link',
  },
];

export function BusinessTab({ form }: { form: ProfileFormApi }) {
  return (
    <Stack gap="lg">
      {CHANNELS.map(({ flag, link, flagLabel, linkLabel }) => (
        <Stack key={flag} gap="xs">
          <Checkbox label={flagLabel} {...bindFlag(form, flag)} />
          {form.values[flag] && (
            <TextInput
              label={linkLabel}
              type="url"
              placeholder="https://"
              ml={{ base: 0, sm: 'xl' }}
              {...bindText(form, link)}
            />
          )}
        </Stack>
      ))}
      <TextInput
        label="Class payment link"
        description="Where people pay for your basic class."
        type="url"
        placeholder="https://"
        {...bindText(form, 'basicClassPaymentLink')}
      />
    </Stack>
  );
}
