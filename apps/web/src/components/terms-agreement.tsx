import { Anchor, Checkbox } from '@mantine/core';
import { Link } from 'react-router';

interface TermsAgreementProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}

/** 'I agree to the Terms & Conditions' before a payment, the terms opening in a new tab (checkout, portal enrolment). */
export function TermsAgreement({ checked, onChange, error }: TermsAgreementProps) {
  return (
    <Checkbox
      checked={checked}
      onChange={(e) => onChange(e.currentTarget.checked)}
      error={error}
      label={
        <>
          I agree to the{' '}
          <Anchor component={Link} to="/legal/terms" target="_blank">
            Terms &amp; Conditions
          </Anchor>
        </>
      }
    />
  );
}
