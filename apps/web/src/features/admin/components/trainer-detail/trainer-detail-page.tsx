import { Button, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { adminTrainerUpdateSchema, type TrainerFull } from '@soulpunch/shared';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { type MouseEvent, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { PageLoader } from '@/components/page-loader';
import { TrainerDocumentsSection } from '@/features/documents';
import { LedgerPanel } from '@/features/payments';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useTrainerFull } from '../../api/get-trainer-full';
import { useUpdateTrainer } from '../../api/update-trainer';
import { draftFromTrainer, type TrainerDraft, updateFromDraft } from '../../trainer-form-model';
import { ChangeHistory } from './change-history';
import { TrainerEditForm } from './trainer-edit-form';
import { TrainerView } from './trainer-view';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

function parseId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

function BackToTrainers() {
  const { state } = useLocation();
  const navigate = useNavigate();
  const fromList =
    typeof state === 'object' && state !== null && 'fromList' in state && state.fromList === true;
  return (
    <Button
      component={Link}
      to="/admin/trainers"
      // Opened from the list: going back returns to the same search, filters and page.
      onClick={(event: MouseEvent) => {
        if (!fromList) return;
        event.preventDefault();
        navigate(-1);
      }}
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      px="xs"
    >
      Back to Trainers
    </Button>
  );
}

function TrainerNotFound() {
  return (
    <Stack gap="md" align="flex-start">
      <BackToTrainers />
      <ErrorView title="Trainer not found" message="There is no trainer with this id." />
    </Stack>
  );
}

/** Spec 2.3 and 4: the trainer detail in view mode, or in edit mode on a draft copy. */
export function TrainerDetailPage() {
  const id = parseId(useParams().id);
  if (id === null) return <TrainerNotFound />;
  // A new id is a new page: no draft may carry over from the previous trainer.
  return <TrainerDetail key={id} id={id} />;
}

function TrainerDetail({ id }: { id: number }) {
  const trainer = useTrainerFull(id);

  if (trainer.isPending) return <PageLoader label="Loading trainer" />;
  if (trainer.isError) {
    if (isApiError(trainer.error, 404)) return <TrainerNotFound />;
    return (
      <Stack gap="md" align="flex-start">
        <BackToTrainers />
        <ErrorView
          title="Failed to fetch trainer"
          message={getErrorMessage(trainer.error)}
          actions={<Button onClick={() => trainer.refetch()}>Try Again</Button>}
        />
      </Stack>
    );
  }
  return <LoadedTrainer trainer={trainer.data} />;
}

interface Editing {
  draft: TrainerDraft;
  /** The draft as it started, to tell whether anything was changed. */
  original: TrainerDraft;
}

function LoadedTrainer({ trainer }: { trainer: TrainerFull }) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateTrainer();

  const dirty = editing !== null && JSON.stringify(editing.draft) !== JSON.stringify(editing.original);

  function startEditing() {
    const draft = draftFromTrainer(trainer);
    setEditing({ draft, original: draft });
    setErrors({});
  }

  function cancel() {
    setEditing(null);
    setErrors({});
  }

  function changeDraft(next: TrainerDraft, path: string) {
    if (!editing) return;
    setEditing({ ...editing, draft: next });
    // A message stays until its own field is edited.
    setErrors(({ [path]: _edited, ...rest }) => rest);
  }

  function save() {
    if (!editing) return;
    const body = updateFromDraft(editing.draft);
    const checked = adminTrainerUpdateSchema.safeParse(body);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(
          checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]).reverse(),
        ),
      );
      return;
    }
    setErrors({});
    update.mutate(
      { id: trainer.id, update: body },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', title: 'Success', message: 'Trainer updated successfully' });
          setEditing(null);
        },
        onError: (error) => {
          notifications.show({ color: 'red', title: 'Error', message: 'Failed to update trainer' });
          const fields = isApiError(error) ? error.body?.error.fields : undefined;
          if (fields) setErrors(fields);
        },
      },
    );
  }

  return (
    <Stack gap="lg">
      <UnsavedChangesGuard dirty={dirty} />
      <Group justify="space-between" align="center" gap="sm">
        <BackToTrainers />
        {!editing && (
          <Button onClick={startEditing} leftSection={<IconPencil size={16} aria-hidden />}>
            Edit Trainer
          </Button>
        )}
      </Group>
      {editing ? (
        <>
          <Title order={1}>Edit Trainer Profile</Title>
          <TrainerEditForm
            draft={editing.draft}
            onChange={changeDraft}
            errors={errors}
            onSubmit={save}
            onCancel={cancel}
            saving={update.isPending}
          />
        </>
      ) : (
        <>
          <Title order={1}>{trainer.name}</Title>
          <TrainerView trainer={trainer} />
        </>
      )}
      <LedgerPanel trainerId={trainer.id} />
      <TrainerDocumentsSection trainerId={trainer.id} />
      <ChangeHistory trainerId={trainer.id} />
    </Stack>
  );
}
