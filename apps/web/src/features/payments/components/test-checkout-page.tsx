import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { formatUsd } from '@soulpunch/shared';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePayTestCheckout, useTestCheckout } from '../api/test-checkout';

const TEST_CARD_ROWS = [
  { number: '4242 4242 4242 4242', outcome: 'Pays' },
  { number: '4000 0000 0000 0002', outcome: 'Is declined' },
  { number: '4000 0000 0000 0341', outcome: 'Pays once, then fails the next instalment' },
];

/** The offline test provider's hosted checkout: no real card is ever charged here. */
export function TestCheckoutPage() {
  useDocumentTitle('Test checkout');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const checkout = useTestCheckout(id);
  const pay = usePayTestCheckout();
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '', name: '' });
  const fields = isApiError(pay.error, 400) ? (pay.error.body?.error.fields ?? {}) : {};
  const declined = pay.data?.outcome === 'declined' ? pay.data.message : null;

  const set = (key: keyof typeof card) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setCard((c) => ({ ...c, [key]: value }));
  };

  function submit(event: React.FormEvent) {
    event.preventDefault();
    pay.mutate({ id, card }, { onSuccess: (result) => result.redirectTo && navigate(result.redirectTo) });
  }

  return (
    <Container size="xs" py="xl" px="md">
      <Stack gap="lg">
        <Alert color="dark" variant="filled" title="TEST MODE" role="note">
          This is the test payment provider. No real card is charged and no money moves.
        </Alert>
        {checkout.isPending && (
          <Group role="status">
            <Loader size="sm" aria-hidden />
            <Text>Loading the checkout...</Text>
          </Group>
        )}
        {checkout.isError && (
          <Alert color="red" role="alert">
            {getErrorMessage(checkout.error)}
          </Alert>
        )}
        {checkout.data && (
          <>
            <Stack gap={4}>
              <Title order={1} fz="h2">
                Pay {formatUsd(checkout.data.amountCents)}
              </Title>
              <Text c="gray.7">{checkout.data.description}</Text>
              <Text c="gray.7" fz="sm">
                {checkout.data.email}
              </Text>
            </Stack>
            {checkout.data.status !== 'open' ? (
              <Stack>
                <Alert color={checkout.data.status === 'paid' ? 'green' : 'gray'} role="status">
                  {checkout.data.status === 'paid'
                    ? 'This payment is complete.'
                    : 'This checkout has been replaced by a newer one.'}
                </Alert>
                <Button
                  component={Link}
                  to={checkout.data.status === 'paid' ? checkout.data.returnUrl : checkout.data.cancelUrl}
                >
                  Continue
                </Button>
              </Stack>
            ) : (
              <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
                <Stack gap="md">
                  {declined && (
                    <Alert color="red" role="alert" title="Payment declined">
                      {declined}
                    </Alert>
                  )}
                  {pay.isError && !isApiError(pay.error, 400) && (
                    <Alert color="red" role="alert">
                      {getErrorMessage(pay.error)}
                    </Alert>
                  )}
                  <TextInput
                    label="Card number"
                    inputMode="numeric"
                    autoComplete="cc-number"
                    required
                    value={card.cardNumber}
                    onChange={set('cardNumber')}
                    error={fields.cardNumber}
                    placeholder="4242 4242 4242 4242"
                  />
                  <SimpleGrid cols={2}>
                    <TextInput
                      label="Expiry (MM / YY)"
                      autoComplete="cc-exp"
                      required
                      value={card.expiry}
                      onChange={set('expiry')}
                      error={fields.expiry}
                      placeholder="12 / 30"
                    />
                    <TextInput
                      label="CVC"
                      inputMode="numeric"
                      autoComplete="cc-csc"
                      required
                      value={card.cvc}
                      onChange={set('cvc')}
                      error={fields.cvc}
                      placeholder="123"
                    />
                  </SimpleGrid>
                  <TextInput
                    label="Name on card"
                    autoComplete="cc-name"
                    required
                    value={card.name}
                    onChange={set('name')}
                    error={fields.name}
                  />
                  <Button type="submit" loading={pay.isPending} size="md">
                    Pay {formatUsd(checkout.data.amountCents)}
                  </Button>
                  <Button component={Link} to={checkout.data.cancelUrl} variant="subtle">
                    Cancel and go back
                  </Button>
                </Stack>
              </Paper>
            )}
            <Paper withBorder p="md" radius="md">
              <Stack gap="xs">
                <Group gap="xs">
                  <Title order={2} fz="h4">
                    Test cards
                  </Title>
                  <Badge color="dark">test mode</Badge>
                </Group>
                <Text fz="sm" c="gray.7">
                  Any future expiry date, any 3-digit CVC and any name.
                </Text>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Card number</Table.Th>
                      <Table.Th>What happens</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {TEST_CARD_ROWS.map((row) => (
                      <Table.Tr key={row.number}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.number}</Table.Td>
                        <Table.Td>{row.outcome}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Stack>
            </Paper>
          </>
        )}
      </Stack>
    </Container>
  );
}
