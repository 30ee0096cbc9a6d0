import { Anchor, Button, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePageChrome } from '@/components/page-chrome';
import { FIND_TRAINER_PATH, TRAINER_DASHBOARD_PATH } from '../constants';
import type { LegalPageVariant } from '../types';

const backIcon = <IconArrowLeft size={16} aria-hidden="true" />;

interface ReturnToPreviousPageButtonProps {
  /** Used when the page was opened directly (new tab, bookmark) and there is no in-app page to go back to. */
  fallbackPath: string;
}

export function ReturnToPreviousPageButton({ fallbackPath }: ReturnToPreviousPageButtonProps) {
  const navigate = useNavigate();
  const location = useLocation();
  // react-router gives the first entry of a history the key 'default'; going back from it would leave the app.
  const hasPreviousPage = location.key !== 'default';
  return (
    <Button
      variant="default"
      leftSection={backIcon}
      onClick={() => (hasPreviousPage ? navigate(-1) : navigate(fallbackPath))}
    >
      Return to previous page
    </Button>
  );
}

/**
 * Public pages lead back to the trainer directory; portal pages lead back to the trainer dashboard, except for a
 * visitor, who has no dashboard and is shown the public page's way back.
 */
export function LegalPageNavigation({ variant }: { variant: LegalPageVariant }) {
  const navigate = useNavigate();
  const chrome = usePageChrome();

  if (variant === 'portal' && chrome !== 'public') {
    return (
      <Group>
        <Button variant="default" leftSection={backIcon} onClick={() => navigate(TRAINER_DASHBOARD_PATH)}>
          Back
        </Button>
      </Group>
    );
  }

  return (
    <Group justify="space-between" gap="sm">
      <Anchor
        component={Link}
        to={FIND_TRAINER_PATH}
        fw={500}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
      >
        {backIcon}
        Back to Find a Trainer
      </Anchor>
      <ReturnToPreviousPageButton fallbackPath={FIND_TRAINER_PATH} />
    </Group>
  );
}
