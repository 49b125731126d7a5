import { KeyRound, LockKeyhole, LogIn, type LucideIcon, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n/intl.tsx';
import { AuthCard } from './auth-card.tsx';

/**
 * The signed-out screens. Each has its page title, heading and line under it in the catalog as
 * `auth.<screen>.pageTitle|title|description`, and under the card a link to the screen that
 * answers its question (`prompt`, when it asks one).
 */
const SCREENS = {
  login: {
    icon: LogIn,
    footer: { prompt: 'auth.login.newHere', to: '/register', link: 'auth.login.createAccount' },
  },
  register: {
    icon: UserPlus,
    footer: { prompt: 'auth.register.haveAccount', to: '/login', link: 'auth.login.submit' },
  },
  forgot: {
    icon: KeyRound,
    footer: { prompt: 'auth.forgot.remembered', to: '/login', link: 'auth.backToSignIn' },
  },
  reset: { icon: LockKeyhole, footer: { prompt: undefined, to: '/login', link: 'auth.backToSignIn' } },
} satisfies Record<
  string,
  { icon: LucideIcon; footer: { prompt: string | undefined; to: string; link: string } }
>;

/** One signed-out screen (sign in, register, forgot or reset the password): its card around `children`. */
export function AuthScreen({ screen, children }: { screen: keyof typeof SCREENS; children: ReactNode }) {
  const t = useT();
  const { icon, footer } = SCREENS[screen];
  return (
    <>
      <title>{t(`auth.${screen}.pageTitle`)}</title>
      <AuthCard
        icon={icon}
        title={t(`auth.${screen}.title`)}
        description={t(`auth.${screen}.description`)}
        footer={
          <>
            {footer.prompt ? <>{t(footer.prompt)} </> : null}
            <Link to={footer.to} className="font-semibold text-brand-800 hover:underline">
              {t(footer.link)}
            </Link>
          </>
        }
      >
        {children}
      </AuthCard>
    </>
  );
}
