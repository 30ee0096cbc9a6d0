import { Button, Group, Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { adminTrainerUpdateSchema, type TrainerFull } from '@soulpunch/shared';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { type MouseEvent, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { PageLoader } from '@/components/page-loader';
import { useCanChangeAdminArea } from '@/features/auth';
import { CertificationPanel } from '@/features/certification';
import { TrainerDocumentsSection } from '@/features/documents';
import { LedgerPanel } from '@/features/payments';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
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
  useDocumentTitle('Trainer Details | Soul Punch Admin');
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

const updateErrors = schemaResolver(adminTrainerUpdateSchema, { sync: true });

function LoadedTrainer({ trainer }: { trainer: TrainerFull }) {
  const [editing, setEditing] = useState(false);
  const canChange = useCanChangeAdminArea();
  // The draft copy; its messages (the shared rule's or the server's) stay until their own field is edited.
  const form = useForm<TrainerDraft>({
    initialValues: draftFromTrainer(trainer),
    validate: (draft) => updateErrors(updateFromDraft(draft)),
  });
  const update = useUpdateTrainer();

  const dirty = editing && form.isDirty();

  function startEditing() {
    const draft = draftFromTrainer(trainer);
    form.setValues(draft);
    form.resetDirty(draft);
    form.clearErrors();
    setEditing(true);
  }

  function cancel() {
    setEditing(false);
    form.clearErrors();
  }

  const save = form.onSubmit((draft) => {
    update.mutate(
      { id: trainer.id, update: updateFromDraft(draft) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', title: 'Success', message: 'Trainer updated successfully' });
          setEditing(false);
        },
        onError: (error) => {
          notifications.show({ color: 'red', title: 'Error', message: 'Failed to update trainer' });
          const fields = isApiError(error) ? error.body?.error.fields : undefined;
          if (fields) form.setErrors(fields);
        },
      },
    );
  });

  return (
    <Stack gap="lg">
      <UnsavedChangesGuard dirty={dirty} />
      <Group justify="space-between" align="center" gap="sm">
        <BackToTrainers />
        {!editing && canChange && (
          <Button onClick={startEditing} leftSection={<IconPencil size={16} aria-hidden />}>
            Edit Trainer
          </Button>
        )}
      </Group>
      {editing ? (
        <>
          <Title order={1}>Edit Trainer Profile</Title>
          <TrainerEditForm form={form} onSubmit={save} onCancel={cancel} saving={update.isPending} />
        </>
      ) : (
        <>
          <Title order={1}>{trainer.name}</Title>
          <TrainerView trainer={trainer} />
        </>
      )}
      <CertificationPanel trainerId={trainer.id} />
      <LedgerPanel trainerId={trainer.id} />
      <TrainerDocumentsSection trainerId={trainer.id} />
      <ChangeHistory trainerId={trainer.id} />
    </Stack>
  );
}
