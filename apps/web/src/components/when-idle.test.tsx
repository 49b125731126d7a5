import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenIdle } from './when-idle.tsx';

afterEach(() => vi.unstubAllGlobals());

function Near() {
  const ref = useRef<HTMLDivElement>(null);
  return (
    <div ref={ref}>
      <WhenIdle fallback={<p>placeholder</p>} near={ref}>
        <p>panel</p>
      </WhenIdle>
    </div>
  );
}

describe('WhenIdle', () => {
  it('renders the fallback first (as the server did), then the children once the browser is idle', async () => {
    render(
      <WhenIdle fallback={<p>placeholder</p>}>
        <p>panel</p>
      </WhenIdle>,
    );
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    expect(await screen.findByText('panel')).toBeInTheDocument();
    expect(screen.queryByText('placeholder')).not.toBeInTheDocument();
  });

  it('with `near`, waits until the element comes near the viewport', async () => {
    let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    const observe = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          report = callback;
        }
        observe = observe;
        disconnect() {}
      },
    );
    render(<Near />);
    expect(observe).toHaveBeenCalledTimes(1);
    act(() => report?.([{ isIntersecting: false }]));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    act(() => report?.([{ isIntersecting: true }]));
    expect(await screen.findByText('panel')).toBeInTheDocument();
  });
});
