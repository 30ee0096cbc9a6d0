import { Badge, Stack, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { AccountingPanel } from '@/features/insights';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useReplacementRequests } from '../api/replacements';
import { useShipments } from '../api/shipments';
import { ItemsPanel } from './items-panel';
import { RequestsPanel } from './requests-panel';
import { ShipmentsPanel } from './shipments-panel';
import { StarterKitPanel } from './starter-kit-panel';

const TABS = ['items', 'shipments', 'requests', 'starter-kit', 'accounting'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

function Waiting({ count, label }: { count: number | undefined; label: string }) {
  if (!count) return null;
  return (
    <Badge size="sm" color="#a84300" ml={6}>
      {count}
      <VisuallyHidden> {label}</VisuallyHidden>
    </Badge>
  );
}

/**
 * Spec 2.5's Inventory Management: equipment and curriculum materials, shipping status, replacement requests and
 * the accounting report (decision record 0017). The tab is in the address, so each can be linked to.
 */
export function InventoryPage() {
  useDocumentTitle('Inventory | Soul Punch Admin');
  const [params, setParams] = useSearchParams();
  const tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'items';
  const toPack = useShipments('to_pack');
  const waiting = useReplacementRequests('pending');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Inventory Management</Title>
        <Text c="gray.7">
          Equipment and curriculum materials, starter kits and replacements, and the accounts.
        </Text>
      </Stack>
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'items' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="items">Items</Tabs.Tab>
          <Tabs.Tab value="shipments">
            Shipments
            <Waiting count={toPack.data?.length} label="to pack" />
          </Tabs.Tab>
          <Tabs.Tab value="requests">
            Replacement requests
            <Waiting count={waiting.data?.length} label="waiting" />
          </Tabs.Tab>
          <Tabs.Tab value="starter-kit">Starter kit</Tabs.Tab>
          <Tabs.Tab value="accounting">Accounting</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="items" pt="lg">
          <ItemsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="shipments" pt="lg">
          <ShipmentsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="requests" pt="lg">
          <RequestsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="starter-kit" pt="lg">
          <StarterKitPanel />
        </Tabs.Panel>
        <Tabs.Panel value="accounting" pt="lg">
          <AccountingPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
