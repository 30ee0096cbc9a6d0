import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

interface ScrollTableProps {
  /** Below this width the table scrolls sideways inside its box, never the page. */
  minWidth: number;
  /** Names the scrolling box for screen readers (usually the table's caption). */
  label: string;
  children: ReactNode;
}

/**
 * A wide table on a phone: it scrolls inside a box a keyboard can reach (a focusable, named region), so the page
 * itself never scrolls sideways and the hidden columns are not out of reach.
 */
export function ScrollTable({ minWidth, label, children }: ScrollTableProps) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={label}
      // Positioned, so a visually hidden header inside is clipped with the table instead of widening the page.
      pos="relative"
    >
      {children}
    </Table.ScrollContainer>
  );
}
