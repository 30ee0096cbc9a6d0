import { IconStarFilled } from '@tabler/icons-react';
import { type CSSProperties, useId, useState } from 'react';

const STARS = [1, 2, 3, 4, 5] as const;
const starLabel = (value: number) => `${value} ${value === 1 ? 'star' : 'stars'}`;

// Inline, not a stylesheet: a stylesheet of its own would add its name to every page's preload list.
/** Each star is a 48px target (WCAG 2.5.5) holding its radio, transparent over the star. */
const starStyle: CSSProperties = {
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 48,
  height: 48,
  cursor: 'pointer',
  borderRadius: 'var(--mantine-radius-sm)',
};
const focusedStyle: CSSProperties = { outline: '2px solid var(--mantine-color-blue-7)', outlineOffset: 2 };
const inputStyle: CSSProperties = {
  position: 'absolute',
  inset: 0,
  margin: 0,
  opacity: 0,
  cursor: 'pointer',
};

/**
 * Five native radios, each under its star: a tap, a click or the arrow keys choose, and a screen reader hears
 * '3 stars'. (Mantine's Rating stacks an invisible 'none' choice over the first star, which a tap can hit.)
 */
export function StarPicker({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const name = useId();
  // The star whose radio has keyboard focus gets a ring (a tap shows none, as :focus-visible does).
  const [focused, setFocused] = useState<number | null>(null);
  return (
    <div style={{ display: 'flex', gap: 4 }}>
      {STARS.map((stars) => (
        <label key={stars} style={focused === stars ? { ...starStyle, ...focusedStyle } : starStyle}>
          <input
            style={inputStyle}
            type="radio"
            name={name}
            value={stars}
            checked={value === stars}
            onChange={() => onChange(stars)}
            onFocus={(event) => setFocused(event.currentTarget.matches(':focus-visible') ? stars : null)}
            onBlur={() => setFocused(null)}
            aria-label={starLabel(stars)}
          />
          <IconStarFilled
            size={40}
            aria-hidden="true"
            color={stars <= value ? 'var(--mantine-color-yellow-7)' : 'var(--mantine-color-gray-4)'}
          />
        </label>
      ))}
    </div>
  );
}
