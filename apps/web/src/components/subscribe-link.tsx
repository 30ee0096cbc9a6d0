import { Anchor, Group } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';

interface SubscribeLinkProps {
  /** The iCalendar feed, e.g. '/api/calendar/classes.ics'. */
  feed: string;
  children: string;
}

/**
 * A plain link to an iCalendar feed: opening it adds the classes to a calendar app, and its address can be
 * pasted into any calendar's 'subscribe by URL', which then keeps itself up to date.
 */
export function SubscribeLink({ feed, children }: SubscribeLinkProps) {
  return (
    <Anchor href={feed} size="sm" type="text/calendar">
      <Group component="span" gap={4} wrap="nowrap">
        <IconCalendarPlus size={16} aria-hidden="true" />
        {children}
      </Group>
    </Anchor>
  );
}
