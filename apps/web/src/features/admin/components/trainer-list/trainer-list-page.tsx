import {
  Button,
  CloseButton,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { formatNumber } from '@soulpunch/shared';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { ErrorView } from '@/components/error-view';
import { PageLoader } from '@/components/page-loader';
import { useCanChangeAdminArea } from '@/features/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTrainers } from '../../api/get-trainers';
import { trainersExportUrl } from '../../api/get-trainers-export';
import { hasActiveFilters, TRAINERS_PER_PAGE } from '../../api/trainer-list-filters';
import { AddTrainerDialogButton } from '../add-trainer/add-trainer-dialog';
import { FilterChips } from './filter-chips';
import { TrainerRows } from './trainer-rows';
import { useListSearchParams } from './use-list-search-params';

const controlLabels = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** Spec 2.2: the admin trainer list, titled 'Admin Portal'. */
export function TrainerListPage() {
  useDocumentTitle('Trainers | Soul Punch Admin');
  const canChange = useCanChangeAdminArea();
  const { filters, page, searchText, setSearchText, setPage, removeFilter, clearFilters } =
    useListSearchParams();
  const trainers = useTrainers({ ...filters, page });
  const filtered = hasActiveFilters(filters);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1}>Admin Portal</Title>
          <Text role="status" c="gray.7">
            {trainers.data ? (
              <>
                {filtered ? 'Matching trainers' : 'Total trainers'}:{' '}
                <Text span fw={700} c="gray.9" data-testid="trainer-total">
                  {formatNumber(trainers.data.total)}
                </Text>
              </>
            ) : (
              '\u00a0'
            )}
          </Text>
        </Stack>
        <Group gap="sm">
          <Button
            component="a"
            href={trainersExportUrl(filters)}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Export CSV
          </Button>
          {canChange && <AddTrainerDialogButton />}
        </Group>
      </Group>

      <TextInput
        label="Search trainers"
        placeholder="Search by name, email, city or state"
        type="search"
        value={searchText}
        onChange={(event) => setSearchText(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          trainers.isFetching && !trainers.isPending ? (
            <Loader size="xs" aria-label="Searching" />
          ) : searchText ? (
            <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearchText('')} />
          ) : null
        }
        maxLength={100}
      />

      <FilterChips filters={filters} onRemove={removeFilter} onClear={clearFilters} />

      {trainers.isPending ? (
        <PageLoader label="Loading trainers" fill />
      ) : trainers.isError ? (
        <ErrorView
          order={2}
          title="Error Loading Data"
          message="Unable to load trainer information"
          actions={<Button onClick={() => trainers.refetch()}>Try Again</Button>}
        />
      ) : trainers.data.total === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center" c="gray.7">
            {filtered ? 'No trainers match your search' : 'No trainers found'}
          </Text>
        </Paper>
      ) : (
        <>
          <TrainerRows trainers={trainers.data.items} stale={trainers.isPlaceholderData} />
          <ListPaging page={page} total={trainers.data.total} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}

function ListPaging({
  page,
  total,
  onChange,
}: {
  page: number;
  total: number;
  onChange: (p: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / TRAINERS_PER_PAGE));
  const first = (page - 1) * TRAINERS_PER_PAGE + 1;
  const last = Math.min(total, page * TRAINERS_PER_PAGE);
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="gray.7">
        {first <= last
          ? `Showing ${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(total)}`
          : ''}
      </Text>
      {pages > 1 && (
        <nav aria-label="Trainer list pages">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={(next) => {
              onChange(next);
              window.scrollTo({ top: 0 });
            }}
            getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </nav>
      )}
    </Group>
  );
}
