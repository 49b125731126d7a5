import type { SVGProps } from 'react';

/**
 * The five icons of the entry chunk (header menu and search, error page, spinners), drawn inline from
 * lucide's paths (ISC): with them, lucide's runtime loads with the pages instead of the first
 * load (the entry chunk's 120 kB bar). Every other icon comes from lucide-react.
 */
function icon(paths: string[]) {
  return function ShellIcon({ className, ...props }: SVGProps<SVGSVGElement>) {
    return (
      <svg
        aria-hidden="true"
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className}
        {...props}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const MenuIcon = icon(['M4 5h16', 'M4 12h16', 'M4 19h16']);
export const CloseIcon = icon(['M18 6 6 18', 'm6 6 12 12']);
export const SearchIcon = icon(['M11 3a8 8 0 1 0 0 16 8 8 0 1 0 0-16', 'm21 21-4.3-4.3']);
export const ReloadIcon = icon([
  'M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8',
  'M21 3v5h-5',
  'M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16',
  'M8 16H3v5',
]);
export const LoaderIcon = icon(['M21 12a9 9 0 1 1-6.219-8.56']);
