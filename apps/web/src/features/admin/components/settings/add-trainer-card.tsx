import { Card, Stack, Text, Title } from '@mantine/core';
import { ADD_TRAINER_HINT, AddTrainerForm } from '../add-trainer/add-trainer-form';

/** Settings' Add Trainer card; the Trainers page opens the same form in a dialog. */
export function AddTrainerCard() {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="add-trainer-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="add-trainer-title">
            Add Trainer
          </Title>
          <Text size="sm" c="gray.7">
            {ADD_TRAINER_HINT}
          </Text>
        </div>
        <AddTrainerForm labelledBy="add-trainer-title" />
      </Stack>
    </Card>
  );
}
