import { Button, Container, Group, Paper, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import type { SessionUser } from '@soulpunch/shared';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { PageLoader } from '@/components/page-loader';
import { SubscribeLink } from '@/components/subscribe-link';
import { getErrorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useClassPaymentDefaults } from '../api/get-class-payment-defaults';
import { useTrainerClasses } from '../api/get-trainer-classes';
import { type CalendarMonth, monthOf, todayIso, utcDayOf } from '../calendar-month';
import { classStartText, trainerFeed } from '../format';
import { ClassFormModal } from './class-form-modal';
import { GridEvent, MonthGrid } from './month-grid';
import { TrainerClassDialog } from './trainer-class-dialog';
import { UpcomingClassList } from './upcoming-class-list';

type FormDialog = { kind: 'add' } | { kind: 'edit'; classId: number } | null;

function TrainerCalendar({ trainerId }: { trainerId: number }) {
  const classes = useTrainerClasses(trainerId);
  const paymentDefaults = useClassPaymentDefaults(trainerId);
  const mounted = useMounted();
  // Until a month is chosen, the month of today.
  const [chosenMonth, setMonth] = useState<CalendarMonth | null>(null);
  const [form, setForm] = useState<FormDialog>(null);
  const [openClassId, setOpenClassId] = useState<number | null>(null);

  const all = classes.data ?? [];
  const openClass = all.find((c) => c.id === openClassId);
  const editing = form?.kind === 'edit' ? all.find((c) => c.id === form.classId) : undefined;
  // The server's page and the browser's first render count from one moment, when the classes were read, in UTC
  // (the server does not know the viewer's zone): the same HTML on both sides. Once mounted, the viewer's clock.
  const now = mounted ? Date.now() : classes.dataUpdatedAt;
  const today = mounted ? todayIso() : utcDayOf(classes.dataUpdatedAt);
  const month = chosenMonth ?? monthOf(today);
  const upcoming = all.filter((c) => c.status === 'scheduled' && Date.parse(c.end) > now);

  // The page shows once its classes are here: a calendar arriving later pushed the list below it down (Lighthouse:
  // a layout shift of 0.43 on a phone).
  if (classes.isPending) return <PageLoader label="Loading your classes" fill />;
  let calendar: React.ReactNode;
  if (classes.isError) {
    calendar = (
      <ErrorView
        order={2}
        title="Unable to load your classes"
        message={getErrorMessage(classes.error)}
        actions={<Button onClick={() => classes.refetch()}>Try Again</Button>}
      />
    );
  } else {
    calendar = (
      <MonthGrid
        month={month}
        today={today}
        serverRendered
        onMonthChange={setMonth}
        items={all}
        dayOf={(c) => c.date}
        itemKey={(c) => c.id}
        renderItem={(c) => (
          <GridEvent onClick={() => setOpenClassId(c.id)} struck={c.status === 'cancelled'}>
            <strong>{classStartText(c)}</strong> {c.title}
            {c.status === 'cancelled' && <VisuallyHidden> (cancelled)</VisuallyHidden>}
          </GridEvent>
        )}
      />
    );
  }

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button
            component={Link}
            to="/trainer-portal/dashboard"
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
          >
            Back to Dashboard
          </Button>
          <SubscribeLink feed={trainerFeed(trainerId)}>Subscribe to my calendar</SubscribeLink>
        </Group>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={1}>Class Calendar</Title>
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setForm({ kind: 'add' })}
          >
            Add Class
          </Button>
        </Group>
        <Paper withBorder radius="md" p="md" component="section" aria-label="Calendar">
          {calendar}
        </Paper>
        <Stack gap="sm" component="section" aria-labelledby="upcoming-classes-heading">
          <Title order={2} size="h3" id="upcoming-classes-heading">
            Upcoming Classes
          </Title>
          {classes.isSuccess && <UpcomingClassList classes={upcoming} onOpen={setOpenClassId} />}
        </Stack>
      </Stack>

      {openClass && (
        <TrainerClassDialog
          classSummary={openClass}
          onClose={() => setOpenClassId(null)}
          onEdit={() => {
            setOpenClassId(null);
            setForm({ kind: 'edit', classId: openClass.id });
          }}
        />
      )}
      {form && (form.kind === 'add' || editing) && (
        <ClassFormModal
          trainerId={trainerId}
          editing={editing}
          defaultPaymentLink={paymentDefaults.data?.basicClassPaymentLink ?? null}
          onClose={() => setForm(null)}
        />
      )}
    </Container>
  );
}

/** Spec 2 'Class calendar': the signed-in trainer's month of classes, the Add Class dialog and the upcoming list. */
export function TrainerCalendarPage({ user }: { user: SessionUser }) {
  useDocumentTitle('Class Calendar | Soul Punch Trainer Portal');
  if (!user.trainerId) {
    return (
      <Container size="sm" py="xl">
        <ErrorView
          title="Class Calendar"
          message={`Could not find trainer profile for ${user.email}`}
          actions={
            <Button component={Link} to="/trainer-portal/dashboard">
              Back to Dashboard
            </Button>
          }
        />
      </Container>
    );
  }
  return <TrainerCalendar trainerId={user.trainerId} />;
}
