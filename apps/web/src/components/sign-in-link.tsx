import { LogIn, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, type ButtonVariantProps } from './ui/button.tsx';

/** A button to /login that brings the person back here once signed in. */
export function SignInLink({
  icon: Icon = LogIn,
  variant,
  size,
  className,
  children,
}: ButtonVariantProps & { icon?: LucideIcon; children: ReactNode }) {
  const location = useLocation();
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link to="/login" state={{ from: location }}>
        <Icon aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}

/** A line asking a signed-out reader to sign in, the button beside it. */
export function SignInPrompt({
  text,
  action,
  variant,
}: {
  text: string;
  action: string;
  variant?: ButtonVariantProps['variant'];
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-stone-200 bg-white px-4 py-3 text-sm text-stone-700">
      <p>{text}</p>
      <SignInLink variant={variant} size="sm">
        {action}
      </SignInLink>
    </div>
  );
}
