import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { CLASS_TYPE_TABS } from '../directory-filters';
import classes from './directory-card.module.css';

/**
 * The class-type tabs over the results (WAI-ARIA tabs: arrow keys, Home and End move and choose). Plain
 * elements in Mantine's look: Mantine's Tabs weighed 3 KB of the directory's first download.
 */
export function ClassTypeTabs({
  classType,
  onChange,
  children,
}: {
  /** The chosen class type, '' for all. */
  classType: string;
  onChange: (classType: string) => void;
  /** The chosen tab's panel. */
  children: ReactNode;
}) {
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const chosen = Math.max(
    0,
    CLASS_TYPE_TABS.findIndex((tab) => tab.value === classType),
  );
  const choose = (index: number) => onChange(CLASS_TYPE_TABS[index]?.value ?? '');

  function move(event: KeyboardEvent) {
    const last = CLASS_TYPE_TABS.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: chosen === last ? 0 : chosen + 1,
      ArrowLeft: chosen === 0 ? last : chosen - 1,
      Home: 0,
      End: last,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    choose(target);
    tabs.current[target]?.focus();
  }

  return (
    <>
      <div role="tablist" aria-label="Class type" className={classes.tabList} onKeyDown={move}>
        {CLASS_TYPE_TABS.map((tab, index) => (
          <button
            key={tab.label}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-${index}`}
            aria-selected={index === chosen}
            aria-controls={`${id}-panel`}
            tabIndex={index === chosen ? 0 : -1}
            className={classes.tab}
            onClick={() => choose(index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${chosen}`}>
        {children}
      </div>
    </>
  );
}
