import { notifications } from '@mantine/notifications';
import type { PortalResource } from '../../api/get-resources';
import { useRecordResourceVisit } from '../../api/record-resource-visit';

/**
 * Called as a resource's link opens it in a new tab: records the visit on the server, which answers whether
 * this was the first one, and only then shows the spec's toast.
 */
export function useOpenResource() {
  const recordVisit = useRecordResourceVisit();
  return (resource: PortalResource) => {
    recordVisit.mutate(resource.id, {
      onSuccess: ({ firstVisit }) => {
        if (firstVisit) {
          notifications.show({
            title: 'Link Opened',
            message: `You've opened ${resource.name} in a new tab.`,
          });
        }
      },
      // A visit that could not be recorded costs nothing the trainer needs to know about: the link opened.
    });
  };
}
