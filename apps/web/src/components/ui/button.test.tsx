import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonVariants } from './button.tsx';

describe('Button', () => {
  it('is a type="button" that shows its busy state', () => {
    render(<Button loading>Saving...</Button>);
    const button = screen.getByRole('button', { name: 'Saving...' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('asChild styles its child and hands it the props; the child handler runs first', () => {
    const calls: string[] = [];
    const ref = createRef<HTMLAnchorElement>();
    render(
      <Button
        asChild
        variant="secondary"
        className="hidden sm:inline-flex"
        onClick={() => calls.push('button')}
      >
        <a href="/login" ref={ref} className="w-full" onClick={() => calls.push('link')}>
          Sign in
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(link).toHaveAttribute('href', '/login');
    expect(ref.current).toBe(link);
    const classes = link.className.split(' ');
    expect(classes).toEqual(
      expect.arrayContaining(['hidden', 'sm:inline-flex', 'w-full', 'border-stone-300']),
    );
    expect(classes).not.toContain('inline-flex');
    fireEvent.click(link);
    expect(calls).toEqual(['link', 'button']);
  });

  it('lets a className override a default of the same kind', () => {
    expect(buttonVariants({ variant: 'link', size: 'lg', className: 'px-2' }).split(' ')).toEqual(
      expect.arrayContaining(['h-auto', 'px-2', 'text-base']),
    );
    const onClick = vi.fn();
    render(
      <Button size="icon" className="size-8" onClick={onClick}>
        x
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'x' });
    expect(button.className.split(' ')).toContain('size-8');
    expect(button.className.split(' ')).not.toContain('size-10');
  });
});
