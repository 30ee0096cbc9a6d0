import { act, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useEarlyInput } from './use-early-input';

function SearchBox({ onValue }: { onValue: (value: string) => void }) {
  const [text, setText] = useState('');
  const ref = useRef<HTMLInputElement>(null);
  useEarlyInput(ref, text, (field) => setText(field.value));
  onValue(text);
  return (
    <input ref={ref} aria-label="Search" value={text} onChange={(e) => setText(e.currentTarget.value)} />
  );
}

let container: HTMLDivElement;
afterEach(() => container?.remove());
// React's own act(), without Testing Library's render: React must be told the test environment supports it.
const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const actBefore = reactGlobals.IS_REACT_ACT_ENVIRONMENT;
beforeAll(() => {
  reactGlobals.IS_REACT_ACT_ENVIRONMENT = true;
});
afterAll(() => {
  reactGlobals.IS_REACT_ACT_ENVIRONMENT = actBefore;
});

describe('useEarlyInput', () => {
  it('takes what was typed into the server-rendered field before hydration, and keeps it there', async () => {
    const seen: string[] = [];
    container = document.createElement('div');
    container.innerHTML = renderToString(<SearchBox onValue={() => {}} />);
    document.body.append(container);
    const field = container.querySelector('input') as HTMLInputElement;
    field.value = 'jasmine@soul';

    await act(async () => {
      hydrateRoot(container, <SearchBox onValue={(value) => seen.push(value)} />);
    });

    expect(seen.at(-1)).toBe('jasmine@soul');
    expect(field.value).toBe('jasmine@soul');
  });

  it('changes nothing when the field holds what the page rendered', async () => {
    const seen: string[] = [];
    container = document.createElement('div');
    container.innerHTML = renderToString(<SearchBox onValue={() => {}} />);
    document.body.append(container);

    await act(async () => {
      hydrateRoot(container, <SearchBox onValue={(value) => seen.push(value)} />);
    });

    expect(new Set(seen)).toEqual(new Set(['']));
  });
});
