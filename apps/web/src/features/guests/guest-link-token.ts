import { useSearchParams } from 'react-router';

/** The `token` a guest's e-mail link carries in its query; null when it has none. */
export function useGuestLinkToken(): string | null {
  const [params] = useSearchParams();
  return params.get('token');
}
