import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names and lets later Tailwind utilities win over earlier ones of the same kind, so a
 * component's `className` can override its defaults (`size-10` then `size-16` keeps `size-16`).
 *
 * This is the part of tailwind-merge these screens use, in about 1 kB instead of its 9 kB (gzip)
 * in the first page load. Groups and conflicts follow tailwind-merge; a class it does not know is
 * always kept. `cn.test.ts` checks it against tailwind-merge for every class string in the app.
 */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

const SIDE_LIST = ['x', 'y', 's', 'e', 't', 'r', 'b', 'l'];
const CORNERS = [...SIDE_LIST.slice(2), 'ss', 'se', 'ee', 'es', 'tl', 'tr', 'br', 'bl'];

/** Whole utilities that name their group: one group a line, the group first. */
const EXACT: Record<string, string> = {};
for (const line of `display block inline-block inline flex inline-flex grid inline-grid contents hidden flow-root list-item
position static fixed absolute relative sticky
visibility visible invisible collapse
sr sr-only not-sr-only
case uppercase lowercase capitalize normal-case
italic italic not-italic
fvn-spacing proportional-nums tabular-nums
fvn-figure lining-nums oldstyle-nums
line underline overline line-through no-underline
ellipsis truncate text-ellipsis text-clip
direction flex-row flex-col flex-row-reverse flex-col-reverse
wrap flex-wrap flex-nowrap flex-wrap-reverse
text-align text-left text-center text-right text-justify text-start text-end
text-wrap text-wrap text-nowrap text-balance text-pretty
border-style border-solid border-dashed border-dotted border-double border-hidden border-none
outline-style outline-solid outline-dashed outline-dotted outline-double outline-hidden outline-none
ring-inset ring-inset
bg-size bg-cover bg-contain bg-auto
bg-image bg-none
fit object-contain object-cover object-fill object-none object-scale-down
list list-none list-disc list-decimal
col-span col-auto
animate animate-none animate-spin animate-ping animate-pulse animate-bounce`.split('\n')) {
  const [group = '', ...utilities] = line.split(' ');
  for (const utility of utilities) EXACT[utility] = group;
}

/** Utilities whose group is their prefix before a value (`min-w-0` → `min-w`). */
const PREFIXES = new Set(
  `size w h min-w max-w min-h max-h gap gap-x gap-y space-x space-y z opacity order basis grow shrink flex
  grid-cols grid-rows col-span col-start col-end items self justify justify-items justify-self overflow
  overflow-x overflow-y leading tracking whitespace line-clamp cursor select pointer-events duration ease
  delay aspect origin rotate scale translate-x translate-y backdrop-blur blur underline-offset decoration
  align break transition object outline-offset place-content place-items place-self resize p m rounded`
    .split(/\s+/)
    .flatMap((prefix) =>
      prefix === 'p' || prefix === 'm'
        ? [prefix, ...SIDE_LIST.map((side) => prefix + side)]
        : prefix === 'rounded'
          ? [prefix, ...CORNERS.map((corner) => `${prefix}-${corner}`)]
          : [prefix],
    ),
);
const POSITIONS = new Set(['inset', 'inset-x', 'inset-y', 'top', 'right', 'bottom', 'left', 'start', 'end']);
const SIDES = new Set(SIDE_LIST);
const FONT_WEIGHTS = new Set('thin extralight light normal medium semibold bold extrabold black'.split(' '));
const isWidth = (value: string) => /^\d+$|^\[\d[^\]]*px\]$/.test(value);

/** The group of the utilities of text-, font-, bg-, border-, ring-, outline- and shadow-. */
function valueGroup(family: string, value: string): string | undefined {
  switch (family) {
    case 'text':
      return /^(xs|sm|base|lg|\d?xl)(\/.*)?$|^\[(length:|\d|calc|clamp)/.test(value)
        ? 'font-size'
        : 'text-color';
    case 'font':
      return FONT_WEIGHTS.has(value) ? 'font-weight' : 'font-family';
    case 'bg':
      return /^(linear|radial|conic)|^\[(url|image|(repeating-)?(linear|conic|radial)-gradient)\(.+\)\]$/.test(
        value,
      )
        ? 'bg-image'
        : 'bg-color';
    case 'border': {
      const [side = '', rest] = value.split(/-(.*)/);
      if (SIDES.has(side))
        return rest === undefined || isWidth(rest) ? `border-w${side}` : `border-color${side}`;
      return isWidth(value) ? 'border-w' : 'border-color';
    }
    case 'ring':
      if (value.startsWith('offset-')) return isWidth(value.slice(7)) ? 'ring-offset-w' : 'ring-offset-color';
      return isWidth(value) ? 'ring-w' : 'ring-color';
    case 'outline':
      return isWidth(value) ? 'outline-w' : 'outline-color';
    case 'shadow':
      return /^(2xs|xs|sm|md|lg|xl|2xl|inner|none)$|^[([]/.test(value) ? 'shadow' : 'shadow-color';
    case 'animate':
      return /^[([]/.test(value) ? 'animate' : undefined;
  }
  return undefined;
}

function groupOf(utility: string): string | undefined {
  const exact = EXACT[utility];
  if (exact) return exact;
  if (PREFIXES.has(utility)) return utility;
  if (utility === 'border' || utility === 'ring' || utility === 'outline' || utility === 'shadow') {
    return utility === 'shadow' ? 'shadow' : `${utility}-w`;
  }
  const parts = utility.split('-');
  for (let i = parts.length - 1; i > 0; i--) {
    const prefix = parts.slice(0, i).join('-');
    const value = parts.slice(i).join('-');
    if (POSITIONS.has(prefix)) return /^(\d|auto|full|px|\[|\()/.test(value) ? prefix : undefined;
    if (PREFIXES.has(prefix)) return prefix;
  }
  return valueGroup(parts[0] ?? '', parts.slice(1).join('-'));
}

const sides = (group: string, list: string) => list.split(' ').map((side) => group + side);

/** Groups that also override others of the same variants when they come later (tailwind-merge's table). */
const CONFLICTS: Record<string, string[]> = {
  overflow: ['overflow-x', 'overflow-y'],
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['start', 'end', 'right', 'left'],
  'inset-y': ['top', 'bottom'],
  flex: ['basis', 'grow', 'shrink'],
  gap: ['gap-x', 'gap-y'],
  size: ['w', 'h'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  rounded: sides('rounded-', CORNERS.join(' ')),
  'rounded-s': sides('rounded-', 'ss es'),
  'rounded-e': sides('rounded-', 'se ee'),
  'rounded-t': sides('rounded-', 'tl tr'),
  'rounded-r': sides('rounded-', 'tr br'),
  'rounded-b': sides('rounded-', 'br bl'),
  'rounded-l': sides('rounded-', 'tl bl'),
};
for (const group of ['p', 'm', 'border-w', 'border-color']) {
  CONFLICTS[group] = sides(group, SIDE_LIST.join(' '));
  CONFLICTS[`${group}x`] = sides(group, 's e r l');
  CONFLICTS[`${group}y`] = sides(group, 't b');
}

/** Splits `sm:hover:px-2!` into its variants (sorted) and the bare utility. */
function parse(className: string): [variants: string, utility: string] {
  let depth = 0;
  let start = 0;
  const variants: string[] = [];
  for (let i = 0; i < className.length; i++) {
    const char = className[i];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ':' && depth === 0) {
      variants.push(className.slice(start, i));
      start = i + 1;
    }
  }
  let utility = className.slice(start);
  const important = /^!|!$/.test(utility);
  utility = utility.replace(/^!|!$/, '').replace(/^-/, '');
  return [`${variants.sort().join(':')}${important ? '!' : ''}:`, utility];
}

function mergeClasses(classList: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const classes = classList.split(' ');
  for (let i = classes.length - 1; i >= 0; i--) {
    const className = classes[i];
    if (!className) continue;
    const [variants, utility] = parse(className);
    const group = groupOf(utility);
    if (group) {
      if (taken.has(variants + group)) continue;
      taken.add(variants + group);
      for (const other of CONFLICTS[group] ?? []) taken.add(variants + other);
    }
    kept.push(className);
  }
  return kept.reverse().join(' ');
}
