import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';

const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && name !== 'cn.ts' ? [full] : [];
  });
}

const UTILITY = /^[a-z0-9!:\-[\]()/._&=%#@*>~,+'"]+$/i;

/** Every string literal in the app that reads as a list of Tailwind classes. */
function classLists(files: string[]): string[] {
  const found = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(["'`])((?:(?!\1)[^\\\n$])+)\1/g)) {
      const value = (match[2] ?? '').trim();
      const tokens = value.split(/\s+/);
      if (tokens.length > 0 && tokens.every((t) => UTILITY.test(t)) && tokens.some((t) => t.includes('-'))) {
        found.add(value);
      }
    }
  }
  return [...found];
}

const sorted = (classes: string) => classes.split(' ').filter(Boolean).sort();

describe('cn', () => {
  it('lets a later class of the same kind win', () => {
    expect(cn('inline-flex size-10 ring-2', 'hidden sm:inline-flex size-8 ring-0')).toBe(
      'hidden sm:inline-flex size-8 ring-0',
    );
    expect(cn('flex flex-col gap-1.5 p-5', 'flex-row items-center gap-4')).toBe(
      'flex p-5 flex-row items-center gap-4',
    );
    expect(cn('text-sm font-semibold text-stone-800', 'font-medium')).toBe(
      'text-sm text-stone-800 font-medium',
    );
    expect(cn('h-11 px-5', 'h-auto px-0')).toBe('h-auto px-0');
    expect(cn('px-2 py-1', 'p-4')).toBe('p-4');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('rounded-lg', 'rounded-t-none', 'rounded-full')).toBe('rounded-full');
    expect(cn('size-10', 'w-4')).toBe('size-10 w-4');
    expect(cn('w-4 h-4', 'size-6')).toBe('size-6');
  });

  it('keeps what is not a conflict, and what it does not know', () => {
    expect(cn('text-sm text-red-700 text-center')).toBe('text-sm text-red-700 text-center');
    expect(cn('border border-stone-300 border-dashed')).toBe('border border-stone-300 border-dashed');
    expect(cn('container-page peer group', 'container-page')).toBe(
      'container-page peer group container-page',
    );
    expect(cn('hover:bg-stone-100 bg-white', 'bg-brand-50')).toBe('hover:bg-stone-100 bg-brand-50');
    expect(cn('mt-2', false, null, undefined, { 'mb-2': true, hidden: false })).toBe('mt-2 mb-2');
  });

  // About 230,000 pairings (148 defaults × 1,542 lists), each merged twice: 5 s on a quiet 2-core
  // machine, 30 s at a load of 9. The timeout is a budget for such a day, not a speed bar.
  it('agrees with tailwind-merge on every pairing of a component default with a class list of the app', () => {
    const files = sourceFiles(SRC);
    const all = classLists(files);
    const defaults = classLists(files.filter((f) => f.includes(`${path.sep}components${path.sep}ui`)));
    expect(all.length).toBeGreaterThan(100);
    const differences: string[] = [];
    for (const base of defaults) {
      for (const override of all) {
        const ours = sorted(cn(base, override));
        const theirs = sorted(twMerge(clsx(base, override)));
        if (ours.join(' ') !== theirs.join(' ')) {
          differences.push(
            `cn("${base}", "${override}")\n  ours:   ${ours.join(' ')}\n  theirs: ${theirs.join(' ')}`,
          );
        }
      }
    }
    expect(differences.slice(0, 10).join('\n')).toBe('');
  }, 180_000);
});
