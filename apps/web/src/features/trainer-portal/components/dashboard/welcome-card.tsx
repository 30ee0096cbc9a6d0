import { Card, Group, Text, Title } from '@mantine/core';
import { locationOf } from '../../format';
import { TrainerAvatar } from '../trainer-avatar';

interface WelcomeCardProps {
  name: string;
  city: string | null | undefined;
  state: string | null | undefined;
  picture: string | null | undefined;
}

export function WelcomeCard({ name, city, state, picture }: WelcomeCardProps) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="md">
        <TrainerAvatar name={name} picture={picture} size="lg" radius="xl" />
        <div>
          <Title order={2} size="h3">
            Welcome back, {name}!
          </Title>
          <Text c="gray.7">Certified Trainer</Text>
          <Text c="gray.7" size="sm">
            {locationOf(city, state) ?? 'Location not set'}
          </Text>
        </div>
      </Group>
    </Card>
  );
}
